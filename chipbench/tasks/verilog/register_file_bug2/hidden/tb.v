// Hidden testbench for register_file. Each cycle: write controls and read
// addresses are set 2 units after a rising edge and both read ports are
// checked (old contents, before the write); the read addresses are then
// changed again mid-cycle and checked; after the edge both ports are checked
// once more. Asynchronous resets are asserted and released between edges.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst_n = 1'b1;
    reg         we = 1'b0;
    reg  [2:0]  waddr = 3'd0;
    reg  [15:0] wdata = 16'd0;
    reg  [2:0]  raddr_a = 3'd0, raddr_b = 3'd0;
    wire [15:0] rdata_a, rdata_b;

    always #5 clk = ~clk;

    register_file dut (
        .clk    (clk),
        .rst_n  (rst_n),
        .we     (we),
        .waddr  (waddr),
        .wdata  (wdata),
        .raddr_a(raddr_a),
        .rdata_a(rdata_a),
        .raddr_b(raddr_b),
        .rdata_b(rdata_b)
    );

    reg  [15:0] m [0:7];
    reg  [15:0] exp_a, exp_b;
    reg  [31:0] rng;
    integer     n, i;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task check_reads;
        begin
            exp_a = m[raddr_a];
            exp_b = m[raddr_b];
            cb_check("rdata_a", rdata_a, exp_a);
            cb_check("rdata_b", rdata_b, exp_b);
        end
    endtask

    task model_edge;
        begin
            if (rst_n && we && waddr != 3'd0)
                m[waddr] = wdata;
        end
    endtask

    // entered 2 units after a rising edge
    task cycle(input w, input [2:0] wa, input [15:0] wd,
               input [2:0] ra1, input [2:0] rb1, input [2:0] ra2, input [2:0] rb2);
        begin
            we = w; waddr = wa; wdata = wd; raddr_a = ra1; raddr_b = rb1;
            #1 check_reads;
            #1 raddr_a = ra2; raddr_b = rb2;
            #1 check_reads;
            @(posedge clk);
            model_edge;
            #1 check_reads;
            #1;
        end
    endtask

    task async_reset(input [2:0] hold_edges);
        begin
            rst_n = 1'b0;
            for (i = 0; i < 8; i = i + 1) m[i] = 16'h0000;
            #1 check_reads;
            for (i = 0; i < hold_edges; i = i + 1) begin
                roll;
                cycle(1'b1, rng[2:0] | 3'd1, rng[31:16], rng[5:3], rng[8:6], rng[2:0], rng[11:9]);
            end
            #1 rst_n = 1'b1;
            #1 check_reads;
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h7e57_0001;
        for (i = 0; i < 8; i = i + 1) m[i] = 16'h0000;
        #2 async_reset(3'd0);
        @(posedge clk); #2;
        // fill r1..r7 and r0 (ignored), reading the register being written
        for (n = 0; n < 8; n = n + 1)
            cycle(1'b1, n, 16'h1111 * (n + 1) ^ 16'h8001, n, n, (n + 1) % 8, n);
        // read every pair of addresses combinationally
        for (n = 0; n < 64; n = n + 1)
            cycle(1'b0, n[2:0], 16'hDEAD, n[2:0], n[5:3], n[5:3], n[2:0]);
        // writes to r0 with both ports on r0
        cycle(1'b1, 3'd0, 16'hFFFF, 3'd0, 3'd0, 3'd0, 3'd7);
        cycle(1'b1, 3'd0, 16'h1234, 3'd0, 3'd1, 3'd0, 3'd0);
        // back-to-back writes to one register, read in the same cycles
        cycle(1'b1, 3'd5, 16'hA5A5, 3'd5, 3'd5, 3'd5, 3'd4);
        cycle(1'b1, 3'd5, 16'h5A5A, 3'd5, 3'd6, 3'd6, 3'd5);
        cycle(1'b1, 3'd5, 16'h0000, 3'd5, 3'd5, 3'd5, 3'd5);
        cycle(1'b0, 3'd5, 16'hFFFF, 3'd5, 3'd5, 3'd5, 3'd5);
        // reset with writes attempted while held
        async_reset(3'd2);
        for (n = 0; n < 8; n = n + 1)
            cycle(1'b0, 3'd1, 16'hFFFF, n, 7 - n, 7 - n, n);
        // a reset pulse entirely between two edges
        cycle(1'b1, 3'd3, 16'hC0DE, 3'd3, 3'd3, 3'd3, 3'd3);
        async_reset(3'd0);
        cycle(1'b1, 3'd4, 16'hBEEF, 3'd3, 3'd4, 3'd4, 3'd3);

        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            if (rng[31:25] == 7'd0)
                async_reset(rng[24:23]);
            else
                cycle(rng[24:22] != 3'd0, rng[2:0], rng[31:16] ^ rng[15:0], rng[5:3], rng[8:6],
                      rng[11:9], rng[14:12]);
        end
        cb_done;
    end
endmodule
