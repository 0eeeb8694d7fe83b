// Public smoke test for lifo_stack (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        push = 1'b0, pop = 1'b0;
    reg  [7:0] din = 8'd0;
    wire [7:0] top;
    wire [3:0] count;
    wire       empty, full, overflow, underflow;

    always #5 clk = ~clk;

    lifo_stack dut (.clk(clk), .rst(rst), .push(push), .pop(pop), .din(din), .top(top),
                    .count(count), .empty(empty), .full(full), .overflow(overflow),
                    .underflow(underflow));

    task step(input pu, input po, input [7:0] d);
        begin
            push = pu; pop = po; din = d;
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        cb_check("empty", empty, 1'b1);
        step(1'b1, 1'b0, 8'h11);
        step(1'b1, 1'b0, 8'h22);
        cb_check("top", top, 8'h22);
        cb_check("count", count, 4'd2);
        step(1'b1, 1'b1, 8'h33);            // replace the top
        cb_check("top", top, 8'h33);
        cb_check("count", count, 4'd2);
        step(1'b0, 1'b1, 8'h00);
        cb_check("top", top, 8'h11);
        step(1'b0, 1'b1, 8'h00);
        step(1'b0, 1'b1, 8'h00);            // pop on empty
        cb_check("underflow", underflow, 1'b1);
        cb_check("top", top, 8'h00);
        cb_done;
    end
endmodule
