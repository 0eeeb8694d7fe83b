// Public smoke test for magnitude_comparator (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg        signed_mode;
    wire       lt, eq, gt;

    magnitude_comparator dut (
        .a(a), .b(b), .signed_mode(signed_mode), .lt(lt), .eq(eq), .gt(gt)
    );

    task expect3(input [7:0] ta, input [7:0] tb_, input tm, input el, input ee, input eg);
        begin
            a = ta; b = tb_; signed_mode = tm;
            #1;
            cb_check("lt", lt, el);
            cb_check("eq", eq, ee);
            cb_check("gt", gt, eg);
        end
    endtask

    initial begin
        expect3(8'd3,   8'd5,   1'b0, 1'b1, 1'b0, 1'b0);
        expect3(8'd5,   8'd5,   1'b0, 1'b0, 1'b1, 1'b0);
        expect3(8'h80,  8'h01,  1'b0, 1'b0, 1'b0, 1'b1);  // 128 > 1
        expect3(8'h80,  8'h01,  1'b1, 1'b1, 1'b0, 1'b0);  // -128 < 1
        expect3(8'hFF,  8'hFE,  1'b1, 1'b0, 1'b0, 1'b1);  // -1 > -2
        cb_done;
    end
endmodule
