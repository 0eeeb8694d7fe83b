// Debouncer: dout follows din once din has differed from dout at N
// consecutive rising edges.
module debouncer #(
    parameter N = 4
) (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output reg  dout
);
    reg [7:0] count;   // consecutive differing samples seen so far

    always @(posedge clk) begin
        if (rst) begin
            dout  <= 1'b0;
            count <= 8'd0;
        end else if (din == dout) begin
            count <= 8'd0;
        end else if (count != N - 1) begin
            dout  <= din;
            count <= 8'd0;
        end else begin
            count <= count + 8'd1;
        end
    end
endmodule
