/* chipbench-task
title = "Count leading zero bits of a 32-bit word by binary search"
difficulty = "easy"
tags = ["bits", "branches"]
*/
#include <stdint.h>

//@interface
int clz32(uint32_t x);   /* 32 for x == 0 */
//@end

#ifndef CB_DRIVER
int clz32(uint32_t x) {
    if (x == 0)
        return 32;
    int n = 0;
    if ((x & 0xffff0000u) == 0) { n += 16; x <<= 16; }
    if ((x & 0xff000000u) == 0) { n += 8; x <<= 8; }
    if ((x & 0xf0000000u) == 0) { n += 4; x <<= 4; }
    if ((x & 0xc0000000u) == 0) { n += 2; x <<= 2; }
    if ((x & 0x80000000u) == 0) { n += 1; }
    return n;
}
#else
#include "harness.h"

static void one(uint32_t x) {
    cb_case("clz32");
    cb_in_x("x", x);
    cb_out_i("ret", CB_CALL(clz32)(x));
    cb_end();
}

void cb_tests(void) {
    one(0);
    one(0xffffffffu);
    for (int i = 0; i < 32; i++) {
        one(1u << i);
        one((1u << i) | 1u);
    }
    for (int i = 0; i < 80; i++) {
        uint32_t r = (uint32_t)cb_rand();
        one(r >> cb_below(32));
    }
}
#endif
