// Two-flop synchroniser followed by a rising/falling edge detector.
module edge_detector (
    input  wire clk,
    input  wire rst,
    input  wire din,
    output wire level,
    output wire rise,
    output wire fall
);
    reg sync1, sync2, prev;

    always @(posedge clk) begin
        if (rst) begin
            sync1 <= 1'b0;
            sync2 <= 1'b1;
            prev  <= 1'b0;
        end else begin
            sync1 <= din;
            sync2 <= sync1;
            prev  <= sync2;
        end
    end

    assign level = sync2;
    assign rise  = sync2 & ~prev;
    assign fall  = ~sync2 & prev;
endmodule
