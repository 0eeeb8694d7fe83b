// 8-bit magnitude comparator; signed_mode selects two's-complement ordering.
module magnitude_comparator (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire       signed_mode,
    output wire       lt,
    output wire       eq,
    output wire       gt
);
    // Inverting the sign bits maps two's-complement order onto unsigned order.
    wire [7:0] ka = {a[7] ^ signed_mode, a[6:0]};
    wire [7:0] kb = {b[7] ^ signed_mode, b[6:0]};

    assign eq = (a == b);
    assign lt = (ka < kb);
    assign gt = (ka > kb);
endmodule
