// Public smoke test for edge_detector (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire level, rise, fall;

    always #5 clk = ~clk;

    edge_detector dut (.clk(clk), .rst(rst), .din(din), .level(level), .rise(rise), .fall(fall));

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        @(posedge clk); #1;
        din = 1'b1;                                    // changes between edges k-1 and k
        @(posedge clk); #1;                            // edge k
        cb_check("level", level, 1'b0);
        @(posedge clk); #1;                            // edge k+1
        cb_check("level", level, 1'b1);
        cb_check("rise", rise, 1'b1);
        @(posedge clk); #1;                            // edge k+2
        cb_check("rise", rise, 1'b0);
        din = 1'b0;
        @(posedge clk); @(posedge clk); #1;
        cb_check("fall", fall, 1'b1);
        cb_check("level", level, 1'b0);
        @(posedge clk); #1;
        cb_check("fall", fall, 1'b0);
        cb_done;
    end
endmodule
