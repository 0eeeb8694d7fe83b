/* chipbench-task
title = "High 64 bits of a 64x64-bit unsigned product, plus a rounding bit"
difficulty = "easy"
tags = ["integer", "64-bit", "mixed-width"]
*/
#include <stdint.h>

//@interface
uint64_t mulhi_u64(uint64_t a, uint64_t b);   /* high half, +1 if bit 63 of the low half is set */
//@end

#ifndef CB_DRIVER
uint64_t mulhi_u64(uint64_t a, uint64_t b) {
    unsigned __int128 p = (unsigned __int128)a * b;
    uint64_t hi = (uint64_t)(p >> 64);
    uint64_t lo = (uint64_t)p;
    return hi + (lo >> 63);
}
#else
#include "harness.h"

static void one(uint64_t a, uint64_t b) {
    cb_case("mulhi_u64");
    cb_in_x("a", a);
    cb_in_x("b", b);
    cb_out_x("ret", CB_CALL(mulhi_u64)(a, b));
    cb_end();
}

void cb_tests(void) {
    one(0, 0);
    one(1, 1);
    one(UINT64_MAX, UINT64_MAX);
    one(UINT64_MAX, 1);
    one(1ull << 63, 2);
    one(1ull << 32, 1ull << 31);
    one(3037000499ull, 3037000499ull);
    for (int i = 0; i < 100; i++) {
        uint64_t a = cb_rand() >> cb_below(64);
        uint64_t b = cb_rand();
        one(a, b);
    }
}
#endif
