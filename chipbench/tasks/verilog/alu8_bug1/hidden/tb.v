// Self-checking testbench for alu8: directed corner operands for every op,
// then seeded pseudo-random operands and ops.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg  [2:0] op;
    wire [7:0] y;
    wire       carry, zero;

    alu8 dut (
        .a    (a),
        .b    (b),
        .op   (op),
        .y    (y),
        .carry(carry),
        .zero (zero)
    );

    reg [7:0]  exp_y;
    reg        exp_carry, exp_zero;
    reg [31:0] rng;
    reg [7:0]  corner [0:9];
    integer    ia, ib, io, n, sa, sb;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Golden model using integer arithmetic.
    task model;
        begin
            sa = a; if (a[7]) sa = sa - 256;
            sb = b; if (b[7]) sb = sb - 256;
            exp_carry = 1'b0;
            case (op)
                3'd0: begin exp_y = (a + b) % 256; exp_carry = (a + b) > 255; end
                3'd1: begin exp_y = (a + 256 - b) % 256; exp_carry = (a < b); end
                3'd2: exp_y = a & b;
                3'd3: exp_y = a | b;
                3'd4: exp_y = a ^ b;
                3'd5: exp_y = (sa < sb) ? 8'd1 : 8'd0;
                3'd6: begin exp_y = (a * 2) % 256; exp_carry = a >= 128; end
                default: begin exp_y = a / 2; exp_carry = a % 2; end
            endcase
            exp_zero = (exp_y == 8'd0);
        end
    endtask

    task apply_and_check(input [7:0] va, input [7:0] vb, input [2:0] vop);
        begin
            a = va; b = vb; op = vop;
            #1;
            model;
            cb_check("y", y, exp_y);
            cb_check("carry", carry, exp_carry);
            cb_check("zero", zero, exp_zero);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'ha1b8_0007;
        corner[0] = 8'h00; corner[1] = 8'h01; corner[2] = 8'h7F; corner[3] = 8'h80;
        corner[4] = 8'h81; corner[5] = 8'hFF; corner[6] = 8'h64; corner[7] = 8'h9C;
        corner[8] = 8'h40; corner[9] = 8'hC0;
        a = 8'h00; b = 8'h00; op = 3'd0;
        #1;
        for (io = 0; io < 8; io = io + 1)
            for (ia = 0; ia < 10; ia = ia + 1)
                for (ib = 0; ib < 10; ib = ib + 1)
                    apply_and_check(corner[ia], corner[ib], io[2:0]);
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            apply_and_check(rng[7:0], rng[15:8], rng[26:24]);
        end
        cb_done;
    end
endmodule
