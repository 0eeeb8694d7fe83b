// Hidden self-checking testbench for skid_buffer.
// Inputs change 1 unit after a rising edge. Every cycle, 4 units after the
// edge, in_ready and out_valid are checked against a cycle-accurate model of
// the spec, and out_data whenever out_valid is expected. Independently, a
// scoreboard records every word the DUT accepted (by its own in_ready) and
// checks that words come out exactly once and in order, under random
// back-pressure patterns.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        in_valid = 1'b0;
    reg  [7:0] in_data = 8'd0;
    reg        out_ready = 1'b0;
    wire       in_ready, out_valid;
    wire [7:0] out_data;

    always #5 clk = ~clk;

    skid_buffer dut (
        .clk      (clk),
        .rst      (rst),
        .in_valid (in_valid),
        .in_data  (in_data),
        .in_ready (in_ready),
        .out_valid(out_valid),
        .out_data (out_data),
        .out_ready(out_ready)
    );

    // model
    reg        m_mv, m_sv;
    reg [7:0]  m_md, m_sd;
    reg        exp_ready, exp_valid;
    reg [7:0]  exp_data;
    reg        m_valid;

    // scoreboard (from the DUT's own handshake signals)
    reg [7:0]  sb [0:8191];
    integer    sb_wr, sb_rd, total_in;
    reg        dut_in_fire, dut_out_fire;
    reg [7:0]  fire_data;

    reg [31:0] rng;
    integer    n, phase, p_valid, p_ready;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge;
        begin
            if (rst) begin
                m_mv = 1'b0; m_sv = 1'b0;
            end else if (!m_sv) begin
                if (!m_mv || out_ready) begin
                    m_mv = in_valid;
                    if (in_valid) m_md = in_data;
                end else if (in_valid) begin
                    m_sv = 1'b1;
                    m_sd = in_data;
                end
            end else if (out_ready) begin
                m_md = m_sd;
                m_sv = 1'b0;
            end
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                exp_ready = ~m_sv;
                exp_valid = m_mv;
                exp_data = m_md;
                cb_check("in_ready", in_ready, exp_ready);
                cb_check("out_valid", out_valid, exp_valid);
                if (m_mv) cb_check("out_data", out_data, exp_data);
            end
            // scoreboard sees what the DUT shows just before the edge
            dut_in_fire = in_valid && (in_ready === 1'b1) && !rst;
            dut_out_fire = (out_valid === 1'b1) && out_ready && !rst;
            fire_data = out_data;
            @(posedge clk);
            if (m_valid && dut_out_fire) begin
                if (sb_rd < sb_wr) begin
                    exp_data = sb[sb_rd % 8192];
                    cb_check("order_out_data", fire_data, exp_data);
                    sb_rd = sb_rd + 1;
                end else begin
                    cb_check("extra_word_out", 1, 0);
                end
            end
            if (m_valid && dut_in_fire) begin
                sb[sb_wr % 8192] = in_data;
                sb_wr = sb_wr + 1;
                total_in = total_in + 1;
            end
            if (rst) begin
                sb_rd = 0; sb_wr = 0;
            end
            model_edge;
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    task cyc(input r, input iv, input [7:0] d, input ordy);
        begin
            rst = r; in_valid = iv; in_data = d; out_ready = ordy;
            tick;
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'he9b5_dba5;
        m_mv = 1'b0; m_sv = 1'b0; m_md = 8'd0; m_sd = 8'd0;
        sb_wr = 0; sb_rd = 0; total_in = 0;
        m_valid = 1'b0;
        #1;
        cyc(1, 1, 8'h11, 1);
        cyc(1, 1, 8'h12, 0);
        // Full throughput with the consumer always ready.
        for (n = 0; n < 10; n = n + 1) cyc(0, 1, 8'h20 + n, 1);
        cyc(0, 0, 8'hee, 1);
        // Consumer stalls for a while: main fills, skid fills, in_ready drops.
        cyc(0, 1, 8'h31, 0);
        cyc(0, 1, 8'h32, 0);
        cyc(0, 1, 8'h33, 0);   // not accepted (skid full)
        cyc(0, 1, 8'h34, 0);
        cyc(0, 1, 8'h35, 1);   // drain main, skid -> main
        cyc(0, 1, 8'h36, 1);
        cyc(0, 1, 8'h37, 1);
        cyc(0, 0, 8'h00, 1);
        cyc(0, 0, 8'h00, 1);
        // Alternating ready with continuous valid.
        for (n = 0; n < 20; n = n + 1) cyc(0, 1, 8'h40 + n, n[0]);
        // Stall, then bubbles in the input while draining.
        for (n = 0; n < 4; n = n + 1) cyc(0, 1, 8'h60 + n, 0);
        for (n = 0; n < 6; n = n + 1) cyc(0, n[0], 8'h70 + n, 1);
        // Reset with both registers full.
        cyc(0, 1, 8'h81, 0); cyc(0, 1, 8'h82, 0); cyc(0, 1, 8'h83, 0);
        cyc(1, 1, 8'h84, 1);
        for (n = 0; n < 5; n = n + 1) cyc(0, 1, 8'h90 + n, 1);
        // Random phases with different valid/ready densities.
        for (phase = 0; phase < 40; phase = phase + 1) begin
            roll;
            p_valid = rng[2:0];     // density in eighths (0 = rare)
            p_ready = rng[5:3];
            for (n = 0; n < 150; n = n + 1) begin
                roll;
                cyc(rng[31:20] == 12'd0,
                    rng[2:0] <= p_valid,
                    rng[15:8],
                    rng[6:4] <= p_ready);
            end
        end
        // Drain.
        for (n = 0; n < 4; n = n + 1) cyc(0, 0, 8'h00, 1);
        tick;
        cb_check("all_words_delivered", sb_rd, sb_wr);
        cb_check("words_moved", total_in > 1500, 1);
        cb_done;
    end
endmodule
