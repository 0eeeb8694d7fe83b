/* chipbench-task
title = "A small stack-machine bytecode interpreter"
difficulty = "hard"
tags = ["interpreter", "switch", "jump-table", "loops", "64-bit"]
*/
#include <stdint.h>

//@interface
/* Bytecode: 0 HALT, 1 PUSH imm8 (signed), 2 ADD, 3 SUB, 4 MUL, 5 DUP, 6 SWAP, 7 DROP,
   8 JNZ off8 (pops; if nonzero jumps by a signed offset from the next instruction),
   9 NEG, 10 SHL1, 11 LOADARG (pushes arg). Returns the top of the stack at HALT or at the
   end of the code (0 if empty). Errors return INT64_MIN: stack under/overflow (16 slots),
   a bad opcode, a jump outside the code, or more than `fuel` instructions executed. */
int64_t stack_vm(const uint8_t *code, int len, int64_t arg, int fuel);
//@end

#ifndef CB_DRIVER
int64_t stack_vm(const uint8_t *code, int len, int64_t arg, int fuel) {
    int64_t stack[16];
    int sp = 0;
    int pc = 0;
    while (pc < len) {
        if (fuel-- <= 0)
            return INT64_MIN;
        uint8_t op = code[pc++];
        switch (op) {
        case 0:
            return sp > 0 ? stack[sp - 1] : 0;
        case 1:
            if (pc >= len || sp == 16)
                return INT64_MIN;
            stack[sp++] = (int8_t)code[pc++];
            break;
        case 2: case 3: case 4:
            if (sp < 2)
                return INT64_MIN;
            sp--;
            if (op == 2)
                stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] + (uint64_t)stack[sp]);
            else if (op == 3)
                stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] - (uint64_t)stack[sp]);
            else
                stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] * (uint64_t)stack[sp]);
            break;
        case 5:
            if (sp < 1 || sp == 16)
                return INT64_MIN;
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case 6: {
            if (sp < 2)
                return INT64_MIN;
            int64_t t = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = t;
            break;
        }
        case 7:
            if (sp < 1)
                return INT64_MIN;
            sp--;
            break;
        case 8: {
            if (pc >= len || sp < 1)
                return INT64_MIN;
            int off = (int8_t)code[pc++];
            if (stack[--sp] != 0) {
                int target = pc + off;
                if (target < 0 || target > len)
                    return INT64_MIN;
                pc = target;
            }
            break;
        }
        case 9:
            if (sp < 1)
                return INT64_MIN;
            stack[sp - 1] = (int64_t)(0 - (uint64_t)stack[sp - 1]);
            break;
        case 10:
            if (sp < 1)
                return INT64_MIN;
            stack[sp - 1] = (int64_t)((uint64_t)stack[sp - 1] << 1);
            break;
        case 11:
            if (sp == 16)
                return INT64_MIN;
            stack[sp++] = arg;
            break;
        default:
            return INT64_MIN;
        }
    }
    return sp > 0 ? stack[sp - 1] : 0;
}
#else
#include "harness.h"

static void one(const uint8_t *code, int len, int64_t arg, int fuel) {
    cb_case("stack_vm");
    cb_in_bytes("code", code, (unsigned long)len);
    cb_in_i("arg", arg);
    cb_in_i("fuel", fuel);
    cb_out_i("ret", CB_CALL(stack_vm)(code, len, arg, fuel));
    cb_end();
}

void cb_tests(void) {
    /* Count arg down to zero, then return 42 (arg >= 1; loops until fuel runs out otherwise). */
    static const uint8_t countdown[] = {
        11,             /* 0: LOADARG            [n]        */
        1, 0xff,        /* 1: PUSH -1            [n -1]     */
        2,              /* 3: ADD                [n-1]      */
        5,              /* 4: DUP                [n-1 n-1]  */
        8, 0xfa,        /* 5: JNZ -6 -> 1                   */
        1, 42,          /* 7: PUSH 42            [0 42]     */
        2,              /* 9: ADD                [42]       */
        0,              /* 10: HALT                         */
    };
    /* arg - (6 - 2 * arg * arg), with wrapping arithmetic. */
    static const uint8_t arith[] = {11, 5, 4, 1, 3, 3, 10, 9, 11, 6, 3, 0};
    /* 0 if arg != 0 (the stack is empty at HALT), else 9. */
    static const uint8_t skip[] = {11, 8, 2, 1, 9, 0};
    static const uint8_t swap_drop[] = {11, 1, 5, 6, 7, 0};
    one(arith, 0, 0, 10);
    one(arith, (int)sizeof arith, 7, 100);
    one(arith, (int)sizeof arith, -5, 100);
    one(arith, (int)sizeof arith, INT64_MAX, 100);
    one(countdown, (int)sizeof countdown, 10, 1000);
    one(countdown, (int)sizeof countdown, 200, 1000);
    one(countdown, (int)sizeof countdown, 100, 300);
    one(countdown, (int)sizeof countdown, -1, 50);
    one(skip, (int)sizeof skip, 0, 10);
    one(skip, (int)sizeof skip, 3, 10);
    one(swap_drop, (int)sizeof swap_drop, 3, 10);
    static const uint8_t bad_op[] = {1, 3, 99};
    static const uint8_t underflow[] = {2};
    static const uint8_t overflow[] = {11, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    static const uint8_t far_jump[] = {1, 1, 8, 100};
    static const uint8_t push_at_end[] = {1};
    one(bad_op, 3, 0, 10);
    one(underflow, 1, 0, 10);
    one(overflow, (int)sizeof overflow, 1, 100);
    one(far_jump, 4, 0, 10);
    one(push_at_end, 1, 0, 10);
    /* Random programs that mostly keep the stack valid (tracking its depth as they are
       written); jumps mostly go a few bytes forward; the backward ones may loop until the fuel runs out. */
    uint8_t code[40];
    for (int t = 0; t < 100; t++) {
        int len = (int)cb_between(4, 40);
        int depth = 0;
        int i = 0;
        while (i < len) {
            int op = (int)cb_between(1, 11);
            if (depth == 0)
                op = cb_chance(50) ? 1 : 11;
            else if (depth < 2 && (op == 2 || op == 3 || op == 4 || op == 6))
                op = 5;
            else if (depth >= 15 && (op == 1 || op == 5 || op == 11))
                op = 2;
            code[i++] = (uint8_t)op;
            if (op == 1 && i < len) {
                code[i++] = (uint8_t)cb_between(-128, 127);
            } else if (op == 8 && i < len) {
                int room = len - i - 1;
                int back = cb_chance(20);
                code[i++] = (uint8_t)(back ? cb_between(-9, -2) : cb_between(0, room < 5 ? room : 5));
            }
            if (op == 1 || op == 5 || op == 11)
                depth++;
            else if (op == 2 || op == 3 || op == 4 || op == 7 || op == 8)
                depth--;
        }
        if (cb_chance(15))
            code[cb_below((uint64_t)len)] = (uint8_t)cb_between(0, 255);
        int64_t arg = cb_between(-1000, 1000);
        int fuel = (int)cb_between(5, 300);
        one(code, len, arg, fuel);
    }
}
#endif
