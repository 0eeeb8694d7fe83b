// Hidden testbench for hamming74: all 128 received words (every valid code
// word, every single-bit error, and the multi-bit words), twice in different
// orders. The model decodes by nearest code word, independently of syndromes.
module tb;
`include "chipbench_tb.vh"

    reg  [6:0] code;
    wire [3:0] data;
    wire       error;
    wire [2:0] syndrome;

    hamming74 dut (
        .code    (code),
        .data    (data),
        .error   (error),
        .syndrome(syndrome)
    );

    reg [6:0] cw, diff;
    reg [3:0] exp_data, d;
    reg       exp_error;
    reg [2:0] exp_syn;
    integer   n, k, ones, best;

    function [6:0] encode(input [3:0] dd);
        reg p1, p2, p4;
        begin
            p1 = dd[0] ^ dd[1] ^ dd[3];
            p2 = dd[0] ^ dd[2] ^ dd[3];
            p4 = dd[1] ^ dd[2] ^ dd[3];
            encode = {dd[3], dd[2], dd[1], p4, dd[0], p2, p1};
        end
    endfunction

    task apply(input [6:0] c);
        begin
            code = c;
            // Hamming(7,4) is perfect: exactly one code word lies within distance 1.
            best = -1;
            for (n = 0; n < 16; n = n + 1) begin
                d = n;
                cw = encode(d);
                diff = cw ^ c;
                ones = 0;
                for (k = 0; k < 7; k = k + 1) ones = ones + diff[k];
                if (ones <= 1) begin
                    best = n;
                    exp_data = d;
                    exp_syn = 3'd0;
                    for (k = 0; k < 7; k = k + 1) if (diff[k]) exp_syn = k + 1;
                end
            end
            exp_error = (exp_syn != 3'd0);
            #1;
            cb_check("data", data, exp_data);
            cb_check("error", error, exp_error);
            cb_check("syndrome", syndrome, exp_syn);
        end
    endtask

    integer i, j;

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        // valid words and each single-bit corruption, data value by data value
        for (i = 0; i < 16; i = i + 1) begin
            apply(encode(i));
            for (j = 0; j < 7; j = j + 1)
                apply(encode(i) ^ (7'd1 << j));
        end
        // every possible input word, in a scrambled order
        for (i = 0; i < 128; i = i + 1)
            apply((i * 7'd45 + 7'd3) & 7'h7F);
        cb_done;
    end
endmodule
