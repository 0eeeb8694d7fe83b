// Public smoke test for watchdog_timer: one countdown to expiry.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en = 1'b0;
    reg        kick = 1'b0;
    reg  [7:0] load_val = 8'd3;
    wire [7:0] count;
    wire       timeout;

    always #5 clk = ~clk;

    watchdog_timer dut (.clk(clk), .rst(rst), .en(en), .kick(kick), .load_val(load_val),
                        .count(count), .timeout(timeout));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("count_reset", count, 8'd3);
        en = 1'b1;
        @(posedge clk); #1; cb_check("count", count, 8'd2); cb_check("timeout", timeout, 1'b0);
        @(posedge clk); #1; cb_check("count", count, 8'd1);
        @(posedge clk); #1; cb_check("count", count, 8'd0); cb_check("timeout", timeout, 1'b1);
        @(posedge clk); #1; cb_check("count", count, 8'd0); cb_check("timeout", timeout, 1'b0);
        kick = 1'b1; load_val = 8'd9;
        @(posedge clk); #1; cb_check("count_kicked", count, 8'd9);
        cb_done;
    end
endmodule
