// 8 x 16-bit register file: asynchronous reads, one synchronous write,
// asynchronous active-low reset, r0 hard-wired to zero.
module register_file (
    input  wire        clk,
    input  wire        rst_n,
    input  wire        we,
    input  wire [2:0]  waddr,
    input  wire [15:0] wdata,
    input  wire [2:0]  raddr_a,
    output wire [15:0] rdata_a,
    input  wire [2:0]  raddr_b,
    output wire [15:0] rdata_b
);
    reg [15:0] regs [1:7];
    integer    i;

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            for (i = 1; i < 8; i = i + 1)
                regs[i] <= 16'h0000;
        end else if (we && waddr != 3'd0) begin
            regs[waddr] <= wdata;
        end
    end

    assign rdata_a = (raddr_a == 3'd0) ? 16'h1 : regs[raddr_a];
    assign rdata_b = (raddr_b == 3'd0) ? 16'h0000 : regs[raddr_b];
endmodule
