// Hamming(7,4) single-error-correcting decoder. code[p-1] holds position p.
module hamming74 (
    input  wire [6:0] code,
    output wire [3:0] data,
    output wire       error,
    output wire [2:0] syndrome
);
    wire s1 = code[0] ^ code[2] ^ code[4] ^ code[6];
    wire s2 = code[1] ^ code[2] ^ code[5] ^ code[6];
    wire s4 = code[3] ^ code[4] ^ code[5] ^ code[6];

    assign syndrome = {s4, s2, s1};
    assign error    = (syndrome != 3'd0);

    // Bit p-1 of the mask is set when the syndrome names position p.
    wire [7:1] onehot = 8'd1 << syndrome;
    wire [6:0] fixed  = code ^ onehot[7:1];

    assign data = {fixed[6], fixed[5], fixed[4], fixed[2]};
endmodule
