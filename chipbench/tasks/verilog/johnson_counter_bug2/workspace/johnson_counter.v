// 5-bit Johnson (twisted-ring) counter with enable and synchronous reset.
module johnson_counter (
    input  wire       clk,
    input  wire       rst,
    input  wire       en,
    output reg  [4:0] q
);
    always @(posedge clk) begin
        if (rst)
            q <= 5'b00000;
        else if (!(en))
            q <= {q[3:0], ~q[4]};
    end
endmodule
