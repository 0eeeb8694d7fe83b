// Public smoke test for seq_detector: the overlapping example from the spec.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire detect;
    reg  [6:0] stream;
    reg  [6:0] expected;
    integer i;

    always #5 clk = ~clk;

    seq_detector dut (.clk(clk), .rst(rst), .din(din), .detect(detect));

    initial begin
        stream   = 7'b1011011;     // sent from the left: 1 0 1 1 0 1 1
        expected = 7'b0001001;     // detect after the 4th and the 7th bit
        @(posedge clk); #1 rst = 1'b0;
        cb_check("detect", detect, 1'b0);
        for (i = 6; i >= 0; i = i - 1) begin
            din = stream[i];
            @(posedge clk); #1;
            cb_check("detect", detect, expected[i]);
        end
        din = 1'b0;
        @(posedge clk); #1;
        cb_check("detect", detect, 1'b0);
        cb_done;
    end
endmodule
