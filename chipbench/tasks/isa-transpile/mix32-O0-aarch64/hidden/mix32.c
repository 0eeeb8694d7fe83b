/* chipbench-task
title = "Rotate-xor-multiply mixing of a 32-bit word, repeated"
difficulty = "easy"
tags = ["bits", "loops"]
*/
#include <stdint.h>

//@interface
uint32_t mix32(uint32_t x, unsigned rounds);
//@end

#ifndef CB_DRIVER
static uint32_t rotl(uint32_t v, unsigned r) {
    r &= 31;
    return r ? (v << r) | (v >> (32 - r)) : v;
}

uint32_t mix32(uint32_t x, unsigned rounds) {
    for (unsigned i = 0; i < rounds; i++) {
        x ^= rotl(x, 13 + i) ^ (x >> 7);
        x *= 0x9e3779b1u;
        x ^= x >> 16;
    }
    return x;
}
#else
#include "harness.h"

static void one(uint32_t x, unsigned rounds) {
    cb_case("mix32");
    cb_in_x("x", x);
    cb_in_u("rounds", rounds);
    cb_out_x("ret", CB_CALL(mix32)(x, rounds));
    cb_end();
}

void cb_tests(void) {
    one(0, 0);
    one(0, 5);
    one(1, 1);
    one(0xffffffffu, 40);
    for (int i = 0; i < 80; i++) {
        uint32_t x = (uint32_t)cb_rand();
        unsigned rounds = (unsigned)cb_below(24);
        one(x, rounds);
    }
}
#endif
