/* chipbench-task
title = "Length of a NUL-terminated string"
difficulty = "easy"
tags = ["strings", "loops"]
*/
#include <stddef.h>

//@interface
size_t str_len(const char *s);
//@end

#ifndef CB_DRIVER
size_t str_len(const char *s) {
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}
#else
#include "harness.h"

static void one(const char *s) {
    cb_case("str_len");
    cb_in_str("s", s);
    cb_out_u("ret", CB_CALL(str_len)(s));
    cb_end();
}

void cb_tests(void) {
    static char buf[300];
    one("");
    one("a");
    one("hello, world");
    one("\xff\x80 high bytes count too");
    for (int t = 0; t < 80; t++) {
        /* Lengths around word sizes, at every alignment. */
        size_t offset = (size_t)cb_below(8);
        size_t n = (size_t)cb_below(t < 40 ? 20 : 280);
        for (size_t i = 0; i < n; i++)
            buf[offset + i] = (char)cb_between(1, 255);
        buf[offset + n] = 0;
        buf[offset + n + 1] = 'x';
        one(buf + offset);
    }
}
#endif
