/* chipbench-task
title = "Mean and population variance of doubles (two passes), results by pointer"
difficulty = "medium"
tags = ["floating-point", "arrays", "pointers", "loops"]
*/

//@interface
/* For n >= 1: *mean = sum / n, *var = sum of squared deviations / n. Returns 0.
   For n <= 0: returns -1 and writes nothing. */
int mean_var_f64(const double *x, int n, double *mean, double *var);
//@end

#ifndef CB_DRIVER
int mean_var_f64(const double *x, int n, double *mean, double *var) {
    if (n <= 0)
        return -1;
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    double m = sum / n;
    double acc = 0.0;
    for (int i = 0; i < n; i++) {
        double d = x[i] - m;
        acc += d * d;
    }
    *mean = m;
    *var = acc / n;
    return 0;
}
#else
#include "harness.h"

static void one(const double *x, int n) {
    double mean = 7.0, var = 7.0;
    cb_case("mean_var_f64");
    cb_in_f64s("x", x, (size_t)(n > 0 ? n : 0));
    cb_in_i("n", n);
    cb_writable(&mean, sizeof mean);
    cb_writable(&var, sizeof var);
    int r = CB_CALL(mean_var_f64)(x, n, &mean, &var);
    cb_out_i("ret", r);
    cb_out_f64("mean", mean);
    cb_out_f64("var", var);
    cb_end();
}

void cb_tests(void) {
    double x[50];
    x[0] = 42.0;
    one(x, 0);
    one(x, -1);
    one(x, 1);
    x[1] = -42.0;
    one(x, 2);
    for (int t = 0; t < 60; t++) {
        int n = (int)cb_between(1, 50);
        double scale = cb_chance(50) ? 1e6 : 1.0;
        double offset = cb_real(-scale, scale);
        for (int i = 0; i < n; i++)
            x[i] = offset + cb_real(-1.0, 1.0);
        one(x, n);
    }
}
#endif
