// Three-stage pipelined datapath (ID, EX, WB) over eight 8-bit registers.
// The register file is one 64-bit vector, r<k> in bits [8k+7:8k]; the r0
// byte is cleared by reset and never written, so it always reads 0.
// Operands are read in ID with full forwarding: the EX stage's ALU result
// has priority over the WB stage's value, which has priority over the
// register file, so every instruction sees the results of all earlier ones
// without stalls. Bubbles never forward: EX is qualified by its valid bit,
// and a WB bubble carries wb_rd = 0, which no forwarding path matches
// because sources equal to r0 are decided first.
module pipelined_datapath (
    input  wire       clk,
    input  wire       rst,
    input  wire       in_valid,
    input  wire [2:0] in_op,
    input  wire [2:0] in_rd,
    input  wire [2:0] in_rs1,
    input  wire [2:0] in_rs2,
    input  wire [7:0] in_imm,
    output reg        wb_valid,
    output reg  [2:0] wb_rd,
    output reg  [7:0] wb_data,
    input  wire [2:0] dbg_addr,
    output wire [7:0] dbg_data
);
    reg [63:0] rf;

    // ID holds the issued instruction; EX its opcode, destination, operand
    // values and (combinationally) its ALU result.
    reg       id_v, ex_v;
    reg [2:0] id_op, id_rd, id_rs1, id_rs2, ex_op, ex_rd;
    reg [7:0] id_imm, ex_a, ex_b, ex_res;

    always @* begin
        case (ex_op)
            3'd0: ex_res = ex_a + ex_b;
            3'd1: ex_res = ex_a - ex_b;
            3'd2: ex_res = ex_a & ex_b;
            3'd3: ex_res = ex_a | ex_b;
            3'd4: ex_res = ex_a ^ ex_b;
            3'd5: ex_res = ex_a + ex_b;
            3'd6: ex_res = ex_a << ex_b[2:0];
            3'd7: ex_res = ex_b;
        endcase
    end

    assign dbg_data = rf >> {dbg_addr, 3'd0};   // the low byte of the shift

    always @(posedge clk) begin
        if (rst) begin
            id_v     <= 1'b0;
            ex_v     <= 1'b0;
            wb_valid <= 1'b0;
            wb_rd    <= 3'd0;
            wb_data  <= 8'd0;
            rf       <= 64'd0;
        end else begin
            id_v   <= in_valid;
            id_op  <= in_op;
            id_rd  <= in_rd;
            id_rs1 <= in_rs1;
            id_rs2 <= in_rs2;
            id_imm <= in_imm;

            ex_v  <= id_v;
            ex_op <= id_op;
            ex_rd <= id_rd;
            // operand read with forwarding, youngest producer first
            ex_a  <= (id_rs1 == 3'd0) ? 8'd0 :
                     (ex_v && ex_rd == id_rs1) ? ex_res :
                     (wb_rd == id_rs1) ? wb_data : rf >> {id_rs1, 3'd0};
            // ADDI and LI take the immediate as their second operand
            ex_b  <= (id_op == 3'd5 || id_op == 3'd7) ? id_imm :
                     (id_rs2 == 3'd0) ? 8'd0 :
                     (wb_rd == id_rs2) ? wb_data :
                     (ex_v && ex_rd == id_rs2) ? ex_res : rf >> {id_rs2, 3'd0};

            wb_valid <= ex_v;
            wb_rd    <= ex_v ? ex_rd : 3'd0;   // a bubble writes nothing
            wb_data  <= ex_v ? ex_res : 8'd0;

            if (wb_rd != 3'd0)
                rf[wb_rd * 8 +: 8] <= wb_data;
        end
    end
endmodule
