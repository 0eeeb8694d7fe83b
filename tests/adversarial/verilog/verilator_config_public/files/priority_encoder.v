`verilator_config
timing_off -file "tb.v"
public -module "tb"
`verilog
module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
  assign idx = 3'd0;
  assign valid = |req;
endmodule
