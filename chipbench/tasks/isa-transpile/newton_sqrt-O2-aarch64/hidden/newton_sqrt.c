/* chipbench-task
title = "Square root by Newton's method until the iterate stops changing"
difficulty = "medium"
tags = ["floating-point", "loops", "early-exit"]
*/

//@interface
/* For x > 0: iterate y = (y + x / y) / 2 from y = x (or 1 if x < 1) until the new value
   equals the old one or 100 steps have passed. Returns 0 for x <= 0. *steps gets the count. */
double newton_sqrt(double x, int *steps);
//@end

#ifndef CB_DRIVER
double newton_sqrt(double x, int *steps) {
    int n = 0;
    if (x <= 0.0) {
        *steps = 0;
        return 0.0;
    }
    double y = x < 1.0 ? 1.0 : x;
    while (n < 100) {
        double next = 0.5 * (y + x / y);
        n++;
        if (next == y)
            break;
        y = next;
    }
    *steps = n;
    return y;
}
#else
#include "harness.h"

static void one(double x) {
    int steps = -5;
    cb_case("newton_sqrt");
    cb_in_f64("x", x);
    cb_writable(&steps, sizeof steps);
    double r = CB_CALL(newton_sqrt)(x, &steps);
    cb_out_f64("ret", r);
    cb_out_i("steps", steps);
    cb_end();
}

void cb_tests(void) {
    static const double edges[] = {0.0, -0.0, -4.0, 1.0, 4.0, 2.0, 0.25, 1e-10, 1e300, 1e-300};
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        one(edges[i]);
    for (int t = 0; t < 60; t++) {
        double e = cb_real(-30.0, 30.0);
        double x = cb_real(1.0, 10.0);
        for (int k = 0; k < (int)(e < 0 ? -e : e); k++)
            x = e < 0 ? x / 10.0 : x * 10.0;
        one(x);
    }
}
#endif
