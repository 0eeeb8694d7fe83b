/* chipbench-task
title = "Parse a signed decimal 64-bit integer with overflow detection"
difficulty = "hard"
tags = ["strings", "64-bit", "branches", "pointers"]
*/
#include <stdint.h>

//@interface
/* Optional spaces, optional sign, then at least one digit; stops at the first non-digit.
   Returns 0 and stores the value on success, 1 if there is no digit, 2 on overflow
   (nothing is stored on failure). */
int parse_i64(const char *s, int64_t *out);
//@end

#ifndef CB_DRIVER
int parse_i64(const char *s, int64_t *out) {
    while (*s == ' ')
        s++;
    int negative = 0;
    if (*s == '+' || *s == '-') {
        negative = *s == '-';
        s++;
    }
    if (*s < '0' || *s > '9')
        return 1;
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    uint64_t value = 0;
    while (*s >= '0' && *s <= '9') {
        unsigned digit = (unsigned)(*s - '0');
        if (value > (limit - digit) / 10)
            return 2;
        value = value * 10 + digit;
        s++;
    }
    *out = negative ? (int64_t)(0 - value) : (int64_t)value;
    return 0;
}
#else
#include "harness.h"

static void one(const char *s) {
    int64_t out = 1234567;
    cb_case("parse_i64");
    cb_in_str("s", s);
    cb_writable(&out, sizeof out);
    int r = CB_CALL(parse_i64)(s, &out);
    cb_out_i("ret", r);
    cb_out_i("out", out);
    cb_end();
}

void cb_tests(void) {
    static char buf[40];
    static const char *edges[] = {
        "", "   ", "-", "+", "0", "-0", "+7", "  42abc", "x1", "- 5",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999", "00000000000000000000012",
        "18446744073709551615", "-1",
    };
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++)
        one(edges[i]);
    for (int t = 0; t < 100; t++) {
        int k = 0;
        int spaces = (int)cb_below(3);
        for (int i = 0; i < spaces; i++)
            buf[k++] = ' ';
        int sign = (int)cb_below(3);
        if (sign)
            buf[k++] = sign == 1 ? '-' : '+';
        int digits = (int)cb_between(0, 21);
        for (int i = 0; i < digits; i++)
            buf[k++] = (char)cb_between('0', '9');
        if (cb_chance(20))
            buf[k++] = (char)cb_between(' ', '~');
        buf[k] = 0;
        one(buf);
    }
}
#endif
