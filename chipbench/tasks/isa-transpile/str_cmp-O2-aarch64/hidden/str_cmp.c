/* chipbench-task
title = "Compare two strings as unsigned bytes, returning -1, 0 or 1"
difficulty = "easy"
tags = ["strings", "loops", "early-exit"]
*/

//@interface
int str_cmp(const char *a, const char *b);
//@end

#ifndef CB_DRIVER
int str_cmp(const char *a, const char *b) {
    const unsigned char *x = (const unsigned char *)a;
    const unsigned char *y = (const unsigned char *)b;
    while (*x && *x == *y) {
        x++;
        y++;
    }
    if (*x == *y)
        return 0;
    return *x < *y ? -1 : 1;
}
#else
#include "harness.h"

static void one(const char *a, const char *b) {
    cb_case("str_cmp");
    cb_in_str("a", a);
    cb_in_str("b", b);
    cb_out_i("ret", CB_CALL(str_cmp)(a, b));
    cb_end();
}

void cb_tests(void) {
    static char a[64], b[64];
    one("", "");
    one("", "a");
    one("a", "");
    one("abc", "abd");
    one("abc", "abc");
    one("abc", "ab");
    one("\x80", "\x7f");
    one("\x7f", "\x80");
    one("same prefix\xff", "same prefix\x01");
    for (int t = 0; t < 100; t++) {
        int n = (int)cb_between(0, 40);
        for (int i = 0; i < n; i++) {
            a[i] = (char)cb_between('a', 'd');
            b[i] = a[i];
        }
        a[n] = b[n] = 0;
        if (n > 0 && cb_chance(70)) {
            int k = (int)cb_below((uint64_t)n);
            b[k] = (char)cb_between(1, 255);
            if (cb_chance(30))
                b[k + 1 < n ? k + 1 : k] = 0;
        }
        one(a, b);
    }
}
#endif
