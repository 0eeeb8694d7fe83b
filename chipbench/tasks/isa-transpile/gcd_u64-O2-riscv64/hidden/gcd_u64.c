/* chipbench-task
title = "Greatest common divisor of two 64-bit values"
difficulty = "easy"
tags = ["integer", "loops"]
*/
#include <stdint.h>

//@interface
uint64_t gcd_u64(uint64_t a, uint64_t b);
//@end

#ifndef CB_DRIVER
uint64_t gcd_u64(uint64_t a, uint64_t b) {
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}
#else
#include "harness.h"

static void one(uint64_t a, uint64_t b) {
    cb_case("gcd_u64");
    cb_in_u("a", a);
    cb_in_u("b", b);
    cb_out_u("ret", CB_CALL(gcd_u64)(a, b));
    cb_end();
}

void cb_tests(void) {
    one(0, 0);
    one(0, 7);
    one(7, 0);
    one(1, UINT64_MAX);
    one(UINT64_MAX, UINT64_MAX - 1);
    one(12345678901234567890ull, 9876543210ull);
    for (int i = 0; i < 100; i++) {
        uint64_t g = cb_between(1, 1000);
        uint64_t a = g * cb_between(0, 1 << 20);
        uint64_t b = g * cb_between(0, 1 << 20);
        one(a, b);
    }
    for (int i = 0; i < 50; i++)
    {
        uint64_t a = cb_rand();
        uint64_t b = cb_rand();
        one(a, b >> cb_below(64));
    }
}
#endif
