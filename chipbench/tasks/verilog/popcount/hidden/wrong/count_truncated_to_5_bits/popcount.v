// 32-bit population count: adds the bits one by one.
module popcount (
    input  wire [31:0] din,
    output wire [5:0]  count
);
    reg [4:0] sum;
    integer   i;

    always @* begin
        sum = 5'd0;
        for (i = 0; i < 32; i = i + 1)
            sum = sum + din[i];
    end

    assign count = {1'b0, sum};
endmodule
