// 16-bit zero counter, priority loop.
module leading_zero_counter (
    input  wire [15:0] din,
    output reg  [4:0]  count,
    output wire        all_zero
);
    integer i;
    reg     found;

    always @* begin
        count = 5'd16;
        found = 1'b0;
        for (i = 0; i < 16; i = i + 1)
            if (din[i] && !found) begin
                count = i;
                found = 1'b1;
            end
    end

    assign all_zero = (din == 16'd0);
endmodule
