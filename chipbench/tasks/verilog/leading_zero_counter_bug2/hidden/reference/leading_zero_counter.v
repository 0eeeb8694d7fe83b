// 16-bit leading-zero counter: binary search over halves, quarters, pairs, bits.
module leading_zero_counter (
    input  wire [15:0] din,
    output wire [4:0]  count,
    output wire        all_zero
);
    wire        z8 = (din[15:8] == 8'd0);
    wire [15:0] s8 = z8 ? {din[7:0], 8'd0} : din;
    wire        z4 = (s8[15:12] == 4'd0);
    wire [15:0] s4 = z4 ? {s8[11:0], 4'd0} : s8;
    wire        z2 = (s4[15:14] == 2'd0);
    wire [15:0] s2 = z2 ? {s4[13:0], 2'd0} : s4;
    wire        z1 = ~s2[15];

    assign all_zero = (din == 16'd0);
    assign count    = all_zero ? 5'd16 : {1'b0, z8, z4, z2, z1};
endmodule
