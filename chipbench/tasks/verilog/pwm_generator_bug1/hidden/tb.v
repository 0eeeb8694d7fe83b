// Hidden self-checking testbench for pwm_generator.
// Inputs change 1 unit after a rising edge; pwm_out is checked every cycle,
// 4 units after the edge, against a behavioural model (phase counter,
// pending duty, active duty).
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        load = 1'b0;
    reg  [7:0] duty_in = 8'd0;
    wire       pwm_out;

    always #5 clk = ~clk;

    pwm_generator dut (
        .clk    (clk),
        .rst    (rst),
        .load   (load),
        .duty_in(duty_in),
        .pwm_out(pwm_out)
    );

    reg [7:0]  m_phase, m_pend, m_duty;
    reg        exp_pwm;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, highs, p;

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
                exp_pwm = (m_phase < m_duty);
                cb_check("pwm_out", pwm_out, exp_pwm);
            end
            @(posedge clk);
            if (rst) begin
                m_phase = 8'd0; m_pend = 8'd0; m_duty = 8'd0;
                m_valid = 1'b1;
            end else begin
                if (load) m_pend = duty_in;
                m_phase = m_phase + 8'd1;
                if (m_phase == 8'd0) m_duty = m_pend;
            end
            #1;
        end
    endtask

    task cyc(input r, input l, input [7:0] d);
        begin
            rst = r;
            load = l;
            duty_in = d;
            tick;
        end
    endtask

    // Run idle cycles until the model phase equals `ph` (the next cycle to be
    // checked has that phase). Loads are off; duty_in is scrambled.
    task run_to(input [7:0] ph);
        begin
            while (m_phase != ph) begin
                roll;
                cyc(1'b0, 1'b0, rng[7:0]);
            end
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h3c6e_f372;
        m_phase = 8'd0; m_pend = 8'd0; m_duty = 8'd0;
        m_valid = 1'b0;
        #1;
        // Reset held for a few edges, with load active: reset wins.
        cyc(1'b1, 1'b1, 8'd200);
        cyc(1'b1, 1'b1, 8'd200);
        cyc(1'b1, 1'b0, 8'd0);
        // Period 0: duty 0. Load 3 mid-period; must not show until period 1.
        run_to(8'd100);
        cyc(1'b0, 1'b1, 8'd3);
        run_to(8'd0);
        // Period 1: duty 3. Count high cycles over the period.
        highs = 0;
        for (n = 0; n < 256; n = n + 1) begin
            cyc(1'b0, 1'b0, 8'd77);
            highs = highs + pwm_out;
        end
        cb_check("high_cycles_duty3", highs, 3);
        // Two loads in one period: the last one wins.
        run_to(8'd10);
        cyc(1'b0, 1'b1, 8'd40);
        run_to(8'd60);
        cyc(1'b0, 1'b1, 8'd255);
        run_to(8'd0);
        run_to(8'd255);
        // Load exactly at the boundary edge: used right away.
        cyc(1'b0, 1'b1, 8'd1);
        run_to(8'd255);
        // Load at the edge just after the boundary: deferred a full period.
        cyc(1'b0, 1'b0, 8'd0);
        cyc(1'b0, 1'b1, 8'd128);
        run_to(8'd0);
        run_to(8'd0);
        run_to(8'd255);
        // Duty 0 at the boundary, then duty 255 next.
        cyc(1'b0, 1'b1, 8'd0);
        cyc(1'b0, 1'b1, 8'd255);
        run_to(8'd0);
        run_to(8'd0);
        // Reset in the middle of a period with a pending value.
        run_to(8'd30);
        cyc(1'b0, 1'b1, 8'd90);
        cyc(1'b1, 1'b0, 8'd0);
        // Two full periods with no load: the pending duty was cleared.
        for (n = 0; n < 512; n = n + 1) cyc(1'b0, 1'b0, 8'd255);
        run_to(8'd200);
        // Random: loads with varied probability, some right at the boundary.
        for (p = 0; p < 24; p = p + 1) begin
            for (n = 0; n < 256; n = n + 1) begin
                roll;
                if (m_phase == 8'd255 && rng[20])
                    cyc(1'b0, 1'b1, rng[7:0]);
                else if (rng[31:28] == 4'd0)
                    cyc(1'b0, 1'b1, rng[15] ? rng[7:0] : {rng[9:8], 6'd0} | {7'd0, rng[10]});
                else
                    cyc(1'b0, 1'b0, rng[7:0]);
            end
            roll;
            if (rng[3:0] == 4'd0) cyc(1'b1, 1'b0, 8'd0);
        end
        tick;
        cb_done;
    end
endmodule
