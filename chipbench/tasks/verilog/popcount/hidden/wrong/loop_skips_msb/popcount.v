// 32-bit population count: adds the bits one by one.
module popcount (
    input  wire [31:0] din,
    output reg  [5:0]  count
);
    integer i;

    always @* begin
        count = 6'd0;
        for (i = 0; i < 31; i = i + 1)
            count = count + din[i];
    end
endmodule
