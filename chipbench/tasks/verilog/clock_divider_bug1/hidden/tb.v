// Hidden self-checking testbench for clock_divider.
// Inputs change 1 unit after a rising edge; clk_out is checked every cycle,
// 4 units after the edge, against a behavioural model (position in period,
// divisor of the period, pending divisor). Measured high/low run lengths are
// also checked against the duty rule for whole periods.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        load = 1'b0;
    reg  [7:0] div_in = 8'd0;
    wire       clk_out;

    always #5 clk = ~clk;

    clock_divider dut (
        .clk    (clk),
        .rst    (rst),
        .load   (load),
        .div_in (div_in),
        .clk_out(clk_out)
    );

    integer    m_pos, m_div, m_pend;
    reg        exp_out;
    reg        m_valid;
    integer    periods;
    reg [31:0] rng;
    integer    n, k, highs;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                exp_out = (m_pos < m_div / 2);
                cb_check("clk_out", clk_out, exp_out);
            end
            @(posedge clk);
            if (rst) begin
                m_pos = 0; m_div = 2; m_pend = 2;
                m_valid = 1'b1;
            end else begin
                if (load && div_in >= 2) m_pend = div_in;
                m_pos = m_pos + 1;
                if (m_pos == m_div) begin
                    m_pos = 0;
                    m_div = m_pend;
                    periods = periods + 1;
                end
            end
            #1;
        end
    endtask

    task cyc(input r, input l, input [7:0] d);
        begin
            rst = r; load = l; div_in = d;
            tick;
        end
    endtask

    // Idle until the next cycle to be checked is position `ps` of a period.
    task run_to(input integer ps);
        begin
            while (m_pos != ps) begin
                roll;
                cyc(1'b0, 1'b0, rng[7:0]);
            end
        end
    endtask

    // Count the high cycles of the next full period (starting at position 0).
    task measure(input integer expect_len);
        begin
            run_to(0);
            highs = 0;
            for (k = 0; k < expect_len; k = k + 1) begin
                highs = highs + clk_out;
                roll;
                cyc(1'b0, 1'b0, rng[7:0]);
            end
            cb_check("period_high_cycles", highs, expect_len / 2);
            cb_check("period_length", m_pos, 0);
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h2b3c_4d5e;
        m_pos = 0; m_div = 2; m_pend = 2; periods = 0;
        m_valid = 1'b0;
        #1;
        cyc(1'b1, 1'b1, 8'd9);
        cyc(1'b1, 1'b0, 8'd9);
        // Default divisor 2 after reset.
        for (n = 0; n < 8; n = n + 1) cyc(1'b0, 1'b0, 8'd0);
        // Each divisor 2..12 plus a few large ones, measured over full periods.
        for (n = 2; n <= 13; n = n + 1) begin
            cyc(1'b0, 1'b1, n);
            run_to(0);
            measure(n);
            measure(n);
        end
        cyc(1'b0, 1'b1, 8'd255); measure(255);
        cyc(1'b0, 1'b1, 8'd254); measure(254);
        cyc(1'b0, 1'b1, 8'd3);   measure(3);
        // Invalid loads (0 and 1) are ignored.
        cyc(1'b0, 1'b1, 8'd5); run_to(0);
        cyc(1'b0, 1'b1, 8'd1); cyc(1'b0, 1'b1, 8'd0);
        measure(5); measure(5);
        // Load exactly at the boundary edge (next checked position is 0).
        cyc(1'b0, 1'b1, 8'd7);
        run_to(0);
        run_to(6);
        cyc(1'b0, 1'b1, 8'd4);      // this edge starts a new period: applies
        measure(4);
        // Load right after the boundary: deferred one period.
        run_to(0);
        cyc(1'b0, 1'b1, 8'd10);
        run_to(0);
        measure(10);
        // Several loads in one period: the last valid one wins.
        cyc(1'b0, 1'b1, 8'd20);
        cyc(1'b0, 1'b1, 8'd6);
        cyc(1'b0, 1'b1, 8'd1);
        measure(6);
        // Reset in the middle of a long period, with a pending value.
        cyc(1'b0, 1'b1, 8'd40);
        run_to(0);
        run_to(17);
        cyc(1'b0, 1'b1, 8'd11);
        cyc(1'b1, 1'b0, 8'd0);
        for (n = 0; n < 10; n = n + 1) cyc(1'b0, 1'b0, 8'd0);
        // Random loads, many at period boundaries, mostly small divisors.
        for (n = 0; n < 6000; n = n + 1) begin
            roll;
            if (m_pos == m_div - 1 && rng[12])
                cyc(1'b0, 1'b1, {4'd0, rng[3:0]});
            else if (rng[31:27] == 5'd0)
                cyc(1'b0, 1'b1, rng[8] ? {5'd0, rng[2:0]} : {3'd0, rng[4:0]});
            else
                cyc(rng[31:20] == 12'd1, 1'b0, rng[7:0]);
        end
        tick;
        cb_check("periods_seen", periods > 600, 1);
        cb_done;
    end
endmodule
