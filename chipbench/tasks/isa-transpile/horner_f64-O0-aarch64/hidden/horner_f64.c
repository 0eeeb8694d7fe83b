/* chipbench-task
title = "Evaluate a polynomial at many points by Horner's rule"
difficulty = "medium"
tags = ["floating-point", "arrays", "nested-loops"]
*/

//@interface
/* out[j] = c[0] + c[1] x[j] + ... + c[degree] x[j]^degree, by Horner's rule, for j < m. */
void horner_f64(const double *c, int degree, const double *x, double *out, int m);
//@end

#ifndef CB_DRIVER
void horner_f64(const double *c, int degree, const double *x, double *out, int m) {
    for (int j = 0; j < m; j++) {
        double acc = c[degree];
        for (int i = degree - 1; i >= 0; i--)
            acc = acc * x[j] + c[i];
        out[j] = acc;
    }
}
#else
#include "harness.h"

static void one(const double *c, int degree, const double *x, int m) {
    double out[17];
    for (int i = 0; i < 17; i++)
        out[i] = -1.5;
    cb_case("horner_f64");
    cb_in_f64s("c", c, (size_t)degree + 1);
    cb_in_f64s("x", x, (size_t)m);
    cb_writable(out, (size_t)(m > 0 ? m : 0) * sizeof out[0]);
    CB_CALL(horner_f64)(c, degree, x, out, m);
    cb_out_f64s("out", out, (size_t)m + 1);
    cb_end();
}

void cb_tests(void) {
    double c[12], x[16];
    c[0] = 3.0;
    x[0] = 1e300;
    one(c, 0, x, 1);
    c[1] = -2.0;
    c[2] = 0.5;
    x[1] = -0.0;
    x[2] = 1e-300;
    one(c, 2, x, 3);
    one(c, 2, x, 0);
    for (int t = 0; t < 60; t++) {
        int degree = (int)cb_between(0, 11);
        int m = (int)cb_between(1, 16);
        for (int i = 0; i <= degree; i++)
            c[i] = cb_real(-10.0, 10.0);
        for (int j = 0; j < m; j++)
            x[j] = cb_real(-2.0, 2.0);
        one(c, degree, x, m);
    }
}
#endif
