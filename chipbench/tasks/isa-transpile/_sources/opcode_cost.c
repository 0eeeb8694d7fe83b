/* chipbench-task
title = "Cost of an instruction opcode from a dense switch (jump table)"
difficulty = "medium"
tags = ["switch", "jump-table", "branches"]
*/

//@interface
int opcode_cost(int op, int operand);
//@end

#ifndef CB_DRIVER
int opcode_cost(int op, int operand) {
    switch (op) {
    case 0: return 1;
    case 1: return 1 + operand;
    case 2: return 3 * operand - 2;
    case 3: return operand > 8 ? 12 : 4;
    case 4: return operand & 7;
    case 5: return operand << 2;
    case 6: return 20 - operand;
    case 7: return operand * operand;
    case 8: return operand / 3 + 5;
    case 9: return -operand;
    case 10: return operand % 5 + 9;
    case 11: return operand ^ 0x55;
    default: return -1;
    }
}
#else
#include "harness.h"

static void one(int op, int operand) {
    cb_case("opcode_cost");
    cb_in_i("op", op);
    cb_in_i("operand", operand);
    cb_out_i("ret", CB_CALL(opcode_cost)(op, operand));
    cb_end();
}

void cb_tests(void) {
    for (int op = -2; op <= 13; op++) {
        one(op, 0);
        one(op, 9);
        one(op, -7);
    }
    for (int t = 0; t < 100; t++) {
        int op = (int)cb_between(-3, 14);
        int operand = (int)cb_between(-1000, 1000);
        one(op, operand);
    }
}
#endif
