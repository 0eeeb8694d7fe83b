// Hidden testbench for mac_unit. Inputs change 2 units after a rising edge;
// acc and sat are checked 1 unit after every rising edge. The model uses
// integer arithmetic and explicit range tests. Directed sequences hit both
// limits exactly and then cross them; random phases push the accumulator
// up, down, and around zero.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg         clear = 1'b0;
    reg         en = 1'b0;
    reg  [7:0]  a = 8'd0, b = 8'd0;
    wire [19:0] acc;
    wire        sat;

    always #5 clk = ~clk;

    mac_unit dut (
        .clk  (clk),
        .rst  (rst),
        .clear(clear),
        .en   (en),
        .a    (a),
        .b    (b),
        .acc  (acc),
        .sat  (sat)
    );

    integer     m_acc, s, va, vb;
    reg         m_sat, exp_sat;
    reg  [19:0] exp_acc;
    reg  [31:0] rng;
    integer     n, phase;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    task model_edge;
        begin
            va = a; if (va > 127) va = va - 256;
            vb = b; if (vb > 127) vb = vb - 256;
            if (rst || clear) begin
                m_acc = 0;
                m_sat = 1'b0;
            end else if (en) begin
                s = m_acc + va * vb;
                if (s > 524287) begin
                    m_acc = 524287;
                    m_sat = 1'b1;
                end else if (s < -524288) begin
                    m_acc = -524288;
                    m_sat = 1'b1;
                end else begin
                    m_acc = s;
                end
            end
        end
    endtask

    task cycle(input r, input c, input e, input [7:0] ta, input [7:0] tbv);
        begin
            rst = r; clear = c; en = e; a = ta; b = tbv;
            @(posedge clk);
            model_edge;
            #1;
            exp_acc = m_acc;
            exp_sat = m_sat;
            cb_check("acc", acc, exp_acc);
            cb_check("sat", sat, exp_sat);
            #1;
        end
    endtask

    task mac(input [7:0] ta, input [7:0] tbv);
        cycle(1'b0, 1'b0, 1'b1, ta, tbv);
    endtask

    initial begin
        #2000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h0bad_cafe;
        m_acc = 0; m_sat = 1'b0;
        @(posedge clk); #2;
        cycle(1'b1, 1'b0, 1'b1, 8'd100, 8'd100);
        // sign handling of the product
        mac(8'd3, 8'd5);          // +15
        mac(8'hFD, 8'd5);         // -15
        mac(8'hFD, 8'hFB);        // +15
        mac(8'h80, 8'h80);        // +16384
        mac(8'h80, 8'h7F);        // -16256
        mac(8'h7F, 8'h80);        // -16256
        mac(8'hFF, 8'hFF);        // +1
        mac(8'h00, 8'h80);        // 0
        // en low holds, operands ignored
        cycle(1'b0, 1'b0, 1'b0, 8'h7F, 8'h7F);
        cycle(1'b0, 1'b0, 1'b0, 8'h80, 8'h80);
        // clear beats en
        cycle(1'b0, 1'b1, 1'b1, 8'h7F, 8'h7F);
        // climb to exactly +524287 without clamping
        for (n = 0; n < 31; n = n + 1) mac(8'h80, 8'h80);
        mac(8'd127, 8'd127);
        mac(8'd127, 8'd2);
        cb_check("acc_at_max", acc, 20'h7FFFF);
        cb_check("sat_at_max", sat, 1'b0);
        mac(8'd0, 8'd0);
        mac(8'd1, 8'd1);          // one past: clamp
        mac(8'hFF, 8'd1);         // back down by one, sat stays
        mac(8'h80, 8'h80);        // large clamp
        mac(8'd1, 8'd1);
        cycle(1'b0, 1'b0, 1'b0, 8'd1, 8'd1);
        cycle(1'b0, 1'b1, 1'b0, 8'd0, 8'd0);
        // descend to exactly -524288 without clamping
        for (n = 0; n < 32; n = n + 1) mac(8'h80, 8'h7F);
        mac(8'h80, 8'd32);
        cb_check("acc_at_min", acc, 20'h80000);
        cb_check("sat_at_min", sat, 1'b0);
        mac(8'hFF, 8'd1);         // one below: clamp
        mac(8'd1, 8'd1);
        mac(8'h80, 8'h7F);
        mac(8'h80, 8'h7F);
        cycle(1'b1, 1'b0, 1'b1, 8'h80, 8'h80);
        // near the top, a product that would wrap to negative must clamp
        for (n = 0; n < 32; n = n + 1) mac(8'h80, 8'h80);
        cycle(1'b0, 1'b1, 1'b0, 8'd0, 8'd0);
        for (n = 0; n < 31; n = n + 1) mac(8'h80, 8'h80);
        mac(8'h7F, 8'h7F);
        mac(8'h7F, 8'h7F);
        mac(8'h80, 8'h7F);
        cycle(1'b0, 1'b1, 1'b1, 8'd5, 8'd5);

        // random phases: climb, descend, mixed
        for (n = 0; n < 5000; n = n + 1) begin
            roll;
            phase = (n / 150) % 4;
            case (phase)
                0: begin a = {1'b0, 1'b1, rng[5:0]}; b = {1'b0, 1'b1, rng[11:6]}; end
                1: begin a = {1'b1, 1'b0, rng[5:0]}; b = {1'b0, 1'b1, rng[11:6]}; end
                2: begin a = rng[7:0]; b = rng[15:8]; end
                default: begin a = {rng[7], rng[7], rng[7], rng[7], rng[3:0]}; b = rng[15:8]; end
            endcase
            cycle(rng[31:22] == 10'd0, rng[21:16] == 6'd0, rng[30:28] != 3'd0, a, b);
        end
        cb_done;
    end
endmodule
