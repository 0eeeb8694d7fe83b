// Two-road traffic light controller with a latched pedestrian request.
module traffic_light (
    input  wire       clk,
    input  wire       rst,
    input  wire       ped_req,
    output reg  [1:0] ns,
    output reg  [1:0] ew,
    output wire       walk
);
    localparam [2:0] NS_GREEN  = 3'd0,
                     NS_YELLOW = 3'd1,
                     EW_GREEN  = 3'd1,
                     EW_YELLOW = 3'd3,
                     WALK      = 3'd4;

    localparam [1:0] RED = 2'b00, YELLOW = 2'b01, GREEN = 2'b10;

    localparam [2:0] T_GREEN = 3'd6, T_YELLOW = 3'd2, T_WALK = 3'd4;

    reg [2:0] state;
    reg [2:0] cnt;    // cycles already spent in the current phase
    reg       pend;   // remembered pedestrian request
    reg [2:0] dur;

    always @* begin
        case (state)
            NS_GREEN, EW_GREEN:   dur = T_GREEN;
            NS_YELLOW, EW_YELLOW: dur = T_YELLOW;
            default:              dur = T_WALK;
        endcase
    end

    wire last = (cnt == dur - 3'd1);

    always @(posedge clk) begin
        if (rst) begin
            state <= NS_GREEN;
            cnt   <= 3'd0;
            pend  <= 1'b0;
        end else begin
            if (state == WALK)
                pend <= 1'b0;
            else if (ped_req)
                pend <= 1'b1;

            if (last) begin
                cnt <= 3'd0;
                case (state)
                    NS_GREEN:  state <= NS_YELLOW;
                    NS_YELLOW: state <= EW_GREEN;
                    EW_GREEN:  state <= EW_YELLOW;
                    EW_YELLOW: state <= (pend || ped_req) ? WALK : NS_GREEN;
                    default:   state <= NS_GREEN;
                endcase
            end else begin
                cnt <= cnt + 3'd1;
            end
        end
    end

    always @* begin
        ns = RED;
        ew = RED;
        case (state)
            NS_GREEN:  ns = GREEN;
            NS_YELLOW: ns = YELLOW;
            EW_GREEN:  ew = GREEN;
            EW_YELLOW: ew = YELLOW;
            default:   ;
        endcase
    end

    assign walk = (state == WALK);
endmodule
