// Self-checking testbench for crc8. The golden model uses the byte-XOR form of
// the MSB-first CRC-8 (poly 0x07, init 0x00).
module tb;
`include "chipbench_tb.vh"

    reg        clk   = 1'b0;
    reg        rst   = 1'b1;
    reg        init  = 1'b0;
    reg        valid = 1'b0;
    reg  [7:0] data  = 8'h00;
    wire [7:0] crc;

    always #5 clk = ~clk;

    crc8 dut (
        .clk  (clk),
        .rst  (rst),
        .init (init),
        .valid(valid),
        .data (data),
        .crc  (crc)
    );

    reg [7:0]  mcrc;
    reg [7:0]  exp_crc;
    reg [31:0] rng;
    reg [7:0]  msg [0:8];
    integer    n, j;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    function [7:0] model_byte(input [7:0] c, input [7:0] d);
        integer k;
        reg [7:0] x;
        begin
            x = c ^ d;
            for (k = 0; k < 8; k = k + 1)
                x = x[7] ? ((x << 1) ^ 8'h07) : (x << 1);
            model_byte = x;
        end
    endfunction

    // Entered 1 unit after a rising edge: drive, check, clock, update model.
    task cycle(input r, input i, input v, input [7:0] d);
        begin
            rst = r; init = i; valid = v; data = d;
            #1;
            exp_crc = mcrc;
            cb_check("crc", crc, exp_crc);
            @(posedge clk);
            if (r || i)  mcrc = 8'h00;
            else if (v)  mcrc = model_byte(mcrc, d);
            #1;
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng  = 32'hc4c8_0007;
        mcrc = 8'h00;
        msg[0] = "1"; msg[1] = "2"; msg[2] = "3"; msg[3] = "4"; msg[4] = "5";
        msg[5] = "6"; msg[6] = "7"; msg[7] = "8"; msg[8] = "9";
        @(posedge clk);
        #1;
        cycle(1'b1, 1'b0, 1'b1, 8'hAA);
        cycle(1'b0, 1'b0, 1'b0, 8'h00);
        // Standard check string, back to back.
        for (j = 0; j < 9; j = j + 1) cycle(1'b0, 1'b0, 1'b1, msg[j]);
        cycle(1'b0, 1'b0, 1'b0, 8'h00);
        exp_crc = 8'hF4;
        cb_check("crc_check_value", crc, exp_crc);
        // Same string with gaps, after an init.
        cycle(1'b0, 1'b1, 1'b0, 8'h00);
        for (j = 0; j < 9; j = j + 1) begin
            cycle(1'b0, 1'b0, 1'b0, 8'h5A);
            cycle(1'b0, 1'b0, 1'b1, msg[j]);
        end
        cycle(1'b0, 1'b0, 1'b0, 8'h00);
        // init with valid: byte dropped; then single bytes.
        cycle(1'b0, 1'b1, 1'b1, 8'h31);
        cycle(1'b0, 1'b0, 1'b1, 8'h01);
        cycle(1'b0, 1'b0, 1'b1, 8'h80);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b0, 1'b1, 8'hFF);
        cycle(1'b1, 1'b1, 1'b1, 8'h12);
        cycle(1'b0, 1'b0, 1'b1, 8'h12);
        cycle(1'b1, 1'b0, 1'b1, 8'h34);
        cycle(1'b0, 1'b0, 1'b0, 8'h34);

        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            cycle(rng[31:24] == 8'd0, rng[23:19] == 5'd0, rng[17:16] != 2'b00, rng[7:0]);
        end
        cb_done;
    end
endmodule
