// 16-bit leading-zero counter, priority loop.
module leading_zero_counter (
    input  wire [15:0] din,
    output reg  [4:0]  count,
    output wire        all_zero
);
    integer i;

    always @* begin
        count = 5'd16;
        for (i = 15; i >= 0; i = i - 1)
            if (din[i])
                count = 15 - i;
    end

    assign all_zero = (din == 16'd0);
endmodule
