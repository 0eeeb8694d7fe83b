// 8N1 UART transmitter with a parameterised number of clocks per bit.
module uart_tx #(
    parameter CLKS_PER_BIT = 4
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       start,
    input  wire [7:0] data,
    output reg        tx,
    output reg        busy
);
    reg [7:0]  shreg;   // captured byte
    reg [3:0]  slot;    // 0 = start bit, 1..8 = data bits, 9 = stop bit
    reg [15:0] ticks;   // cycles spent in the current slot

    always @(posedge clk) begin
        if (rst) begin
            tx    <= 1'b1;
            busy  <= 1'b0;
            shreg <= 8'd0;
            slot  <= 4'd0;
            ticks <= 16'd0;
        end else if (!busy) begin
            if (start) begin
                busy  <= 1'b1;
                tx    <= 1'b0;
                shreg <= data;
                slot  <= 4'd0;
                ticks <= 16'd0;
            end
        end else if (ticks == CLKS_PER_BIT - 1) begin
            ticks <= 16'd0;
            if (slot == 4'd9) begin
                busy <= 1'b0;
                tx   <= 1'b1;
            end else begin
                slot <= slot + 4'd1;
                tx   <= (slot == 4'd8) ? 1'b1 : shreg[slot[2:0]];
            end
        end else begin
            ticks <= ticks + 16'd1;
        end
    end
endmodule
