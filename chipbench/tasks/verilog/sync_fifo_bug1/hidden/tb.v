// Self-checking testbench for sync_fifo. A queue model tracks the contents;
// count/full/empty are checked every cycle and rd_data whenever the model is
// not empty. Traffic alternates between filling, draining and balanced phases
// so both the full and the empty corner are hit many times.
module tb;
`include "chipbench_tb.vh"

    reg        clk     = 1'b0;
    reg        rst     = 1'b1;
    reg        wr_en   = 1'b0;
    reg  [7:0] wr_data = 8'h00;
    reg        rd_en   = 1'b0;
    wire [7:0] rd_data;
    wire       full, empty;
    wire [3:0] count;

    always #5 clk = ~clk;

    sync_fifo dut (
        .clk    (clk),
        .rst    (rst),
        .wr_en  (wr_en),
        .wr_data(wr_data),
        .rd_en  (rd_en),
        .rd_data(rd_data),
        .full   (full),
        .empty  (empty),
        .count  (count)
    );

    reg [7:0]  mq [0:7];
    integer    mhead, mcnt;
    reg        dw, dr;
    reg [7:0]  exp_data;
    reg [3:0]  exp_count;
    reg        exp_full, exp_empty;
    reg [31:0] rng;
    reg [7:0]  seq;           // running data value so that words are distinct
    integer    n, mode, wr_pct, rd_pct;

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
                mhead = 0;
                mcnt  = 0;
            end else begin
                dw = wr_en && (mcnt < 8);
                dr = rd_en && (mcnt > 0);
                if (dw) mq[(mhead + mcnt) % 8] = wr_data;
                if (dr) mhead = (mhead + 1) % 8;
                mcnt = mcnt + (dw ? 1 : 0) - (dr ? 1 : 0);
            end
        end
    endtask

    task check_outputs;
        begin
            exp_count = mcnt;
            exp_full  = (mcnt == 8);
            exp_empty = (mcnt == 0);
            cb_check("count", count, exp_count);
            cb_check("full", full, exp_full);
            cb_check("empty", empty, exp_empty);
            if (mcnt > 0) begin
                exp_data = mq[mhead];
                cb_check("rd_data", rd_data, exp_data);
            end
        end
    endtask

    // Entered 1 unit after a rising edge: drive, check, clock, update model.
    task cycle(input r, input w, input rd);
        begin
            rst = r; wr_en = w; rd_en = rd;
            wr_data = seq;
            seq = seq + 8'd37;
            #1;
            check_outputs;
            @(posedge clk);
            model_edge;
            #1;
        end
    endtask

    initial begin
        #2000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng   = 32'hf1f0_0008;
        seq   = 8'h11;
        mhead = 0;
        mcnt  = 0;
        @(posedge clk);
        #1;
        cycle(1'b1, 1'b1, 1'b1);
        cycle(1'b1, 1'b0, 1'b0);
        // Read while empty, alone and with a write.
        cycle(1'b0, 1'b0, 1'b1);
        cycle(1'b0, 1'b1, 1'b1);
        cycle(1'b0, 1'b0, 1'b1);
        cycle(1'b0, 1'b0, 1'b1);
        // Fill to full, try more writes, write+read while full.
        for (n = 0; n < 10; n = n + 1) cycle(1'b0, 1'b1, 1'b0);
        cycle(1'b0, 1'b1, 1'b1);
        cycle(1'b0, 1'b1, 1'b0);
        cycle(1'b0, 1'b1, 1'b1);
        cycle(1'b0, 1'b1, 1'b1);
        // Drain completely, then read more.
        for (n = 0; n < 10; n = n + 1) cycle(1'b0, 1'b0, 1'b1);
        // Simultaneous read/write at one entry.
        cycle(1'b0, 1'b1, 1'b0);
        for (n = 0; n < 6; n = n + 1) cycle(1'b0, 1'b1, 1'b1);
        // Reset with data inside, then reuse.
        cycle(1'b0, 1'b1, 1'b0);
        cycle(1'b1, 1'b1, 1'b0);
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b1, 1'b0);
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 1'b0, 1'b1);

        // Random traffic in phases.
        wr_pct = 50; rd_pct = 50;
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            if (n % 40 == 0) begin
                mode = rng[25:24];
                case (mode)
                    0: begin wr_pct = 90; rd_pct = 20; end
                    1: begin wr_pct = 20; rd_pct = 90; end
                    2: begin wr_pct = 60; rd_pct = 60; end
                    default: begin wr_pct = 95; rd_pct = 95; end
                endcase
            end
            cycle(rng[31:21] == 11'd0,
                  (rng[6:0] % 100) < wr_pct,
                  (rng[14:8] % 100) < rd_pct);
        end
        cb_done;
    end
endmodule
