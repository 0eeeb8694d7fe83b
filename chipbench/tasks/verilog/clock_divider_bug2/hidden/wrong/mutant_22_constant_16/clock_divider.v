// Synchronous clock divider, divisor 2..255 loadable at run time; a new
// divisor is adopted at the next period boundary. High for floor(D/2) cycles.
module clock_divider (
    input  wire       clk,
    input  wire       rst,
    input  wire       load,
    input  wire [7:0] div_in,
    output reg        clk_out
);
    reg  [7:0] div;       // divisor of the current period
    reg  [7:0] pending;
    reg  [7:0] cnt;       // position inside the current period

    wire       accept       = load && (div_in >= 8'd2);
    wire [7:0] pending_next = accept ? div_in : pending;
    wire       last         = (cnt == div - 8'd1);
    wire [7:0] cnt_next     = last ? 8'd0 : cnt + 8'd1;
    wire [7:0] div_next     = last ? pending_next : div;

    always @(posedge clk) begin
        if (rst) begin
            div     <= 8'd1;
            pending <= 8'd2;
            cnt     <= 8'd0;
            clk_out <= 1'b1;
        end else begin
            div     <= div_next;
            pending <= pending_next;
            cnt     <= cnt_next;
            clk_out <= (cnt_next < (div_next >> 1));
        end
    end
endmodule
