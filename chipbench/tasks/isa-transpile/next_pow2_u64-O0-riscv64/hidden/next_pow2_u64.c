/* chipbench-task
title = "Smallest power of two not below a 64-bit value"
difficulty = "easy"
tags = ["bits", "64-bit"]
*/
#include <stdint.h>

//@interface
uint64_t next_pow2_u64(uint64_t x);   /* 1 for 0; 0 when the answer does not fit */
//@end

#ifndef CB_DRIVER
uint64_t next_pow2_u64(uint64_t x) {
    if (x <= 1)
        return 1;
    x -= 1;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    return x + 1;
}
#else
#include "harness.h"

static void one(uint64_t x) {
    cb_case("next_pow2_u64");
    cb_in_u("x", x);
    cb_out_u("ret", CB_CALL(next_pow2_u64)(x));
    cb_end();
}

void cb_tests(void) {
    one(0);
    one(1);
    one(2);
    one(3);
    one(UINT64_MAX);
    one((1ull << 63) + 1);
    for (int i = 0; i < 64; i++) {
        one(1ull << i);
        one((1ull << i) + 1);
    }
    for (int i = 0; i < 60; i++) {
        uint64_t r = cb_rand();
        one(r >> cb_below(64));
    }
}
#endif
