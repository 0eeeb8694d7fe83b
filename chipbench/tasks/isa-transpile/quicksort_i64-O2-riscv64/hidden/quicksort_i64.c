/* chipbench-task
title = "Recursive quicksort of 64-bit integers (Lomuto partition, median-of-three pivot)"
difficulty = "hard"
tags = ["sorting", "recursion", "arrays", "64-bit"]
*/
#include <stdint.h>

//@interface
void quicksort_i64(int64_t *a, int lo, int hi);   /* sorts a[lo..hi] inclusive */
//@end

#ifndef CB_DRIVER
static void swap64(int64_t *a, int i, int j) {
    int64_t t = a[i];
    a[i] = a[j];
    a[j] = t;
}

void quicksort_i64(int64_t *a, int lo, int hi) {
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] < a[lo]) swap64(a, mid, lo);
        if (a[hi] < a[lo]) swap64(a, hi, lo);
        if (a[mid] < a[hi]) swap64(a, mid, hi);
        int64_t pivot = a[hi];
        int i = lo;
        for (int j = lo; j < hi; j++) {
            if (a[j] < pivot) {
                swap64(a, i, j);
                i++;
            }
        }
        swap64(a, i, hi);
        if (i - lo < hi - i) {
            quicksort_i64(a, lo, i - 1);
            lo = i + 1;
        } else {
            quicksort_i64(a, i + 1, hi);
            hi = i - 1;
        }
    }
}
#else
#include "harness.h"

static void one(int64_t *a, int n, int lo, int hi) {
    cb_case("quicksort_i64");
    cb_in_i64s("a", a, (size_t)n);
    cb_in_i("lo", lo);
    cb_in_i("hi", hi);
    if (hi >= lo)
        cb_writable(a + lo, (size_t)(hi - lo + 1) * sizeof *a);
    CB_CALL(quicksort_i64)(a, lo, hi);
    cb_out_i64s("a", a, (size_t)n);
    cb_end();
}

void cb_tests(void) {
    int64_t a[64];
    a[0] = 3;
    one(a, 1, 0, 0);
    one(a, 1, 0, -1);
    for (int i = 0; i < 64; i++)
        a[i] = i;
    one(a, 64, 0, 63);
    for (int i = 0; i < 64; i++)
        a[i] = 64 - i;
    one(a, 64, 0, 63);
    for (int i = 0; i < 64; i++)
        a[i] = i % 3 == 0 ? INT64_MIN : INT64_MAX;
    one(a, 64, 0, 63);
    for (int t = 0; t < 50; t++) {
        int n = (int)cb_between(2, 64);
        int dup = cb_chance(30);
        for (int i = 0; i < n; i++)
            a[i] = dup ? cb_between(0, 4) : (int64_t)cb_rand();
        int lo = (int)cb_below(3);
        int hi = n - 1 - (int)cb_below(3);
        one(a, n, lo, hi);
    }
}
#endif
