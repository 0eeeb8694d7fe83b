/* chipbench-task
title = "Modular exponentiation by squaring with a 32-bit modulus"
difficulty = "medium"
tags = ["integer", "64-bit", "mixed-width", "loops"]
*/
#include <stdint.h>

//@interface
uint32_t modpow_u32(uint64_t base, uint64_t exponent, uint32_t modulus);
//@end

#ifndef CB_DRIVER
uint32_t modpow_u32(uint64_t base, uint64_t exponent, uint32_t modulus) {
    if (modulus == 1)
        return 0;
    uint64_t result = 1;
    uint64_t b = base % modulus;
    while (exponent > 0) {
        if (exponent & 1)
            result = (result * b) % modulus;
        b = (b * b) % modulus;
        exponent >>= 1;
    }
    return (uint32_t)result;
}
#else
#include "harness.h"

static void one(uint64_t base, uint64_t exponent, uint32_t modulus) {
    cb_case("modpow_u32");
    cb_in_u("base", base);
    cb_in_u("exponent", exponent);
    cb_in_u("modulus", modulus);
    cb_out_u("ret", CB_CALL(modpow_u32)(base, exponent, modulus));
    cb_end();
}

void cb_tests(void) {
    one(0, 0, 7);
    one(5, 0, 7);
    one(2, 10, 1000);
    one(3, 200, 1);
    one(UINT64_MAX, UINT64_MAX, 4294967295u);
    one(2, 4294967290u, 4294967291u);
    one(123456789, 1, 2);
    for (int i = 0; i < 80; i++) {
        uint64_t base = cb_rand();
        uint64_t exponent = cb_rand() >> cb_below(64);
        uint32_t modulus = (uint32_t)cb_between(1, 4294967295ll);
        one(base, exponent, modulus);
    }
    for (int i = 0; i < 30; i++) {
        uint64_t base = cb_below(50);
        uint64_t exponent = cb_below(40);
        uint32_t modulus = (uint32_t)cb_between(2, 100);
        one(base, exponent, modulus);
    }
}
#endif
