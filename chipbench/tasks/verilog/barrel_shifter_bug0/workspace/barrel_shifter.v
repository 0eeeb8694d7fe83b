// 16-bit logarithmic barrel shifter: SLL, SRL, SRA, ROR.
module barrel_shifter (
    input  wire [15:0] din,
    input  wire [3:0]  amt,
    input  wire [1:0]  mode,
    output wire [15:0] dout
);
    // mode: 2'b00 SLL, 2'b01 SRL, 2'b10 SRA, 2'b11 ROR

    // Bit shifted in at the top for right shifts.
    wire fill = mode[0] ? din[15] : 1'b0;

    reg [15:0] s1, s2, s4, s8;

    always @* begin
        // Stage 1: shift by 1.
        if (!amt[0])            s1 = din;
        else if (mode == 2'b00) s1 = {din[14:0], 1'b0};
        else if (mode == 2'b11) s1 = {din[0], din[15:1]};
        else                    s1 = {fill, din[15:1]};

        // Stage 2: shift by 2.
        if (!amt[1])            s2 = s1;
        else if (mode == 2'b00) s2 = {s1[13:0], 2'b00};
        else if (mode == 2'b11) s2 = {s1[1:0], s1[15:2]};
        else                    s2 = {{2{fill}}, s1[15:2]};

        // Stage 4: shift by 4.
        if (!amt[2])            s4 = s2;
        else if (mode == 2'b00) s4 = {s2[11:0], 4'h0};
        else if (mode == 2'b11) s4 = {s2[3:0], s2[15:4]};
        else                    s4 = {{4{fill}}, s2[15:4]};

        // Stage 8: shift by 8.
        if (!amt[3])            s8 = s4;
        else if (mode == 2'b00) s8 = {s4[7:0], 8'h00};
        else if (mode == 2'b11) s8 = {s4[7:0], s4[15:8]};
        else                    s8 = {{8{fill}}, s4[15:8]};
    end

    assign dout = s8;
endmodule
