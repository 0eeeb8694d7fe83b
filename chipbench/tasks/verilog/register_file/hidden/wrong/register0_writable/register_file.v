// 8 x 16-bit register file: asynchronous reads, one synchronous write,
// asynchronous active-low reset.
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
    reg [15:0] regs [0:7];
    integer    i;

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            for (i = 0; i < 8; i = i + 1)
                regs[i] <= 16'h0000;
        end else if (we) begin
            regs[waddr] <= wdata;
        end
    end

    assign rdata_a = regs[raddr_a];
    assign rdata_b = regs[raddr_b];
endmodule
