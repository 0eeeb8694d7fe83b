// 8-bit binary to BCD: shift-and-add-3 (double dabble), unrolled by the loop.
module bin_to_bcd (
    input  wire [7:0] bin,
    output wire [3:0] hundreds,
    output wire [3:0] tens,
    output wire [3:0] ones
);
    reg [19:1] s;    // {hundreds, tens, ones, remaining binary bits}
    integer    i;

    always @* begin
        s = {12'd0, bin};
        for (i = 0; i < 8; i = i + 1) begin
            if (s[11:8] >= 4'd5)
                s[11:8] = s[11:8] + 4'd3;
            if (s[15:12] >= 4'd5)
                s[15:12] = s[15:12] + 4'd3;
            s = s << 1;
        end
    end

    assign hundreds = s[19:16];
    assign tens     = s[15:12];
    assign ones     = s[11:8];
endmodule
