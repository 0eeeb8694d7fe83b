// Public smoke test for hamming74 (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [6:0] code;
    wire [3:0] data;
    wire       error;
    wire [2:0] syndrome;

    hamming74 dut (.code(code), .data(data), .error(error), .syndrome(syndrome));

    task expect_dec(input [6:0] c, input [3:0] dd, input e, input [2:0] s);
        begin
            code = c;
            #1;
            cb_check("data", data, dd);
            cb_check("error", error, e);
            cb_check("syndrome", syndrome, s);
        end
    endtask

    initial begin
        expect_dec(7'b1010101, 4'b1011, 1'b0, 3'd0);   // clean word for data 1011
        expect_dec(7'b1110101, 4'b1011, 1'b1, 3'd6);   // position 6 (D2) flipped
        expect_dec(7'b1010100, 4'b1011, 1'b1, 3'd1);   // position 1 (P1) flipped
        expect_dec(7'b0000000, 4'b0000, 1'b0, 3'd0);
        cb_done;
    end
endmodule
