// Public smoke test for ring_buffer (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        push = 1'b0, pop = 1'b0;
    reg  [7:0] push_data = 8'd0;
    wire [7:0] pop_data;
    wire [3:0] count;
    wire       full, empty;
    integer    n;

    always #5 clk = ~clk;

    ring_buffer dut (.clk(clk), .rst(rst), .push(push), .push_data(push_data), .pop(pop),
                     .pop_data(pop_data), .count(count), .full(full), .empty(empty));

    task step(input pu, input po, input [7:0] d);
        begin
            push = pu; pop = po; push_data = d;
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        cb_check("empty", empty, 1'b1);
        cb_check("pop_data", pop_data, 8'h00);
        step(1'b1, 1'b0, 8'h42);
        cb_check("count", count, 4'd1);
        cb_check("pop_data", pop_data, 8'h42);
        for (n = 1; n < 8; n = n + 1) step(1'b1, 1'b0, n);
        cb_check("full", full, 1'b1);
        step(1'b1, 1'b1, 8'h99);                // full: only the pop is accepted
        cb_check("count", count, 4'd7);
        cb_check("pop_data", pop_data, 8'h01);
        cb_done;
    end
endmodule
