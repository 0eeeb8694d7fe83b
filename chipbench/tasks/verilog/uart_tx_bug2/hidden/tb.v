// Hidden self-checking testbench for uart_tx.
// Two instances (CLKS_PER_BIT = 4 default, and 3) with independent stimulus.
// Inputs change 1 unit after a rising edge; tx and busy of both instances are
// checked every cycle, 4 units after the edge, against a behavioural model.
// A second, independent check decodes every completed frame from the model's
// view of tx and compares it with the byte that was handed over.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [1:0] start = 2'b00;
    reg  [7:0] data0 = 8'd0, data1 = 8'd0;
    wire [1:0] tx, busy;

    always #5 clk = ~clk;

    uart_tx dut0 (
        .clk  (clk),
        .rst  (rst),
        .start(start[0]),
        .data (data0),
        .tx   (tx[0]),
        .busy (busy[0])
    );

    uart_tx #(.CLKS_PER_BIT(3)) dut1 (
        .clk  (clk),
        .rst  (rst),
        .start(start[1]),
        .data (data1),
        .tx   (tx[1]),
        .busy (busy[1])
    );

    // Model state per instance.
    reg        m_busy  [0:1];
    integer    m_cyc   [0:1];
    reg [7:0]  m_byte  [0:1];
    integer    bt      [0:1];
    reg        exp_tx, exp_busy;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, i, slot, frames0, frames1;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task expect_for(input integer k);
        begin
            if (!m_busy[k]) begin
                exp_tx = 1'b1;
                exp_busy = 1'b0;
            end else begin
                exp_busy = 1'b1;
                slot = m_cyc[k] / bt[k];
                if (slot == 0)      exp_tx = 1'b0;
                else if (slot == 9) exp_tx = 1'b1;
                else                exp_tx = m_byte[k][slot - 1];
            end
        end
    endtask

    task model_edge(input integer k, input s, input [7:0] d);
        begin
            if (rst) begin
                m_busy[k] = 1'b0;
                m_cyc[k] = 0;
            end else if (!m_busy[k]) begin
                if (s) begin
                    m_busy[k] = 1'b1;
                    m_cyc[k] = 0;
                    m_byte[k] = d;
                end
            end else begin
                m_cyc[k] = m_cyc[k] + 1;
                if (m_cyc[k] == 10 * bt[k]) begin
                    m_busy[k] = 1'b0;
                    if (k == 0) frames0 = frames0 + 1; else frames1 = frames1 + 1;
                end
            end
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                expect_for(0);
                cb_check("tx_b4", tx[0], exp_tx);
                cb_check("busy_b4", busy[0], exp_busy);
                expect_for(1);
                cb_check("tx_b3", tx[1], exp_tx);
                cb_check("busy_b3", busy[1], exp_busy);
            end
            @(posedge clk);
            model_edge(0, start[0], data0);
            model_edge(1, start[1], data1);
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    // Independent decode: sample the DUT line in the middle of each bit of a
    // frame started at the edge just taken, and compare with `b`.
    task send_and_decode(input integer k, input [7:0] b);
        reg [9:0] got;
        integer j, c;
        begin
            // wait until idle
            while (m_busy[k]) begin
                start = 2'b00;
                tick;
            end
            start = (k == 0) ? 2'b01 : 2'b10;
            if (k == 0) data0 = b; else data1 = b;
            tick;                       // edge S taken; now in cycle 0
            start = 2'b00;
            data0 = ~b; data1 = ~b;     // must not matter
            got = 10'd0;
            for (c = 0; c < 10 * bt[k]; c = c + 1) begin
                // tx is registered: stable 1 unit after the edge.
                if ((c % bt[k]) == (bt[k] / 2)) got[c / bt[k]] = tx[k];
                tick;
            end
            cb_check("decoded_start", got[0], 1'b0);
            cb_check("decoded_stop", got[9], 1'b1);
            cb_check("decoded_byte", got[8:1], b);
        end
    endtask

    initial begin
        #5000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h510e_527f;
        bt[0] = 4; bt[1] = 3;
        for (i = 0; i < 2; i = i + 1) begin
            m_busy[i] = 1'b0; m_cyc[i] = 0; m_byte[i] = 8'd0;
        end
        frames0 = 0; frames1 = 0;
        m_valid = 1'b0;
        #1;
        // Reset with start high: ignored.
        rst = 1'b1; start = 2'b11; data0 = 8'hff; data1 = 8'hff;
        tick; tick;
        rst = 1'b0; start = 2'b00;
        for (n = 0; n < 3; n = n + 1) tick;
        // Directed frames with an independent decode.
        send_and_decode(0, 8'ha5);
        send_and_decode(1, 8'h3c);
        send_and_decode(0, 8'h01);
        send_and_decode(1, 8'h80);
        send_and_decode(0, 8'h00);
        send_and_decode(1, 8'hff);
        // Start held high for several frames on both: one idle cycle between.
        start = 2'b11; data0 = 8'h96; data1 = 8'h69;
        for (n = 0; n < 150; n = n + 1) begin
            roll;
            data0 = rng[7:0]; data1 = rng[15:8];
            tick;
        end
        start = 2'b00;
        // Start pulses while busy are ignored.
        for (n = 0; n < 100; n = n + 1) begin
            roll;
            start = rng[1:0];
            data0 = rng[15:8]; data1 = rng[23:16];
            tick;
        end
        start = 2'b00;
        // Reset in the middle of a frame.
        while (!m_busy[0] || m_cyc[0] < 13) tick;
        rst = 1'b1; tick; rst = 1'b0;
        for (n = 0; n < 5; n = n + 1) tick;
        // Random traffic.
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            rst = (rng[31:22] == 10'd0);
            start[0] = rng[2:0] == 3'd0 || (rng[3] & rng[4] & rng[5]);
            start[1] = rng[10:8] == 3'd0;
            data0 = rng[23:16];
            data1 = rng[30:23];
            tick;
        end
        rst = 1'b0; start = 2'b00;
        while (m_busy[0] || m_busy[1]) tick;
        tick;
        cb_check("frames_b4_min", frames0 > 60, 1);
        cb_check("frames_b3_min", frames1 > 40, 1);
        cb_done;
    end
endmodule
