// Public smoke test for pipelined_datapath: one short dependent chain.
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
    wire [7:0] wb_data, dbg_data;

    always #5 clk = ~clk;

    pipelined_datapath dut (
        .clk(clk), .rst(rst), .in_valid(in_valid), .in_op(in_op), .in_rd(in_rd),
        .in_rs1(in_rs1), .in_rs2(in_rs2), .in_imm(in_imm),
        .wb_valid(wb_valid), .wb_rd(wb_rd), .wb_data(wb_data),
        .dbg_addr(dbg_addr), .dbg_data(dbg_data)
    );

    // Present an instruction (or a bubble when v = 0), then step past the next edge.
    task issue(input v, input [2:0] op, input [2:0] rd, input [2:0] rs1, input [2:0] rs2, input [7:0] imm);
        begin
            in_valid = v; in_op = op; in_rd = rd; in_rs1 = rs1; in_rs2 = rs2; in_imm = imm;
            @(posedge clk); #1;
        end
    endtask

    initial begin
        @(posedge clk); #1 rst = 1'b0;
        issue(1, 3'd7, 3'd1, 3'd0, 3'd0, 8'h12);   // edge 1: LI   r1, 0x12
        issue(1, 3'd5, 3'd2, 3'd1, 3'd0, 8'h01);   // edge 2: ADDI r2, r1, 1
        issue(1, 3'd0, 3'd3, 3'd1, 3'd2, 8'h00);   // edge 3: ADD  r3, r1, r2
        cb_check("wb_valid", wb_valid, 1'b1);
        cb_check("wb_rd", wb_rd, 3'd1);
        cb_check("wb_data", wb_data, 8'h12);
        issue(0, 3'd0, 3'd0, 3'd0, 3'd0, 8'h00);   // edge 4
        dbg_addr = 3'd1; #1;
        cb_check("dbg_data", dbg_data, 8'h12);
        cb_check("wb_data", wb_data, 8'h13);
        issue(0, 3'd0, 3'd0, 3'd0, 3'd0, 8'h00);   // edge 5
        cb_check("wb_data", wb_data, 8'h25);
        dbg_addr = 3'd3; #1;
        cb_check("dbg_data", dbg_data, 8'h00);     // not written yet
        issue(0, 3'd0, 3'd0, 3'd0, 3'd0, 8'h00);   // edge 6
        cb_check("wb_valid", wb_valid, 1'b0);
        cb_check("dbg_data", dbg_data, 8'h25);
        cb_done;
    end
endmodule
