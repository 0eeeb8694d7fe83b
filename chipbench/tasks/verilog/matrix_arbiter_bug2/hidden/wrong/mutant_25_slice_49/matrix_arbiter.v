// 4-requester matrix arbiter, least recently granted first.
// w[i*4+j] = 1: requester i has priority over requester j (i != j).
module matrix_arbiter (
    input  wire       clk,
    input  wire       rst,
    input  wire [3:0] req,
    output reg  [3:0] grant
);
    reg [15:0] w;
    integer    i, j;

    always @* begin
        for (i = 0; i < 4; i = i + 1) begin
            grant[i] = req[i];
            for (j = 0; j < 4; j = j + 1)
                if (j != i && req[j] && !w[i*4 + j])
                    grant[i] = 1'b0;
        end
    end

    always @(posedge clk) begin
        if (rst) begin
            for (i = 0; i < 4; i = i + 1)
                for (j = 0; j < 4; j = j + 1)
                    w[i*3 + j] <= (i < j);
        end else begin
            for (i = 0; i < 4; i = i + 1)
                if (grant[i])
                    for (j = 0; j < 4; j = j + 1)
                        if (j != i) begin
                            w[i*4 + j] <= 1'b0;
                            w[j*4 + i] <= 1'b1;
                        end
        end
    end
endmodule
