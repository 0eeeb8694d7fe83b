// Moore FSM that detects the serial pattern 1011, overlaps allowed.
module seq_detector (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output wire detect
);
    // State name = longest suffix of the input seen so far that is a prefix
    // of the pattern.
    localparam IDLE  = 3'd0,
               S1    = 3'd1,
               S10   = 3'd2,
               S101  = 3'd3,
               S1011 = 3'd4;

    reg [2:0] state, next;

    always @(posedge clk) begin
        if (rst)
            state <= IDLE;
        else
            state <= next;
    end

    always @* begin
        case (state)
            IDLE:    next = din ? S1    : IDLE;
            S1:      next = din ? S1    : S10;
            S10:     next = din ? S101  : IDLE;
            S101:    next = din ? S1011 : IDLE;
            S1011:   next = din ? S1    : S10;
            default: next = IDLE;
        endcase
    end

    assign detect = (state == S1011);
endmodule
