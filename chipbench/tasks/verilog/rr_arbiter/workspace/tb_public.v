// Public smoke test for rr_arbiter (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [3:0] req = 4'b0000;
    wire [3:0] grant;

    always #5 clk = ~clk;

    rr_arbiter dut (.clk(clk), .rst(rst), .req(req), .grant(grant));

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        cb_check("grant", grant, 4'b0000);
        req = 4'b0101;
        @(posedge clk); #1;
        cb_check("grant", grant, 4'b0001);            // requester 0 first after reset
        req = 4'b0100;                                 // 0 drops its request
        @(posedge clk); #1;
        cb_check("grant", grant, 4'b0100);
        req = 4'b0000;
        @(posedge clk); #1;
        cb_check("grant", grant, 4'b0000);            // idle
        req = 4'b1111;
        @(posedge clk); #1;
        cb_check("grant", grant, 4'b1000);            // round robin continues after 2
        cb_done;
    end
endmodule
