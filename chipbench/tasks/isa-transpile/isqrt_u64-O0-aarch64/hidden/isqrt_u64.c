/* chipbench-task
title = "Integer square root of a 64-bit value, digit by digit"
difficulty = "medium"
tags = ["integer", "bits", "loops"]
*/
#include <stdint.h>

//@interface
uint64_t isqrt_u64(uint64_t x);
//@end

#ifndef CB_DRIVER
uint64_t isqrt_u64(uint64_t x) {
    uint64_t root = 0;
    uint64_t bit = (uint64_t)1 << 62;
    while (bit > x)
        bit >>= 2;
    while (bit != 0) {
        if (x >= root + bit) {
            x -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return root;
}
#else
#include "harness.h"

static void one(uint64_t x) {
    cb_case("isqrt_u64");
    cb_in_u("x", x);
    cb_out_u("ret", CB_CALL(isqrt_u64)(x));
    cb_end();
}

void cb_tests(void) {
    static const uint64_t edges[] = {0, 1, 2, 3, 4, 15, 16, 17, 99, 100, 4294967295ull,
                                     4294967296ull, 18446744073709551615ull,
                                     18446744065119617025ull, 18446744065119617024ull};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        one(edges[i]);
    for (int i = 0; i < 60; i++) {
        uint64_t r = cb_rand() >> cb_below(64);
        one(r);
    }
    for (int i = 0; i < 40; i++) {
        uint64_t s = cb_below(1ull << 32);
        int64_t d = cb_between(-1, 1);
        one(s * s + (uint64_t)d);
    }
}
#endif
