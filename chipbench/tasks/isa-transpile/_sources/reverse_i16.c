/* chipbench-task
title = "Reverse an array of 16-bit values in place"
difficulty = "easy"
tags = ["arrays", "loops", "pointers", "mixed-width"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
void reverse_i16(int16_t *a, size_t n);
//@end

#ifndef CB_DRIVER
void reverse_i16(int16_t *a, size_t n) {
    if (n < 2)
        return;
    size_t i = 0, j = n - 1;
    while (i < j) {
        int16_t t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
    }
}
#else
#include "harness.h"

static void one(int16_t *a, size_t n) {
    cb_case("reverse_i16");
    cb_in_i16s("a", a, n + 1);
    cb_writable(a, n * sizeof *a);
    CB_CALL(reverse_i16)(a, n);
    cb_out_i16s("a", a, n + 1);   /* the element past the end must stay */
    cb_end();
}

void cb_tests(void) {
    int16_t a[70];
    for (int t = 0; t < 100; t++) {
        size_t n = t < 6 ? (size_t)t : (size_t)cb_between(0, 69);
        for (size_t i = 0; i <= n; i++)
            a[i] = (int16_t)cb_rand();
        one(a, n);
    }
}
#endif
