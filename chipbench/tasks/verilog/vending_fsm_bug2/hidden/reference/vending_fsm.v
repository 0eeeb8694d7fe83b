// Vending controller: price 15, coins 5 and 10, change 5, cancel refunds.
module vending_fsm (
    input  wire       clk,
    input  wire       rst,
    input  wire       coin5,
    input  wire       coin10,
    input  wire       cancel,
    output reg        dispense,
    output reg        change5,
    output reg        change10,
    output wire [4:0] credit
);
    localparam C0  = 2'd0,
               C5  = 2'd1,
               C10 = 2'd2;

    reg [1:0] state;

    assign credit = (state == C5) ? 5'd5 : (state == C10) ? 5'd10 : 5'd0;

    always @(posedge clk) begin
        dispense <= 1'b0;
        change5  <= 1'b0;
        change10 <= 1'b0;
        if (rst) begin
            state <= C0;
        end else if (cancel) begin
            if (state == C5)  change5  <= 1'b1;
            if (state == C10) change10 <= 1'b1;
            state <= C0;
        end else if (coin5 && coin10) begin
            state <= state;
        end else if (coin5) begin
            case (state)
                C0:      state <= C5;
                C5:      state <= C10;
                default: begin dispense <= 1'b1; state <= C0; end
            endcase
        end else if (coin10) begin
            case (state)
                C0:      state <= C10;
                C5:      begin dispense <= 1'b1; state <= C0; end
                default: begin dispense <= 1'b1; change5 <= 1'b1; state <= C0; end
            endcase
        end
    end
endmodule
