// 8x8 unsigned multiplier, three register stages:
//   stage 1 registers the operands, stage 2 the two 4-bit partial products,
//   stage 3 the final sum. Data registers load only when their valid is set;
//   only the valid bits and the visible product need a reset value.
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
    reg [11:0] pp_lo, pp_hi;

    always @(posedge clk) begin
        if (rst) begin
            v1        <= 1'b0;
            v2        <= 1'b0;
            out_valid <= 1'b0;
            product   <= 16'd0;
        end else begin
            v1        <= in_valid;
            v2        <= v1;
            out_valid <= v2;
            if (in_valid) begin
                a1 <= a;
                b1 <= b;
            end
            if (v1) begin
                pp_lo <= a1 * b1[3:0];
                pp_hi <= a1 * b1[7:4];
            end
            if (!(v2))
                product <= {4'd0, pp_lo} + {pp_hi, 4'd0};
        end
    end
endmodule
