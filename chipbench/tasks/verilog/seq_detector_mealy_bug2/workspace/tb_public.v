// Public smoke test for seq_detector_mealy: one stream with two matches.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire detect;
    reg  [6:0] stream;
    reg  [6:0] expect_det;
    integer k;

    always #5 clk = ~clk;

    seq_detector_mealy dut (.clk(clk), .rst(rst), .din(din), .detect(detect));

    initial begin
        stream     = 7'b1101101;   // first bit on the left
        expect_det = 7'b0001001;
        @(posedge clk); #1;
        rst = 1'b0;
        for (k = 6; k >= 0; k = k - 1) begin
            din = stream[k];
            #3;
            cb_check("detect", detect, expect_det[k]);
            @(posedge clk); #1;
        end
        cb_done;
    end
endmodule
