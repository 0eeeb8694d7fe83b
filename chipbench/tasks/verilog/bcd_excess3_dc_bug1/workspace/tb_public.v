// Public smoke test for bcd_excess3: a few digits and one don't-care code.
module tb;
`include "chipbench_tb.vh"

    reg  [3:0] bcd;
    wire [3:0] xs3;

    bcd_excess3 dut (.bcd(bcd), .xs3(xs3));

    initial begin
        bcd = 4'd0;  #1 cb_check("xs3", xs3, 4'd3);
        bcd = 4'd5;  #1 cb_check("xs3", xs3, 4'd8);
        bcd = 4'd9;  #1 cb_check("xs3", xs3, 4'd12);
        bcd = 4'd12; #1 cb_check("xs3", xs3, 4'bxxxx);
        cb_done;
    end
endmodule
