// Hidden testbench for ring_buffer. Inputs change 2 units after a rising edge;
// all outputs are checked 1 unit after every rising edge and again just before
// the next one (pop_data must not react to push/pop/push_data). The model is a
// shifting array: entry 0 is always the head.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        push = 1'b0, pop = 1'b0;
    reg  [7:0] push_data = 8'd0;
    wire [7:0] pop_data;
    wire [3:0] count;
    wire       full, empty;

    always #5 clk = ~clk;

    ring_buffer dut (
        .clk      (clk),
        .rst      (rst),
        .push     (push),
        .push_data(push_data),
        .pop      (pop),
        .pop_data (pop_data),
        .count    (count),
        .full     (full),
        .empty    (empty)
    );

    reg  [7:0] q [0:7];
    integer    qn, i, n, bias;
    reg        acc_push, acc_pop;
    reg  [7:0] exp_data;
    reg  [3:0] exp_count;
    reg        exp_full, exp_empty;
    reg  [31:0] rng;

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
                qn = 0;
            end else begin
                acc_push = push && (qn < 8);
                acc_pop  = pop && (qn > 0);
                if (acc_pop) begin
                    for (i = 0; i < 7; i = i + 1) q[i] = q[i + 1];
                    qn = qn - 1;
                end
                if (acc_push) begin
                    q[qn] = push_data;
                    qn = qn + 1;
                end
            end
        end
    endtask

    task check;
        begin
            exp_count = qn;
            exp_full  = (qn == 8);
            exp_empty = (qn == 0);
            exp_data  = (qn == 0) ? 8'h00 : q[0];
            cb_check("count", count, exp_count);
            cb_check("full", full, exp_full);
            cb_check("empty", empty, exp_empty);
            cb_check("pop_data", pop_data, exp_data);
        end
    endtask

    // entered 2 units after a rising edge
    task cycle(input r, input pu, input po, input [7:0] d);
        begin
            rst = r; push = pu; pop = po; push_data = d;
            #2 cb_check("pop_data_mid", pop_data, (qn == 0) ? 8'h00 : q[0]);
            @(posedge clk);
            model_edge;
            #1 check;
            #1;
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'hf1f0_0008;
        qn = 0;
        for (i = 0; i < 8; i = i + 1) q[i] = 8'h00;
        @(posedge clk); #2;
        cycle(1'b1, 1'b1, 1'b0, 8'h77);      // push during reset is ignored
        // pop on empty, then pop+push on empty
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b1, 1'b1, 8'h11);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        // fill completely, then push on full
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 8'hA0 + n);
        cycle(1'b0, 1'b1, 1'b0, 8'hEE);
        cycle(1'b0, 1'b1, 1'b0, 8'hEF);
        // push+pop on full: only the pop happens
        cycle(1'b0, 1'b1, 1'b1, 8'hDD);
        // push+pop with 7 entries: both happen
        for (n = 0; n < 10; n = n + 1) cycle(1'b0, 1'b1, 1'b1, 8'hB0 + n);
        // refill to full and drain completely, wrapping the pointers
        cycle(1'b0, 1'b1, 1'b0, 8'hC0);
        for (n = 0; n < 9; n = n + 1) cycle(1'b0, 1'b0, 1'b1, 8'hFF);
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 8'h30 + n);
        cycle(1'b0, 1'b0, 1'b0, 8'h99);
        // reset with entries inside: old data must not come back
        cycle(1'b1, 1'b0, 1'b1, 8'h00);
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b1, 1'b0, 8'h5C);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);

        // random traffic with phases biased towards filling and draining
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            bias = (n / 60) % 3;
            cycle(rng[31:24] == 8'd0,
                  bias == 0 ? (rng[3:0] != 4'd0) : (bias == 1 ? (rng[3:0] < 4'd4) : rng[0]),
                  bias == 0 ? (rng[7:4] < 4'd4)  : (bias == 1 ? (rng[7:4] != 4'd0) : rng[1]),
                  rng[23:16]);
        end
        cb_done;
    end
endmodule
