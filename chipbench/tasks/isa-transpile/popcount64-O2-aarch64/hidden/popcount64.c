/* chipbench-task
title = "Population count of a 64-bit word (SWAR)"
difficulty = "easy"
tags = ["bits"]
*/
#include <stdint.h>

//@interface
unsigned popcount64(uint64_t x);
//@end

#ifndef CB_DRIVER
unsigned popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}
#else
#include "harness.h"

static void one(uint64_t x) {
    cb_case("popcount64");
    cb_in_x("x", x);
    cb_out_u("ret", CB_CALL(popcount64)(x));
    cb_end();
}

void cb_tests(void) {
    one(0);
    one(1);
    one(UINT64_MAX);
    one(0x8000000000000000ull);
    one(0x5555555555555555ull);
    one(0xaaaaaaaaaaaaaaaaull);
    for (int i = 0; i < 64; i++)
        one((1ull << i) - 1);
    for (int i = 0; i < 80; i++) {
        uint64_t a = cb_rand();
        uint64_t b = cb_rand();
        one(cb_chance(50) ? a & b : a | b);
    }
}
#endif
