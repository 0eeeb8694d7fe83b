// Hidden testbench for matrix_arbiter. The model keeps an explicit priority
// order (a list, highest first) instead of a matrix. Each cycle req is set
// twice between edges (grant checked after each change, so it must be
// combinational); the second value is the one present at the next edge.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [3:0] req = 4'd0;
    wire [3:0] grant;

    always #5 clk = ~clk;

    matrix_arbiter dut (
        .clk  (clk),
        .rst  (rst),
        .req  (req),
        .grant(grant)
    );

    integer    ord [0:3];      // ord[0] is the highest priority requester
    integer    i, k, n, win, pos;
    reg  [3:0] exp_grant;
    reg  [31:0] rng;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_grant;
        begin
            win = -1;
            for (k = 3; k >= 0; k = k - 1)
                if (req[ord[k]]) win = ord[k];
            exp_grant = (win < 0) ? 4'd0 : (4'd1 << win);
        end
    endtask

    task model_edge;
        begin
            if (rst) begin
                for (k = 0; k < 4; k = k + 1) ord[k] = k;
            end else begin
                model_grant;
                if (win >= 0) begin
                    pos = 0;
                    for (k = 0; k < 4; k = k + 1) if (ord[k] == win) pos = k;
                    for (k = pos; k < 3; k = k + 1) ord[k] = ord[k + 1];
                    ord[3] = win;
                end
            end
        end
    endtask

    task check;
        begin
            model_grant;
            cb_check("grant", grant, exp_grant);
        end
    endtask

    // entered 2 units after a rising edge
    task cycle(input r, input [3:0] r1, input [3:0] r2);
        begin
            rst = r; req = r1;
            #1 check;
            #2 req = r2;
            #1 check;
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
        rng = 32'h4a4b_0041;
        for (k = 0; k < 4; k = k + 1) ord[k] = k;
        @(posedge clk); #2;
        cycle(1'b1, 4'b1111, 4'b1111);
        // all requesting: strict rotation
        for (n = 0; n < 9; n = n + 1) cycle(1'b0, 4'b0000, 4'b1111);
        cycle(1'b1, 4'b0000, 4'b0000);
        // the example: 2 alone once, then everyone
        cycle(1'b0, 4'b0100, 4'b0100);
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 4'b1111, 4'b1111);
        // nobody requests: no change
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 4'b1111, 4'b0000);
        // every single requester and every pair, repeatedly
        for (n = 0; n < 48; n = n + 1) cycle(1'b0, n[3:0], n[3:0]);
        for (n = 0; n < 16; n = n + 1) cycle(1'b0, 4'b1111, 4'b1000 >> (n % 4));
        // reset in the middle of a rotation
        cycle(1'b0, 4'b1111, 4'b1111);
        cycle(1'b1, 4'b1010, 4'b1111);
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 4'b0110, 4'b1011);
        // random requests, including rarely changing patterns
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            cycle(rng[31:24] == 8'd0, rng[3:0], (n % 200 < 100) ? rng[7:4] : (rng[7:4] | rng[11:8]));
        end
        cb_done;
    end
endmodule
