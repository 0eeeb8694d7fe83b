// 8-bit magnitude comparator; signed_mode selects two's-complement ordering.
module magnitude_comparator (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire       signed_mode,
    output wire       lt,
    output wire       eq,
    output wire       gt
);
    // Only a is cast: the mixed expression is evaluated as unsigned.
    wire s_lt = $signed(a) < b;
    wire s_gt = $signed(a) > b;

    assign eq = (a == b);
    assign lt = signed_mode ? s_lt : (a < b);
    assign gt = signed_mode ? s_gt : (a > b);
endmodule
