// Single-cycle 8-bit CPU: four registers, Z and C flags, a 16-byte data
// memory, 16-bit instructions fetched combinationally from the instruction
// memory outside (pc out, instr in). Every instruction completes at the
// rising edge that ends its cycle. Instruction fields: op = instr[15:12],
// d = instr[11:10], s = instr[9:8], k = instr[7:0].
module tiny_cpu (
    input  wire        clk,
    input  wire        rst,
    output reg  [7:0]  pc,
    input  wire [15:0] instr,
    output reg         halted,
    input  wire [4:0]  dbg_addr,
    output reg  [7:0]  dbg_data
);
    reg [31:0]  regs;     // R3..R0, Rn in bits [8n+7:8n]
    reg [127:0] mem;      // M[15]..M[0]; not reset
    reg         z, c;

    wire [8:0] k = instr;                            // immediate: the low byte
    wire [7:0] a = regs >> {instr[11:10], 3'd0};     // Rd
    wire [7:0] b = regs >> {instr[9:8], 3'd0};       // Rs
    // Branch condition in the d field: 00 Z, 01 not Z, 10 C, 11 not C.
    wire       take = instr[11] ? (c ^ instr[10]) : (z ^ instr[10]);

    // Result and carry of the flag-setting operations; logic ops pass C through.
    reg [7:0] res;
    reg       cout;
    always @* begin
        case (instr[15:12])
            4'h2: {cout, res} = {1'b0, a} + {1'b0, b};
            4'h3, 4'hE: {cout, res} = {1'b0, a} - {1'b0, b};
            4'h4: {cout, res} = {c, a & b};
            4'h5: {cout, res} = {c, a | b};
            4'h6: {cout, res} = {c, a ^ b};
            4'h7: {cout, res} = {a, 1'b0};
            4'h8: {cout, res} = {a[0], 1'b0, a[7:1]};
            default: {cout, res} = {1'b0, a} + {1'b0, k};
        endcase
    end

    always @* begin
        if (dbg_addr[4])
            dbg_data = mem >> {dbg_addr[3:0], 3'd0};
        else if (dbg_addr < 5'd4)
            dbg_data = regs >> {dbg_addr, 3'd0};
        else if (dbg_addr == 5'd4)
            dbg_data = {6'd0, c, z};
        else
            dbg_data = 8'd0;
    end

    always @(posedge clk) begin
        if (rst) begin
            pc     <= 8'd0;
            halted <= 1'b0;
            z      <= 1'b0;
            c      <= 1'b0;
            regs   <= 32'd0;
        end else if (!halted) begin
            pc <= (instr[15:12] == 4'hF) ? pc : pc + 8'd1;
            case (instr[15:12])
                4'h1: regs[instr[11:10] * 8 +: 8] <= k;
                4'h2, 4'h3, 4'h4, 4'h5, 4'h6, 4'h7, 4'h8, 4'h9: begin
                    regs[instr[11:10] * 8 +: 8] <= res;
                    c <= cout;
                    z <= res == 8'd0;
                end
                4'hE: begin                              // CMP: flags only
                    c <= cout;
                    z <= res == 8'd0;
                end
                // data address: Rs + k wrapped to four bits, times eight bits
                4'hA: regs[instr[11:10] * 8 +: 8] <= mem >> {b[3:0] + k[3:0], 3'd0};
                4'hB: mem[{b[3:0] + k[3:0], 3'd0} +: 8] <= a;
                4'hC: if (take) pc <= pc + 8'd1 + k;
                4'hD: pc <= k;
                4'hF: halted <= 1'b1;
            endcase
        end
    end
endmodule
