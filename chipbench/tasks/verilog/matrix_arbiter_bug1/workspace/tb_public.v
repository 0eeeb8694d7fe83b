// Public smoke test for matrix_arbiter: the example sequences from the spec.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [3:0] req = 4'd0;
    wire [3:0] grant;

    always #5 clk = ~clk;

    matrix_arbiter dut (.clk(clk), .rst(rst), .req(req), .grant(grant));

    task expect_grant(input [3:0] r, input [3:0] g);
        begin
            req = r;
            #1 cb_check("grant", grant, g);
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        expect_grant(4'b1111, 4'b0001);
        expect_grant(4'b1111, 4'b0010);
        expect_grant(4'b1111, 4'b0100);
        expect_grant(4'b1111, 4'b1000);
        expect_grant(4'b0000, 4'b0000);
        expect_grant(4'b1111, 4'b0001);
        rst = 1'b1; @(posedge clk); #1 rst = 1'b0;
        expect_grant(4'b0100, 4'b0100);
        expect_grant(4'b1111, 4'b0001);
        expect_grant(4'b1111, 4'b0010);
        expect_grant(4'b1111, 4'b1000);
        expect_grant(4'b1111, 4'b0100);
        cb_done;
    end
endmodule
