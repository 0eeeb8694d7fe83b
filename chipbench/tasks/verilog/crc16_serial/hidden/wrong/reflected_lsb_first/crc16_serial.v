// Bit-serial CRC-16/CCITT, shifting towards the LSB with the reflected polynomial.
module crc16_serial (
    input  wire        clk,
    input  wire        rst_n,
    input  wire        init,
    input  wire        en,
    input  wire        din,
    output reg  [15:0] crc
);
    wire fb = crc[0] ^ din;

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n)
            crc <= 16'hFFFF;
        else if (init)
            crc <= 16'hFFFF;
        else if (en)
            crc <= {1'b0, crc[15:1]} ^ (fb ? 16'h8408 : 16'h0000);
    end
endmodule
