// 4-way round-robin arbiter with a registered grant and a 4-cycle burst limit.
module rr_arbiter (
    input  wire       clk,
    input  wire       rst,
    input  wire [3:0] req,
    output reg  [3:0] grant
);
    localparam [2:0] MAX_BURST = 3'd4;

    reg [1:0] last;   // index of the most recent owner
    reg [2:0] run;    // cycles the current grant has been shown

    // Round-robin choice: the first requester after `last`, wrapping around,
    // with `last` itself considered at the very end.
    reg [1:0] nxt;
    reg [1:0] cand;
    integer   k;

    always @* begin
        nxt  = last;
        cand = last;
        for (k = 3; k >= 0; k = k - 1) begin
            cand = last + k[1:0];
            if (req[cand])
                nxt = cand;
        end
    end

    wire owner_keeps = (grant != 4'b0000) && req[last] && (run < MAX_BURST);

    always @(posedge clk) begin
        if (rst) begin
            grant <= 4'b0000;
            last  <= 2'd3;
            run   <= 3'd0;
        end else if (owner_keeps) begin
            run <= run + 3'd1;
        end else if (req != 4'b0000) begin
            grant <= 4'b0001 << nxt;
            last  <= nxt;
            run   <= 3'd1;
        end else begin
            grant <= 4'b0000;
            run   <= 3'd0;
        end
    end
endmodule
