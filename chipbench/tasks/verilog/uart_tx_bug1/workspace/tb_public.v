// Public smoke test for uart_tx (default CLKS_PER_BIT = 4): one frame.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        start = 1'b0;
    reg  [7:0] data = 8'd0;
    wire       tx, busy;
    reg  [9:0] expect_bits;
    integer    c;

    always #5 clk = ~clk;

    uart_tx dut (.clk(clk), .rst(rst), .start(start), .data(data), .tx(tx), .busy(busy));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("idle_tx", tx, 1'b1);
        cb_check("idle_busy", busy, 1'b0);
        start = 1'b1; data = 8'b1100_1010;
        expect_bits = {1'b1, 8'b1100_1010, 1'b0};   // stop, data (MSB..LSB), start
        @(posedge clk); #1;
        start = 1'b0; data = 8'h00;
        // 40 cycles of frame: check tx once per bit (in its first cycle).
        for (c = 0; c < 40; c = c + 1) begin
            if (c % 4 == 0) cb_check("tx_bit", tx, expect_bits[c / 4]);
            if (c == 0 || c == 39) cb_check("busy_in_frame", busy, 1'b1);
            @(posedge clk); #1;
        end
        cb_check("busy_after_frame", busy, 1'b0);
        cb_check("tx_after_frame", tx, 1'b1);
        cb_done;
    end
endmodule
