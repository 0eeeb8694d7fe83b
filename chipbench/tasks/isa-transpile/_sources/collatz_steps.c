/* chipbench-task
title = "Collatz steps to reach 1, with a step limit"
difficulty = "easy"
tags = ["integer", "loops", "early-exit", "64-bit"]
*/
#include <stdint.h>

//@interface
int collatz_steps(uint64_t n, int limit);   /* -1 if n == 0 or the limit is reached */
//@end

#ifndef CB_DRIVER
int collatz_steps(uint64_t n, int limit) {
    if (n == 0)
        return -1;
    int steps = 0;
    while (n != 1) {
        if (steps == limit)
            return -1;
        if (n & 1) {
            if (n > (UINT64_MAX - 1) / 3)
                return -1;
            n = 3 * n + 1;
        } else {
            n >>= 1;
        }
        steps++;
    }
    return steps;
}
#else
#include "harness.h"

static void one(uint64_t n, int limit) {
    cb_case("collatz_steps");
    cb_in_u("n", n);
    cb_in_i("limit", limit);
    cb_out_i("ret", CB_CALL(collatz_steps)(n, limit));
    cb_end();
}

void cb_tests(void) {
    one(0, 100);
    one(1, 0);
    one(2, 0);
    one(27, 200);
    one(27, 110);
    one(27, 111);
    one(UINT64_MAX, 1000);
    one(6148914691236517205ull, 1000);
    for (int i = 0; i < 80; i++) {
        uint64_t n = (uint64_t)cb_between(1, 100000);
        int limit = (int)cb_between(50, 400);
        one(n, limit);
    }
}
#endif
