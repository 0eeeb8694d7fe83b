// Hidden testbench for lifo_stack. Inputs change 2 units after a rising edge;
// every output is checked 1 unit after every rising edge, and top is checked
// again mid-cycle after the inputs changed. The model keeps the stack in an
// array indexed from the bottom.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        push = 1'b0, pop = 1'b0;
    reg  [7:0] din = 8'd0;
    wire [7:0] top;
    wire [3:0] count;
    wire       empty, full, overflow, underflow;

    always #5 clk = ~clk;

    lifo_stack dut (
        .clk      (clk),
        .rst      (rst),
        .push     (push),
        .pop      (pop),
        .din      (din),
        .top      (top),
        .count    (count),
        .empty    (empty),
        .full     (full),
        .overflow (overflow),
        .underflow(underflow)
    );

    reg  [7:0] st [0:7];
    integer    sn, n, i, bias;
    reg        m_ovf, m_unf;
    reg  [7:0] exp_top;
    reg  [3:0] exp_count;
    reg        exp_empty, exp_full, exp_ovf, exp_unf;
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
                sn = 0; m_ovf = 1'b0; m_unf = 1'b0;
            end else if (push && pop) begin
                if (sn == 0) begin st[0] = din; sn = 1; end
                else st[sn - 1] = din;
            end else if (push) begin
                if (sn == 8) m_ovf = 1'b1;
                else begin st[sn] = din; sn = sn + 1; end
            end else if (pop) begin
                if (sn == 0) m_unf = 1'b1;
                else sn = sn - 1;
            end
        end
    endtask

    task check;
        begin
            exp_top   = (sn == 0) ? 8'h00 : st[sn - 1];
            exp_count = sn;
            exp_empty = (sn == 0);
            exp_full  = (sn == 8);
            exp_ovf   = m_ovf;
            exp_unf   = m_unf;
            cb_check("top", top, exp_top);
            cb_check("count", count, exp_count);
            cb_check("empty", empty, exp_empty);
            cb_check("full", full, exp_full);
            cb_check("overflow", overflow, exp_ovf);
            cb_check("underflow", underflow, exp_unf);
        end
    endtask

    task cycle(input r, input pu, input po, input [7:0] d);
        begin
            rst = r; push = pu; pop = po; din = d;
            #2 exp_top = (sn == 0) ? 8'h00 : st[sn - 1];
            cb_check("top_mid", top, exp_top);
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
        rng = 32'h57ac_c0de;
        sn = 0; m_ovf = 1'b0; m_unf = 1'b0;
        for (i = 0; i < 8; i = i + 1) st[i] = 8'h00;
        @(posedge clk); #2;
        cycle(1'b1, 1'b1, 1'b0, 8'h66);
        // push+pop on empty acts as a push, no underflow
        cycle(1'b0, 1'b1, 1'b1, 8'h12);
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        // pop on empty: underflow, sticky through later activity
        cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b0, 1'b1, 1'b0, 8'h34);
        cycle(1'b0, 1'b0, 1'b0, 8'h00);
        // fill to full, replace at full, push on full
        for (n = 0; n < 7; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 8'h40 + n);
        cycle(1'b0, 1'b1, 1'b1, 8'hEE);
        cycle(1'b0, 1'b1, 1'b0, 8'hF0);
        cycle(1'b0, 1'b1, 1'b0, 8'hF1);
        // drain, checking every level
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b1, 1'b0, 1'b0, 8'h00);
        // replace in the middle leaves lower entries alone
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 8'h10 * (n + 1));
        cycle(1'b0, 1'b1, 1'b1, 8'h99);
        cycle(1'b0, 1'b1, 1'b1, 8'h98);
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b1, 1'b0, 1'b1, 8'h00);
        // overflow alone (no underflow)
        for (n = 0; n < 9; n = n + 1) cycle(1'b0, 1'b1, 1'b0, 8'hC0 + n);
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 1'b0, 1'b1, 8'h00);
        cycle(1'b1, 1'b1, 1'b1, 8'h00);

        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            bias = (n / 70) % 3;
            cycle(rng[31:23] == 9'd0,
                  bias == 0 ? (rng[3:0] > 4'd3) : (bias == 1 ? (rng[3:0] < 4'd4) : rng[0]),
                  bias == 0 ? (rng[7:4] < 4'd5) : (bias == 1 ? (rng[7:4] > 4'd4) : rng[1]),
                  rng[22:15]);
        end
        cb_done;
    end
endmodule
