// Hidden self-checking testbench for debouncer.
// Three instances (N = 4 default, N = 1, N = 7) share the same din. Inputs
// change 1 unit after a rising edge; every dout is checked every cycle,
// 4 units after the edge, against a behavioural model per instance.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire dout4, dout1, dout7;

    always #5 clk = ~clk;

    debouncer dut4 (.clk(clk), .rst(rst), .din(din), .dout(dout4));
    debouncer #(.N(1)) dut1 (.clk(clk), .rst(rst), .din(din), .dout(dout1));
    debouncer #(.N(7)) dut7 (.clk(clk), .rst(rst), .din(din), .dout(dout7));

    reg        m_d4, m_d1, m_d7;
    integer    m_c4, m_c1, m_c7;
    reg        exp4, exp1, exp7;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, len, k;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model(inout reg d, inout integer c, input integer nn);
        begin
            if (rst) begin
                d = 1'b0; c = 0;
            end else if (din == d) begin
                c = 0;
            end else if (c == nn - 1) begin
                d = din; c = 0;
            end else begin
                c = c + 1;
            end
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                exp4 = m_d4; exp1 = m_d1; exp7 = m_d7;
                cb_check("dout_n4", dout4, exp4);
                cb_check("dout_n1", dout1, exp1);
                cb_check("dout_n7", dout7, exp7);
            end
            @(posedge clk);
            model(m_d4, m_c4, 4);
            model(m_d1, m_c1, 1);
            model(m_d7, m_c7, 7);
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    task cyc(input r, input d);
        begin
            rst = r;
            din = d;
            tick;
        end
    endtask

    initial begin
        #5000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'ha54f_f53a;
        m_d4 = 1'b0; m_d1 = 1'b0; m_d7 = 1'b0;
        m_c4 = 0; m_c1 = 0; m_c7 = 0;
        m_valid = 1'b0;
        #1;
        // Reset with din high: reset edges never count.
        cyc(1'b1, 1'b1);
        cyc(1'b1, 1'b1);
        cyc(1'b1, 1'b1);
        // Runs of exactly N-1, N and N+1 for each N, both polarities.
        for (len = 1; len <= 9; len = len + 1) begin
            for (k = 0; k < len; k = k + 1) cyc(1'b0, ~m_d4);
            for (k = 0; k < 9; k = k + 1) cyc(1'b0, m_d7);
            for (k = 0; k < 9; k = k + 1) cyc(1'b0, ~m_d7);
        end
        // Glitch in the middle of a run: 1 1 1 0 1 1 1 1.
        for (k = 0; k < 10; k = k + 1) cyc(1'b0, 1'b0);
        cyc(1'b0, 1'b1); cyc(1'b0, 1'b1); cyc(1'b0, 1'b1); cyc(1'b0, 1'b0);
        for (k = 0; k < 10; k = k + 1) cyc(1'b0, 1'b1);
        // Reset in the middle of a long run towards 1, then continue.
        for (k = 0; k < 12; k = k + 1) cyc(1'b0, 1'b0);
        cyc(1'b0, 1'b1); cyc(1'b0, 1'b1);
        cyc(1'b1, 1'b1);
        for (k = 0; k < 10; k = k + 1) cyc(1'b0, 1'b1);
        // Toggle every cycle.
        for (k = 0; k < 20; k = k + 1) cyc(1'b0, k[0]);
        // Random runs with bounce.
        for (n = 0; n < 900; n = n + 1) begin
            roll;
            len = rng[3:0] + 1;
            if (rng[6:4] == 3'd0) len = 1;
            for (k = 0; k < len; k = k + 1) begin
                roll;
                cyc(rng[31:24] == 8'd0, (rng[5:0] == 6'd0) ? ~din : (k == 0 ? ~din : din));
            end
        end
        tick;
        cb_done;
    end
endmodule
