// Public smoke test for seg7_decoder (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [3:0] hex;
    reg        blank;
    wire [6:0] seg;

    seg7_decoder dut (.hex(hex), .blank(blank), .seg(seg));

    task expect_seg(input [3:0] h, input bl, input [6:0] e);
        begin
            hex = h; blank = bl;
            #1;
            cb_check("seg", seg, e);
        end
    endtask

    initial begin
        expect_seg(4'h0, 1'b0, 7'b1000000);   // a b c d e f lit (active low)
        expect_seg(4'h1, 1'b0, 7'b1111001);   // b c
        expect_seg(4'h8, 1'b0, 7'b0000000);   // all lit
        expect_seg(4'h8, 1'b1, 7'b1111111);   // blanked
        cb_done;
    end
endmodule
