// Self-checking testbench for priority_encoder: exhaustive over all 256 inputs,
// then a seeded pseudo-random pass in a different order.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] req;
    wire [2:0] idx;
    wire       valid;

    priority_encoder dut (
        .req  (req),
        .idx  (idx),
        .valid(valid)
    );

    reg [2:0]  exp_idx;
    reg        exp_valid;
    reg [31:0] rng;
    integer    n, k;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Golden model: scan from the top bit down, stop at the first hit.
    task model;
        begin
            exp_idx   = 3'd0;
            exp_valid = 1'b0;
            for (k = 7; k >= 0; k = k - 1) begin
                if (!exp_valid && req[k]) begin
                    exp_idx   = k[2:0];
                    exp_valid = 1'b1;
                end
            end
        end
    endtask

    task apply_and_check(input [7:0] r);
        begin
            req = r;
            #1;
            model;
            cb_check("idx", idx, exp_idx);
            cb_check("valid", valid, exp_valid);
        end
    endtask

    initial begin
        #100000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        req = 8'h00;
        rng = 32'h1bad_5eed;
        #1;
        // Directed edges.
        apply_and_check(8'h00);
        apply_and_check(8'h80);
        apply_and_check(8'h01);
        apply_and_check(8'hff);
        apply_and_check(8'h84);
        // Exhaustive.
        for (n = 0; n < 256; n = n + 1)
            apply_and_check(n[7:0]);
        // Pseudo-random order (catches designs that depend on the previous input).
        for (n = 0; n < 300; n = n + 1) begin
            roll;
            apply_and_check(rng[7:0] & rng[15:8]);
        end
        cb_done;
    end
endmodule
