// Public smoke test for johnson_counter: a few directed checks only.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en  = 1'b0;
    wire [4:0] q;

    always #5 clk = ~clk;

    johnson_counter dut (.clk(clk), .rst(rst), .en(en), .q(q));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("q_after_reset", q, 5'b00000);
        en = 1'b1;
        @(posedge clk); #1; cb_check("q", q, 5'b00001);
        @(posedge clk); #1; cb_check("q", q, 5'b00011);
        en = 1'b0;
        @(posedge clk); #1; cb_check("q_hold", q, 5'b00011);
        en = 1'b1;
        @(posedge clk); #1; cb_check("q", q, 5'b00111);
        cb_done;
    end
endmodule
