// Self-checking testbench for barrel_shifter: every mode and amount on a set of
// directed and seeded pseudo-random data words.
module tb;
`include "chipbench_tb.vh"

    reg  [15:0] din;
    reg  [3:0]  amt;
    reg  [1:0]  mode;
    wire [15:0] dout;

    barrel_shifter dut (
        .din (din),
        .amt (amt),
        .mode(mode),
        .dout(dout)
    );

    reg [15:0] exp_dout;
    reg [31:0] rng;
    reg [15:0] pattern [0:7];
    integer    n, m, s, k;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Golden model: move one position at a time, amt times.
    task model;
        begin
            exp_dout = din;
            for (k = 0; k < amt; k = k + 1) begin
                case (mode)
                    2'd0: exp_dout = {exp_dout[14:0], 1'b0};
                    2'd1: exp_dout = {1'b0, exp_dout[15:1]};
                    2'd2: exp_dout = {exp_dout[15], exp_dout[15:1]};
                    default: exp_dout = {exp_dout[0], exp_dout[15:1]};
                endcase
            end
        end
    endtask

    task apply_and_check(input [15:0] d, input [3:0] a, input [1:0] md);
        begin
            din = d; amt = a; mode = md;
            #1;
            model;
            cb_check("dout", dout, exp_dout);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h5b1f_7e27;
        pattern[0] = 16'h8000; pattern[1] = 16'h0001; pattern[2] = 16'hFFFF;
        pattern[3] = 16'h7FFF; pattern[4] = 16'hA5C3; pattern[5] = 16'h1234;
        pattern[6] = 16'hFF00; pattern[7] = 16'h0000;
        din = 16'h0; amt = 4'd0; mode = 2'd0;
        #1;
        for (n = 0; n < 8; n = n + 1)
            for (m = 0; m < 4; m = m + 1)
                for (s = 0; s < 16; s = s + 1)
                    apply_and_check(pattern[n], s[3:0], m[1:0]);
        for (n = 0; n < 48; n = n + 1) begin
            roll;
            for (m = 0; m < 4; m = m + 1)
                for (s = 0; s < 16; s = s + 1)
                    apply_and_check(rng[31:16] ^ rng[15:0], s[3:0], m[1:0]);
        end
        for (n = 0; n < 1000; n = n + 1) begin
            roll;
            apply_and_check(rng[15:0], rng[19:16], rng[21:20]);
        end
        cb_done;
    end
endmodule
