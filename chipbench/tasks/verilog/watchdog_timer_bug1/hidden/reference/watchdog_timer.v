// Watchdog: counts down while enabled, kick reloads, one pulse on 1 -> 0.
module watchdog_timer (
    input  wire       clk,
    input  wire       rst,
    input  wire       en,
    input  wire       kick,
    input  wire [7:0] load_val,
    output reg  [7:0] count,
    output reg        timeout
);
    always @(posedge clk) begin
        timeout <= 1'b0;
        if (rst || kick) begin
            count <= load_val;
        end else if (en) begin
            if (count == 8'd1)
                timeout <= 1'b1;
            if (count != 8'd0)
                count <= count - 8'd1;
        end
    end
endmodule
