// Hidden self-checking testbench for seq_detector_mealy.
// din and rst change 1 unit after a rising edge; detect is checked every
// cycle 4 units after the edge (after din has settled), against a model that
// keeps the last three consumed bits.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire detect;

    always #5 clk = ~clk;

    seq_detector_mealy dut (
        .clk   (clk),
        .rst   (rst),
        .din   (din),
        .detect(detect)
    );

    reg [2:0]  hist;     // last three consumed bits, hist[2] oldest
    integer    nvalid;   // how many of them are valid since reset (0..3)
    reg        exp_det;
    reg        m_valid;
    integer    n_match;
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
                exp_det = (nvalid >= 3) && (hist == 3'b110) && din;
                if (exp_det) n_match = n_match + 1;
                cb_check("detect", detect, exp_det);
            end
            @(posedge clk);
            if (rst) begin
                hist = 3'b000;
                nvalid = 0;
                m_valid = 1'b1;
            end else begin
                hist = {hist[1:0], din};
                if (nvalid < 3) nvalid = nvalid + 1;
            end
            #1;
        end
    endtask

    task bits(input [31:0] pattern, input integer len);
        begin
            for (k = len - 1; k >= 0; k = k - 1) begin
                rst = 1'b0;
                din = pattern[k];
                tick;
            end
        end
    endtask

    task do_reset(input d);
        begin
            rst = 1'b1;
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
        rng = 32'h5be0_cd19;
        hist = 3'b000; nvalid = 0; n_match = 0;
        m_valid = 1'b0;
        #1;
        do_reset(1'b1);
        do_reset(1'b0);
        bits(32'b1101, 4);
        bits(32'b101101101, 9);
        do_reset(1'b0);
        bits(32'b11101, 5);
        bits(32'b1111101, 7);
        bits(32'b1100110101101, 13);
        // Reset right after "110": the following 1 must not match.
        bits(32'b0110, 4);
        do_reset(1'b1);
        bits(32'b1101, 4);
        // Reset cycle while the state is "110" and din = 1: detect is 1 then.
        bits(32'b0110, 4);
        do_reset(1'b1);
        bits(32'b0110, 4);
        do_reset(1'b0);
        bits(32'b011010, 6);
        // Random, biased towards ones.
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            rst = (rng[31:25] == 7'd0);
            din = (rng[1:0] != 2'b00);
            if (rng[9:8] == 2'b00) din = rng[2];
            tick;
        end
        tick;
        cb_check("enough_matches", n_match > 200, 1);
        cb_done;
    end
endmodule
