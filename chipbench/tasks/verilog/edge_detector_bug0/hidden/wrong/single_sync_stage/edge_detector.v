// Two-flop synchroniser followed by a rising/falling edge detector.
module edge_detector (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output wire level,
    output wire rise,
    output wire fall
);
    reg sync1, prev;

    always @(posedge clk) begin
        if (rst) begin
            sync1 <= 1'b0;
            prev  <= 1'b0;
        end else begin
            sync1 <= din;
            prev  <= sync1;
        end
    end

    assign level = sync1;
    assign rise  = sync1 & ~prev;
    assign fall  = ~sync1 & prev;
endmodule
