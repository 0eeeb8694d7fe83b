// Reference: a priority case from bit 0 up; with no bit set the position is left undefined,
// as the specification allows.
module first_set_bit (
    input  wire [7:0] din,
    output reg  [2:0] pos,
    output wire       found
);
    assign found = |din;
    always @* begin
        casez (din)
            8'b???????1: pos = 3'd0;
            8'b??????10: pos = 3'd1;
            8'b?????100: pos = 3'd2;
            8'b????1000: pos = 3'd3;
            8'b???10000: pos = 3'd4;
            8'b??100000: pos = 3'd5;
            8'b?1000000: pos = 3'd6;
            8'b10000000: pos = 3'd7;
            default:     pos = 3'bxxx;
        endcase
    end
endmodule
