// 8-entry circular FIFO with show-ahead head output.
module ring_buffer (
    input  wire       clk,
    input  wire       rst,
    input  wire       push,
    input  wire [7:0] push_data,
    input  wire       pop,
    output wire [7:0] pop_data,
    output reg  [3:0] count,
    output wire       full,
    output wire       empty
);
    reg [7:0] mem [0:7];
    reg [2:0] head, tail;

    assign full  = (count == 4'd8);
    assign empty = (count == 4'd0);

    wire do_push = push && !full;
    wire do_pop  = pop && !empty;

    always @(posedge clk) begin
        if (rst) begin
            head  <= 3'd0;
            tail  <= 3'd0;
            count <= 4'd0;
        end else begin
            if (do_push) begin
                mem[tail] <= push_data;
                tail      <= tail + 3'd1;
            end
            if (do_pop)
                head <= head + 3'd1;
            if (do_push && !do_pop)
                count <= count + 4'd1;
            else if (do_pop && !do_push)
                count <= count - 4'd1;
        end
    end

    assign pop_data = empty ? 8'h00 : mem[head];
endmodule
