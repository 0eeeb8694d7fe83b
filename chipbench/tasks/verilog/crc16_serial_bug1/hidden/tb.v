// Hidden testbench for crc16_serial. Inputs change 2 units after a rising
// edge; crc is checked 1 unit after every rising edge and 1 unit after every
// asynchronous reset assertion. The model processes whole bits with a
// table-free polynomial division written independently of the DUT's form.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst_n = 1'b1;
    reg         init = 1'b0;
    reg         en = 1'b0;
    reg         din = 1'b0;
    wire [15:0] crc;

    always #5 clk = ~clk;

    crc16_serial dut (
        .clk  (clk),
        .rst_n(rst_n),
        .init (init),
        .en   (en),
        .din  (din),
        .crc  (crc)
    );

    reg [15:0] m_crc, exp_crc, sent;
    reg [16:0] wide;
    reg [31:0] rng;
    reg [7:0]  byte_v;
    integer    n, k;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Model of one clock edge: append the bit to the dividend, reduce mod 0x11021.
    task model_edge;
        begin
            if (!rst_n)
                m_crc = 16'hFFFF;
            else if (init)
                m_crc = 16'hFFFF;
            else if (en) begin
                wide = {m_crc ^ {din, 15'd0}, 1'b0};
                if (wide[16]) wide = wide ^ 17'h11021;
                m_crc = wide[15:0];
            end
        end
    endtask

    task check;
        begin
            exp_crc = m_crc;
            cb_check("crc", crc, exp_crc);
        end
    endtask

    // Called 2 units after a rising edge: set inputs, wait for the next edge,
    // update the model, check 1 unit later. Leaves time at edge + 1.
    task cycle(input r_n, input i, input e, input d);
        begin
            rst_n = r_n; init = i; en = e; din = d;
            if (!r_n) begin
                m_crc = 16'hFFFF;
                #1 check;
            end
            @(posedge clk);
            model_edge;
            #1 check;
            #1;
        end
    endtask

    task feed_byte(input [7:0] b);
        begin
            for (k = 7; k >= 0; k = k - 1)
                cycle(1'b1, 1'b0, 1'b1, b[k]);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'hc0ff_ee11;
        m_crc = 16'hFFFF;
        @(posedge clk); #2;
        // async reset asserted between edges
        cycle(1'b0, 1'b0, 1'b1, 1'b1);
        cycle(1'b0, 1'b0, 1'b1, 1'b0);
        cycle(1'b1, 1'b0, 1'b0, 1'b0);
        cb_check("crc_after_reset", crc, 16'hFFFF);
        // "123456789", MSB first
        for (n = 1; n <= 9; n = n + 1) begin
            byte_v = 8'h30 + n;
            feed_byte(byte_v);
        end
        cb_check("crc_check_value", crc, 16'h29B1);
        // append the CRC itself: residue must be zero
        sent = crc;
        for (n = 15; n >= 0; n = n - 1)
            cycle(1'b1, 1'b0, 1'b1, sent[n]);
        cb_check("crc_residue", crc, 16'h0000);
        // hold with en low while din toggles
        for (n = 0; n < 6; n = n + 1) cycle(1'b1, 1'b0, 1'b0, n[0]);
        // init has priority over en, and the bit offered with init is dropped
        feed_byte(8'hA5);
        cycle(1'b1, 1'b1, 1'b1, 1'b1);
        cb_check("crc_after_init", crc, 16'hFFFF);
        feed_byte(8'h00);
        feed_byte(8'hFF);
        cycle(1'b1, 1'b1, 1'b0, 1'b0);
        // all-zero and all-one streams from init
        for (n = 0; n < 40; n = n + 1) cycle(1'b1, 1'b0, 1'b1, 1'b0);
        cycle(1'b1, 1'b1, 1'b0, 1'b1);
        for (n = 0; n < 40; n = n + 1) cycle(1'b1, 1'b0, 1'b1, 1'b1);
        // asynchronous reset pulse shorter than a clock period, between edges
        feed_byte(8'h5A);
        rst_n = 1'b0; m_crc = 16'hFFFF;
        #1 check;
        #3 rst_n = 1'b1;
        #1 check;
        @(posedge clk); model_edge; #1 check; #1;
        feed_byte(8'h3C);

        // random traffic
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            cycle(rng[31:24] != 8'd0, rng[23:19] == 5'd0, rng[18:16] != 3'd0, rng[5]);
        end
        cb_done;
    end
endmodule
