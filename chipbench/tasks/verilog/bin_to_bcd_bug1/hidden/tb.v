// Hidden testbench for bin_to_bcd: all 256 inputs, in order and then in a
// scrambled order, each digit checked separately.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] bin;
    wire [3:0] hundreds, tens, ones;

    bin_to_bcd dut (
        .bin     (bin),
        .hundreds(hundreds),
        .tens    (tens),
        .ones    (ones)
    );

    reg [3:0] exp_h, exp_t, exp_o;
    integer   n, rem;

    task apply(input [7:0] v);
        begin
            bin = v;
            // Model: repeated subtraction.
            rem = v;
            exp_h = 4'd0;
            while (rem >= 100) begin rem = rem - 100; exp_h = exp_h + 4'd1; end
            exp_t = 4'd0;
            while (rem >= 10) begin rem = rem - 10; exp_t = exp_t + 4'd1; end
            exp_o = rem;
            #1;
            cb_check("hundreds", hundreds, exp_h);
            cb_check("tens", tens, exp_t);
            cb_check("ones", ones, exp_o);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        for (n = 0; n < 256; n = n + 1)
            apply(n);
        for (n = 0; n < 256; n = n + 1)
            apply((n * 8'd37 + 8'd11) & 8'hFF);   // odd multiplier: a permutation
        cb_done;
    end
endmodule
