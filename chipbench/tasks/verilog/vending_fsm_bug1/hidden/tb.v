// Hidden self-checking testbench for vending_fsm.
// Inputs change 1 unit after a rising edge; all outputs are checked every
// cycle, 4 units after the edge, against a behavioural model. Money is also
// audited: everything accepted equals 15 per item + change + refunds + credit.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        coin5 = 1'b0, coin10 = 1'b0, cancel = 1'b0;
    wire       dispense, change5, change10;
    wire [4:0] credit;

    always #5 clk = ~clk;

    vending_fsm dut (
        .clk     (clk),
        .rst     (rst),
        .coin5   (coin5),
        .coin10  (coin10),
        .cancel  (cancel),
        .dispense(dispense),
        .change5 (change5),
        .change10(change10),
        .credit  (credit)
    );

    integer    m_credit;
    reg        m_disp, m_c5, m_c10;
    reg [4:0]  exp_credit;
    reg        exp_disp, exp_c5, exp_c10;
    reg        m_valid;
    integer    paid_in, paid_out, items;
    reg [31:0] rng;
    integer    n;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge;
        begin
            m_disp = 1'b0; m_c5 = 1'b0; m_c10 = 1'b0;
            if (rst) begin
                m_credit = 0;
            end else if (cancel) begin
                if (m_credit == 5)  m_c5 = 1'b1;
                if (m_credit == 10) m_c10 = 1'b1;
                m_credit = 0;
            end else if (coin5 && coin10) begin
                m_credit = m_credit;
            end else if (coin5 || coin10) begin
                m_credit = m_credit + (coin5 ? 5 : 10);
                if (m_credit >= 15) begin
                    m_disp = 1'b1;
                    if (m_credit == 20) m_c5 = 1'b1;
                    m_credit = 0;
                end
            end
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                exp_credit = m_credit;
                exp_disp = m_disp; exp_c5 = m_c5; exp_c10 = m_c10;
                cb_check("credit", credit, exp_credit);
                cb_check("dispense", dispense, exp_disp);
                cb_check("change5", change5, exp_c5);
                cb_check("change10", change10, exp_c10);
                // audit from the DUT's own outputs
                paid_out = paid_out + 15 * dispense + 5 * change5 + 10 * change10;
                items = items + dispense;
            end
            @(posedge clk);
            if (!rst && !cancel && (coin5 ^ coin10) && m_valid)
                paid_in = paid_in + (coin5 ? 5 : 10);
            if (rst) begin
                paid_in = 0; paid_out = 0;   // audit restarts at reset
            end
            model_edge;
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    task cyc(input r, input c5, input c10, input c);
        begin
            rst = r; coin5 = c5; coin10 = c10; cancel = c;
            tick;
        end
    endtask

    // Called 1 unit after an edge (outputs are registered, so already
    // settled): the pulses of this cycle are counted in first.
    task audit;
        integer out_now;
        begin
            out_now = paid_out + 15 * dispense + 5 * change5 + 10 * change10;
            cb_check("money_balance", paid_in, out_now + credit);
        end
    endtask

    initial begin
        #5000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'hc105_9ed8;
        m_credit = 0; m_disp = 1'b0; m_c5 = 1'b0; m_c10 = 1'b0;
        paid_in = 0; paid_out = 0; items = 0;
        m_valid = 1'b0;
        #1;
        cyc(1, 1, 0, 0);
        cyc(1, 0, 1, 1);
        // 5+5+5, 5+10, 10+5, 10+10 (change), with idle gaps.
        cyc(0, 1, 0, 0); cyc(0, 0, 0, 0); cyc(0, 1, 0, 0); cyc(0, 1, 0, 0); cyc(0, 0, 0, 0);
        cyc(0, 1, 0, 0); cyc(0, 0, 1, 0); cyc(0, 0, 0, 0);
        cyc(0, 0, 1, 0); cyc(0, 1, 0, 0); cyc(0, 0, 0, 0);
        cyc(0, 0, 1, 0); cyc(0, 0, 1, 0); cyc(0, 0, 0, 0);
        // Back-to-back purchases.
        cyc(0, 0, 1, 0); cyc(0, 0, 1, 0); cyc(0, 0, 1, 0); cyc(0, 1, 0, 0); cyc(0, 0, 0, 0);
        // Cancel at 0, 5, 10; cancel with coins present.
        cyc(0, 0, 0, 1);
        cyc(0, 1, 0, 0); cyc(0, 0, 0, 1); cyc(0, 0, 0, 0);
        cyc(0, 0, 1, 0); cyc(0, 0, 0, 1); cyc(0, 0, 0, 0);
        cyc(0, 1, 0, 0); cyc(0, 1, 0, 1); cyc(0, 0, 0, 0);
        cyc(0, 0, 1, 0); cyc(0, 0, 1, 1); cyc(0, 1, 1, 1); cyc(0, 0, 0, 0);
        // Both coins at once: rejected, at every credit level.
        cyc(0, 1, 1, 0); cyc(0, 1, 0, 0); cyc(0, 1, 1, 0); cyc(0, 1, 0, 0); cyc(0, 1, 1, 0);
        cyc(0, 1, 0, 0); cyc(0, 0, 0, 0);
        // Reset with credit 10: no refund.
        cyc(0, 0, 1, 0); cyc(1, 0, 0, 1); cyc(0, 0, 0, 0);
        // Random.
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            cyc(rng[31:25] == 7'd0, rng[1:0] == 2'd1 || rng[4:2] == 3'd0, rng[1:0] == 2'd2 || rng[4:2] == 3'd0,
                rng[9:6] == 4'd0);
            if (rng[20:17] == 4'd0 && !rst) audit;
        end
        cyc(0, 0, 0, 0);
        cyc(0, 0, 0, 0);
        audit;
        cb_check("items_sold", items > 300, 1);
        cb_done;
    end
endmodule
