// Signed 8x8 multiply-accumulate into a 20-bit saturating accumulator.
module mac_unit (
    input  wire        clk,
    input  wire        rst,
    input  wire        clear,
    input  wire        en,
    input  wire [7:0]  a,
    input  wire [7:0]  b,
    output reg  [19:0] acc,
    output reg         sat
);
    wire signed [15:0] prod = $signed(a) * $signed(b);
    // One guard bit: the sum of a 20-bit and a 16-bit signed value fits in 21 bits.
    wire        [20:0] sum  = {acc[19], acc} + {{5{prod[15]}}, prod};
    wire               ovf  = sum[20] & sum[19];

    always @(posedge clk) begin
        if (rst) begin
            acc <= 20'd0;
            sat <= 1'b0;
        end else if (clear) begin
            acc <= 20'd0;
            sat <= 1'b0;
        end else if (en) begin
            if (ovf) begin
                acc <= sum[20] ? 20'h80000 : 20'h7FFFF;
                sat <= 1'b1;
            end else begin
                acc <= sum[19:0];
            end
        end
    end
endmodule
