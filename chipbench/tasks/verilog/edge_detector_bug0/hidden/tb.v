// Self-checking testbench for edge_detector.
// din is changed at varying offsets inside the clock period (never on an edge);
// outputs are checked every cycle, 2 units after the rising edge.
module tb;
`include "chipbench_tb.vh"

    reg  clk = 1'b0;
    reg  rst = 1'b1;
    reg  din = 1'b0;
    wire level, rise, fall;

    always #5 clk = ~clk;

    edge_detector dut (
        .clk  (clk),
        .rst  (rst),
        .din  (din),
        .level(level),
        .rise (rise),
        .fall (fall)
    );

    reg        m1, m2, mp;        // model registers
    reg        exp_level, exp_rise, exp_fall;
    reg [31:0] rng;
    integer    n, hold;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge;
        begin
            if (rst) begin
                m1 = 1'b0; m2 = 1'b0; mp = 1'b0;
            end else begin
                mp = m2; m2 = m1; m1 = din;
            end
        end
    endtask

    task check_outputs;
        begin
            exp_level = m2;
            exp_rise  = m2 & ~mp;
            exp_fall  = ~m2 & mp;
            cb_check("level", level, exp_level);
            cb_check("rise", rise, exp_rise);
            cb_check("fall", fall, exp_fall);
        end
    endtask

    // Entered 1 unit after a rising edge. Sets din at offset 1+ofs (ofs 0..7,
    // so between 1 and 8 units after the edge), checks, then clocks.
    task cycle(input r, input d, input [2:0] ofs);
        begin
            rst = r;
            #1;
            check_outputs;
            #(ofs);
            din = d;
            @(posedge clk);
            model_edge;
            #1;
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h00ed_9e11;
        m1 = 1'b0; m2 = 1'b0; mp = 1'b0;
        din = 1'b1;            // high during reset: must not leak through
        @(posedge clk);
        model_edge;
        #1;
        cycle(1'b1, 1'b1, 3'd2);
        cycle(1'b1, 1'b1, 3'd2);
        // Release reset with din high: one rise is expected.
        for (n = 0; n < 6; n = n + 1) cycle(1'b0, 1'b1, 3'd3);
        // Single-cycle low pulse, then single-cycle high pulse.
        cycle(1'b0, 1'b0, 3'd0);
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 1'b1, 3'd0);
        cycle(1'b0, 1'b0, 3'd4);
        cycle(1'b0, 1'b1, 3'd4);
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 1'b0, 3'd1);
        // Toggle every cycle.
        for (n = 0; n < 10; n = n + 1) cycle(1'b0, n[0], 3'd5);
        // Reset in the middle of activity.
        cycle(1'b1, 1'b1, 3'd6);
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b1, 3'd6);

        // Random runs of random length.
        hold = 0;
        for (n = 0; n < 2500; n = n + 1) begin
            roll;
            if (hold == 0) begin
                hold = (rng[9:8] == 2'b00) ? 1 : rng[3:0] + 1;
                cycle(rng[31:22] == 10'd0, ~din, rng[6:4]);
            end else begin
                cycle(rng[31:22] == 10'd0, din, rng[6:4]);
            end
            hold = hold - 1;
        end
        cb_done;
    end
endmodule
