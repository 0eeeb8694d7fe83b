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
        if (rst) begin
            v1        <= 1'b0;
            v2        <= 1'b0;
            out_valid <= 1'b0;
            a1        <= 8'd0;
            b1        <= 8'd0;
            p2        <= 16'd0;
            product   <= 16'd0;
        end else begin
            v1        <= in_valid;
            v2        <= v1;
            out_valid <= v2;
            a1        <= a;
            b1        <= b;
            p2        <= a1 * b1;
            product   <= v2 ? p2 : 16'd0;
        end
    end
endmodule
