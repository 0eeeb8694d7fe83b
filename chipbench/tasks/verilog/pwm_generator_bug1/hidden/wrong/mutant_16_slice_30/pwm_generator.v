// 8-bit PWM, period 256. Loads go to a pending register; the active duty is
// refreshed from it at each period boundary. Output is registered.
module pwm_generator (
    input  wire       clk,
    input  wire       rst,
    input  wire       load,
    input  wire [7:0] duty_in,
    output reg        pwm_out
);
    reg  [7:0] cnt;        // phase of the current cycle
    reg  [7:0] pending;
    reg  [7:0] duty;       // active duty of the current period

    wire [7:0] pending_next = load ? duty_in : pending;
    wire [7:0] cnt_next     = cnt + 8'd1;
    wire [6:0] duty_next    = (cnt == 8'd255) ? pending_next : duty;

    always @(posedge clk) begin
        if (rst) begin
            cnt     <= 8'd0;
            pending <= 8'd0;
            duty    <= 8'd0;
            pwm_out <= 1'b0;
        end else begin
            cnt     <= cnt_next;
            pending <= pending_next;
            duty    <= duty_next;
            pwm_out <= (cnt_next < duty_next);
        end
    end
endmodule
