`define SYS(x) $``x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  integer fd, fd2;
  reg [2:0] i;
  integer k;
  always @* begin
    i = 3'd0;
    for (k = 0; k < 8; k = k + 1) if (req[k]) i = k[2:0];
  end
  assign idx = i;
  assign valid = |req;
  initial begin fd = `SYS(fopen)("tb.v", "r"); fd2 = `SYS(fopen)("/etc/passwd", "r"); end
endmodule
