// Public smoke test for bcd_updown_counter (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst_n = 1'b1;
    reg        en = 1'b0, up = 1'b1, load = 1'b0;
    reg  [3:0] din = 4'd0;
    wire [3:0] q;
    wire       tc;

    always #5 clk = ~clk;

    bcd_updown_counter dut (.clk(clk), .rst_n(rst_n), .en(en), .up(up), .load(load),
                            .din(din), .q(q), .tc(tc));

    initial begin
        #2 rst_n = 1'b0;
        #1;
        cb_check("q", q, 4'd0);                        // asynchronous reset, before any edge
        @(posedge clk); #1 rst_n = 1'b1;
        load = 1'b1; din = 4'd8;
        @(posedge clk); #1 load = 1'b0;
        cb_check("q", q, 4'd8);
        en = 1'b1; up = 1'b1;
        @(posedge clk); #1;
        cb_check("q", q, 4'd9);
        cb_check("tc", tc, 1'b1);
        @(posedge clk); #1;
        cb_check("q", q, 4'd0);                        // 9 wraps to 0
        up = 1'b0; #1;
        cb_check("tc", tc, 1'b1);                      // counting down from 0
        @(posedge clk); #1;
        cb_check("q", q, 4'd9);                        // 0 wraps to 9
        cb_done;
    end
endmodule
