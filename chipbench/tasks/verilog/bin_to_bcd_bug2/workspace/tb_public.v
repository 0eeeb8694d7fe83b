// Public smoke test for bin_to_bcd (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] bin;
    wire [3:0] hundreds, tens, ones;

    bin_to_bcd dut (.bin(bin), .hundreds(hundreds), .tens(tens), .ones(ones));

    task expect_bcd(input [7:0] v, input [3:0] h, input [3:0] t, input [3:0] o);
        begin
            bin = v;
            #1;
            cb_check("hundreds", hundreds, h);
            cb_check("tens", tens, t);
            cb_check("ones", ones, o);
        end
    endtask

    initial begin
        expect_bcd(8'd0,   4'd0, 4'd0, 4'd0);
        expect_bcd(8'd7,   4'd0, 4'd0, 4'd7);
        expect_bcd(8'd99,  4'd0, 4'd9, 4'd9);
        expect_bcd(8'd100, 4'd1, 4'd0, 4'd0);
        expect_bcd(8'd255, 4'd2, 4'd5, 4'd5);
        cb_done;
    end
endmodule
