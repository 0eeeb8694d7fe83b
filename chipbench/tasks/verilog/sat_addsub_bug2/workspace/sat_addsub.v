// 8-bit signed saturating adder/subtractor.
module sat_addsub (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire       sub,
    output wire [7:0] y,
    output wire       sat
);
    // a - b is computed as a + ~b + 1.
    wire [7:0] b_eff = sub ? ~b : b;
    wire [7:0] sum   = a + b_eff + {7'd0, sub};

    // Two's-complement overflow: both addends have the same sign and the
    // sum's sign differs from it.
    wire ovf = (a[6] == b_eff[7]) && (sum[7] != a[7]);

    assign sat = ovf;
    assign y   = ovf ? (a[7] ? 8'h80 : 8'h7F) : sum;
endmodule
