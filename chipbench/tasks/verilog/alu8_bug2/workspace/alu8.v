// 8-bit ALU: ADD, SUB, AND, OR, XOR, SLT (signed), SHL, SHR.
module alu8 (
    input  wire [7:0] a,
    input  wire [7:0] b,
    input  wire [2:0] op,
    output reg  [7:0] y,
    output reg        carry,
    output wire       zero
);
    wire [8:0] sum  = {1'b0, a} + {1'b0, b};
    wire [8:0] diff = {1'b0, a} - {1'b0, b};   // diff[8] is the borrow
    // Signed overflow of a - b: operands of different sign and the result
    // sign differs from a.
    wire       sub_ovf = (a[8] ^ b[7]) & (a[7] ^ diff[7]);
    wire       lt_signed = diff[7] ^ sub_ovf;

    always @* begin
        carry = 1'b0;
        case (op)
            3'b000: begin y = sum[7:0];  carry = sum[8];  end
            3'b001: begin y = diff[7:0]; carry = diff[8]; end
            3'b010: y = a & b;
            3'b011: y = a | b;
            3'b100: y = a ^ b;
            3'b101: y = {7'b0000000, lt_signed};
            3'b110: begin y = {a[6:0], 1'b0}; carry = a[7]; end
            default: begin y = {1'b0, a[7:1]}; carry = a[0]; end
        endcase
    end

    assign zero = (y == 8'd0);
endmodule
