// Hidden testbench for tiny_cpu. The instruction memory lives here and is
// read combinationally at the CPU's pc. The clock period is 60 units; one
// unit after every rising edge pc and halted are checked, then the debug port
// is swept over the registers, the flags, one of the unused addresses and
// every data-memory byte written so far. The model below executes one
// instruction per edge from its own copy of the architectural state.
module tb;
`include "chipbench_tb.vh"

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg  [4:0]  dbg_addr = 5'd0;
    wire [7:0]  pc;
    wire [15:0] instr;
    wire        halted;
    wire [7:0]  dbg_data;
    reg  [15:0] imem [0:255];

    assign instr = imem[pc];
    always #30 clk = ~clk;

    tiny_cpu dut (
        .clk(clk), .rst(rst), .pc(pc), .instr(instr), .halted(halted),
        .dbg_addr(dbg_addr), .dbg_data(dbg_data)
    );

    localparam NOP = 4'h0, LI = 4'h1, ADD = 4'h2, SUB = 4'h3, AND = 4'h4, OR = 4'h5,
               XOR = 4'h6, SHL = 4'h7, SHR = 4'h8, ADDI = 4'h9, LD = 4'hA, ST = 4'hB,
               BR = 4'hC, JMP = 4'hD, CMP = 4'hE, HLT = 4'hF;
    localparam CZ = 2'd0, CNZ = 2'd1, CC = 2'd2, CNC = 2'd3;

    // architectural state of the model
    integer     m_pc;
    reg         m_halt, m_z, m_c;
    integer     m_r [0:3];
    integer     m_mem [0:15];
    reg         m_known [0:15];

    reg  [15:0] w;
    integer     x, y, s, ea, off, k, n, p, cyc, after_halt;
    reg  [31:0] rng;

    task roll;
        begin
            rng = rng ^ (rng << 13);
            rng = rng ^ (rng >> 17);
            rng = rng ^ (rng << 5);
        end
    endtask

    function [15:0] I(input [3:0] op, input [1:0] rd, input [1:0] rs, input [7:0] imm);
        I = {op, rd, rs, imm};
    endfunction

    // Write an arithmetic result (any integer) to rd with carry/borrow and zero.
    task arith(input integer v, input store);
        begin
            if (store) m_r[w[11:10]] = v & 255;
            m_c = (v < 0) || (v > 255);
            m_z = (v & 255) == 0;
        end
    endtask

    task logic_result(input integer v);
        begin
            m_r[w[11:10]] = v;
            m_z = v == 0;
        end
    endtask

    task model_edge;
        begin
            if (rst) begin
                m_pc = 0; m_halt = 1'b0; m_z = 1'b0; m_c = 1'b0;
                for (k = 0; k < 4; k = k + 1) m_r[k] = 0;
            end else if (!m_halt) begin
                w = imem[m_pc];
                x = m_r[w[11:10]];
                y = m_r[w[9:8]];
                ea = (y + w[7:0]) % 16;
                off = (w[7:0] > 127) ? w[7:0] - 256 : w[7:0];
                m_pc = (m_pc + 1) % 256;
                case (w[15:12])
                    LI:   m_r[w[11:10]] = w[7:0];
                    ADD:  arith(x + y, 1'b1);
                    SUB:  arith(x - y, 1'b1);
                    AND:  logic_result(x & y);
                    OR:   logic_result(x | y);
                    XOR:  logic_result(x ^ y);
                    SHL:  arith(x * 2, 1'b1);
                    SHR:  begin m_r[w[11:10]] = x / 2; m_c = x % 2; m_z = (x / 2) == 0; end
                    ADDI: arith(x + w[7:0], 1'b1);
                    LD:   m_r[w[11:10]] = m_mem[ea];
                    ST:   begin m_mem[ea] = x; m_known[ea] = 1'b1; end
                    BR: begin
                        if ((w[11:10] == CZ && m_z) || (w[11:10] == CNZ && !m_z) ||
                            (w[11:10] == CC && m_c) || (w[11:10] == CNC && !m_c))
                            m_pc = (m_pc + off + 256) % 256;
                    end
                    JMP:  m_pc = w[7:0];
                    CMP:  arith(x - y, 1'b0);
                    HLT:  begin m_halt = 1'b1; m_pc = (m_pc + 255) % 256; end
                    default: ;
                endcase
            end
        end
    endtask

    task check_state;
        begin
            cb_check("pc", pc, m_pc);
            cb_check("halted", halted, m_halt);
            for (k = 0; k < 4; k = k + 1) begin
                dbg_addr = k;
                #1 cb_check("dbg_reg", dbg_data, m_r[k]);
            end
            dbg_addr = 5'd4;
            #1 cb_check("dbg_flags", dbg_data, {m_c, m_z});
            roll;
            dbg_addr = 5'd5 + rng[3:0] % 11;
            #1 cb_check("dbg_unused", dbg_data, 8'd0);
            for (k = 0; k < 16; k = k + 1) begin
                dbg_addr = 5'd16 + k;
                #1 if (m_known[k]) cb_check("dbg_mem", dbg_data, m_mem[k]);
            end
        end
    endtask

    task cycle(input r);
        begin
            rst = r;
            @(posedge clk);
            model_edge;
            #1;
            check_state;
            #1;
        end
    endtask

    // Reset, then run the program in imem until it has been halted for three
    // cycles or `limit` cycles have passed.
    task run(input integer limit);
        begin
            cycle(1'b1);
            after_halt = 0;
            for (cyc = 0; cyc < limit && after_halt < 3; cyc = cyc + 1) begin
                cycle(1'b0);
                if (m_halt) after_halt = after_halt + 1;
            end
        end
    endtask

    task fill_halt;
        for (k = 0; k < 256; k = k + 1) imem[k] = I(HLT, 2'd0, 2'd0, 8'd0);
    endtask

    initial begin
        #20000000;
        $display("CHIPBENCH_WATCHDOG");
        $finish;
    end

    initial begin
        rng = 32'h7c0d_e5a1;
        for (k = 0; k < 16; k = k + 1) begin m_known[k] = 1'b0; m_mem[k] = 0; end
        m_pc = 0; m_halt = 1'b0; m_z = 1'b0; m_c = 1'b0;
        for (k = 0; k < 4; k = k + 1) m_r[k] = 0;

        // 1: fill the whole data memory through ST with r0 = 0 as the base
        fill_halt;
        for (n = 0; n < 16; n = n + 1) begin
            imem[2 * n]     = I(LI, 2'd1, 2'd0, n * 37 + 11);
            imem[2 * n + 1] = I(ST, 2'd1, 2'd0, n);
        end
        run(60);

        // 2: arithmetic, logic and shifts with their flags
        fill_halt;
        p = 0;
        imem[p] = I(LI, 2'd0, 2'd0, 8'hF0); p = p + 1;
        imem[p] = I(LI, 2'd1, 2'd0, 8'h20); p = p + 1;
        imem[p] = I(ADD, 2'd0, 2'd1, 8'h00); p = p + 1;   // carry out
        imem[p] = I(ADD, 2'd0, 2'd1, 8'h00); p = p + 1;
        imem[p] = I(LI, 2'd2, 2'd0, 8'h30); p = p + 1;
        imem[p] = I(SUB, 2'd0, 2'd2, 8'h00); p = p + 1;   // zero
        imem[p] = I(SUB, 2'd0, 2'd1, 8'h00); p = p + 1;   // borrow
        imem[p] = I(AND, 2'd0, 2'd1, 8'h00); p = p + 1;   // C kept
        imem[p] = I(XOR, 2'd1, 2'd1, 8'h00); p = p + 1;
        imem[p] = I(OR,  2'd1, 2'd2, 8'h00); p = p + 1;
        imem[p] = I(AND, 2'd1, 2'd3, 8'h00); p = p + 1;
        imem[p] = I(SHL, 2'd0, 2'd2, 8'h55); p = p + 1;
        imem[p] = I(LI,  2'd3, 2'd0, 8'h81); p = p + 1;
        imem[p] = I(SHL, 2'd3, 2'd0, 8'h00); p = p + 1;
        imem[p] = I(SHR, 2'd3, 2'd1, 8'h00); p = p + 1;
        imem[p] = I(SHR, 2'd3, 2'd0, 8'h00); p = p + 1;
        imem[p] = I(ADDI, 2'd3, 2'd2, 8'hFF); p = p + 1;
        imem[p] = I(ADDI, 2'd3, 2'd0, 8'h01); p = p + 1;
        imem[p] = I(LI,  2'd2, 2'd0, 8'h40); p = p + 1;
        imem[p] = I(CMP, 2'd0, 2'd2, 8'h00); p = p + 1;
        imem[p] = I(CMP, 2'd1, 2'd2, 8'h00); p = p + 1;
        imem[p] = I(LI,  2'd1, 2'd0, 8'h00); p = p + 1;   // LI leaves the flags
        imem[p] = I(CMP, 2'd2, 2'd1, 8'h00); p = p + 1;
        imem[p] = I(LI,  2'd3, 2'd0, 8'hC3); p = p + 1;
        imem[p] = I(OR,  2'd3, 2'd3, 8'h00); p = p + 1;
        imem[p] = I(XOR, 2'd3, 2'd2, 8'h00); p = p + 1;
        imem[p] = I(SUB, 2'd2, 2'd2, 8'h00); p = p + 1;
        imem[p] = I(NOP, 2'd1, 2'd2, 8'h12); p = p + 1;
        imem[p] = I(LI,  2'd1, 2'd0, 8'h7F); p = p + 1;
        imem[p] = I(SHL, 2'd1, 2'd0, 8'h00); p = p + 1;
        imem[p] = I(SHR, 2'd1, 2'd0, 8'h00); p = p + 1;
        imem[p] = I(ADDI, 2'd1, 2'd0, 8'h81); p = p + 1;
        run(60);

        // 3: loads and stores, base + offset wrapping in four bits
        fill_halt;
        p = 0;
        imem[p] = I(LI, 2'd1, 2'd0, 8'hFB); p = p + 1;
        imem[p] = I(LD, 2'd3, 2'd1, 8'h0E); p = p + 1;    // address 9
        imem[p] = I(LI, 2'd2, 2'd0, 8'h06); p = p + 1;
        imem[p] = I(LD, 2'd0, 2'd2, 8'h3F); p = p + 1;    // address 5
        imem[p] = I(ST, 2'd0, 2'd1, 8'h05); p = p + 1;    // address 0
        imem[p] = I(ST, 2'd3, 2'd2, 8'h13); p = p + 1;    // address 9
        imem[p] = I(ADDI, 2'd3, 2'd0, 8'h01); p = p + 1;
        imem[p] = I(ST, 2'd3, 2'd3, 8'h00); p = p + 1;
        imem[p] = I(LD, 2'd2, 2'd3, 8'h00); p = p + 1;
        imem[p] = I(LD, 2'd1, 2'd0, 8'hF0); p = p + 1;
        for (n = 0; n < 16; n = n + 1) begin
            imem[p] = I(LI, 2'd2, 2'd0, 8'hA0 + n); p = p + 1;
            imem[p] = I(ST, 2'd2, 2'd2, n * 5); p = p + 1;
            imem[p] = I(LD, 2'd1, 2'd2, n * 5 + 16); p = p + 1;
        end
        run(80);

        // 4: a counting loop, every branch condition taken and not taken
        fill_halt;
        imem[0]  = I(LI,  2'd0, 2'd0, 8'd3);
        imem[1]  = I(LI,  2'd1, 2'd0, 8'd1);
        imem[2]  = I(LI,  2'd2, 2'd0, 8'd0);
        imem[3]  = I(ADD, 2'd2, 2'd0, 8'd0);
        imem[4]  = I(SUB, 2'd0, 2'd1, 8'd0);
        imem[5]  = I(BR,  CNZ, 2'd0, 8'hFD);              // back to 3
        imem[6]  = I(BR,  CZ,  2'd0, 8'd2);               // to 9
        imem[7]  = I(LI,  2'd3, 2'd0, 8'hEE);
        imem[8]  = I(HLT, 2'd0, 2'd0, 8'd0);
        imem[9]  = I(CMP, 2'd2, 2'd1, 8'd0);
        imem[10] = I(BR,  CC,  2'd0, 8'd5);               // not taken
        imem[11] = I(BR,  CZ,  2'd0, 8'd5);               // not taken
        imem[12] = I(BR,  CNC, 2'd0, 8'd1);               // to 14
        imem[13] = I(HLT, 2'd0, 2'd0, 8'd0);
        imem[14] = I(SUB, 2'd1, 2'd2, 8'd0);
        imem[15] = I(BR,  CNC, 2'd0, 8'd7);               // not taken
        imem[16] = I(BR,  CNZ, 2'd0, 8'd0);               // taken, to 17
        imem[17] = I(BR,  CC,  2'd0, 8'd2);               // to 20
        imem[18] = I(LI,  2'd3, 2'd0, 8'd1);
        imem[19] = I(HLT, 2'd0, 2'd0, 8'd0);
        imem[20] = I(JMP, 2'd3, 2'd1, 8'h80);
        imem[128] = I(BR, CC,  2'd0, 8'h7F);              // 129 + 127 wraps to 0
        run(60);

        // 5: the longest offsets, a branch across address 0 and pc wrap-around
        fill_halt;
        imem[0]   = I(JMP, 2'd0, 2'd0, 8'hFC);
        imem[252] = I(ADDI, 2'd0, 2'd0, 8'h01);
        imem[253] = I(NOP, 2'd0, 2'd0, 8'h00);
        imem[254] = I(BR,  CNZ, 2'd0, 8'd2);              // 255 + 2 wraps to 1 (later: not taken)
        imem[1]   = I(CMP, 2'd0, 2'd0, 8'd0);             // Z = 1
        imem[2]   = I(BR,  CZ, 2'd0, 8'h7F);              // to 130
        imem[130] = I(BR,  CNZ, 2'd0, 8'h80);             // not taken
        imem[131] = I(BR,  CZ, 2'd0, 8'h80);              // to 4
        imem[4]   = I(LI,  2'd1, 2'd0, 8'hFF);
        imem[5]   = I(ADDI, 2'd1, 2'd0, 8'h01);           // C = 1
        imem[6]   = I(BR,  CC, 2'd0, 8'hF0);              // back to 0xF7
        imem[247] = I(JMP, 2'd0, 2'd0, 8'hFE);
        imem[255] = I(ADDI, 2'd2, 2'd0, 8'h10);           // pc + 1 wraps to 0
        run(40);
        // HLT holds everything for many cycles; reset releases it
        fill_halt;
        imem[0] = I(LI, 2'd2, 2'd0, 8'h5A);
        imem[1] = I(ADDI, 2'd2, 2'd0, 8'hA6);
        imem[2] = I(HLT, 2'd0, 2'd0, 8'h00);
        imem[3] = I(LI, 2'd2, 2'd0, 8'h11);
        run(3);
        for (n = 0; n < 6; n = n + 1) cycle(1'b0);
        imem[2] = I(ST, 2'd2, 2'd0, 8'h03);
        run(10);

        // seeded random programs
        for (n = 0; n < 48; n = n + 1) begin
            for (k = 0; k < 256; k = k + 1) begin
                roll;
                w = rng[15:0];
                if (w[15:12] == HLT && rng[21:16] != 6'd0) w[15:12] = rng[25:22];
                if (w[15:12] == HLT && rng[21:16] != 6'd0) w[15:12] = LI;
                if (w[15:12] == BR && rng[26]) w[7:0] = {{4{rng[3]}}, rng[3:0]};
                imem[k] = w;
            end
            run(1);
            for (cyc = 0; cyc < 130 && after_halt < 3; cyc = cyc + 1) begin
                roll;
                cycle(rng[31:23] == 9'd0);
                if (m_halt) after_halt = after_halt + 1;
            end
        end
        cb_done;
    end
endmodule
