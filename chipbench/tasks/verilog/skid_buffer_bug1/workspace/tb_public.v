// Public smoke test for skid_buffer: a stall that fills the skid register.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        in_valid = 1'b0;
    reg  [7:0] in_data = 8'd0;
    reg        out_ready = 1'b0;
    wire       in_ready, out_valid;
    wire [7:0] out_data;

    always #5 clk = ~clk;

    skid_buffer dut (.clk(clk), .rst(rst), .in_valid(in_valid), .in_data(in_data),
                     .in_ready(in_ready), .out_valid(out_valid), .out_data(out_data),
                     .out_ready(out_ready));

    initial begin
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("in_ready_after_reset", in_ready, 1'b1);
        cb_check("out_valid_after_reset", out_valid, 1'b0);
        in_valid = 1'b1; in_data = 8'hA1; out_ready = 1'b0;
        @(posedge clk); #1;                      // A1 -> main
        cb_check("out_valid", out_valid, 1'b1);
        cb_check("out_data", out_data, 8'hA1);
        in_data = 8'hA2;
        @(posedge clk); #1;                      // A2 -> skid
        cb_check("in_ready_skid_full", in_ready, 1'b0);
        cb_check("out_data_held", out_data, 8'hA1);
        in_data = 8'hA3; out_ready = 1'b1;
        @(posedge clk); #1;                      // A1 taken, A2 -> main, A3 refused
        cb_check("out_data_from_skid", out_data, 8'hA2);
        cb_check("in_ready_again", in_ready, 1'b1);
        @(posedge clk); #1;                      // A2 taken, A3 -> main
        cb_check("out_data_next", out_data, 8'hA3);
        cb_done;
    end
endmodule
