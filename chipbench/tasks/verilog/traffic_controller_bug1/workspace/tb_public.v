// Public smoke test for traffic_controller (default timing): one side-road
// cycle requested by a car, with a pedestrian request served afterwards.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        side_car = 1'b0;
    reg        ped_req = 1'b0;
    wire [1:0] main_light, side_light;
    wire       walk, ped_wait;
    integer    c;

    always #5 clk = ~clk;

    traffic_controller dut (.clk(clk), .rst(rst), .side_car(side_car), .ped_req(ped_req),
                            .main_light(main_light), .side_light(side_light),
                            .walk(walk), .ped_wait(ped_wait));

    task step; begin @(posedge clk); #1; end endtask

    initial begin
        step;
        rst = 1'b0;
        // Cycle 0 after reset: MG.
        cb_check("mg_main", main_light, 2'b10);
        cb_check("mg_side", side_light, 2'b00);
        side_car = 1'b1;
        ped_req = 1'b1;
        step;                                   // cycle 1
        ped_req = 1'b0;
        cb_check("ped_wait_set", ped_wait, 1'b1);
        for (c = 2; c <= 6; c = c + 1) step;    // now in cycle 6: MY (MG had 6 cycles)
        cb_check("my_main", main_light, 2'b01);
        side_car = 1'b0;
        step; step;                             // cycle 8: AR1
        cb_check("ar1_main", main_light, 2'b00);
        cb_check("ar1_side", side_light, 2'b00);
        step;                                   // cycle 9: SG
        cb_check("sg_side", side_light, 2'b10);
        for (c = 10; c <= 13; c = c + 1) step;  // cycle 13: SY
        cb_check("sy_side", side_light, 2'b01);
        step; step;                             // cycle 15: AR2
        cb_check("ar2_walk", walk, 1'b0);
        step;                                   // cycle 16: WALK
        cb_check("walk", walk, 1'b1);
        cb_check("ped_wait_cleared", ped_wait, 1'b0);
        step; step; step;                       // cycle 19: MG
        cb_check("back_to_mg", main_light, 2'b10);
        cb_done;
    end
endmodule
