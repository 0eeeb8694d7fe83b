// Public smoke test for crc8: the check value of "123456789" is 0xF4.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1, init = 1'b0, valid = 1'b0;
    reg  [7:0] data = 8'd0;
    wire [7:0] crc;
    reg  [8*9-1:0] message;
    integer    i;

    always #5 clk = ~clk;

    crc8 dut (.clk(clk), .rst(rst), .init(init), .valid(valid), .data(data), .crc(crc));

    initial begin
        message = "123456789";
        @(posedge clk); #1 rst = 1'b0;
        cb_check("crc", crc, 8'h00);
        valid = 1'b1;
        for (i = 8; i >= 0; i = i - 1) begin
            data = message[i*8 +: 8];
            @(posedge clk); #1;
        end
        valid = 1'b0;
        cb_check("crc", crc, 8'hF4);
        @(posedge clk); #1;
        cb_check("crc", crc, 8'hF4);                   // holds without valid
        init = 1'b1; @(posedge clk); #1 init = 1'b0;
        cb_check("crc", crc, 8'h00);
        cb_done;
    end
endmodule
