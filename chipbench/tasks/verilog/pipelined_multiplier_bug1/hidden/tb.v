// Hidden testbench for pipelined_multiplier. Inputs change 2 units after a
// rising edge (operands are randomised even when in_valid = 0); outputs are
// checked 1 unit after every rising edge. The model keeps a 3-entry history of
// accepted pairs.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         in_valid = 1'b0;
    reg  [7:0]  a = 8'd0, b = 8'd0;
    wire        out_valid;
    wire [15:0] product;

    always #5 clk = ~clk;

    pipelined_multiplier dut (
        .clk      (clk),
        .rst      (rst),
        .in_valid (in_valid),
        .a        (a),
        .b        (b),
        .out_valid(out_valid),
        .product  (product)
    );

    reg         h_v [0:2];       // h_*[0]: accepted at the last edge, [2]: two edges before that
    reg  [15:0] h_p [0:2];
    reg         m_valid, exp_valid;
    reg  [15:0] m_prod, exp_prod;
    reg  [31:0] rng;
    integer     n, i, mode;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge;
        begin
            if (rst) begin
                for (i = 0; i < 3; i = i + 1) begin h_v[i] = 1'b0; h_p[i] = 16'd0; end
                m_valid = 1'b0;
                m_prod = 16'd0;
            end else begin
                m_valid = h_v[1];
                if (h_v[1]) m_prod = h_p[1];
                h_v[2] = h_v[1]; h_p[2] = h_p[1];
                h_v[1] = h_v[0]; h_p[1] = h_p[0];
                h_v[0] = in_valid;
                h_p[0] = a * b;
            end
        end
    endtask

    task cycle(input r, input v, input [7:0] ta, input [7:0] tbv);
        begin
            rst = r; in_valid = v; a = ta; b = tbv;
            @(posedge clk);
            model_edge;
            #1;
            exp_valid = m_valid;
            exp_prod = m_prod;
            cb_check("out_valid", out_valid, exp_valid);
            cb_check("product", product, exp_prod);
            #1;
        end
    endtask

    initial begin
        #1000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h5eed_0003;
        for (i = 0; i < 3; i = i + 1) begin h_v[i] = 1'b0; h_p[i] = 16'd0; end
        m_valid = 1'b0; m_prod = 16'd0;
        @(posedge clk); #2;
        // reset with in_valid high: nothing may be accepted
        cycle(1'b1, 1'b1, 8'd9, 8'd9);
        cycle(1'b1, 1'b1, 8'd7, 8'd7);
        // corner products, back to back
        cycle(1'b0, 1'b1, 8'd3, 8'd4);
        cycle(1'b0, 1'b1, 8'd255, 8'd255);
        cycle(1'b0, 1'b1, 8'd0, 8'd200);
        cycle(1'b0, 1'b1, 8'd128, 8'd2);
        cycle(1'b0, 1'b1, 8'd1, 8'd255);
        cycle(1'b0, 1'b1, 8'h0F, 8'hF0);
        cycle(1'b0, 1'b1, 8'hF0, 8'h0F);
        cycle(1'b0, 1'b1, 8'hAA, 8'h55);
        // idle with garbage operands: product must hold
        for (n = 0; n < 5; n = n + 1) cycle(1'b0, 1'b0, 8'hFF - n, 8'h11 * n);
        // isolated pairs and a gap pattern
        cycle(1'b0, 1'b1, 8'd17, 8'd19);
        cycle(1'b0, 1'b0, 8'd200, 8'd200);
        cycle(1'b0, 1'b1, 8'd250, 8'd6);
        cycle(1'b0, 1'b0, 8'd1, 8'd1);
        cycle(1'b0, 1'b0, 8'd2, 8'd2);
        cycle(1'b0, 1'b1, 8'd77, 8'd91);
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b0, 8'd5, 8'd5);
        // reset while the pipeline is full: in-flight pairs are lost
        cycle(1'b0, 1'b1, 8'd11, 8'd12);
        cycle(1'b0, 1'b1, 8'd13, 8'd14);
        cycle(1'b1, 1'b1, 8'd15, 8'd16);
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b0, 8'd99, 8'd99);
        cycle(1'b0, 1'b1, 8'd21, 8'd22);
        cycle(1'b1, 1'b0, 8'd0, 8'd0);
        for (n = 0; n < 4; n = n + 1) cycle(1'b0, 1'b0, 8'd99, 8'd99);
        // every b bit and every a bit alone
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 1'b1, 8'hFF, 8'd1 << n);
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 1'b1, 8'd1 << n, 8'hFF);
        for (n = 0; n < 8; n = n + 1) cycle(1'b0, 1'b1, 8'd1 << n, 8'd1 << (7 - n));

        // random traffic, with phases of different valid density
        for (n = 0; n < 3000; n = n + 1) begin
            roll;
            mode = (n / 250) % 3;
            cycle(rng[31:25] == 7'd0,
                  mode == 0 ? 1'b1 : (mode == 1 ? rng[20] : (rng[21:19] == 3'd0)),
                  rng[7:0], rng[15:8]);
        end
        cb_done;
    end
endmodule
