/* chipbench-task
title = "In-place inclusive prefix sums of 32-bit values, wrapping"
difficulty = "easy"
tags = ["arrays", "loops", "pointers"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
uint32_t prefix_sum_u32(uint32_t *a, size_t n);   /* returns the total (0 for n == 0) */
//@end

#ifndef CB_DRIVER
uint32_t prefix_sum_u32(uint32_t *a, size_t n) {
    uint32_t run = 0;
    for (size_t i = 0; i < n; i++) {
        run += a[i];
        a[i] = run;
    }
    return run;
}
#else
#include "harness.h"

static void one(uint32_t *a, size_t n) {
    cb_case("prefix_sum_u32");
    cb_in_u32s("a", a, n + 1);
    cb_writable(a, n * sizeof *a);
    uint32_t total = CB_CALL(prefix_sum_u32)(a, n);
    cb_out_u("ret", total);
    cb_out_u32s("a", a, n + 1);
    cb_end();
}

void cb_tests(void) {
    uint32_t a[65];
    for (int t = 0; t < 90; t++) {
        size_t n = t < 4 ? (size_t)t : (size_t)cb_between(0, 64);
        int wide = cb_chance(40);
        for (size_t i = 0; i <= n; i++)
            a[i] = wide ? (uint32_t)cb_rand() : (uint32_t)cb_below(1000);
        one(a, n);
    }
}
#endif
