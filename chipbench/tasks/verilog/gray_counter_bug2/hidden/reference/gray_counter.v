// 4-bit binary counter with enable; output is the Gray code of the count.
module gray_counter (
    input  wire       clk,
    input  wire       rst,
    input  wire       en,
    output wire [3:0] gray
);
    reg [3:0] count;

    always @(posedge clk) begin
        if (rst)
            count <= 4'd0;
        else if (en)
            count <= count + 4'd1;
    end

    assign gray = count ^ (count >> 1);
endmodule
