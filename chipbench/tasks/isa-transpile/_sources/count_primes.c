/* chipbench-task
title = "Count primes up to n by trial division"
difficulty = "easy"
tags = ["integer", "loops", "nested-loops"]
*/
#include <stdint.h>

//@interface
uint32_t count_primes(uint32_t n);   /* primes p with 2 <= p <= n */
//@end

#ifndef CB_DRIVER
uint32_t count_primes(uint32_t n) {
    uint32_t count = 0;
    for (uint32_t k = 2; k <= n; k++) {
        int prime = 1;
        for (uint32_t d = 2; d * d <= k; d++) {
            if (k % d == 0) {
                prime = 0;
                break;
            }
        }
        count += (uint32_t)prime;
    }
    return count;
}
#else
#include "harness.h"

static void one(uint32_t n) {
    cb_case("count_primes");
    cb_in_u("n", n);
    cb_out_u("ret", CB_CALL(count_primes)(n));
    cb_end();
}

void cb_tests(void) {
    for (uint32_t n = 0; n < 12; n++)
        one(n);
    one(100);
    one(1000);
    for (int i = 0; i < 30; i++)
        one((uint32_t)cb_between(12, 600));
}
#endif
