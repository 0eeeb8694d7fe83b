// Self-checking testbench for seq_detector. The golden model keeps the last
// four sampled bits; detect must equal (last four bits == 1011).
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire detect;

    always #5 clk = ~clk;

    seq_detector dut (
        .clk   (clk),
        .rst   (rst),
        .din   (din),
        .detect(detect)
    );

    reg [3:0]  hist;
    reg        exp_detect;
    reg [31:0] rng;
    integer    n, b;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Entered 1 unit after a rising edge: drive, check, clock, update model.
    task cycle(input r, input d);
        begin
            rst = r; din = d;
            #1;
            exp_detect = (hist == 4'b1011);
            cb_check("detect", detect, exp_detect);
            @(posedge clk);
            if (r) hist = 4'b0000;
            else   hist = {hist[2:0], d};
            #1;
        end
    endtask

    // Feed the low `len` bits of `bits`, most significant of them first.
    task feed(input [15:0] bits, input integer len);
        begin
            for (b = len - 1; b >= 0; b = b - 1)
                cycle(1'b0, bits[b]);
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng  = 32'h1011_beef;
        hist = 4'b0000;
        @(posedge clk);
        #1;
        cycle(1'b1, 1'b1);
        cycle(1'b1, 1'b0);
        feed(16'b1011, 4);        cycle(1'b0, 1'b0); cycle(1'b0, 1'b0);
        feed(16'b101011, 6);      cycle(1'b0, 1'b0); cycle(1'b0, 1'b0);
        feed(16'b1011011, 7);     cycle(1'b0, 1'b0); cycle(1'b0, 1'b0);
        feed(16'b10111011, 8);    cycle(1'b0, 1'b0);
        feed(16'b1101011, 7);     cycle(1'b0, 1'b0);
        feed(16'b1001011, 7);     cycle(1'b0, 1'b0);
        feed(16'b111011, 6);      cycle(1'b0, 1'b0);
        feed(16'b1010101011, 10);
        // Reset in the middle of a match: 10 | reset | 11 must not match.
        feed(16'b101, 3);
        cycle(1'b1, 1'b1);
        feed(16'b11, 2);
        cycle(1'b0, 1'b0);
        feed(16'b1011, 4);
        cycle(1'b1, 1'b0);         // reset while detect is high
        cycle(1'b0, 1'b0);

        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            if (rng[31:23] == 9'd0)
                cycle(1'b1, rng[0]);
            else if (rng[22:20] == 3'd0)
                feed(16'b1011, 4);
            else if (rng[22:20] == 3'd1)
                feed(16'b10, 2);
            else
                cycle(1'b0, rng[3] | (rng[4] & rng[5]));
        end
        cb_done;
    end
endmodule
