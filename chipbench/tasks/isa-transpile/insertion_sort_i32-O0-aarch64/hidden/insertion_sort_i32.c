/* chipbench-task
title = "Insertion sort of 32-bit integers in place"
difficulty = "medium"
tags = ["sorting", "arrays", "nested-loops", "pointers"]
*/
#include <stdint.h>

//@interface
void insertion_sort_i32(int32_t *a, int n);
//@end

#ifndef CB_DRIVER
void insertion_sort_i32(int32_t *a, int n) {
    for (int i = 1; i < n; i++) {
        int32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}
#else
#include "harness.h"

static void one(int32_t *a, int n) {
    cb_case("insertion_sort_i32");
    cb_in_i32s("a", a, (size_t)n + 1);
    cb_writable(a, (size_t)(n > 0 ? n : 0) * sizeof *a);
    CB_CALL(insertion_sort_i32)(a, n);
    cb_out_i32s("a", a, (size_t)n + 1);
    cb_end();
}

void cb_tests(void) {
    int32_t a[41];
    a[0] = 5;
    one(a, 0);
    one(a, 1);
    for (int i = 0; i < 41; i++)
        a[i] = 40 - i;
    one(a, 40);
    for (int i = 0; i < 41; i++)
        a[i] = i % 2 ? INT32_MIN : INT32_MAX;
    one(a, 40);
    for (int t = 0; t < 60; t++) {
        int n = (int)cb_between(2, 40);
        int narrow = cb_chance(30);
        for (int i = 0; i <= n; i++)
            a[i] = narrow ? (int32_t)cb_between(-3, 3) : (int32_t)cb_rand();
        one(a, n);
    }
}
#endif
