// Public smoke test for priority_encoder (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [7:0] req;
    wire [2:0] idx;
    wire       valid;

    priority_encoder dut (.req(req), .idx(idx), .valid(valid));

    task expect_pe(input [7:0] r, input [2:0] i, input v);
        begin
            req = r;
            #1;
            cb_check("idx", idx, i);
            cb_check("valid", valid, v);
        end
    endtask

    initial begin
        expect_pe(8'b0010_0110, 3'd5, 1'b1);
        expect_pe(8'b0000_0000, 3'd0, 1'b0);
        expect_pe(8'b0000_0001, 3'd0, 1'b1);
        expect_pe(8'b1000_0001, 3'd7, 1'b1);
        cb_done;
    end
endmodule
