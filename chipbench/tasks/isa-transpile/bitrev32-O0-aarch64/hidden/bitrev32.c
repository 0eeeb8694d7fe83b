/* chipbench-task
title = "Reverse the bit order of a 32-bit word"
difficulty = "easy"
tags = ["bits"]
*/
#include <stdint.h>

//@interface
uint32_t bitrev32(uint32_t x);
//@end

#ifndef CB_DRIVER
uint32_t bitrev32(uint32_t x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}
#else
#include "harness.h"

static void one(uint32_t x) {
    cb_case("bitrev32");
    cb_in_x("x", x);
    cb_out_x("ret", CB_CALL(bitrev32)(x));
    cb_end();
}

void cb_tests(void) {
    one(0);
    one(1);
    one(0x80000000u);
    one(0xffffffffu);
    one(0x12345678u);
    for (int i = 0; i < 32; i++)
        one(1u << i);
    for (int i = 0; i < 80; i++)
        one((uint32_t)cb_rand());
}
#endif
