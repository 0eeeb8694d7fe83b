// 32-bit population count: pairwise field sums (2, 4, 8, 16, 32-bit fields).
module popcount (
    input  wire [31:0] din,
    output wire [5:0]  count
);
    wire [31:0] c2  = (din & 32'h5555_5555) + ((din >> 1) & 32'h5555_5555);
    wire [31:0] c4  = (c2  & 32'h3333_3333) + ((c2  >> 3) & 32'h3333_3333);
    wire [31:0] c8  = (c4  & 32'h0F0F_0F0F) + ((c4  >> 4) & 32'h0F0F_0F0F);
    wire [31:0] c16 = (c8  & 32'h00FF_00FF) + ((c8  >> 8) & 32'h00FF_00FF);
    wire [31:0] c32 = (c16 & 32'h0000_FFFF) + ((c16 >> 16) & 32'h0000_FFFF);

    assign count = c32[5:0];
endmodule
