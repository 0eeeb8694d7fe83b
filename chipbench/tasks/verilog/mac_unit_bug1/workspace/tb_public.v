// Public smoke test for mac_unit (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         clear = 1'b0;
    reg         en = 1'b0;
    reg  [7:0]  a = 8'd0, b = 8'd0;
    wire [19:0] acc;
    wire        sat;
    integer     n;

    always #5 clk = ~clk;

    mac_unit dut (.clk(clk), .rst(rst), .clear(clear), .en(en), .a(a), .b(b), .acc(acc), .sat(sat));

    task step(input e, input [7:0] ta, input [7:0] tbv);
        begin
            en = e; a = ta; b = tbv;
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        cb_check("acc", acc, 20'd0);
        step(1'b1, 8'd3, 8'hFB);                 // 3 * -5
        cb_check("acc", acc, 20'hFFFF1);         // -15
        step(1'b0, 8'd50, 8'd50);                // hold
        cb_check("acc", acc, 20'hFFFF1);
        for (n = 0; n < 40; n = n + 1) step(1'b1, 8'h80, 8'h80);   // +16384 each
        cb_check("acc", acc, 20'h7FFFF);
        cb_check("sat", sat, 1'b1);
        step(1'b1, 8'hFF, 8'd1);                 // -1
        cb_check("acc", acc, 20'h7FFFE);
        cb_check("sat", sat, 1'b1);
        clear = 1'b1; step(1'b1, 8'd1, 8'd1); clear = 1'b0;
        cb_check("acc", acc, 20'd0);
        cb_check("sat", sat, 1'b0);
        cb_done;
    end
endmodule
