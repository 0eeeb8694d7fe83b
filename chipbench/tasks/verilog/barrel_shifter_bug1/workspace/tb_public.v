// Public smoke test for barrel_shifter (a few directed cases only).
module tb;
`include "chipbench_tb.vh"

    reg  [15:0] din;
    reg  [3:0]  amt;
    reg  [1:0]  mode;
    wire [15:0] dout;

    barrel_shifter dut (.din(din), .amt(amt), .mode(mode), .dout(dout));

    task expect_shift(input [1:0] m, input [15:0] d, input [3:0] n, input [15:0] e);
        begin
            mode = m; din = d; amt = n;
            #1;
            cb_check("dout", dout, e);
        end
    endtask

    initial begin
        expect_shift(2'b00, 16'h0001, 4'd3, 16'h0008);  // SLL
        expect_shift(2'b01, 16'h8000, 4'd4, 16'h0800);  // SRL
        expect_shift(2'b10, 16'h8000, 4'd4, 16'hF800);  // SRA
        expect_shift(2'b11, 16'h0001, 4'd1, 16'h8000);  // ROR
        expect_shift(2'b10, 16'h1234, 4'd0, 16'h1234);  // amount 0
        cb_done;
    end
endmodule
