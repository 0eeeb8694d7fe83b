// 8x8 unsigned multiplier, pipelined.
module pipelined_multiplier (
    input  wire        clk,
    input  wire        rst,
    input  wire        in_valid,
    input  wire [7:0]  a,
    input  wire [7:0]  b,
    output reg         out_valid,
    output reg  [15:0] product
);
    reg        v1;
    reg [7:0]  a1, b1;

    always @(posedge clk) begin
        if (rst) begin
            v1        <= 1'b0;
            out_valid <= 1'b0;
            a1        <= 8'd0;
            b1        <= 8'd0;
            product   <= 16'd0;
        end else begin
            v1        <= in_valid;
            out_valid <= v1;
            if (in_valid) begin
                a1 <= a;
                b1 <= b;
            end
            if (v1)
                product <= a1 * b1;
        end
    end
endmodule
