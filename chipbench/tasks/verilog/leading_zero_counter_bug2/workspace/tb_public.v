// Public smoke test for leading_zero_counter (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [15:0] din;
    wire [4:0]  count;
    wire        all_zero;

    leading_zero_counter dut (.din(din), .count(count), .all_zero(all_zero));

    task expect_lz(input [15:0] d, input [4:0] c, input z);
        begin
            din = d;
            #1;
            cb_check("count", count, c);
            cb_check("all_zero", all_zero, z);
        end
    endtask

    initial begin
        expect_lz(16'h8000, 5'd0,  1'b0);
        expect_lz(16'h0001, 5'd15, 1'b0);
        expect_lz(16'h00F0, 5'd8,  1'b0);
        expect_lz(16'h0000, 5'd16, 1'b1);
        cb_done;
    end
endmodule
