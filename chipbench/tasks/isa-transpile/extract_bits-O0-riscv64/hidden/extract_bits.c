/* chipbench-task
title = "Extract an unsigned or sign-extended bit field of any width"
difficulty = "medium"
tags = ["bits", "64-bit", "branches"]
*/
#include <stdint.h>

//@interface
/* Bits [lo, lo + width) of x, zero- or sign-extended; width 0..64, lo + width <= 64. */
int64_t extract_bits(uint64_t x, unsigned lo, unsigned width, int sign_extend);
//@end

#ifndef CB_DRIVER
int64_t extract_bits(uint64_t x, unsigned lo, unsigned width, int sign_extend) {
    if (width == 0)
        return 0;
    uint64_t field = x >> lo;
    if (width < 64)
        field &= ((uint64_t)1 << width) - 1;
    if (sign_extend && width < 64 && (field >> (width - 1)) & 1)
        field |= ~(uint64_t)0 << width;
    return (int64_t)field;
}
#else
#include "harness.h"

static void one(uint64_t x, unsigned lo, unsigned width, int sign_extend) {
    cb_case("extract_bits");
    cb_in_x("x", x);
    cb_in_u("lo", lo);
    cb_in_u("width", width);
    cb_in_i("sign_extend", sign_extend);
    cb_out_i("ret", CB_CALL(extract_bits)(x, lo, width, sign_extend));
    cb_end();
}

void cb_tests(void) {
    one(0xffffffffffffffffull, 0, 64, 1);
    one(0xffffffffffffffffull, 0, 64, 0);
    one(0x8000000000000000ull, 63, 1, 1);
    one(0x8000000000000000ull, 63, 1, 0);
    one(0x1234, 4, 0, 1);
    one(0xf0, 4, 4, 1);
    one(0xf0, 4, 4, 0);
    one(0x70, 4, 4, 1);
    for (int i = 0; i < 120; i++) {
        uint64_t x = cb_rand();
        unsigned width = (unsigned)cb_between(0, 64);
        unsigned lo = (unsigned)cb_between(0, 64 - width == 64 ? 63 : 64 - width);
        int sign_extend = cb_chance(50);
        one(x, lo, width, sign_extend);
    }
}
#endif
