/* chipbench-task
title = "Add two multi-word unsigned integers with carry propagation"
difficulty = "medium"
tags = ["64-bit", "arrays", "loops", "pointers"]
*/
#include <stdint.h>

//@interface
/* r = a + b over n little-endian 64-bit limbs; returns the carry out (0 or 1).
   r may alias a or b. */
uint64_t bignum_add(uint64_t *r, const uint64_t *a, const uint64_t *b, int n);
//@end

#ifndef CB_DRIVER
uint64_t bignum_add(uint64_t *r, const uint64_t *a, const uint64_t *b, int n) {
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint64_t x = a[i];
        uint64_t s = x + b[i];
        uint64_t c1 = s < x;
        uint64_t t = s + carry;
        uint64_t c2 = t < s;
        r[i] = t;
        carry = c1 | c2;
    }
    return carry;
}
#else
#include "harness.h"

static void show(const char *name, const uint64_t *v, int n, int out) {
    int64_t copy[17];
    for (int i = 0; i < n; i++)
        copy[i] = (int64_t)v[i];
    if (out)
        cb_out_i64s(name, copy, (size_t)n);
    else
        cb_in_i64s(name, copy, (size_t)n);
}

static void one(uint64_t *a, uint64_t *b, int n, int alias) {
    uint64_t r[17];
    for (int i = 0; i < 17; i++)
        r[i] = 0x5555;
    uint64_t *dst = alias == 1 ? a : alias == 2 ? b : r;
    cb_case("bignum_add");
    show("a", a, n, 0);
    show("b", b, n, 0);
    cb_in_i("n", n);
    cb_in_i("alias", alias);
    cb_writable(dst, (size_t)(n > 0 ? n : 0) * sizeof *dst);
    uint64_t carry = CB_CALL(bignum_add)(dst, a, b, n);
    cb_out_u("ret", carry);
    show("r", dst, n + 1, 1);
    cb_end();
}

void cb_tests(void) {
    uint64_t a[17], b[17];
    for (int i = 0; i < 17; i++) {
        a[i] = UINT64_MAX;
        b[i] = 0;
    }
    b[0] = 1;
    one(a, b, 16, 0);
    one(a, b, 0, 0);
    one(a, a, 16, 0);
    for (int t = 0; t < 80; t++) {
        int n = (int)cb_between(1, 16);
        for (int i = 0; i <= n; i++) {
            a[i] = cb_chance(30) ? UINT64_MAX : cb_rand();
            b[i] = cb_chance(30) ? (cb_chance(50) ? 0 : 1) : cb_rand();
        }
        int alias = (int)cb_below(3);
        one(a, b, n, alias);
    }
}
#endif
