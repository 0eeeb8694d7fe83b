// Public smoke test for vending_fsm: a few directed checks.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        coin5 = 1'b0, coin10 = 1'b0, cancel = 1'b0;
    wire       dispense, change5, change10;
    wire [4:0] credit;

    always #5 clk = ~clk;

    vending_fsm dut (.clk(clk), .rst(rst), .coin5(coin5), .coin10(coin10), .cancel(cancel),
                     .dispense(dispense), .change5(change5), .change10(change10), .credit(credit));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("credit_reset", credit, 5'd0);
        coin10 = 1'b1;
        @(posedge clk); #1;
        cb_check("credit_10", credit, 5'd10);
        @(posedge clk); #1;                     // second 10: pays 20
        coin10 = 1'b0;
        cb_check("dispense", dispense, 1'b1);
        cb_check("change5", change5, 1'b1);
        cb_check("credit_0", credit, 5'd0);
        coin5 = 1'b1;
        @(posedge clk); #1;
        coin5 = 1'b0;
        cb_check("dispense_off", dispense, 1'b0);
        cb_check("credit_5", credit, 5'd5);
        cancel = 1'b1;
        @(posedge clk); #1;
        cancel = 1'b0;
        cb_check("refund5", change5, 1'b1);
        cb_check("credit_after_cancel", credit, 5'd0);
        cb_done;
    end
endmodule
