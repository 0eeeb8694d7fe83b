/* chipbench-task
title = "Largest sum of a non-empty contiguous run (Kadane)"
difficulty = "medium"
tags = ["arrays", "loops", "mixed-width"]
*/
#include <stdint.h>

//@interface
int64_t max_subarray(const int32_t *a, int n);   /* n >= 1 */
//@end

#ifndef CB_DRIVER
int64_t max_subarray(const int32_t *a, int n) {
    int64_t best = a[0];
    int64_t run = a[0];
    for (int i = 1; i < n; i++) {
        int64_t v = a[i];
        run = run + v > v ? run + v : v;
        if (run > best)
            best = run;
    }
    return best;
}
#else
#include "harness.h"

static void one(const int32_t *a, int n) {
    cb_case("max_subarray");
    cb_in_i32s("a", a, (size_t)n);
    cb_out_i("ret", CB_CALL(max_subarray)(a, n));
    cb_end();
}

void cb_tests(void) {
    int32_t a[64];
    a[0] = INT32_MIN;
    one(a, 1);
    a[0] = INT32_MAX;
    a[1] = INT32_MAX;
    a[2] = INT32_MAX;
    one(a, 3);
    a[0] = -5;
    a[1] = -2;
    a[2] = -9;
    one(a, 3);
    for (int t = 0; t < 100; t++) {
        int n = (int)cb_between(1, 64);
        int wide = cb_chance(30);
        for (int i = 0; i < n; i++)
            a[i] = wide ? (int32_t)cb_rand() : (int32_t)cb_between(-100, 100);
        one(a, n);
    }
}
#endif
