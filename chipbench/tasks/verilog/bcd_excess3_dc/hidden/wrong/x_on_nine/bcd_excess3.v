// Wrong on a digit: 9 is treated as a don't-care code and left undefined.
module bcd_excess3 (
    input  wire [3:0] bcd,
    output reg  [3:0] xs3
);
    always @* begin
        if (bcd <= 4'd8) xs3 = bcd + 4'd3;
        else             xs3 = 4'bxxxx;
    end
endmodule
