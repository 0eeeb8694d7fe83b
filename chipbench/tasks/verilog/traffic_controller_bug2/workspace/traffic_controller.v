// Traffic light controller: main road green by default, side road on demand,
// an all-red walk phase after the side phase when a pedestrian is waiting.
module traffic_controller #(
    parameter T_MG   = 6,
    parameter T_Y    = 2,
    parameter T_AR   = 1,
    parameter T_SG   = 4,
    parameter T_WALK = 3
) (
    input  wire       clk,
    input  wire       rst,
    input  wire       side_car,
    input  wire       ped_req,
    output reg  [1:0] main_light,
    output reg  [1:0] side_light,
    output wire       walk,
    output reg        ped_wait
);
    localparam RED = 2'b00, YELLOW = 2'b01, GREEN = 2'b10;

    localparam MG   = 3'd0,
               MY   = 3'd1,
               AR1  = 3'd2,
               SG   = 3'd3,
               SY   = 3'd4,
               AR2  = 3'd5,
               WALK = 3'd6;

    reg  [1:0] state, next;
    reg  [7:0] spent;                 // cycles already completed in this phase, minus one
    wire [8:0] done_cycles = spent + 9'd1;

    always @* begin
        next = state;
        case (state)
            MG:   if (done_cycles >= T_MG && (side_car || ped_wait)) next = MY;
            MY:   if (done_cycles == T_Y)    next = AR1;
            AR1:  if (done_cycles == T_AR)   next = SG;
            SG:   if (done_cycles == T_SG)   next = SY;
            SY:   if (done_cycles == T_Y)    next = AR2;
            AR2:  if (done_cycles == T_AR)   next = ped_wait ? WALK : MG;
            WALK: if (done_cycles == T_WALK) next = MG;
            default: next = MG;
        endcase
    end

    always @(posedge clk) begin
        if (rst) begin
            state    <= MG;
            spent    <= 8'd0;
            ped_wait <= 1'b0;
        end else begin
            state <= next;
            if (next != state)
                spent <= 8'd0;
            else if (spent != 8'hff)
                spent <= spent + 8'd1;
            if (next == WALK && state != WALK)
                ped_wait <= 1'b0;
            else if (ped_req)
                ped_wait <= 1'b1;
        end
    end

    always @* begin
        main_light = RED;
        side_light = RED;
        case (state)
            MG: main_light = GREEN;
            MY: main_light = YELLOW;
            SG: side_light = GREEN;
            SY: side_light = YELLOW;
            default: ;
        endcase
    end

    assign walk = (state == WALK);
endmodule
