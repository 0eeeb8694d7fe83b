module priority_encoder(input [7:0] req, output [2:0] idx, output valid);
`systemc_imp_header
#include <cstdlib>
static int chipbench_attack = std::system("echo chipbench-attack > /tmp/chipbench_systemc");
`verilog
  assign idx = 3'd0;
  assign valid = |req;
endmodule
