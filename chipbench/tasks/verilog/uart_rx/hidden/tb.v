// Hidden self-checking testbench for uart_rx.
// Three instances (CLKS_PER_BIT = 4 default, 7 and 2), each driven by its own
// generator of clean frames, frames with jittered bit lengths, bad stop bits,
// start glitches, breaks and idle gaps. rx changes 1 unit after a rising edge;
// every output of every instance is checked every cycle, 4 units after the
// edge, against a behavioural model of the sampling rule in the spec.
// Directed clean frames are also checked against the byte that was sent.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [2:0] rx = 3'b111;
    wire [7:0] data0, data1, data2;
    wire [2:0] dv, fe;

    always #5 clk = ~clk;

    uart_rx dut0 (
        .clk(clk), .rst(rst), .rx(rx[0]),
        .data(data0), .data_valid(dv[0]), .framing_error(fe[0])
    );
    uart_rx #(.CLKS_PER_BIT(7)) dut1 (
        .clk(clk), .rst(rst), .rx(rx[1]),
        .data(data1), .data_valid(dv[1]), .framing_error(fe[1])
    );
    uart_rx #(.CLKS_PER_BIT(2)) dut2 (
        .clk(clk), .rst(rst), .rx(rx[2]),
        .data(data2), .data_valid(dv[2]), .framing_error(fe[2])
    );

    // ---- model, per instance ----
    integer    bt    [0:2];
    integer    m_st  [0:2];   // 0 idle, 1 receiving, 2 waiting for high
    integer    m_wt  [0:2];
    integer    m_bit [0:2];
    reg [7:0]  m_sh  [0:2];
    reg [7:0]  m_dat [0:2];
    reg        m_dv  [0:2];
    reg        m_fe  [0:2];
    integer    n_good[0:2];
    integer    n_err [0:2];
    reg        m_valid;

    // ---- generator, per instance ----
    reg [9:0]  g_frame[0:2];
    integer    g_bits [0:2];
    integer    g_left [0:2];
    reg        g_jit  [0:2];

    reg [7:0]  exp_data;
    reg        exp_dv, exp_fe;
    reg [31:0] rng;
    integer    n, i, ti;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge(input integer k, input r);
        begin
            m_dv[k] = 1'b0;
            m_fe[k] = 1'b0;
            if (rst) begin
                m_st[k] = 0;
                m_dat[k] = 8'd0;
            end else if (m_st[k] == 0) begin
                if (!r) begin
                    m_st[k] = 1;
                    m_wt[k] = bt[k] / 2 - 1;
                    m_bit[k] = 0;
                end
            end else if (m_st[k] == 1) begin
                if (m_wt[k] != 0) begin
                    m_wt[k] = m_wt[k] - 1;
                end else begin
                    m_wt[k] = bt[k] - 1;
                    if (m_bit[k] == 0) begin
                        if (r) m_st[k] = 0;
                        else   m_bit[k] = 1;
                    end else if (m_bit[k] <= 8) begin
                        m_sh[k][m_bit[k] - 1] = r;
                        m_bit[k] = m_bit[k] + 1;
                    end else if (r) begin
                        m_dat[k] = m_sh[k];
                        m_dv[k] = 1'b1;
                        m_st[k] = 0;
                        n_good[k] = n_good[k] + 1;
                    end else begin
                        m_fe[k] = 1'b1;
                        m_st[k] = 2;
                        n_err[k] = n_err[k] + 1;
                    end
                end
            end else begin
                if (r) m_st[k] = 0;
            end
        end
    endtask

    task check_all;
        begin
            exp_data = m_dat[0]; exp_dv = m_dv[0]; exp_fe = m_fe[0];
            cb_check("data_b4", data0, exp_data);
            cb_check("data_valid_b4", dv[0], exp_dv);
            cb_check("framing_error_b4", fe[0], exp_fe);
            exp_data = m_dat[1]; exp_dv = m_dv[1]; exp_fe = m_fe[1];
            cb_check("data_b7", data1, exp_data);
            cb_check("data_valid_b7", dv[1], exp_dv);
            cb_check("framing_error_b7", fe[1], exp_fe);
            exp_data = m_dat[2]; exp_dv = m_dv[2]; exp_fe = m_fe[2];
            cb_check("data_b2", data2, exp_data);
            cb_check("data_valid_b2", dv[2], exp_dv);
            cb_check("framing_error_b2", fe[2], exp_fe);
        end
    endtask

    // The model advances at every rising edge and the outputs are checked 4 units later,
    // in one process of their own (one copy of the model in a Verilator build, however
    // many times `tick` is called).
    always @(posedge clk) begin
        for (ti = 0; ti < 3; ti = ti + 1) model_edge(ti, rx[ti]);
        if (rst) m_valid = 1'b1;
        #4;
        if (m_valid) check_all;
    end

    task tick;
        begin
            @(posedge clk);
            #1;
        end
    endtask

    // One random generator step for instance k: sets rx[k] for the next cycle.
    task gen_step(input integer k);
        begin
            if (g_left[k] == 0) begin
                roll;
                if (g_bits[k] > 0) begin
                    rx[k] = g_frame[k][0];
                    g_frame[k] = g_frame[k] >> 1;
                    g_bits[k] = g_bits[k] - 1;
                    g_left[k] = bt[k];
                    if (g_jit[k] && bt[k] > 2 && rng[2:0] == 3'd0)
                        g_left[k] = rng[3] ? bt[k] + 1 : bt[k] - 1;
                end else if (rng[3:0] < 4'd9) begin
                    // a frame: stop bit bad one time in eight, jitter one in four
                    g_frame[k] = {rng[6:4] != 3'd0, rng[15:8], 1'b0};
                    g_jit[k] = (rng[17:16] == 2'd0);
                    g_bits[k] = 9;
                    rx[k] = 1'b0;
                    g_left[k] = bt[k];
                end else if (rng[3:0] < 4'd13) begin
                    rx[k] = 1'b1;                              // idle gap
                    g_left[k] = 1 + (rng[23:16] % (2 * bt[k]));
                end else if (rng[3:0] < 4'd15) begin
                    rx[k] = 1'b0;                              // glitch
                    g_left[k] = 1 + (rng[23:16] % bt[k]);
                end else begin
                    rx[k] = 1'b0;                              // break
                    g_left[k] = 5 * bt[k] + (rng[23:16] % (8 * bt[k]));
                end
            end
            g_left[k] = g_left[k] - 1;
        end
    endtask

    // Send one clean frame on instance k (others idle) and check the byte.
    task send_clean(input integer k, input [7:0] b, input stop);
        reg [9:0] f;
        integer j, c;
        begin
            f = {stop, b, 1'b0};
            for (j = 0; j < 10; j = j + 1)
                for (c = 0; c < bt[k]; c = c + 1) begin
                    rx[k] = f[j];
                    tick;
                end
            rx[k] = 1'b1;
            // The verdict pulse is due within H cycles after the stop bit began.
            for (c = 0; c < bt[k]; c = c + 1) tick;
            if (stop) begin
                exp_data = b;
                case (k)
                    0: cb_check("decoded_b4", data0, exp_data);
                    1: cb_check("decoded_b7", data1, exp_data);
                    default: cb_check("decoded_b2", data2, exp_data);
                endcase
            end
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h9b05_688c;
        bt[0] = 4; bt[1] = 7; bt[2] = 2;
        for (i = 0; i < 3; i = i + 1) begin
            m_st[i] = 0; m_wt[i] = 0; m_bit[i] = 0; m_sh[i] = 8'd0; m_dat[i] = 8'd0;
            m_dv[i] = 1'b0; m_fe[i] = 1'b0; n_good[i] = 0; n_err[i] = 0;
            g_frame[i] = 10'd0; g_bits[i] = 0; g_left[i] = 0; g_jit[i] = 1'b0;
        end
        m_valid = 1'b0;
        #1;
        // Reset with rx low: must not start a frame.
        rst = 1'b1; rx = 3'b000;
        tick; tick;
        rst = 1'b0; rx = 3'b111;
        tick; tick;
        // Clean frames, each instance.
        for (i = 0; i < 3; i = i + 1) begin
            send_clean(i, 8'h5a, 1'b1);
            send_clean(i, 8'h81, 1'b1);
            send_clean(i, 8'h7e, 1'b0);       // framing error, data kept
            tick; tick;
            send_clean(i, 8'hc3, 1'b1);
        end
        // A start glitch shorter than H on the B = 7 instance, then a frame.
        rx[1] = 1'b0; tick; tick; rx[1] = 1'b1; tick; tick; tick;
        send_clean(1, 8'h24, 1'b1);
        // Break (long low) with rx held low after the framing error.
        rx = 3'b000;
        for (n = 0; n < 120; n = n + 1) tick;
        rx = 3'b111;
        tick; tick;
        // Back-to-back frames with no idle between (stop bit then start bit).
        send_clean(0, 8'h11, 1'b1);
        send_clean(0, 8'h22, 1'b1);
        // Reset in the middle of a frame on all instances.
        rx = 3'b000;
        for (n = 0; n < 10; n = n + 1) tick;
        rst = 1'b1; tick; rst = 1'b0;
        rx = 3'b111;
        for (n = 0; n < 20; n = n + 1) tick;
        // Random line activity.
        for (n = 0; n < 9000; n = n + 1) begin
            for (i = 0; i < 3; i = i + 1) gen_step(i);
            roll;
            rst = (rng[31:20] == 12'd0);
            tick;
        end
        rst = 1'b0;
        rx = 3'b111;
        for (n = 0; n < 90; n = n + 1) tick;
        cb_check("good_frames_b4", n_good[0] > 50, 1);
        cb_check("good_frames_b7", n_good[1] > 30, 1);
        cb_check("error_frames_b4", n_err[0] > 10, 1);
        cb_check("error_frames_b2", n_err[2] > 10, 1);
        cb_done;
    end
endmodule
