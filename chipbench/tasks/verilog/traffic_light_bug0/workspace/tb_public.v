// Public smoke test for traffic_light: one cycle of phases with a pedestrian press.
module tb;
`include "chipbench_tb.vh"

    localparam RED = 2'b00, YELLOW = 2'b01, GREEN = 2'b10;

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        ped_req = 1'b0;
    wire [1:0] ns, ew;
    wire       walk;

    always #5 clk = ~clk;

    traffic_light dut (.clk(clk), .rst(rst), .ped_req(ped_req), .ns(ns), .ew(ew), .walk(walk));

    task expect_phase(input integer cycles, input [1:0] ens, input [1:0] eew, input ewalk);
        integer n;
        begin
            for (n = 0; n < cycles; n = n + 1) begin
                cb_check("ns", ns, ens);
                cb_check("ew", ew, eew);
                cb_check("walk", walk, ewalk);
                @(posedge clk); #1;
            end
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        ped_req = 1'b1;                                // a one-cycle press during NS_GREEN
        cb_check("ns", ns, GREEN);
        @(posedge clk); #1 ped_req = 1'b0;
        expect_phase(5, GREEN, RED, 1'b0);             // the rest of NS_GREEN
        expect_phase(2, YELLOW, RED, 1'b0);
        expect_phase(6, RED, GREEN, 1'b0);
        expect_phase(2, RED, YELLOW, 1'b0);
        expect_phase(4, RED, RED, 1'b1);               // the remembered press is served
        expect_phase(6, GREEN, RED, 1'b0);
        cb_done;
    end
endmodule
