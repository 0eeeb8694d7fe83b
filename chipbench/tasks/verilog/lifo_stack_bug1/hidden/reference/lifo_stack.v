// 8-deep LIFO stack; push+pop together replaces the top; sticky error flags.
module lifo_stack (
    input  wire       clk,
    input  wire       rst,
    input  wire       push,
    input  wire       pop,
    input  wire [7:0] din,
    output wire [7:0] top,
    output reg  [3:0] count,
    output wire       empty,
    output wire       full,
    output reg        overflow,
    output reg        underflow
);
    reg [7:0] mem [0:7];

    assign empty = (count == 4'd0);
    assign full  = (count == 4'd8);

    wire [2:0] top_idx = count[2:0] - 3'd1;

    always @(posedge clk) begin
        if (rst) begin
            count     <= 4'd0;
            overflow  <= 1'b0;
            underflow <= 1'b0;
        end else if (push && pop) begin
            if (empty) begin
                mem[0] <= din;
                count  <= 4'd1;
            end else begin
                mem[top_idx] <= din;
            end
        end else if (push) begin
            if (full) begin
                overflow <= 1'b1;
            end else begin
                mem[count[2:0]] <= din;
                count           <= count + 4'd1;
            end
        end else if (pop) begin
            if (empty)
                underflow <= 1'b1;
            else
                count <= count - 4'd1;
        end
    end

    assign top = empty ? 8'h00 : mem[top_idx];
endmodule
