// Self-checking testbench for traffic_light. A behavioural model of the phase
// sequence, phase timer and remembered pedestrian request is advanced at every
// rising edge; all outputs are compared every cycle.
module tb;
`include "chipbench_tb.vh"

    reg        clk     = 1'b0;
    reg        rst     = 1'b1;
    reg        ped_req = 1'b0;
    wire [1:0] ns, ew;
    wire       walk;

    always #5 clk = ~clk;

    traffic_light dut (
        .clk    (clk),
        .rst    (rst),
        .ped_req(ped_req),
        .ns     (ns),
        .ew     (ew),
        .walk   (walk)
    );

    // Model phases.
    localparam P_NSG = 0, P_NSY = 1, P_EWG = 2, P_EWY = 3, P_WALK = 4;

    integer    mphase, mleft;    // current phase, cycles left in it (incl. current)
    reg        mpend;
    reg [1:0]  exp_ns, exp_ew;
    reg        exp_walk;
    reg [31:0] rng;
    integer    n, held;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task enter(input integer p);
        begin
            mphase = p;
            case (p)
                P_NSG, P_EWG: mleft = 6;
                P_NSY, P_EWY: mleft = 2;
                default:      mleft = 4;
            endcase
        end
    endtask

    task model_edge;
        reg served;
        begin
            if (rst) begin
                enter(P_NSG);
                mpend = 1'b0;
            end else begin
                served = mpend | ped_req;
                if (mphase != P_WALK && ped_req) mpend = 1'b1;
                if (mphase == P_WALK)            mpend = 1'b0;
                mleft = mleft - 1;
                if (mleft == 0) begin
                    case (mphase)
                        P_NSG:   enter(P_NSY);
                        P_NSY:   enter(P_EWG);
                        P_EWG:   enter(P_EWY);
                        P_EWY:   enter(served ? P_WALK : P_NSG);
                        default: enter(P_NSG);
                    endcase
                end
            end
        end
    endtask

    task check_outputs;
        begin
            exp_ns   = (mphase == P_NSG) ? 2'b10 : (mphase == P_NSY) ? 2'b01 : 2'b00;
            exp_ew   = (mphase == P_EWG) ? 2'b10 : (mphase == P_EWY) ? 2'b01 : 2'b00;
            exp_walk = (mphase == P_WALK);
            cb_check("ns", ns, exp_ns);
            cb_check("ew", ew, exp_ew);
            cb_check("walk", walk, exp_walk);
        end
    endtask

    // Entered 1 unit after a rising edge: drive, check, clock, update model.
    task cycle(input r, input p);
        begin
            rst = r; ped_req = p;
            #1;
            check_outputs;
            @(posedge clk);
            model_edge;
            #1;
        end
    endtask

    // Run until the model is in phase p with `left` cycles left (no presses).
    task run_to(input integer p, input integer left);
        begin
            while (!(mphase == p && mleft == left))
                cycle(1'b0, 1'b0);
        end
    endtask

    initial begin
        #2000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h7aff_1c00;
        enter(P_NSG);
        mpend = 1'b0;
        @(posedge clk);
        #1;
        cycle(1'b1, 1'b1);
        cycle(1'b1, 1'b0);
        // Two full rounds without pedestrians.
        for (n = 0; n < 32; n = n + 1) cycle(1'b0, 1'b0);
        // Press early in NS_GREEN (one-cycle pulse).
        run_to(P_NSG, 5);
        cycle(1'b0, 1'b1);
        run_to(P_NSG, 6);
        // Press in the last cycle of EW_YELLOW.
        run_to(P_EWY, 1);
        cycle(1'b0, 1'b1);
        run_to(P_NSG, 6);
        // Press in the first cycle of EW_YELLOW.
        run_to(P_EWY, 2);
        cycle(1'b0, 1'b1);
        run_to(P_NSG, 6);
        // Press held across the EW_YELLOW -> WALK edge and through WALK.
        run_to(P_EWY, 1);
        for (n = 0; n < 6; n = n + 1) cycle(1'b0, 1'b1);
        run_to(P_EWY, 1);
        cycle(1'b0, 1'b0);
        // Press only during WALK: must be ignored (no WALK next round).
        run_to(P_EWY, 1);
        cycle(1'b0, 1'b1);
        cycle(1'b0, 1'b0);
        cycle(1'b0, 1'b1);
        cycle(1'b0, 1'b0);
        cycle(1'b0, 1'b1);
        for (n = 0; n < 24; n = n + 1) cycle(1'b0, 1'b0);
        // Press in the last WALK cycle.
        run_to(P_EWY, 1);
        cycle(1'b0, 1'b1);
        run_to(P_WALK, 1);
        cycle(1'b0, 1'b1);
        for (n = 0; n < 24; n = n + 1) cycle(1'b0, 1'b0);
        // Reset while a press is remembered.
        run_to(P_EWG, 3);
        cycle(1'b0, 1'b1);
        cycle(1'b1, 1'b0);
        for (n = 0; n < 24; n = n + 1) cycle(1'b0, 1'b0);

        // Random presses; extra presses aimed at phase boundaries.
        held = 0;
        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            if (held > 0) begin
                held = held - 1;
                cycle(1'b0, 1'b1);
            end else if (rng[31:22] == 10'd0) begin
                cycle(1'b1, rng[0]);
            end else if (mphase == P_EWY && mleft == 1) begin
                cycle(1'b0, rng[1]);
            end else if (rng[9:5] == 5'd0) begin
                held = rng[12:10];
                cycle(1'b0, 1'b1);
            end else begin
                cycle(1'b0, 1'b0);
            end
        end
        cb_done;
    end
endmodule
