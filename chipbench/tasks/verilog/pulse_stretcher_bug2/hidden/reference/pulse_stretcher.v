// Retriggerable pulse stretcher: dout stays high for N cycles after the
// last edge at which din was high.
module pulse_stretcher #(
    parameter N = 3
) (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output wire dout
);
    reg [7:0] remaining;   // cycles of high output left, counting this one

    always @(posedge clk) begin
        if (rst)
            remaining <= 8'd0;
        else if (din)
            remaining <= N;
        else if (remaining != 8'd0)
            remaining <= remaining - 8'd1;
    end

    assign dout = (remaining != 8'd0);
endmodule
