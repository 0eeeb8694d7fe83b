// Self-checking testbench for sat_addsub: signed boundary operands for both
// operations, then seeded pseudo-random operands.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg        sub;
    wire [7:0] y;
    wire       sat;

    sat_addsub dut (
        .a  (a),
        .b  (b),
        .sub(sub),
        .y  (y),
        .sat(sat)
    );

    reg [7:0]  exp_y;
    reg        exp_sat;
    reg [31:0] rng;
    reg [7:0]  corner [0:11];
    integer    sa, sb, r, ia, ib, n;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Golden model in integer arithmetic.
    task model;
        begin
            sa = a; if (a[7]) sa = sa - 256;
            sb = b; if (b[7]) sb = sb - 256;
            r  = sub ? (sa - sb) : (sa + sb);
            if (r > 127) begin
                exp_y = 8'h7F; exp_sat = 1'b1;
            end else if (r < -128) begin
                exp_y = 8'h80; exp_sat = 1'b1;
            end else begin
                exp_y = r[7:0]; exp_sat = 1'b0;
            end
        end
    endtask

    task apply_and_check(input [7:0] va, input [7:0] vb, input vs);
        begin
            a = va; b = vb; sub = vs;
            #1;
            model;
            cb_check("y", y, exp_y);
            cb_check("sat", sat, exp_sat);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h5a7a_dd00;
        corner[0] = 8'h00; corner[1] = 8'h01; corner[2]  = 8'h7F; corner[3]  = 8'h80;
        corner[4] = 8'h81; corner[5] = 8'hFF; corner[6]  = 8'h64; corner[7]  = 8'h9C;
        corner[8] = 8'h40; corner[9] = 8'hC0; corner[10] = 8'h3F; corner[11] = 8'hC1;
        a = 8'h00; b = 8'h00; sub = 1'b0;
        #1;
        for (ia = 0; ia < 12; ia = ia + 1)
            for (ib = 0; ib < 12; ib = ib + 1) begin
                apply_and_check(corner[ia], corner[ib], 1'b0);
                apply_and_check(corner[ia], corner[ib], 1'b1);
            end
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            apply_and_check(rng[7:0], rng[15:8], rng[16]);
        end
        cb_done;
    end
endmodule
