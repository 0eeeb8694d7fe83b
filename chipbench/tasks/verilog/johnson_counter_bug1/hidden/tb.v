// Hidden self-checking testbench for johnson_counter.
// Inputs change 1 unit after a rising edge; q is checked every cycle,
// 4 units after the edge, against a behavioural model.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        en  = 1'b0;
    wire [4:0] q;

    always #5 clk = ~clk;

    johnson_counter dut (
        .clk(clk),
        .rst(rst),
        .en (en),
        .q  (q)
    );

    reg [4:0]  m_q;
    reg [4:0]  exp_q;
    reg        m_valid;
    reg [31:0] rng;
    integer    n;

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
                exp_q = m_q;
                cb_check("q", q, exp_q);
            end
            @(posedge clk);
            if (rst) begin
                m_q = 5'b00000;
                m_valid = 1'b1;
            end else if (en) begin
                m_q = {m_q[3:0], ~m_q[4]};
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
        rng = 32'hbb67_ae85;
        m_q = 5'b00000;
        m_valid = 1'b0;
        #1;
        cyc(1'b1, 1'b1);
        cyc(1'b1, 1'b0);
        // Three full periods.
        for (n = 0; n < 31; n = n + 1) cyc(1'b0, 1'b1);
        // Hold.
        for (n = 0; n < 4; n = n + 1) cyc(1'b0, 1'b0);
        // Enable every third cycle.
        for (n = 0; n < 30; n = n + 1) cyc(1'b0, (n % 3) == 0);
        // Reset while all ones are present.
        for (n = 0; n < 5; n = n + 1) cyc(1'b0, 1'b1);
        cyc(1'b1, 1'b1);
        for (n = 0; n < 12; n = n + 1) cyc(1'b0, 1'b1);
        // Random.
        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            cyc(rng[31:26] == 6'd0, rng[2:0] != 3'd0);
        end
        tick;
        cb_done;
    end
endmodule
