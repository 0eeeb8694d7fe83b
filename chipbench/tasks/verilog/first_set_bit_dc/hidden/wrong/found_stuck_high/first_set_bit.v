// Wrong on the one bit that is cared for when `din` is zero: `found` stays 1 (its `pos`
// there is don't-care, and the positions are right).
module first_set_bit (
    input  wire [7:0] din,
    output reg  [2:0] pos,
    output wire       found
);
    integer i;
    assign found = 1'b1;
    always @* begin
        pos = 3'd7;
        for (i = 7; i >= 0; i = i - 1)
            if (din[i]) pos = i[2:0];
    end
endmodule
