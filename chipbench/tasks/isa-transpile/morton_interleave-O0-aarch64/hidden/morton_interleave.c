/* chipbench-task
title = "Interleave the bits of two 16-bit coordinates (Morton code)"
difficulty = "medium"
tags = ["bits", "mixed-width"]
*/
#include <stdint.h>

//@interface
uint32_t morton_interleave(uint16_t x, uint16_t y);   /* x in even bits, y in odd bits */
//@end

#ifndef CB_DRIVER
static uint32_t spread(uint32_t v) {
    v = (v | (v << 8)) & 0x00ff00ffu;
    v = (v | (v << 4)) & 0x0f0f0f0fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}

uint32_t morton_interleave(uint16_t x, uint16_t y) {
    return spread(x) | (spread(y) << 1);
}
#else
#include "harness.h"

static void one(uint16_t x, uint16_t y) {
    cb_case("morton_interleave");
    cb_in_x("x", x);
    cb_in_x("y", y);
    cb_out_x("ret", CB_CALL(morton_interleave)(x, y));
    cb_end();
}

void cb_tests(void) {
    one(0, 0);
    one(0xffff, 0);
    one(0, 0xffff);
    one(0xffff, 0xffff);
    one(1, 0);
    one(0, 1);
    one(0x8000, 0x8000);
    for (int i = 0; i < 100; i++) {
        uint16_t x = (uint16_t)cb_rand();
        uint16_t y = (uint16_t)cb_rand();
        one(x, y);
    }
}
#endif
