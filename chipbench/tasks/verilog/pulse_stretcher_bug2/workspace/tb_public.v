// Public smoke test for pulse_stretcher (default N = 3): one pulse.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire dout;

    always #5 clk = ~clk;

    pulse_stretcher dut (.clk(clk), .rst(rst), .din(din), .dout(dout));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("dout_idle", dout, 1'b0);
        din = 1'b1;
        @(posedge clk); #1;
        din = 1'b0;
        cb_check("dout_c1", dout, 1'b1);
        @(posedge clk); #1; cb_check("dout_c2", dout, 1'b1);
        @(posedge clk); #1; cb_check("dout_c3", dout, 1'b1);
        @(posedge clk); #1; cb_check("dout_c4", dout, 1'b0);
        cb_done;
    end
endmodule
