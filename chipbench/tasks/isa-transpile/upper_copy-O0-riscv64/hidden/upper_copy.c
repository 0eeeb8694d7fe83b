/* chipbench-task
title = "Copy a string into a bounded buffer, upper-casing ASCII letters"
difficulty = "medium"
tags = ["strings", "loops", "pointers"]
*/
#include <stddef.h>

//@interface
/* Copies at most cap - 1 characters of src into dst, upper-casing a-z, and terminates dst.
   Returns the number of characters copied. cap >= 1. */
size_t upper_copy(char *dst, const char *src, size_t cap);
//@end

#ifndef CB_DRIVER
size_t upper_copy(char *dst, const char *src, size_t cap) {
    size_t i = 0;
    while (i + 1 < cap && src[i] != 0) {
        char c = src[i];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        dst[i] = c;
        i++;
    }
    dst[i] = 0;
    return i;
}
#else
#include "harness.h"

static void one(const char *src, size_t cap) {
    char dst[80];
    for (int i = 0; i < 80; i++)
        dst[i] = '#';
    cb_case("upper_copy");
    cb_in_str("src", src);
    cb_in_u("cap", cap);
    cb_writable(dst, cap);
    size_t n = CB_CALL(upper_copy)(dst, src, cap);
    cb_out_u("ret", n);
    cb_out_bytes("dst", dst, cap + 1);   /* one byte past the end must be untouched */
    cb_end();
}

void cb_tests(void) {
    static char src[80];
    one("", 1);
    one("abc", 1);
    one("abc", 2);
    one("Hello, World! zz{`@[", 40);
    one("\xe1\xe2 not ascii", 20);
    for (int t = 0; t < 90; t++) {
        int n = (int)cb_between(0, 70);
        for (int i = 0; i < n; i++)
            src[i] = (char)(cb_chance(70) ? cb_between(0x20, 0x7e) : cb_between(1, 255));
        src[n] = 0;
        size_t cap = (size_t)cb_between(1, 75);
        one(src, cap);
    }
}
#endif
