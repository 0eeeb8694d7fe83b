// Public smoke test for uart_rx (default CLKS_PER_BIT = 4): two frames.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        rx = 1'b1;
    wire [7:0] data;
    wire       data_valid, framing_error;
    integer    seen_dv, seen_fe;

    always #5 clk = ~clk;

    uart_rx dut (.clk(clk), .rst(rst), .rx(rx), .data(data),
                 .data_valid(data_valid), .framing_error(framing_error));

    always @(posedge clk) begin
        if (data_valid) seen_dv = seen_dv + 1;
        if (framing_error) seen_fe = seen_fe + 1;
    end

    task send(input [7:0] b, input stop);
        reg [9:0] f;
        integer j, c;
        begin
            f = {stop, b, 1'b0};
            for (j = 0; j < 10; j = j + 1)
                for (c = 0; c < 4; c = c + 1) begin
                    rx = f[j];
                    @(posedge clk); #1;
                end
            rx = 1'b1;
            repeat (4) begin @(posedge clk); #1; end
        end
    endtask

    initial begin
        seen_dv = 0; seen_fe = 0;
        @(posedge clk); #1;
        rst = 1'b0;
        cb_check("data_after_reset", data, 8'h00);
        send(8'hb4, 1'b1);
        cb_check("data", data, 8'hb4);
        cb_check("data_valid_pulses", seen_dv, 1);
        send(8'h0f, 1'b0);
        cb_check("data_kept_on_error", data, 8'hb4);
        cb_check("framing_error_pulses", seen_fe, 1);
        cb_check("data_valid_pulses_after", seen_dv, 1);
        cb_done;
    end
endmodule
