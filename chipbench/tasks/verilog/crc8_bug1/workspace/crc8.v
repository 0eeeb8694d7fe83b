// Byte-wide CRC-8 engine: polynomial x^8 + x^2 + x + 1 (0x07), initial value
// 0x00, data bits processed most significant bit first, no final XOR.
module crc8 (
    input  wire       clk,
    input  wire       rst,
    input  wire       init,
    input  wire       valid,
    input  wire [7:0] data,
    output reg  [7:0] crc
);
    localparam [7:0] POLY = 8'h07;

    // Advance the CRC register by one data byte.
    function [7:0] crc_byte(input [7:0] c, input [7:0] d);
        integer i;
        reg [7:0] x;
        reg       fb;
        begin
            x = c;
            for (i = 7; i >= 0; i = i - 1) begin
                fb = x[7] ^ d[i];
                x  = {x[6:0], 1'b0} ^ (fb ? POLY : 8'h00);
            end
            crc_byte = x;
        end
    endfunction

    always @(posedge clk) begin
        if (!(rst || init))
            crc <= 8'h00;
        else if (valid)
            crc <= crc_byte(crc, data);
    end
endmodule
