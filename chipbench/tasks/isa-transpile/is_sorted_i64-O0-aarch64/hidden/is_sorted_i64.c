/* chipbench-task
title = "Check that 64-bit values are in non-decreasing order"
difficulty = "easy"
tags = ["arrays", "loops", "early-exit", "64-bit"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
int is_sorted_i64(const int64_t *a, size_t n);   /* 1 or 0 */
//@end

#ifndef CB_DRIVER
int is_sorted_i64(const int64_t *a, size_t n) {
    for (size_t i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}
#else
#include "harness.h"

static void one(const int64_t *a, size_t n) {
    cb_case("is_sorted_i64");
    cb_in_i64s("a", a, n);
    cb_out_i("ret", CB_CALL(is_sorted_i64)(a, n));
    cb_end();
}

void cb_tests(void) {
    int64_t a[40];
    one(a, 0);
    a[0] = INT64_MIN;
    one(a, 1);
    a[1] = INT64_MAX;
    one(a, 2);
    a[0] = INT64_MAX;
    a[1] = INT64_MIN;
    one(a, 2);
    for (int t = 0; t < 120; t++) {
        size_t n = (size_t)cb_between(2, 40);
        int64_t v = (int64_t)cb_between(-1000000, 1000000);
        for (size_t i = 0; i < n; i++) {
            v += (int64_t)cb_between(0, 1000);
            a[i] = v;
        }
        if (cb_chance(60)) {
            size_t k = (size_t)cb_between(1, (int64_t)n - 1);
            a[k] = a[k - 1] - (int64_t)cb_between(1, 5);
        }
        one(a, n);
    }
}
#endif
