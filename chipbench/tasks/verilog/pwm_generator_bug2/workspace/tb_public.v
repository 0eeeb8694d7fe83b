// Public smoke test for pwm_generator: a few directed checks only.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        load = 1'b0;
    reg  [7:0] duty_in = 8'd0;
    wire       pwm_out;
    integer    k, highs;

    always #5 clk = ~clk;

    pwm_generator dut (.clk(clk), .rst(rst), .load(load), .duty_in(duty_in), .pwm_out(pwm_out));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        // Cycle 0 of period 0 (duty 0): load 5 now, effective from period 1.
        load = 1'b1; duty_in = 8'd5;
        @(posedge clk); #1;
        load = 1'b0;
        highs = 0;
        for (k = 1; k < 256; k = k + 1) begin
            highs = highs + pwm_out;
            @(posedge clk); #1;
        end
        cb_check("period0_high_cycles", highs, 0);
        // Now in cycle 256 = phase 0 of period 1.
        highs = 0;
        for (k = 0; k < 256; k = k + 1) begin
            if (k == 0) cb_check("first_cycle_high", pwm_out, 1'b1);
            if (k == 5) cb_check("sixth_cycle_low", pwm_out, 1'b0);
            highs = highs + pwm_out;
            @(posedge clk); #1;
        end
        cb_check("period1_high_cycles", highs, 5);
        cb_done;
    end
endmodule
