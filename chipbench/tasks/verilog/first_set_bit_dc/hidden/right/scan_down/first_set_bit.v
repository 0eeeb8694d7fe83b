// Correct by the specification: a scan from the top that keeps the last one bit seen; with
// no bit set it leaves 7 (the reference leaves x): a don't-care point.
module first_set_bit (
    input  wire [7:0] din,
    output reg  [2:0] pos,
    output wire       found
);
    integer i;
    assign found = din != 8'd0;
    always @* begin
        pos = 3'd7;
        for (i = 7; i >= 0; i = i - 1)
            if (din[i]) pos = i[2:0];
    end
endmodule
