// Hidden testbench for pipelined_datapath. The clock period is 20 units.
// One unit after every rising edge the WB outputs are checked, then all eight
// registers are read through the debug port (one per unit); inputs change 10
// units after the edge. The model executes each instruction in order the
// moment it is accepted (sequential semantics, which full forwarding must
// reproduce) and delays its register write by three edges, so the register
// file it expects is exactly the one the spec makes visible.
module tb;
`include "chipbench_tb.vh"

    reg        clk = 1'b0;
    reg        rst = 1'b1;
    reg        in_valid = 1'b0;
    reg  [2:0] in_op = 3'd0, in_rd = 3'd0, in_rs1 = 3'd0, in_rs2 = 3'd0;
    reg  [7:0] in_imm = 8'd0;
    reg  [2:0] dbg_addr = 3'd0;
    wire       wb_valid;
    wire [2:0] wb_rd;
    wire [7:0] wb_data;
    wire [7:0] dbg_data;

    always #10 clk = ~clk;

    pipelined_datapath dut (
        .clk(clk), .rst(rst), .in_valid(in_valid), .in_op(in_op), .in_rd(in_rd),
        .in_rs1(in_rs1), .in_rs2(in_rs2), .in_imm(in_imm),
        .wb_valid(wb_valid), .wb_rd(wb_rd), .wb_data(wb_data),
        .dbg_addr(dbg_addr), .dbg_data(dbg_data)
    );

    localparam ADD = 3'd0, SUB = 3'd1, AND = 3'd2, OR = 3'd3, XOR = 3'd4,
               ADDI = 3'd5, SHL = 3'd6, LI = 3'd7;

    reg  [7:0] arch [0:7];     // every accepted instruction applied in order
    reg  [7:0] vis  [0:7];     // what the register file must show
    reg        p1v, p2v, p3v;  // accepted 1, 2 and 3 edges ago
    reg  [2:0] p1rd, p2rd, p3rd;
    reg  [7:0] p1d, p2d, p3d;
    reg  [7:0] va, vb, res;
    reg  [31:0] rng;
    integer    n, k, mask;

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
                for (k = 0; k < 8; k = k + 1) begin
                    arch[k] = 8'd0;
                    vis[k] = 8'd0;
                end
                p1v = 1'b0; p2v = 1'b0; p3v = 1'b0;
            end else begin
                if (p3v && p3rd != 3'd0) vis[p3rd] = p3d;
                p3v = p2v; p3rd = p2rd; p3d = p2d;
                p2v = p1v; p2rd = p1rd; p2d = p1d;
                p1v = in_valid;
                if (in_valid) begin
                    va = arch[in_rs1];
                    vb = (in_op == ADDI || in_op == LI) ? in_imm : arch[in_rs2];
                    case (in_op)
                        ADD:  res = va + vb;
                        SUB:  res = va - vb;
                        AND:  res = va & vb;
                        OR:   res = va | vb;
                        XOR:  res = va ^ vb;
                        ADDI: res = va + vb;
                        SHL:  res = va << vb[2:0];
                        default: res = vb;
                    endcase
                    if (in_rd != 3'd0) arch[in_rd] = res;
                    p1rd = in_rd;
                    p1d = res;
                end
            end
        end
    endtask

    task check_outputs;
        begin
            cb_check("wb_valid", wb_valid, p3v);
            cb_check("wb_rd", wb_rd, p3v ? p3rd : 3'd0);
            cb_check("wb_data", wb_data, p3v ? p3d : 8'd0);
            for (k = 0; k < 8; k = k + 1) begin
                dbg_addr = k;
                #1;
                cb_check("dbg_data", dbg_data, vis[k]);
            end
        end
    endtask

    task cycle(input r, input v, input [2:0] op, input [2:0] rd, input [2:0] rs1,
               input [2:0] rs2, input [7:0] imm);
        begin
            rst = r; in_valid = v; in_op = op; in_rd = rd; in_rs1 = rs1; in_rs2 = rs2; in_imm = imm;
            @(posedge clk);
            model_edge;
            #1;
            check_outputs;
            #1;
        end
    endtask

    task ins(input [2:0] op, input [2:0] rd, input [2:0] rs1, input [2:0] rs2, input [7:0] imm);
        cycle(1'b0, 1'b1, op, rd, rs1, rs2, imm);
    endtask

    // A bubble whose fields are garbage that must not be acted on.
    task bubble;
        begin
            roll;
            cycle(1'b0, 1'b0, rng[2:0], rng[5:3], rng[8:6], rng[11:9], rng[19:12]);
        end
    endtask

    initial begin
        #2000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h5eed_da7a;
        for (k = 0; k < 8; k = k + 1) begin arch[k] = 8'd0; vis[k] = 8'd0; end
        p1v = 1'b0; p2v = 1'b0; p3v = 1'b0;
        p1rd = 3'd0; p2rd = 3'd0; p3rd = 3'd0; p1d = 8'd0; p2d = 8'd0; p3d = 8'd0;
        @(posedge clk); #10;
        cycle(1'b1, 1'b1, LI, 3'd1, 3'd0, 3'd0, 8'h55);   // ignored under reset
        cycle(1'b1, 1'b0, LI, 3'd1, 3'd0, 3'd0, 8'h55);
        // dependency chains at every distance
        ins(LI,   3'd1, 3'd0, 3'd0, 8'h12);
        ins(ADDI, 3'd2, 3'd1, 3'd0, 8'h01);   // r1 from EX
        ins(ADD,  3'd3, 3'd1, 3'd2, 8'hFF);   // r1 from WB, r2 from EX
        ins(SUB,  3'd4, 3'd3, 3'd1, 8'h00);   // r3 from EX, r1 from the register file
        ins(XOR,  3'd5, 3'd2, 3'd4, 8'h00);
        ins(OR,   3'd6, 3'd5, 3'd3, 8'h00);
        ins(AND,  3'd7, 3'd6, 3'd5, 8'h00);
        bubble; bubble; bubble;
        // two producers of r1 in flight: the younger wins
        ins(LI,   3'd1, 3'd0, 3'd0, 8'hF0);
        ins(LI,   3'd1, 3'd0, 3'd0, 8'h0F);
        ins(OR,   3'd6, 3'd1, 3'd1, 8'h00);
        ins(LI,   3'd2, 3'd0, 3'd0, 8'hA0);
        ins(LI,   3'd2, 3'd0, 3'd0, 8'h05);
        bubble;
        ins(ADD,  3'd6, 3'd2, 3'd1, 8'h00);   // r2 via WB (younger), r1 via register file
        // r0 stays zero and is never forwarded
        ins(LI,   3'd0, 3'd0, 3'd0, 8'h77);
        ins(ADDI, 3'd0, 3'd0, 3'd0, 8'h33);
        ins(ADD,  3'd7, 3'd0, 3'd0, 8'h00);
        ins(ADDI, 3'd7, 3'd0, 3'd0, 8'h44);
        bubble; bubble;
        ins(SUB,  3'd3, 3'd0, 3'd7, 8'h00);
        // shifts by every amount; the amount is the low three bits of rs2
        ins(LI,   3'd1, 3'd0, 3'd0, 8'hB5);
        for (n = 0; n < 9; n = n + 1) begin
            ins(LI,  3'd2, 3'd0, 3'd0, n[7:0] | 8'hF8 & {8{n[0]}});
            ins(SHL, 3'd3, 3'd1, 3'd2, 8'h00);
        end
        // a producer separated by bubbles: EX, WB, register file
        ins(LI,   3'd4, 3'd0, 3'd0, 8'h3C);
        ins(ADD,  3'd5, 3'd4, 3'd4, 8'h00);
        ins(LI,   3'd4, 3'd0, 3'd0, 8'h21);
        bubble;
        ins(SUB,  3'd5, 3'd4, 3'd5, 8'h00);
        ins(LI,   3'd4, 3'd0, 3'd0, 8'h9A);
        bubble; bubble;
        ins(XOR,  3'd5, 3'd5, 3'd4, 8'h00);
        bubble; bubble; bubble;
        // reset with three instructions in flight discards them all
        ins(LI,   3'd1, 3'd0, 3'd0, 8'hAA);
        ins(LI,   3'd2, 3'd0, 3'd0, 8'hBB);
        ins(LI,   3'd3, 3'd0, 3'd0, 8'hCC);
        cycle(1'b1, 1'b1, LI, 3'd4, 3'd0, 3'd0, 8'hDD);
        ins(ADDI, 3'd5, 3'd1, 3'd0, 8'h01);
        bubble; bubble; bubble;

        // seeded random streams; some phases crowd the registers to make hazards dense
        for (n = 0; n < 6000; n = n + 1) begin
            roll;
            mask = ((n / 400) % 3 == 1) ? 3 : 7;
            if (rng[31:21] == 11'd0)
                cycle(1'b1, rng[20], rng[2:0], rng[5:3], rng[8:6], rng[11:9], rng[19:12]);
            else
                cycle(1'b0, rng[20:18] != 3'd0, rng[2:0], rng[5:3] & mask[2:0],
                      rng[8:6] & mask[2:0], rng[11:9] & mask[2:0], rng[19:12] ^ rng[29:22]);
        end
        bubble; bubble; bubble; bubble;
        cb_done;
    end
endmodule
