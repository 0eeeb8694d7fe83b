// Self-checking testbench for rr_arbiter. A behavioural model (owner, last,
// run) is advanced at every rising edge and grant is compared every cycle.
// Request traffic switches between dense, sticky, sparse and saturated phases.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg  [3:0] req = 4'b0000;
    wire [3:0] grant;

    always #5 clk = ~clk;

    rr_arbiter dut (
        .clk  (clk),
        .rst  (rst),
        .req  (req),
        .grant(grant)
    );

    integer    mowner;   // -1 when idle
    integer    mlast, mrun, c, j;
    reg        picked;
    reg [3:0]  exp_grant;
    reg [31:0] rng;
    reg [3:0]  sticky;
    integer    n, phase;

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
                mowner = -1; mlast = 3; mrun = 0;
            end else if (mowner >= 0 && req[mlast] && mrun < 4) begin
                mrun = mrun + 1;
            end else if (req != 4'b0000) begin
                picked = 1'b0;
                for (j = 1; j <= 4; j = j + 1) begin
                    c = (mlast + j) % 4;
                    if (!picked && req[c]) begin
                        picked = 1'b1;
                        mowner = c;
                    end
                end
                mlast = mowner;
                mrun  = 1;
            end else begin
                mowner = -1;
                mrun   = 0;
            end
        end
    endtask

    // Entered 1 unit after a rising edge: drive, check, clock, update model.
    task cycle(input r, input [3:0] rq);
        begin
            rst = r; req = rq;
            #1;
            exp_grant = (mowner < 0) ? 4'b0000 : (4'b0001 << mowner);
            cb_check("grant", grant, exp_grant);
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
        rng    = 32'h4a4b_0001;
        mowner = -1; mlast = 3; mrun = 0;
        sticky = 4'b0000;
        @(posedge clk);
        #1;
        cycle(1'b1, 4'b1111);
        cycle(1'b1, 4'b0000);
        // Everyone requests: bursts of 4 in order 0,1,2,3,0...
        for (n = 0; n < 36; n = n + 1) cycle(1'b0, 4'b1111);
        // Sole requester: continuous re-grant.
        for (n = 0; n < 12; n = n + 1) cycle(1'b0, 4'b0100);
        // Idle, then the last owner comes back first.
        for (n = 0; n < 3; n = n + 1) cycle(1'b0, 4'b0000);
        for (n = 0; n < 6; n = n + 1) cycle(1'b0, 4'b0100);
        cycle(1'b0, 4'b0000);
        cycle(1'b0, 4'b0110);
        cycle(1'b0, 4'b0110);
        cycle(1'b0, 4'b0000);
        // Short requests: owner drops early.
        cycle(1'b0, 4'b1001);
        cycle(1'b0, 4'b0001);
        cycle(1'b0, 4'b1000);
        cycle(1'b0, 4'b1000);
        cycle(1'b0, 4'b0011);
        cycle(1'b0, 4'b0001);
        cycle(1'b0, 4'b0000);
        cycle(1'b0, 4'b0010);
        // Reset in the middle of a burst.
        cycle(1'b0, 4'b1010);
        cycle(1'b1, 4'b1010);
        for (n = 0; n < 6; n = n + 1) cycle(1'b0, 4'b1010);

        phase = 0;
        for (n = 0; n < 4000; n = n + 1) begin
            roll;
            if (n % 50 == 0) phase = rng[27:26];
            case (phase)
                0: cycle(rng[31:22] == 10'd0, rng[3:0]);
                1: begin
                       for (j = 0; j < 4; j = j + 1)
                           if (rng[4 + 3*j +: 3] == 3'd0) sticky[j] = ~sticky[j];
                       cycle(rng[31:22] == 10'd0, sticky);
                   end
                2: cycle(rng[31:22] == 10'd0,
                         (rng[3:0] & rng[7:4] & rng[11:8]) | {3'b000, rng[19:16] == 4'd0});
                default: cycle(rng[31:22] == 10'd0, rng[3:0] | rng[7:4]);
            endcase
        end
        cb_done;
    end
endmodule
