// Hidden self-checking testbench for spi_master.
// Inputs change 1 unit after a rising edge; every output is checked every
// cycle, 4 units after the edge, against a behavioural model. miso is mostly
// random noise (so the exact sampling edge matters); in directed transfers a
// mode-0 slave model reacts to the DUT's sclk/cs_n and the exchanged bytes
// are checked on both sides.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        start = 1'b0;
    reg  [7:0] tx_data = 8'd0;
    reg        miso = 1'b0;
    wire       busy, done, sclk, mosi, cs_n;
    wire [7:0] rx_data;

    always #5 clk = ~clk;

    spi_master dut (
        .clk    (clk),
        .rst    (rst),
        .start  (start),
        .tx_data(tx_data),
        .miso   (miso),
        .busy   (busy),
        .done   (done),
        .rx_data(rx_data),
        .sclk   (sclk),
        .mosi   (mosi),
        .cs_n   (cs_n)
    );

    reg        m_busy, m_done;
    integer    m_cyc;
    reg [7:0]  m_tx, m_rxsh, m_rx;
    reg        exp_busy, exp_done, exp_sclk, exp_mosi, exp_cs_n;
    reg [7:0]  exp_rx;
    reg        m_valid;
    integer    n_done;
    reg [31:0] rng;
    integer    n, k;

    // slave model (directed transfers only)
    reg        slave_on;
    reg [7:0]  slave_out, slave_in;
    reg        prev_sclk, prev_cs_n;
    integer    slave_bits;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task check_outputs;
        begin
            if (m_busy) begin
                exp_busy = 1'b1;
                exp_cs_n = 1'b0;
                exp_sclk = (m_cyc % 4) >= 2;
                exp_mosi = m_tx[7 - m_cyc / 4];
            end else begin
                exp_busy = 1'b0;
                exp_cs_n = 1'b1;
                exp_sclk = 1'b0;
                exp_mosi = 1'b0;
            end
            exp_done = m_done;
            exp_rx = m_rx;
            cb_check("busy", busy, exp_busy);
            cb_check("cs_n", cs_n, exp_cs_n);
            cb_check("sclk", sclk, exp_sclk);
            cb_check("mosi", mosi, exp_mosi);
            cb_check("done", done, exp_done);
            cb_check("rx_data", rx_data, exp_rx);
        end
    endtask

    task model_edge;
        begin
            m_done = 1'b0;
            if (rst) begin
                m_busy = 1'b0;
                m_cyc = 0;
                m_rx = 8'd0;
            end else if (!m_busy) begin
                if (start) begin
                    m_busy = 1'b1;
                    m_cyc = 0;
                    m_tx = tx_data;
                end
            end else begin
                if ((m_cyc % 4) == 2) m_rxsh = {m_rxsh[6:0], miso};
                if (m_cyc == 31) begin
                    m_busy = 1'b0;
                    m_done = 1'b1;
                    m_rx = m_rxsh;
                    n_done = n_done + 1;
                end else begin
                    m_cyc = m_cyc + 1;
                end
            end
        end
    endtask

    // Slave reaction, 1 unit after an edge, from the DUT's own pins:
    // drive the MSB when selected, shift out on sclk falling, capture on rising.
    task slave_react;
        begin
            if (slave_on) begin
                if (prev_cs_n && !cs_n) begin
                    miso = slave_out[7];
                    slave_bits = 0;
                end else if (!cs_n && prev_sclk && !sclk) begin
                    slave_out = {slave_out[6:0], 1'b0};
                    miso = slave_out[7];
                end
                if (!cs_n && !prev_sclk && sclk) begin
                    slave_in = {slave_in[6:0], mosi};
                    slave_bits = slave_bits + 1;
                end
            end
            prev_sclk = sclk;
            prev_cs_n = cs_n;
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) check_outputs;
            @(posedge clk);
            model_edge;
            if (rst) m_valid = 1'b1;
            #1;
            slave_react;
        end
    endtask

    task directed_transfer(input [7:0] to_slave, input [7:0] from_slave);
        begin
            while (m_busy) begin start = 1'b0; tick; end
            slave_on = 1'b1;
            slave_out = from_slave;
            slave_in = 8'd0;
            start = 1'b1;
            tx_data = to_slave;
            tick;
            start = 1'b0;
            tx_data = ~to_slave;
            while (m_busy) tick;
            tick;
            cb_check("slave_received", slave_in, to_slave);
            cb_check("slave_sclk_rises", slave_bits, 8);
            exp_rx = from_slave;
            cb_check("master_received", rx_data, exp_rx);
            slave_on = 1'b0;
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h1f83_d9ab;
        m_busy = 1'b0; m_done = 1'b0; m_cyc = 0;
        m_tx = 8'd0; m_rxsh = 8'd0; m_rx = 8'd0;
        n_done = 0;
        slave_on = 1'b0; slave_out = 8'd0; slave_in = 8'd0; slave_bits = 0;
        prev_sclk = 1'b0; prev_cs_n = 1'b1;
        m_valid = 1'b0;
        #1;
        // Reset with start high: ignored.
        rst = 1'b1; start = 1'b1; tx_data = 8'hff; miso = 1'b1;
        tick; tick;
        rst = 1'b0; start = 1'b0; miso = 1'b0;
        tick; tick;
        // Directed transfers with a proper slave.
        directed_transfer(8'ha5, 8'h3c);
        directed_transfer(8'h01, 8'h80);
        directed_transfer(8'h80, 8'h01);
        directed_transfer(8'hff, 8'h00);
        directed_transfer(8'h00, 8'hff);
        directed_transfer(8'h6e, 8'hd2);
        // Start held high with random miso: back-to-back transfers.
        start = 1'b1;
        for (n = 0; n < 140; n = n + 1) begin
            roll;
            miso = rng[0];
            tx_data = rng[15:8];
            tick;
        end
        start = 1'b0;
        // Start pulses while busy are ignored; data changes mid-transfer.
        for (n = 0; n < 100; n = n + 1) begin
            roll;
            start = rng[1] & rng[2];
            miso = rng[5];
            tx_data = rng[23:16];
            tick;
        end
        start = 1'b0;
        // Reset in the middle of a transfer.
        while (!m_busy || m_cyc < 13) begin roll; miso = rng[3]; start = 1'b1; tick; end
        start = 1'b0;
        rst = 1'b1; tick; rst = 1'b0;
        for (n = 0; n < 5; n = n + 1) tick;
        // Random traffic with noisy miso.
        for (n = 0; n < 5000; n = n + 1) begin
            roll;
            rst = (rng[31:21] == 11'd0);
            start = (rng[3:0] < 4'd3);
            tx_data = rng[19:12];
            miso = rng[7] ^ rng[9];
            tick;
        end
        rst = 1'b0; start = 1'b0;
        while (m_busy) tick;
        tick; tick;
        cb_check("transfers_done", n_done > 100, 1);
        cb_done;
    end
endmodule
