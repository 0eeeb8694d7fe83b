// Public smoke test for debouncer (default N = 4): a few directed checks.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire dout;
    integer k;

    always #5 clk = ~clk;

    debouncer dut (.clk(clk), .rst(rst), .din(din), .dout(dout));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("dout_after_reset", dout, 1'b0);
        // 1 sampled at three edges, then 0: no change.
        din = 1'b1;
        for (k = 0; k < 3; k = k + 1) begin @(posedge clk); #1; end
        cb_check("dout_after_3", dout, 1'b0);
        din = 1'b0;
        @(posedge clk); #1;
        // Now four edges at 1: change at the fourth.
        din = 1'b1;
        for (k = 0; k < 3; k = k + 1) begin @(posedge clk); #1; end
        cb_check("dout_before_4th", dout, 1'b0);
        @(posedge clk); #1;
        cb_check("dout_after_4th", dout, 1'b1);
        cb_done;
    end
endmodule
