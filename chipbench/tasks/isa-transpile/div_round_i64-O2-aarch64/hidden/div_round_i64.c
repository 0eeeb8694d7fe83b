/* chipbench-task
title = "Signed 64-bit division rounded to nearest, ties away from zero"
difficulty = "medium"
tags = ["integer", "64-bit", "branches"]
*/
#include <stdint.h>

//@interface
int64_t div_round_i64(int64_t n, int64_t d);   /* d != 0; never INT64_MIN / -1 */
//@end

#ifndef CB_DRIVER
int64_t div_round_i64(int64_t n, int64_t d) {
    int64_t q = n / d;
    int64_t r = n % d;
    uint64_t ar = r < 0 ? -(uint64_t)r : (uint64_t)r;
    uint64_t ad = d < 0 ? -(uint64_t)d : (uint64_t)d;
    if (ar >= ad - ar) {
        if ((n < 0) != (d < 0))
            q -= 1;
        else
            q += 1;
    }
    return q;
}
#else
#include "harness.h"

static void one(int64_t n, int64_t d) {
    cb_case("div_round_i64");
    cb_in_i("n", n);
    cb_in_i("d", d);
    cb_out_i("ret", CB_CALL(div_round_i64)(n, d));
    cb_end();
}

void cb_tests(void) {
    static const int64_t ns[] = {0, 1, -1, 5, -5, 7, -7, INT64_MAX, INT64_MIN, 100, -100};
    static const int64_t ds[] = {1, -1, 2, -2, 3, -3, 10, -10, INT64_MAX, INT64_MIN};
    for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++)
        for (unsigned j = 0; j < sizeof ds / sizeof ds[0]; j++)
            if (!(ns[i] == INT64_MIN && ds[j] == -1))
                one(ns[i], ds[j]);
    for (int i = 0; i < 80; i++) {
        int64_t n = (int64_t)cb_rand();
        int64_t d = (int64_t)(cb_rand() >> cb_below(64));
        if (cb_chance(50) && d != INT64_MIN)
            d = -d;
        if (d == 0 || (n == INT64_MIN && d == -1))
            d = 3;
        one(n, d);
    }
}
#endif
