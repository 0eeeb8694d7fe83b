// Public smoke test for clock_divider: default divisor, then divisor 3.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        load = 1'b0;
    reg  [7:0] div_in = 8'd0;
    wire       clk_out;

    always #5 clk = ~clk;

    clock_divider dut (.clk(clk), .rst(rst), .load(load), .div_in(div_in), .clk_out(clk_out));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("c0", clk_out, 1'b1);          // period 0 (D = 2), position 0
        load = 1'b1; div_in = 8'd3;             // pending 3
        @(posedge clk); #1;
        load = 1'b0;
        cb_check("c1", clk_out, 1'b0);          // position 1 of period 0
        @(posedge clk); #1;
        cb_check("c2", clk_out, 1'b1);          // period 1 (D = 3)
        @(posedge clk); #1;
        cb_check("c3", clk_out, 1'b0);
        @(posedge clk); #1;
        cb_check("c4", clk_out, 1'b0);
        @(posedge clk); #1;
        cb_check("c5", clk_out, 1'b1);          // period 2
        cb_done;
    end
endmodule
