// 4-bit binary counter with enable; output is the Gray code of the count.
module gray_counter (
    input  wire       clk,
    input  wire       rst,
    input  wire       en,
    output reg  [3:0] gray
);
    reg [3:0] count;

    always @(posedge clk) begin
        if (rst) begin
            count <= 4'd0;
            gray  <= 4'd0;
        end else if (en) begin
            count <= count + 4'd1;
            gray  <= count ^ (count >> 1);
        end
    end
endmodule
