// One decimal digit of a cascadable up/down counter with synchronous load.
module bcd_updown_counter (
    input  wire       clk,
    input  wire       rst_n,
    input  wire       en,
    input  wire       up,
    input  wire       load,
    input  wire [3:0] din,
    output reg  [3:0] q,
    output wire       tc
);
    always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            q <= 4'd0;
        end else if (load) begin
            q <= din;
        end else if (en) begin
            if (up)
                q <= (q == 4'd9) ? 4'd0 : q + 4'd1;
            else
                q <= q - 4'd1;
        end
    end

    assign tc = en & ~load & (up ? (q == 4'd9) : (q == 4'd0));
endmodule
