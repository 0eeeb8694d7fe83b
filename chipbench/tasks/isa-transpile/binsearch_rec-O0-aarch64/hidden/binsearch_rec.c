/* chipbench-task
title = "Recursive binary search in a sorted array"
difficulty = "medium"
tags = ["recursion", "arrays"]
*/
#include <stdint.h>

//@interface
/* Index in [lo, hi) of some element equal to key in sorted a, or -1. */
int binsearch_rec(const int32_t *a, int lo, int hi, int32_t key);
//@end

#ifndef CB_DRIVER
int binsearch_rec(const int32_t *a, int lo, int hi, int32_t key) {
    if (lo >= hi)
        return -1;
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key)
        return mid;
    if (a[mid] < key)
        return binsearch_rec(a, mid + 1, hi, key);
    return binsearch_rec(a, lo, mid, key);
}
#else
#include "harness.h"

static void one(const int32_t *a, int lo, int hi, int32_t key) {
    cb_case("binsearch_rec");
    cb_in_i32s("a", a, (size_t)hi);
    cb_in_i("lo", lo);
    cb_in_i("hi", hi);
    cb_in_i("key", key);
    cb_out_i("ret", CB_CALL(binsearch_rec)(a, lo, hi, key));
    cb_end();
}

void cb_tests(void) {
    int32_t a[80];
    for (int i = 0; i < 80; i++)
        a[i] = 2 * i;
    one(a, 0, 0, 0);
    one(a, 0, 80, 0);
    one(a, 0, 80, 158);
    one(a, 0, 80, 159);
    one(a, 0, 80, -1);
    one(a, 10, 20, 4);
    one(a, 10, 20, 30);
    for (int t = 0; t < 100; t++) {
        int n = (int)cb_between(1, 80);
        int32_t v = (int32_t)cb_between(-50000, 50000);
        for (int i = 0; i < n; i++) {
            v += (int32_t)cb_between(1, 9);
            a[i] = v;
        }
        int32_t key = cb_chance(60) ? a[cb_below((uint64_t)n)] : (int32_t)cb_between(a[0] - 5, v + 5);
        int lo = (int)cb_between(0, n / 3);
        one(a, lo, n, key);
    }
}
#endif
