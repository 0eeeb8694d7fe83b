// Public smoke test for spi_master: one transfer against a tiny slave.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        start = 1'b0;
    reg  [7:0] tx_data = 8'd0;
    reg        miso = 1'b0;
    wire       busy, done, sclk, mosi, cs_n;
    wire [7:0] rx_data;
    reg  [7:0] slave_out, slave_in;
    integer    c;

    always #5 clk = ~clk;

    spi_master dut (.clk(clk), .rst(rst), .start(start), .tx_data(tx_data), .miso(miso),
                    .busy(busy), .done(done), .rx_data(rx_data), .sclk(sclk),
                    .mosi(mosi), .cs_n(cs_n));

    // Mode-0 slave: capture mosi on sclk rising, shift out on sclk falling.
    always @(posedge sclk) if (!cs_n) slave_in <= {slave_in[6:0], mosi};
    always @(negedge sclk) if (!cs_n) begin slave_out = {slave_out[6:0], 1'b0}; miso = slave_out[7]; end
    always @(negedge cs_n) miso = slave_out[7];

    initial begin
        slave_out = 8'b1011_0001;
        slave_in = 8'd0;
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("cs_n_idle", cs_n, 1'b1);
        start = 1'b1; tx_data = 8'h4d;
        @(posedge clk); #1;
        start = 1'b0;
        cb_check("busy", busy, 1'b1);
        cb_check("mosi_msb", mosi, 1'b0);
        cb_check("sclk_low_first", sclk, 1'b0);
        for (c = 1; c < 32; c = c + 1) begin @(posedge clk); #1; end
        cb_check("still_busy_cycle31", busy, 1'b1);
        @(posedge clk); #1;
        cb_check("done", done, 1'b1);
        cb_check("busy_cleared", busy, 1'b0);
        cb_check("rx_data", rx_data, 8'b1011_0001);
        cb_check("slave_got", slave_in, 8'h4d);
        @(posedge clk); #1;
        cb_check("done_one_cycle", done, 1'b0);
        cb_done;
    end
endmodule
