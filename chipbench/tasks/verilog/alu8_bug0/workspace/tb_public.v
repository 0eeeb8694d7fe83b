// Public smoke test for alu8 (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg  [2:0] op;
    wire [7:0] y;
    wire       carry, zero;

    alu8 dut (.a(a), .b(b), .op(op), .y(y), .carry(carry), .zero(zero));

    task expect_op(input [2:0] o, input [7:0] ta, input [7:0] tb_, input [7:0] ey, input ec);
        begin
            op = o; a = ta; b = tb_;
            #1;
            cb_check("y", y, ey);
            cb_check("carry", carry, ec);
            cb_check("zero", zero, ey == 8'd0);
        end
    endtask

    initial begin
        expect_op(3'b000, 8'hF0, 8'h20, 8'h10, 1'b1);   // ADD with carry out
        expect_op(3'b001, 8'h05, 8'h07, 8'hFE, 1'b1);   // SUB with borrow
        expect_op(3'b010, 8'hCC, 8'h33, 8'h00, 1'b0);   // AND, zero flag
        expect_op(3'b101, 8'hFF, 8'h01, 8'h01, 1'b0);   // SLT: -1 < 1
        expect_op(3'b110, 8'h81, 8'h00, 8'h02, 1'b1);   // SHL
        cb_done;
    end
endmodule
