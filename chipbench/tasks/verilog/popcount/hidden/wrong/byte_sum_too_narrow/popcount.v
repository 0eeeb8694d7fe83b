// 32-bit population count: one count per byte, then the four byte counts added.
module popcount (
    input  wire [31:0] din,
    output wire [5:0]  count
);
    reg [2:0] b0, b1, b2, b3;
    integer   i;

    always @* begin
        b0 = 3'd0; b1 = 3'd0; b2 = 3'd0; b3 = 3'd0;
        for (i = 0; i < 8; i = i + 1) begin
            b0 = b0 + din[i];
            b1 = b1 + din[8 + i];
            b2 = b2 + din[16 + i];
            b3 = b3 + din[24 + i];
        end
    end

    assign count = b0 + b1 + b2 + b3;
endmodule
