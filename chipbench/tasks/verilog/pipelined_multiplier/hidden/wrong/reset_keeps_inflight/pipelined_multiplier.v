// 8x8 unsigned multiplier, three register stages.
module pipelined_multiplier (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [7:0]  a,
    input  wire [7:0]  b,
    output reg         out_valid,
    output reg  [15:0] product
);
    reg        v1, v2;
    reg [7:0]  a1, b1;
    reg [15:0] p2;

    always @(posedge clk) begin
        v1 <= in_valid & ~rst;
        v2 <= v1;
        if (in_valid) begin
            a1 <= a;
            b1 <= b;
        end
        if (v1)
            p2 <= a1 * b1;
        if (rst) begin
            out_valid <= 1'b0;
            product   <= 16'd0;
        end else begin
            out_valid <= v2;
            if (v2)
                product <= p2;
        end
    end
endmodule
