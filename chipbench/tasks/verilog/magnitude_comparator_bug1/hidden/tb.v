// Hidden testbench for magnitude_comparator: every (a, b) pair in both modes;
// the three outputs are checked together as {lt, eq, gt}.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg        signed_mode;
    wire       lt, eq, gt;

    magnitude_comparator dut (
        .a          (a),
        .b          (b),
        .signed_mode(signed_mode),
        .lt         (lt),
        .eq         (eq),
        .gt         (gt)
    );

    integer ia, ib, im, va, vb;
    reg     exp_lt, exp_eq, exp_gt;
    reg [2:0] got3, exp3;

    initial begin
        #10000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        for (im = 0; im < 2; im = im + 1)
            for (ia = 0; ia < 256; ia = ia + 1)
                for (ib = 0; ib < 256; ib = ib + 1) begin
                    a = ia; b = ib; signed_mode = im;
                    va = (im == 1 && ia >= 128) ? ia - 256 : ia;
                    vb = (im == 1 && ib >= 128) ? ib - 256 : ib;
                    exp_lt = (va < vb);
                    exp_eq = (va == vb);
                    exp_gt = (va > vb);
                    exp3 = {exp_lt, exp_eq, exp_gt};
                    #1;
                    got3 = {lt, eq, gt};
                    cb_check("{lt,eq,gt}", got3, exp3);
                end
        // Mode switch alone must move the outputs.
        a = 8'h80; b = 8'h7F;
        signed_mode = 1'b0; #1;
        cb_check("gt", gt, 1'b1);
        cb_check("lt", lt, 1'b0);
        signed_mode = 1'b1; #1;
        cb_check("gt", gt, 1'b0);
        cb_check("lt", lt, 1'b1);
        cb_done;
    end
endmodule
