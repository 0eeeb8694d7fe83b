// Hidden testbench for popcount: directed patterns, walking bits, every
// contiguous run of ones, and random words of varying density.
module tb;
`include "chipbench_tb.vh"

    reg  [31:0] din;
    wire [5:0]  count;

    popcount dut (
        .din  (din),
        .count(count)
    );

    reg [31:0] rng, r2;
    reg [5:0]  exp_count;
    integer    n, k, j;
    integer    nbits;     // a run-time bound: keeps Verilator from unrolling these loops

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task apply(input [31:0] d);
        begin
            din = d;
            exp_count = 6'd0;
            for (k = 0; k < 32; k = k + 1)
                if (d[k]) exp_count = exp_count + 6'd1;
            #1;
            cb_check("count", count, exp_count);
        end
    endtask

    initial begin
        #10000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h1234_abcd;
        nbits = 32;
        apply(32'h0000_0000);
        apply(32'hFFFF_FFFF);
        apply(32'h8000_0000);
        apply(32'h7FFF_FFFF);
        apply(32'h8000_0001);
        apply(32'h5555_5555);
        apply(32'hAAAA_AAAA);
        apply(32'h3333_3333);
        apply(32'hCCCC_CCCC);
        apply(32'h0F0F_0F0F);
        apply(32'hF0F0_F0F0);
        apply(32'h00FF_00FF);
        apply(32'hFF00_FF00);
        apply(32'h0000_FFFF);
        apply(32'hFFFF_0000);
        for (n = 0; n < nbits; n = n + 1) begin
            apply(32'h1 << n);
            apply(~(32'h1 << n));
        end
        // every contiguous run of ones [j, n]
        for (n = 0; n < nbits; n = n + 1)
            for (j = 0; j <= n; j = j + 1)
                apply((32'hFFFF_FFFF >> (31 - n)) & (32'hFFFF_FFFF << j));
        // random words: sparse, medium and dense
        for (n = 0; n < 6000; n = n + 1) begin
            roll; r2 = rng; roll;
            case (n % 4)
                0: apply(rng & r2);
                1: apply(rng | r2);
                2: apply(rng);
                default: begin r2 = r2 | rng; roll; apply(r2 | rng); end
            endcase
        end
        cb_done;
    end
endmodule
