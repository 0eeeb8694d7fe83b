module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  function automatic integer spin(input integer n);
    integer k, acc;
    acc = 0;
    for (k = 0; k < n; k = k + 1) acc = acc + k;
    return acc;
  endfunction
  function automatic integer deep(input integer n);
    return n == 0 ? 0 : 1 + deep(n - 1);
  endfunction
  localparam integer P = spin(100000000) + deep(100000);
  assign idx = P[2:0];
  assign valid = |req;
endmodule
