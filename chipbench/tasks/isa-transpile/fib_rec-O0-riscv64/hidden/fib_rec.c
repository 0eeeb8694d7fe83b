/* chipbench-task
title = "Fibonacci numbers by plain double recursion"
difficulty = "easy"
tags = ["recursion"]
*/
#include <stdint.h>

//@interface
uint64_t fib_rec(int n);   /* fib(0) = 0, fib(1) = 1; n <= 18 here */
//@end

#ifndef CB_DRIVER
uint64_t fib_rec(int n) {
    if (n < 2)
        return (uint64_t)(n < 0 ? 0 : n);
    return fib_rec(n - 1) + fib_rec(n - 2);
}
#else
#include "harness.h"

static void one(int n) {
    cb_case("fib_rec");
    cb_in_i("n", n);
    cb_out_u("ret", CB_CALL(fib_rec)(n));
    cb_end();
}

void cb_tests(void) {
    one(-3);
    for (int n = 0; n <= 18; n++)
        one(n);
    for (int i = 0; i < 10; i++)
        one((int)cb_between(0, 15));
}
#endif
