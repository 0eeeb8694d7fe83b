/* chipbench-task
title = "Integer matrix-vector product with 64-bit accumulation"
difficulty = "medium"
tags = ["arrays", "nested-loops", "mixed-width", "pointers"]
*/
#include <stdint.h>

//@interface
/* out[r] = sum over c of m[r * cols + c] * v[c], in 64-bit arithmetic. */
void matvec_i32(const int32_t *m, const int32_t *v, int64_t *out, int rows, int cols);
//@end

#ifndef CB_DRIVER
void matvec_i32(const int32_t *m, const int32_t *v, int64_t *out, int rows, int cols) {
    for (int r = 0; r < rows; r++) {
        int64_t acc = 0;
        const int32_t *row = m + (long)r * cols;
        for (int c = 0; c < cols; c++)
            acc += (int64_t)row[c] * v[c];
        out[r] = acc;
    }
}
#else
#include "harness.h"

static void one(const int32_t *m, const int32_t *v, int rows, int cols) {
    int64_t out[13];
    for (int i = 0; i < 13; i++)
        out[i] = -77;
    cb_case("matvec_i32");
    cb_in_i32s("m", m, (size_t)(rows * cols));
    cb_in_i32s("v", v, (size_t)cols);
    cb_in_i("rows", rows);
    cb_in_i("cols", cols);
    cb_writable(out, (size_t)(rows > 0 ? rows : 0) * sizeof out[0]);
    CB_CALL(matvec_i32)(m, v, out, rows, cols);
    cb_out_i64s("out", out, (size_t)rows + 1);
    cb_end();
}

void cb_tests(void) {
    int32_t m[12 * 12], v[12];
    for (int i = 0; i < 144; i++)
        m[i] = INT32_MIN;
    for (int i = 0; i < 12; i++)
        v[i] = INT32_MIN;
    one(m, v, 12, 12);
    one(m, v, 0, 5);
    one(m, v, 3, 0);
    for (int t = 0; t < 60; t++) {
        int rows = (int)cb_between(1, 12);
        int cols = (int)cb_between(1, 12);
        int wide = cb_chance(30);
        for (int i = 0; i < rows * cols; i++)
            m[i] = wide ? (int32_t)cb_rand() : (int32_t)cb_between(-50, 50);
        for (int i = 0; i < cols; i++)
            v[i] = wide ? (int32_t)cb_rand() : (int32_t)cb_between(-50, 50);
        one(m, v, rows, cols);
    }
}
#endif
