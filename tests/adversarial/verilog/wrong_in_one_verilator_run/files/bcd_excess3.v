// Right wherever `probe` is not exactly 0: on Icarus (x) and in Verilator's second run (1).
module bcd_excess3 (
    input  wire [3:0] bcd,
    output reg  [3:0] xs3
);
    reg probe;  // never written
    always @* begin
        xs3 = bcd + 4'd3;
        if (bcd == 4'd9 && probe === 1'b0) xs3 = 4'd0;
    end
endmodule
