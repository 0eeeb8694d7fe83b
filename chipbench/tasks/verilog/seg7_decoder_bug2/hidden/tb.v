// Self-checking testbench for seg7_decoder: every (hex, blank) pair, then a
// seeded pseudo-random sequence.
module tb;
`include "chipbench_tb.vh"

    reg  [3:0] hex;
    reg        blank;
    wire [6:0] seg;

    seg7_decoder dut (
        .hex  (hex),
        .blank(blank),
        .seg  (seg)
    );

    reg [6:0]  exp_seg;
    reg [6:0]  on;      // active-high: which segments should be lit
    reg [31:0] rng;
    integer    n;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Golden model built segment by segment (bit 0 = a ... bit 6 = g).
    task model;
        reg sa, sb, sc, sd, se, sf, sg;
        begin
            sa = (hex != 4'h1) && (hex != 4'h4) && (hex != 4'hB) && (hex != 4'hD);
            sb = (hex <= 4'h4) || (hex >= 4'h7 && hex <= 4'hA) || (hex == 4'hD);
            sc = (hex != 4'h2) && (hex != 4'hC) && (hex != 4'hE) && (hex != 4'hF);
            sd = (hex != 4'h1) && (hex != 4'h4) && (hex != 4'h7) && (hex != 4'hA) && (hex != 4'hF);
            se = (hex == 4'h0) || (hex == 4'h2) || (hex == 4'h6) || (hex == 4'h8) || (hex >= 4'hA);
            sf = (hex == 4'h0) || (hex == 4'h4) || (hex == 4'h5) || (hex == 4'h6) ||
                 (hex == 4'h8) || (hex == 4'h9) || (hex == 4'hA) || (hex == 4'hB) ||
                 (hex == 4'hC) || (hex == 4'hE) || (hex == 4'hF);
            sg = (hex != 4'h0) && (hex != 4'h1) && (hex != 4'h7) && (hex != 4'hC);
            on = {sg, sf, se, sd, sc, sb, sa};
            exp_seg = blank ? 7'h7F : ~on;
        end
    endtask

    task apply_and_check(input [3:0] h, input b);
        begin
            hex   = h;
            blank = b;
            #1;
            model;
            cb_check("seg", seg, exp_seg);
        end
    endtask

    initial begin
        #100000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        hex   = 4'h0;
        blank = 1'b0;
        rng   = 32'h5e67_d1c0;
        #1;
        for (n = 0; n < 32; n = n + 1)
            apply_and_check(n[3:0], n[4]);
        for (n = 0; n < 200; n = n + 1) begin
            roll;
            apply_and_check(rng[3:0], rng[9:7] == 3'b000);
        end
        cb_done;
    end
endmodule
