// 8N1 UART receiver: start detect, mid-bit sampling, framing-error check.
module uart_rx #(
    parameter CLKS_PER_BIT = 4
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       rx,
    output reg  [7:0] data,
    output reg        data_valid,
    output reg        framing_error
);
    localparam HALF = CLKS_PER_BIT / 2;

    localparam IDLE = 2'd0,
               RECV = 2'd1,
               WAIT = 2'd2;

    reg [1:0]  state;
    reg [15:0] wait_cnt;   // edges left before the next sample point
    reg [3:0]  bitn;       // 0 = start check, 1..8 = data, 9 = stop
    reg [7:0]  shreg;

    always @(posedge clk) begin
        data_valid    <= 1'b0;
        framing_error <= 1'b0;
        if (rst) begin
            state    <= IDLE;
            data     <= 8'd0;
            wait_cnt <= 16'd0;
            bitn     <= 4'd0;
            shreg    <= 8'd0;
        end else begin
            case (state)
                IDLE: begin
                    if (!rx) begin
                        state    <= RECV;
                        wait_cnt <= HALF - 1;
                        bitn     <= 4'd0;
                    end
                end
                RECV: begin
                    if (wait_cnt != 16'd0) begin
                        wait_cnt <= wait_cnt - 16'd1;
                    end else begin
                        wait_cnt <= CLKS_PER_BIT - 1;
                        if (bitn != 4'd0) begin
                            if (rx) state <= IDLE;
                            else    bitn  <= 4'd1;
                        end else if (bitn != 4'd9) begin
                            shreg <= {rx, shreg[7:1]};
                            bitn  <= bitn + 4'd1;
                        end else if (rx) begin
                            data       <= shreg;
                            data_valid <= 1'b1;
                            state      <= IDLE;
                        end else begin
                            framing_error <= 1'b1;
                            state         <= WAIT;
                        end
                    end
                end
                default: begin
                    if (rx) state <= IDLE;
                end
            endcase
        end
    end
endmodule
