// Public smoke test for popcount (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [31:0] din;
    wire [5:0]  count;

    popcount dut (.din(din), .count(count));

    task expect_pc(input [31:0] d, input [5:0] c);
        begin
            din = d;
            #1;
            cb_check("count", count, c);
        end
    endtask

    initial begin
        expect_pc(32'h0000_0000, 6'd0);
        expect_pc(32'h8000_0001, 6'd2);
        expect_pc(32'h0F0F_0F0F, 6'd16);
        expect_pc(32'hFFFF_FFFF, 6'd32);
        cb_done;
    end
endmodule
