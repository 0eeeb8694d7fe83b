// Hidden testbench for leading_zero_counter: all 65536 inputs, walking
// patterns, and input changes that must propagate combinationally.
module tb;
`include "chipbench_tb.vh"

    reg  [15:0] din;
    wire [4:0]  count;
    wire        all_zero;

    leading_zero_counter dut (
        .din     (din),
        .count   (count),
        .all_zero(all_zero)
    );

    integer   v, k;
    reg [4:0] exp_count;
    reg       exp_zero;
    reg [5:0] got6, exp6;

    // Model: scan from the top, stop at the first one.
    task model;
        begin
            exp_count = 5'd16;
            for (k = 0; k < 16 && exp_count == 5'd16; k = k + 1)
                if (din[15 - k]) exp_count = k;
            exp_zero = (din == 16'h0000);
        end
    endtask

    task apply(input [15:0] d);
        begin
            din = d;
            model;
            exp6 = {exp_zero, exp_count};
            #1;
            got6 = {all_zero, count};
            cb_check("{all_zero,count}", got6, exp6);
        end
    endtask

    initial begin
        #10000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        apply(16'h0000);
        apply(16'hFFFF);
        for (v = 0; v < 16; v = v + 1) begin
            apply(16'h0001 << v);
            apply(16'hFFFF >> v);
            apply(16'h0000);
        end
        for (v = 0; v < 65536; v = v + 1)
            apply(v);
        cb_done;
    end
endmodule
