// Hidden self-checking testbench for traffic_controller.
// Two instances (default timing, and T_MG=2 T_Y=1 T_AR=2 T_SG=3 T_WALK=1)
// share side_car and ped_req. Inputs change 1 unit after a rising edge; all
// outputs are checked every cycle, 4 units after the edge, against a phase
// model. Safety properties (never two non-red roads, walk only in all-red)
// and phase durations are also checked from the DUT outputs themselves.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        side_car = 1'b0;
    reg        ped_req = 1'b0;
    wire [1:0] ml0, sl0, ml1, sl1;
    wire       walk0, walk1, pw0, pw1;

    always #5 clk = ~clk;

    traffic_controller dut0 (
        .clk(clk), .rst(rst), .side_car(side_car), .ped_req(ped_req),
        .main_light(ml0), .side_light(sl0), .walk(walk0), .ped_wait(pw0)
    );

    traffic_controller #(.T_MG(2), .T_Y(1), .T_AR(2), .T_SG(3), .T_WALK(1)) dut1 (
        .clk(clk), .rst(rst), .side_car(side_car), .ped_req(ped_req),
        .main_light(ml1), .side_light(sl1), .walk(walk1), .ped_wait(pw1)
    );

    localparam MG = 0, MY = 1, AR1 = 2, SG = 3, SY = 4, AR2 = 5, WK = 6;

    integer    t_mg [0:1], t_y [0:1], t_ar [0:1], t_sg [0:1], t_wk [0:1];
    integer    m_ph [0:1];
    integer    m_in [0:1];     // cycles completed in the phase before this edge
    reg        m_pw [0:1];
    integer    walks[0:1];
    integer    sides[0:1];
    reg [1:0]  exp_ml, exp_sl;
    reg        exp_walk, exp_pw;
    reg        m_valid;
    reg [31:0] rng;
    integer    n, k, ti, nxt, dur, burst;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task expect_for(input integer i);
        begin
            exp_ml = 2'b00; exp_sl = 2'b00; exp_walk = 1'b0;
            case (m_ph[i])
                MG: exp_ml = 2'b10;
                MY: exp_ml = 2'b01;
                SG: exp_sl = 2'b10;
                SY: exp_sl = 2'b01;
                WK: exp_walk = 1'b1;
                default: ;
            endcase
            exp_pw = m_pw[i];
        end
    endtask

    task model_edge(input integer i);
        begin
            if (rst) begin
                m_ph[i] = MG; m_in[i] = 0; m_pw[i] = 1'b0;
            end else begin
                m_in[i] = m_in[i] + 1;   // the cycle that just ended
                nxt = m_ph[i];
                case (m_ph[i])
                    MG:  if (m_in[i] >= t_mg[i] && (side_car || m_pw[i])) nxt = MY;
                    MY:  if (m_in[i] == t_y[i])  nxt = AR1;
                    AR1: if (m_in[i] == t_ar[i]) nxt = SG;
                    SG:  if (m_in[i] == t_sg[i]) nxt = SY;
                    SY:  if (m_in[i] == t_y[i])  nxt = AR2;
                    AR2: if (m_in[i] == t_ar[i]) nxt = m_pw[i] ? WK : MG;
                    default: if (m_in[i] == t_wk[i]) nxt = MG;
                endcase
                if (nxt == WK && m_ph[i] != WK) begin
                    m_pw[i] = 1'b0;
                    walks[i] = walks[i] + 1;
                end else if (ped_req) begin
                    m_pw[i] = 1'b1;
                end
                if (nxt == SG && m_ph[i] != SG) sides[i] = sides[i] + 1;
                if (nxt != m_ph[i]) m_in[i] = 0;
                m_ph[i] = nxt;
            end
        end
    endtask

    task safety(input [1:0] ml, input [1:0] sl, input w);
        reg ok;
        begin
            ok = (ml == 2'b00 || sl == 2'b00) && ml != 2'b11 && sl != 2'b11 &&
                 (!w || (ml == 2'b00 && sl == 2'b00));
            cb_check("safety", ok, 1'b1);
        end
    endtask

    task tick;
        begin
            #3;
            if (m_valid) begin
                expect_for(0);
                cb_check("main_light_a", ml0, exp_ml);
                cb_check("side_light_a", sl0, exp_sl);
                cb_check("walk_a", walk0, exp_walk);
                cb_check("ped_wait_a", pw0, exp_pw);
                expect_for(1);
                cb_check("main_light_b", ml1, exp_ml);
                cb_check("side_light_b", sl1, exp_sl);
                cb_check("walk_b", walk1, exp_walk);
                cb_check("ped_wait_b", pw1, exp_pw);
                safety(ml0, sl0, walk0);
                safety(ml1, sl1, walk1);
            end
            @(posedge clk);
            for (ti = 0; ti < 2; ti = ti + 1) model_edge(ti);
            if (rst) m_valid = 1'b1;
            #1;
        end
    endtask

    task cyc(input r, input car, input p);
        begin
            rst = r; side_car = car; ped_req = p;
            tick;
        end
    endtask

    // Measure how many cycles instance 0 shows side green (from DUT outputs).
    task measure_side_green;
        begin
            while (sl0 != 2'b10) cyc(0, 1, 0);
            dur = 0;
            while (sl0 == 2'b10) begin dur = dur + 1; cyc(0, 0, 0); end
            cb_check("side_green_cycles", dur, 4);
            dur = 0;
            while (sl0 == 2'b01) begin dur = dur + 1; cyc(0, 0, 0); end
            cb_check("side_yellow_cycles", dur, 2);
        end
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h923f_82a4;
        t_mg[0] = 6; t_y[0] = 2; t_ar[0] = 1; t_sg[0] = 4; t_wk[0] = 3;
        t_mg[1] = 2; t_y[1] = 1; t_ar[1] = 2; t_sg[1] = 3; t_wk[1] = 1;
        for (ti = 0; ti < 2; ti = ti + 1) begin
            m_ph[ti] = MG; m_in[ti] = 0; m_pw[ti] = 1'b0; walks[ti] = 0; sides[ti] = 0;
        end
        m_valid = 1'b0;
        #1;
        // Reset with requests active: ignored.
        cyc(1, 1, 1); cyc(1, 1, 1);
        // Nobody waiting: main green forever.
        for (n = 0; n < 20; n = n + 1) cyc(0, 0, 0);
        // A car arrives long after the minimum green: leaves at once.
        cyc(0, 1, 0);
        for (n = 0; n < 20; n = n + 1) cyc(0, 0, 0);
        // Car waiting from the start: minimum green honoured exactly.
        cyc(1, 0, 0);
        for (n = 0; n < 30; n = n + 1) cyc(0, 1, 0);
        // Pedestrian button only (no cars): one walk phase per request.
        cyc(1, 0, 0);
        cyc(0, 0, 1);
        for (n = 0; n < 40; n = n + 1) cyc(0, 0, 0);
        // Button pressed at the edge that enters WALK, and during WALK.
        cyc(1, 0, 0);
        cyc(0, 0, 1);
        for (n = 0; n < 60; n = n + 1) cyc(0, 0, (n % 7) == 3);
        for (n = 0; n < 30; n = n + 1) cyc(0, 0, 0);
        // Button held down for a long time.
        for (n = 0; n < 60; n = n + 1) cyc(0, n[3], 1);
        for (n = 0; n < 30; n = n + 1) cyc(0, 0, 0);
        // Phase lengths measured from the outputs of instance 0.
        measure_side_green;
        measure_side_green;
        // Reset in the middle of the side phase.
        while (sl0 != 2'b10) cyc(0, 1, 1);
        cyc(0, 1, 0);
        cyc(1, 1, 0);
        for (n = 0; n < 12; n = n + 1) cyc(0, 1, 0);
        // Random traffic: bursts of cars, occasional buttons and resets.
        burst = 0;
        for (n = 0; n < 6000; n = n + 1) begin
            roll;
            if (burst == 0) burst = rng[9:8] == 2'b00 ? -(rng[15:10] + 1) : (rng[14:10] + 1);
            if (burst > 0) burst = burst - 1; else burst = burst + 1;
            cyc(rng[31:21] == 11'd0, burst > 0 && rng[3:0] != 4'd0, rng[20:16] == 5'd0);
        end
        tick;
        cb_check("walks_a", walks[0] > 30, 1);
        cb_check("sides_a", sides[0] > 80, 1);
        cb_check("walks_b", walks[1] > 30, 1);
        cb_done;
    end
endmodule
