// Hidden testbench for bcd_excess3: every input code, in order and in a scrambled order,
// with `x` expected for the six non-digit codes (don't-care: any value passes there).
module tb;
`include "chipbench_tb.vh"

    reg  [3:0] bcd;
    wire [3:0] xs3;

    bcd_excess3 dut (.bcd(bcd), .xs3(xs3));

    integer i;
    reg [3:0] exp;

    task apply(input [3:0] d);
        begin
            bcd = d;
            exp = (d <= 4'd9) ? d + 4'd3 : 4'bxxxx;
            #1 cb_check("xs3", xs3, exp);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        for (i = 0; i < 16; i = i + 1) apply(i);
        for (i = 0; i < 64; i = i + 1) apply((i * 7 + 3) % 16);
        cb_done;
    end
endmodule
