// 8 x 8-bit synchronous FIFO with first-word fall-through read data.
module sync_fifo (
    input  wire       clk,
    input  wire       rst,
    input  wire       wr_en,
    input  wire [7:0] wr_data,
    input  wire       rd_en,
    output wire [7:0] rd_data,
    output wire       full,
    output wire       empty,
    output reg  [3:0] count
);
    reg [7:0] mem [1:7];
    reg [2:0] wptr, rptr;

    wire do_wr = wr_en & ~full;
    wire do_rd = rd_en & ~empty;

    always @(posedge clk) begin
        if (rst) begin
            wptr  <= 3'd0;
            rptr  <= 3'd0;
            count <= 4'd0;
        end else begin
            if (do_wr) begin
                mem[wptr] <= wr_data;
                wptr      <= wptr + 3'd1;
            end
            if (do_rd)
                rptr <= rptr + 3'd1;
            case ({do_wr, do_rd})
                2'b10:   count <= count + 4'd1;
                2'b01:   count <= count - 4'd1;
                default: count <= count;
            endcase
        end
    end

    assign full    = (count == 4'd8);
    assign empty   = (count == 4'd0);
    assign rd_data = mem[rptr];
endmodule
