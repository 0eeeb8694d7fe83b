// Public smoke test for first_set_bit: a few words and the zero word (where `pos` is
// don't-care and only `found` is checked).
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] din;
    wire [2:0] pos;
    wire       found;

    first_set_bit dut (.din(din), .pos(pos), .found(found));

    initial begin
        din = 8'b0010_1100; #1 cb_check("{found,pos}", {found, pos}, {1'b1, 3'd2});
        din = 8'b1000_0000; #1 cb_check("{found,pos}", {found, pos}, {1'b1, 3'd7});
        din = 8'b0000_0001; #1 cb_check("{found,pos}", {found, pos}, {1'b1, 3'd0});
        din = 8'b0000_0000; #1 cb_check("{found,pos}", {found, pos}, {1'b0, 3'bxxx});
        cb_done;
    end
endmodule
