/* chipbench-task
title = "Index of the first array element greater than a key"
difficulty = "easy"
tags = ["arrays", "loops", "early-exit"]
*/
#include <stdint.h>

//@interface
int find_first_gt(const int32_t *a, int n, int32_t key);   /* -1 if none */
//@end

#ifndef CB_DRIVER
int find_first_gt(const int32_t *a, int n, int32_t key) {
    for (int i = 0; i < n; i++)
        if (a[i] > key)
            return i;
    return -1;
}
#else
#include "harness.h"

static void one(const int32_t *a, int n, int32_t key) {
    cb_case("find_first_gt");
    cb_in_i32s("a", a, (size_t)(n > 0 ? n : 0));
    cb_in_i("n", n);
    cb_in_i("key", key);
    cb_out_i("ret", CB_CALL(find_first_gt)(a, n, key));
    cb_end();
}

void cb_tests(void) {
    int32_t a[48];
    for (int i = 0; i < 48; i++)
        a[i] = i * 3 - 20;
    one(a, 0, 0);
    one(a, -3, -100);
    one(a, 48, 1000);
    one(a, 48, -1000);
    one(a, 48, 100);
    one(a, 48, INT32_MAX);
    one(a, 1, INT32_MIN);
    for (int t = 0; t < 100; t++) {
        int n = (int)cb_between(1, 48);
        for (int i = 0; i < n; i++)
            a[i] = (int32_t)cb_between(-1000, 1000);
        int32_t key = (int32_t)cb_between(500, 1010);
        one(a, n, key);
    }
}
#endif
