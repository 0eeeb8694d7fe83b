// Signed 8x8 multiply-accumulate into a 20-bit accumulator.
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
    wire        [19:0] sum  = acc + {{4{prod[15]}}, prod};
    // Overflow when both addends have the same sign and the result does not.
    wire               ovf  = (acc[19] == prod[15]) && (sum[19] != acc[19]);

    always @(posedge clk) begin
        if (rst || clear) begin
            acc <= 20'd0;
            sat <= 1'b0;
        end else if (en) begin
            acc <= sum;
            if (ovf)
                sat <= 1'b1;
        end
    end
endmodule
