// Wrong: finds the highest one bit instead of the lowest.
module first_set_bit (
    input  wire [7:0] din,
    output reg  [2:0] pos,
    output wire       found
);
    integer i;
    assign found = |din;
    always @* begin
        pos = 3'd0;
        for (i = 0; i < 8; i = i + 1)
            if (din[i]) pos = i[2:0];
    end
endmodule
