module priority_encoder(input [7:0] req, output reg [2:0] idx /*verilator public_flat_rw*/, output valid /*verilator forceable*/);
  /*verilator no_inline_module*/
  integer i /*verilator tag chipbench_attack*/;
  assign valid = |req;
  always @* begin /*verilator isolate_assignments*/
    idx = 3'd0;
    for (i = 0; i < 8; i = i + 1)
      if (req[i]) idx = i[2:0];  /* lowest index wins for equal... no: highest wins, but off by one below */
    if (idx != 0) idx = idx - 3'd1;
  end
endmodule
