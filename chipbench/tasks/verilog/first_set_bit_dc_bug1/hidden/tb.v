// Hidden testbench for first_set_bit: all 256 words, then a walk of single bits, each
// checked as {found, pos}; for a zero word `pos` is expected as x (don't-care) and `found`
// must still be 0.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] din;
    wire [2:0] pos;
    wire       found;

    first_set_bit dut (.din(din), .pos(pos), .found(found));

    integer i, k;
    reg [2:0] exp_pos;
    reg [3:0] got4, exp4;

    task apply(input [7:0] d);
        begin
            din = d;
            exp_pos = 3'bxxx;
            for (k = 7; k >= 0; k = k - 1)
                if (d[k]) exp_pos = k;
            exp4 = {d != 8'd0, exp_pos};
            #1;
            got4 = {found, pos};
            cb_check("{found,pos}", got4, exp4);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        for (i = 0; i < 256; i = i + 1) apply(i);
        for (i = 0; i < 8; i = i + 1) begin
            apply(8'h01 << i);
            apply(8'h00);
            apply(8'hFF << i);
        end
        cb_done;
    end
endmodule
