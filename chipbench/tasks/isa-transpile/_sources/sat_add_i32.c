/* chipbench-task
title = "Saturating 32-bit signed addition"
difficulty = "easy"
tags = ["integer", "branches", "mixed-width"]
*/
#include <stdint.h>

//@interface
int32_t sat_add_i32(int32_t a, int32_t b);
//@end

#ifndef CB_DRIVER
int32_t sat_add_i32(int32_t a, int32_t b) {
    int64_t sum = (int64_t)a + (int64_t)b;
    if (sum > INT32_MAX)
        return INT32_MAX;
    if (sum < INT32_MIN)
        return INT32_MIN;
    return (int32_t)sum;
}
#else
#include "harness.h"

static void one(int32_t a, int32_t b) {
    cb_case("sat_add_i32");
    cb_in_i("a", a);
    cb_in_i("b", b);
    cb_out_i("ret", CB_CALL(sat_add_i32)(a, b));
    cb_end();
}

void cb_tests(void) {
    static const int32_t edges[] = {0, 1, -1, INT32_MAX, INT32_MIN, INT32_MAX - 1, INT32_MIN + 1,
                                    1 << 30, -(1 << 30)};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (unsigned j = 0; j < sizeof edges / sizeof edges[0]; j++)
            one(edges[i], edges[j]);
    for (int i = 0; i < 80; i++) {
        int32_t a = (int32_t)cb_rand();
        int32_t b = (int32_t)cb_rand();
        one(a, b);
    }
}
#endif
