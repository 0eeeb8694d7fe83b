// Public smoke test for gray_counter: a few directed checks only.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en  = 1'b0;
    wire [3:0] gray;
    integer    n;

    reg [3:0] seq [0:5];

    always #5 clk = ~clk;

    gray_counter dut (.clk(clk), .rst(rst), .en(en), .gray(gray));

    initial begin
        seq[0] = 4'b0000; seq[1] = 4'b0001; seq[2] = 4'b0011;
        seq[3] = 4'b0010; seq[4] = 4'b0110; seq[5] = 4'b0111;
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("gray_after_reset", gray, 4'b0000);
        en = 1'b1;
        for (n = 1; n < 6; n = n + 1) begin
            @(posedge clk); #1;
            cb_check("gray", gray, seq[n]);
        end
        en = 1'b0;
        @(posedge clk); #1;
        cb_check("gray_hold", gray, 4'b0111);
        cb_done;
    end
endmodule
