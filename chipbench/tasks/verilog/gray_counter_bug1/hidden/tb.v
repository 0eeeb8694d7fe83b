// Hidden self-checking testbench for gray_counter.
// Inputs change 1 unit after a rising edge; gray is checked every cycle,
// 4 units after the edge, against a behavioural model of the count.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en  = 1'b0;
    wire [3:0] gray;

    always #5 clk = ~clk;

    gray_counter dut (
        .clk (clk),
        .rst (rst),
        .en  (en),
        .gray(gray)
    );

    reg [3:0]  m_count;
    reg [3:0]  exp_gray;
    reg [3:0]  prev_gray;
    reg [3:0]  diff;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, ones;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    // Check, then clock once with the current inputs and advance the model.
    task tick;
        begin
            #3;
            if (m_valid) begin
                exp_gray = m_count ^ (m_count >> 1);
                cb_check("gray", gray, exp_gray);
            end
            prev_gray = gray;
            @(posedge clk);
            if (rst) begin
                m_count = 4'd0;
                m_valid = 1'b1;
            end else if (en) begin
                m_count = m_count + 4'd1;
            end
            #1;
        end
    endtask

    task cyc(input r, input e);
        begin
            rst = r;
            en  = e;
            tick;
        end
    endtask

    initial begin
        #2000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h6a09_e667;
        m_count = 4'd0;
        m_valid = 1'b0;
        #1;
        // Reset with enable high: reset wins.
        cyc(1'b1, 1'b1);
        cyc(1'b1, 1'b1);
        // Two full wraps with enable held high; check one-bit steps too.
        for (n = 0; n < 34; n = n + 1) begin
            cyc(1'b0, 1'b1);
            diff = gray ^ prev_gray;
            ones = diff[0] + diff[1] + diff[2] + diff[3];
            if (n > 0) cb_check("gray_one_bit_step", ones, 1);
        end
        // Enable low: hold.
        for (n = 0; n < 5; n = n + 1) cyc(1'b0, 1'b0);
        // Alternate enable.
        for (n = 0; n < 24; n = n + 1) cyc(1'b0, n[0]);
        // Reset in the middle of counting, enable low during reset.
        cyc(1'b1, 1'b0);
        for (n = 0; n < 6; n = n + 1) cyc(1'b0, 1'b1);
        // Random enable / occasional reset.
        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            cyc(rng[31:26] == 6'd0, rng[3:0] != 4'd0 ? rng[8] | rng[9] : 1'b0);
        end
        tick;
        cb_done;
    end
endmodule
