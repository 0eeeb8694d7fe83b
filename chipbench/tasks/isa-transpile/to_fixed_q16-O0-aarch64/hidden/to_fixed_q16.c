/* chipbench-task
title = "Convert a double to Q16.16 fixed point, rounding and saturating"
difficulty = "medium"
tags = ["floating-point", "mixed-width", "branches"]
*/
#include <stdint.h>

//@interface
/* round(x * 65536) to the nearest integer, ties away from zero, saturated to int32. */
int32_t to_fixed_q16(double x);
//@end

#ifndef CB_DRIVER
int32_t to_fixed_q16(double x) {
    double scaled = x * 65536.0;
    if (scaled >= 2147483647.0)
        return INT32_MAX;
    if (scaled <= -2147483648.0)
        return INT32_MIN;
    double r = scaled >= 0.0 ? scaled + 0.5 : scaled - 0.5;
    int64_t v = (int64_t)r;
    if (v > INT32_MAX)
        return INT32_MAX;
    if (v < INT32_MIN)
        return INT32_MIN;
    return (int32_t)v;
}
#else
#include "harness.h"

static void one(double x) {
    cb_case("to_fixed_q16");
    cb_in_f64("x", x);
    cb_out_i("ret", CB_CALL(to_fixed_q16)(x));
    cb_end();
}

void cb_tests(void) {
    static const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5 / 65536.0, -0.5 / 65536.0,
                                   1.5 / 65536.0, 32767.99999, 32768.0, -32768.0, -32768.5,
                                   1e300, -1e300, 1e-300, 32767.999992370605};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        one(edges[i]);
    for (int t = 0; t < 100; t++) {
        double range = cb_chance(20) ? 40000.0 : 10.0;
        one(cb_real(-range, range));
    }
}
#endif
