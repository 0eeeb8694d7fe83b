// Bit-serial CRC-16/CCITT: poly 0x1021, init 0xFFFF, MSB first, no final XOR.
module crc16_serial (
    input  wire        clk,
    input  wire        rst_n,
    input  wire        init,
    input  wire        en,
    input  wire        din,
    output reg  [15:0] crc
);
    wire fb = crc[15] ^ din;

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n)
            crc <= 16'hFFFF;
        else if (init)
            crc <= 16'hFFFF;
        else if (en)
            crc <= {crc[14:0], 1'b0} ^ (fb ? 16'h1021 : 16'h0000);
    end
endmodule
