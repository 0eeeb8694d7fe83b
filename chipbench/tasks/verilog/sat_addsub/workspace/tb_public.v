// Public smoke test for sat_addsub: the spec's examples.
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] a, b;
    reg        sub;
    wire [7:0] y;
    wire       sat;

    sat_addsub dut (.a(a), .b(b), .sub(sub), .y(y), .sat(sat));

    task expect_as(input s, input [7:0] ta, input [7:0] tb_, input [7:0] ey, input es);
        begin
            sub = s; a = ta; b = tb_;
            #1;
            cb_check("y", y, ey);
            cb_check("sat", sat, es);
        end
    endtask

    initial begin
        expect_as(1'b0, 8'd100, 8'd100, 8'h7F, 1'b1);             // 100 + 100
        expect_as(1'b1, -8'sd100, 8'd100, 8'h80, 1'b1);           // -100 - 100
        expect_as(1'b1, -8'sd100, -8'sd100, 8'h00, 1'b0);         // -100 - (-100)
        expect_as(1'b0, 8'd5, -8'sd7, 8'hFE, 1'b0);               // 5 + (-7)
        cb_done;
    end
endmodule
