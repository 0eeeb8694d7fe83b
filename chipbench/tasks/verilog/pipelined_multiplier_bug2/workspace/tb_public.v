// Public smoke test for pipelined_multiplier: the example from the spec.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         in_valid = 1'b0;
    reg  [7:0]  a = 8'd0, b = 8'd0;
    wire        out_valid;
    wire [15:0] product;

    always #5 clk = ~clk;

    pipelined_multiplier dut (.clk(clk), .rst(rst), .in_valid(in_valid), .a(a), .b(b),
                              .out_valid(out_valid), .product(product));

    task step(input v, input [7:0] ta, input [7:0] tbv);
        begin
            in_valid = v; a = ta; b = tbv;
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1;                 // reset edge
        cb_check("out_valid", out_valid, 1'b0);
        cb_check("product", product, 16'd0);
        rst = 1'b0;
        step(1'b1, 8'd3, 8'd4);             // accepted at edge k
        step(1'b1, 8'd255, 8'd255);         // edge k+1
        step(1'b0, 8'd0, 8'd0);             // edge k+2: first result
        cb_check("out_valid", out_valid, 1'b1);
        cb_check("product", product, 16'd12);
        step(1'b0, 8'd0, 8'd0);
        cb_check("out_valid", out_valid, 1'b1);
        cb_check("product", product, 16'd65025);
        step(1'b0, 8'd0, 8'd0);
        cb_check("out_valid", out_valid, 1'b0);
        cb_check("product", product, 16'd65025);
        cb_done;
    end
endmodule
