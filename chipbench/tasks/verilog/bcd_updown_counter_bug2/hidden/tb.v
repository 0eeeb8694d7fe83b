// Self-checking testbench for bcd_updown_counter.
// Inputs change 1 time unit after a rising edge; outputs are checked 1 unit
// later against a behavioural model that is advanced at every rising edge.
module tb;
`include "chipbench_tb.vh"

    reg        clk   = 1'b0;
    reg        rst_n = 1'b1;
    reg        en    = 1'b0;
    reg        up    = 1'b1;
    reg        load  = 1'b0;
    reg  [3:0] din   = 4'd0;
    wire [3:0] q;
    wire       tc;

    always #5 clk = ~clk;

    bcd_updown_counter dut (
        .clk  (clk),
        .rst_n(rst_n),
        .en   (en),
        .up   (up),
        .load (load),
        .din  (din),
        .q    (q),
        .tc   (tc)
    );

    reg [3:0]  mq;      // model count
    reg [3:0]  exp_q;
    reg        exp_tc;
    reg [31:0] rng;
    integer    n;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task check_outputs;
        begin
            exp_q  = mq;
            exp_tc = en & ~load & (up ? (mq == 4'd9) : (mq == 4'd0));
            cb_check("q", q, exp_q);
            cb_check("tc", tc, exp_tc);
        end
    endtask

    // Model update for one rising edge with the current inputs.
    task model_edge;
        begin
            if (!rst_n)
                mq = 4'd0;
            else if (load)
                mq = din;
            else if (en) begin
                if (up)
                    mq = (mq == 4'd9) ? 4'd0 : mq + 4'd1;
                else
                    mq = (mq == 4'd0) ? 4'd9 : mq - 4'd1;
            end
        end
    endtask

    // Called 1 unit after a rising edge: drive inputs, check, clock once.
    task cycle(input e, input u, input l, input [3:0] d);
        begin
            en = e; up = u; load = l; din = d;
            #1;
            check_outputs;
            @(posedge clk);
            model_edge;
            #1;
        end
    endtask

    // Asynchronous reset pulse in the middle of a cycle while counting.
    task async_reset;
        begin
            en = 1'b1; up = rng[20]; load = 1'b0;
            #2;
            rst_n = 1'b0;
            #1;
            mq = 4'd0;
            check_outputs;          // must already be cleared, no edge yet
            @(posedge clk);
            model_edge;
            #1;
            check_outputs;          // held in reset across an edge
            #3;
            rst_n = 1'b1;           // release mid-cycle
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
        rng = 32'h0bcd_1234;
        mq  = 4'd0;
        // Power-on reset.
        #3 rst_n = 1'b0;
        #1 check_outputs;
        @(posedge clk);
        model_edge;
        #1 check_outputs;
        #3 rst_n = 1'b1;
        @(posedge clk);
        model_edge;
        #1;

        // Count up through two wraps.
        for (n = 0; n < 24; n = n + 1) cycle(1'b1, 1'b1, 1'b0, 4'd0);
        // Hold.
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 4'd0);
        // Count down through two wraps.
        for (n = 0; n < 24; n = n + 1) cycle(1'b1, 1'b0, 1'b0, 4'd0);
        // Load with and without enable, load 9 then count up, load 0 then down.
        cycle(1'b0, 1'b1, 1'b1, 4'd7);
        cycle(1'b0, 1'b1, 1'b0, 4'd0);
        cycle(1'b1, 1'b1, 1'b1, 4'd9);
        cycle(1'b1, 1'b1, 1'b0, 4'd0);
        cycle(1'b1, 1'b1, 1'b0, 4'd0);
        cycle(1'b1, 1'b0, 1'b1, 4'd0);
        cycle(1'b1, 1'b0, 1'b0, 4'd3);
        cycle(1'b1, 1'b0, 1'b0, 4'd3);
        cycle(1'b0, 1'b0, 1'b1, 4'd9);
        cycle(1'b1, 1'b0, 1'b0, 4'd0);
        async_reset;

        // Seeded random traffic; direction changes rarely so wraps happen.
        for (n = 0; n < 2000; n = n + 1) begin
            roll;
            if (rng[31:24] == 8'h00)
                async_reset;
            else
                cycle(rng[1:0] != 2'b00,
                      (rng[7:4] == 4'h0) ? ~up : up,
                      rng[11:8] == 4'h0,
                      rng[19:12] % 10);
        end
        cb_done;
    end
endmodule
