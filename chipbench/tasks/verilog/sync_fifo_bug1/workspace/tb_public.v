// Public smoke test for sync_fifo (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        wr_en = 1'b0, rd_en = 1'b0;
    reg  [7:0] wr_data = 8'd0;
    wire [7:0] rd_data;
    wire       full, empty;
    wire [3:0] count;
    integer    i;

    always #5 clk = ~clk;

    sync_fifo dut (.clk(clk), .rst(rst), .wr_en(wr_en), .wr_data(wr_data), .rd_en(rd_en),
                   .rd_data(rd_data), .full(full), .empty(empty), .count(count));

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        cb_check("empty", empty, 1'b1);
        wr_en = 1'b1;
        for (i = 0; i < 8; i = i + 1) begin
            wr_data = 8'h10 + i;
            @(posedge clk); #1;
        end
        wr_data = 8'hEE;                               // write while full: ignored
        @(posedge clk); #1 wr_en = 1'b0;
        cb_check("full", full, 1'b1);
        cb_check("count", count, 4'd8);
        cb_check("rd_data", rd_data, 8'h10);           // first word falls through
        rd_en = 1'b1;
        @(posedge clk); #1 rd_en = 1'b0;
        cb_check("rd_data", rd_data, 8'h11);
        cb_check("count", count, 4'd7);
        cb_check("full", full, 1'b0);
        cb_done;
    end
endmodule
