// Public smoke test for crc16_serial: reset, then the standard check string.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst_n = 1'b1;
    reg         init = 1'b0;
    reg         en = 1'b0;
    reg         din = 1'b0;
    wire [15:0] crc;
    integer     n, k;
    reg [7:0]   b;

    always #5 clk = ~clk;

    crc16_serial dut (.clk(clk), .rst_n(rst_n), .init(init), .en(en), .din(din), .crc(crc));

    initial begin
        #1 rst_n = 1'b0;
        #1 cb_check("crc_in_reset", crc, 16'hFFFF);
        @(posedge clk); #2 rst_n = 1'b1;
        for (n = 1; n <= 9; n = n + 1) begin
            b = 8'h30 + n;                      // "123456789"
            for (k = 7; k >= 0; k = k - 1) begin
                en = 1'b1; din = b[k];
                @(posedge clk); #2;
            end
        end
        en = 1'b0;
        cb_check("crc_check_value", crc, 16'h29B1);
        init = 1'b1;
        @(posedge clk); #2 init = 1'b0;
        cb_check("crc_after_init", crc, 16'hFFFF);
        cb_done;
    end
endmodule
