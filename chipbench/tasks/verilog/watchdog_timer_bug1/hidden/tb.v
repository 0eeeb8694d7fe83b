// Hidden self-checking testbench for watchdog_timer.
// Inputs change 1 unit after a rising edge; count and timeout are checked
// every cycle, 4 units after the edge, against a behavioural model.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en = 1'b0;
    reg        kick = 1'b0;
    reg  [7:0] load_val = 8'd0;
    wire [7:0] count;
    wire       timeout;

    always #5 clk = ~clk;

    watchdog_timer dut (
        .clk     (clk),
        .rst     (rst),
        .en      (en),
        .kick    (kick),
        .load_val(load_val),
        .count   (count),
        .timeout (timeout)
    );

    reg [7:0]  m_count, exp_count;
    reg        m_to, exp_to;
    reg        m_valid;
    integer    n_to;
    reg [31:0] rng;
    integer    n, k;

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
                exp_count = m_count;
                exp_to = m_to;
                cb_check("count", count, exp_count);
                cb_check("timeout", timeout, exp_to);
            end
            @(posedge clk);
            m_to = 1'b0;
            if (rst || kick) begin
                m_count = load_val;
            end else if (en) begin
                if (m_count == 8'd1) begin
                    m_to = 1'b1;
                    n_to = n_to + 1;
                end
                if (m_count != 8'd0) m_count = m_count - 8'd1;
            end
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    task cyc(input r, input e, input kk, input [7:0] lv);
        begin
            rst = r; en = e; kick = kk; load_val = lv;
            tick;
        end
    endtask

    initial begin
        #5000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h7137_4491;
        m_count = 8'd0; m_to = 1'b0; n_to = 0;
        m_valid = 1'b0;
        #1;
        // Reset loads load_val even with en and kick active.
        cyc(1, 1, 1, 8'd5);
        cyc(1, 0, 0, 8'd4);
        // Count down to expiry and stay there.
        for (n = 0; n < 9; n = n + 1) cyc(0, 1, 0, 8'd200);
        // Kick while expired, with en low: reloads.
        cyc(0, 0, 1, 8'd3);
        for (n = 0; n < 3; n = n + 1) cyc(0, 0, 0, 8'd9);     // hold
        for (n = 0; n < 6; n = n + 1) cyc(0, 1, 0, 8'd9);
        // Kick with load 1: timeout on the very next enabled edge.
        cyc(0, 1, 1, 8'd1);
        cyc(0, 1, 0, 8'd1);
        cyc(0, 1, 0, 8'd1);
        // Kick with load 0: expired, no pulse.
        cyc(0, 1, 1, 8'd0);
        for (n = 0; n < 3; n = n + 1) cyc(0, 1, 0, 8'd0);
        // Kick exactly when count is 1 (kick beats the timeout).
        cyc(0, 1, 1, 8'd4);
        cyc(0, 1, 0, 8'd0); cyc(0, 1, 0, 8'd0); cyc(0, 1, 0, 8'd0);
        cyc(0, 1, 1, 8'd2);
        for (n = 0; n < 4; n = n + 1) cyc(0, 1, 0, 8'd0);
        // Disable exactly when count is 1, then enable later.
        cyc(0, 1, 1, 8'd2);
        cyc(0, 1, 0, 8'd0);
        cyc(0, 0, 0, 8'd0); cyc(0, 0, 0, 8'd0);
        cyc(0, 1, 0, 8'd0); cyc(0, 1, 0, 8'd0);
        // Large value wrap check: 255 counts down, 0 never wraps to 255.
        cyc(0, 1, 1, 8'd255);
        for (n = 0; n < 260; n = n + 1) cyc(0, 1, 0, 8'd7);
        // Random: short reload values, random kicks, enables and resets.
        for (n = 0; n < 5000; n = n + 1) begin
            roll;
            cyc(rng[31:24] == 8'd0, rng[3:0] != 4'd0, rng[9:5] == 5'd0,
                rng[10] ? {5'd0, rng[13:11]} : {4'd0, rng[17:14]});
        end
        tick;
        cb_check("timeouts_seen", n_to > 100, 1);
        cb_done;
    end
endmodule
