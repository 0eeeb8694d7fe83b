/* chipbench-task
title = "Decode a 32-bit reflected Gray code"
difficulty = "easy"
tags = ["bits", "loops"]
*/
#include <stdint.h>

//@interface
uint32_t gray_decode32(uint32_t g);
//@end

#ifndef CB_DRIVER
uint32_t gray_decode32(uint32_t g) {
    uint32_t b = g;
    for (uint32_t shift = 1; shift < 32; shift <<= 1)
        b ^= b >> shift;
    return b;
}
#else
#include "harness.h"

static void one(uint32_t g) {
    cb_case("gray_decode32");
    cb_in_x("g", g);
    cb_out_x("ret", CB_CALL(gray_decode32)(g));
    cb_end();
}

void cb_tests(void) {
    for (uint32_t g = 0; g < 20; g++)
        one(g);
    one(0x80000000u);
    one(0xffffffffu);
    for (int i = 0; i < 80; i++)
        one((uint32_t)cb_rand());
}
#endif
