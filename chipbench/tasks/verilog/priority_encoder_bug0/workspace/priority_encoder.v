// 8-input priority encoder: the highest-numbered asserted request wins.
module priority_encoder (
    input  wire [7:0] req,
    output reg  [2:0] idx,
    output reg        valid
);
    integer i;

    always @* begin
        idx   = 3'd0;
        valid = 1'b0;
        // Later iterations overwrite earlier ones, so the highest set bit wins.
        for (i = 0; i < 7; i = i + 1) begin
            if (req[i]) begin
                idx   = i[2:0];
                valid = 1'b1;
            end
        end
    end
endmodule
