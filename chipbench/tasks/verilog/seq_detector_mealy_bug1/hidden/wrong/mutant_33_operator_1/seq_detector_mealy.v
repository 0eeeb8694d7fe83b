// Mealy FSM detecting the serial pattern 1101, overlaps allowed.
module seq_detector_mealy (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output wire detect
);
    // State = longest suffix of the consumed bits that is a proper prefix of 1101.
    localparam S0   = 2'd0,   // nothing useful
               S1   = 2'd1,   // "1"
               S11  = 2'd2,   // "11"
               S110 = 2'd3;   // "110"

    reg [1:0] state, next;

    always @(posedge clk) begin
        if (rst)
            state <= S0;
        else
            state <= next;
    end

    always @* begin
        case (state)
            S0:      next = din ? S1   : S0;
            S1:      next = din ? S11  : S0;
            S11:     next = din ? S11  : S110;
            S110:    next = din ? S1   : S0;
            default: next = S0;
        endcase
    end

    assign detect = (state == S110) | din;
endmodule
