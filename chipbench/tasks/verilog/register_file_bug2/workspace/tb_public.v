// Public smoke test for register_file (a few directed cases only).
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

    register_file dut (.clk(clk), .rst_n(rst_n), .we(we), .waddr(waddr), .wdata(wdata),
                       .raddr_a(raddr_a), .rdata_a(rdata_a), .raddr_b(raddr_b), .rdata_b(rdata_b));

    initial begin
        #2 rst_n = 1'b0;
        #1 rst_n = 1'b1;
        raddr_a = 3'd3; raddr_b = 3'd3;
        #1 cb_check("rdata_a", rdata_a, 16'h0000);
        @(posedge clk); #2;
        we = 1'b1; waddr = 3'd3; wdata = 16'hCAFE;
        #1 cb_check("rdata_a", rdata_a, 16'h0000);   // no bypass before the edge
        @(posedge clk); #2;
        cb_check("rdata_a", rdata_a, 16'hCAFE);
        waddr = 3'd0; wdata = 16'hFFFF;               // r0 stays zero
        @(posedge clk); #2;
        we = 1'b0;
        raddr_b = 3'd0;
        #1 cb_check("rdata_b", rdata_b, 16'h0000);
        rst_n = 1'b0;                                 // asynchronous clear
        #1 cb_check("rdata_a", rdata_a, 16'h0000);
        cb_done;
    end
endmodule
