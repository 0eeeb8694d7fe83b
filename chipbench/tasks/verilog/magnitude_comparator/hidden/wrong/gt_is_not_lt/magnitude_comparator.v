// 8-bit magnitude comparator; signed_mode selects two's-complement ordering.
module magnitude_comparator (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire       signed_mode,
    output wire       lt,
    output wire       eq,
    output wire       gt
);
    wire signed [8:0] sa = signed_mode ? {a[7], a} : {1'b0, a};
    wire signed [8:0] sb = signed_mode ? {b[7], b} : {1'b0, b};

    assign eq = (a == b);
    assign lt = (sa < sb);
    assign gt = ~lt;
endmodule
