// Hidden self-checking testbench for pulse_stretcher.
// Three instances (N = 3 default, N = 1, N = 5) share din. Inputs change
// 1 unit after a rising edge; every dout is checked every cycle, 4 units
// after the edge, against a model that tracks the age of the last trigger.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire dout3, dout1, dout5;

    always #5 clk = ~clk;

    pulse_stretcher dut3 (.clk(clk), .rst(rst), .din(din), .dout(dout3));
    pulse_stretcher #(.N(1)) dut1 (.clk(clk), .rst(rst), .din(din), .dout(dout1));
    pulse_stretcher #(.N(5)) dut5 (.clk(clk), .rst(rst), .din(din), .dout(dout5));

    integer    age;       // edges since the last trigger (0 = the edge that began this cycle)
    reg        exp3, exp1, exp5;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, k, gap;

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
                exp3 = age < 3; exp1 = age < 1; exp5 = age < 5;
                cb_check("dout_n3", dout3, exp3);
                cb_check("dout_n1", dout1, exp1);
                cb_check("dout_n5", dout5, exp5);
            end
            @(posedge clk);
            if (rst) begin
                age = 1000;
                m_valid = 1'b1;
            end else if (din) begin
                age = 0;
            end else if (age < 1000) begin
                age = age + 1;
            end
            #1;
        end
    endtask

    task cyc(input r, input d);
        begin
            rst = r; din = d;
            tick;
        end
    endtask

    initial begin
        #5000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h3956_c25b;
        age = 1000;
        m_valid = 1'b0;
        #1;
        cyc(1, 1); cyc(1, 1);
        for (n = 0; n < 8; n = n + 1) cyc(0, 0);
        // Isolated single pulses.
        cyc(0, 1);
        for (n = 0; n < 8; n = n + 1) cyc(0, 0);
        // Pulses with gaps 1..7 (merge / no merge at each N).
        for (gap = 1; gap <= 7; gap = gap + 1) begin
            cyc(0, 1);
            for (k = 0; k < gap; k = k + 1) cyc(0, 0);
            cyc(0, 1);
            for (k = 0; k < 8; k = k + 1) cyc(0, 0);
        end
        // Held high for several edges.
        for (n = 0; n < 6; n = n + 1) cyc(0, 1);
        for (n = 0; n < 8; n = n + 1) cyc(0, 0);
        // Reset while stretching, and reset with din high.
        cyc(0, 1); cyc(0, 0); cyc(1, 0); cyc(0, 0); cyc(0, 0);
        cyc(0, 1); cyc(1, 1); cyc(0, 0); cyc(0, 0); cyc(0, 0);
        // Random sparse and dense pulses.
        for (n = 0; n < 5000; n = n + 1) begin
            roll;
            cyc(rng[31:25] == 7'd0, (rng[12] ? rng[2:0] == 3'd0 : rng[1:0] == 2'd0));
        end
        tick;
        cb_done;
    end
endmodule
