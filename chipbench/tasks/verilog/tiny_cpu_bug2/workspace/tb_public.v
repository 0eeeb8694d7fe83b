// Public smoke test for tiny_cpu: the countdown loop from the spec, then a store and a load.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg  [4:0]  dbg_addr = 5'd0;
    wire [7:0]  pc, dbg_data;
    wire [15:0] instr;
    wire        halted;
    reg  [15:0] imem [0:255];
    integer     n;

    assign instr = imem[pc];
    always #5 clk = ~clk;

    tiny_cpu dut (.clk(clk), .rst(rst), .pc(pc), .instr(instr), .halted(halted),
                  .dbg_addr(dbg_addr), .dbg_data(dbg_data));

    task peek(input [4:0] addr, input [7:0] expected);
        begin
            dbg_addr = addr; #1;
            cb_check("dbg_data", dbg_data, expected);
        end
    endtask

    initial begin
        for (n = 0; n < 256; n = n + 1) imem[n] = 16'hF000;   // HLT everywhere
        imem[0] = 16'h1003;   // LI  R0, 3
        imem[1] = 16'h1401;   // LI  R1, 1
        imem[2] = 16'h3100;   // SUB R0, R1
        imem[3] = 16'hC4FE;   // BR  Z=0, -2 (to 2)
        imem[4] = 16'hF000;   // HLT
        @(posedge clk); #1 rst = 1'b0;
        cb_check("pc", pc, 8'd0);
        for (n = 0; n < 9; n = n + 1) @(posedge clk);
        #1;
        cb_check("halted", halted, 1'b1);
        cb_check("pc", pc, 8'd4);
        peek(5'd0, 8'd0);
        peek(5'd1, 8'd1);
        peek(5'd4, 8'b01);           // C = 0, Z = 1
        @(posedge clk); #1;
        cb_check("pc", pc, 8'd4);    // halted: nothing moves

        // second program: store R2 to M[5] through base R1 = 1, load it back into R3
        imem[0] = 16'h1842;   // LI  R2, 8'h42
        imem[1] = 16'h1401;   // LI  R1, 1
        imem[2] = 16'hB904;   // ST  R2, 4(R1)
        imem[3] = 16'hAC05;   // LD  R3, 5(R0)
        imem[4] = 16'hF000;
        rst = 1'b1; @(posedge clk); #1 rst = 1'b0;
        for (n = 0; n < 5; n = n + 1) @(posedge clk);
        #1;
        peek(5'd21, 8'h42);
        peek(5'd3, 8'h42);
        cb_check("halted", halted, 1'b1);
        cb_done;
    end
endmodule
