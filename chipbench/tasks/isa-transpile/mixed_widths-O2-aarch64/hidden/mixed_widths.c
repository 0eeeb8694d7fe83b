/* chipbench-task
title = "Combine signed and unsigned arguments of six different widths"
difficulty = "medium"
tags = ["mixed-width", "64-bit", "integer"]
*/
#include <stdint.h>

//@interface
int64_t mixed_widths(int8_t a, uint8_t b, int16_t c, uint16_t d, int32_t e, uint32_t f);
//@end

#ifndef CB_DRIVER
int64_t mixed_widths(int8_t a, uint8_t b, int16_t c, uint16_t d, int32_t e, uint32_t f) {
    int64_t r = (int64_t)a * b;
    r += (int64_t)c * (int64_t)d;
    r ^= (int64_t)((uint64_t)(int64_t)e << 8);
    r -= (int64_t)f * 3;
    uint32_t low = (uint32_t)r + f;
    int16_t mid = (int16_t)(c + a);
    return r + (int64_t)low - (int64_t)mid;
}
#else
#include "harness.h"

static void one(int8_t a, uint8_t b, int16_t c, uint16_t d, int32_t e, uint32_t f) {
    cb_case("mixed_widths");
    cb_in_i("a", a);
    cb_in_u("b", b);
    cb_in_i("c", c);
    cb_in_u("d", d);
    cb_in_i("e", e);
    cb_in_u("f", f);
    cb_out_i("ret", CB_CALL(mixed_widths)(a, b, c, d, e, f));
    cb_end();
}

void cb_tests(void) {
    one(0, 0, 0, 0, 0, 0);
    one(-128, 255, -32768, 65535, INT32_MIN, UINT32_MAX);
    one(127, 255, 32767, 65535, INT32_MAX, UINT32_MAX);
    one(-1, 1, -1, 1, -1, 1);
    for (int t = 0; t < 120; t++) {
        int8_t a = (int8_t)cb_rand();
        uint8_t b = (uint8_t)cb_rand();
        int16_t c = (int16_t)cb_rand();
        uint16_t d = (uint16_t)cb_rand();
        int32_t e = (int32_t)cb_rand();
        uint32_t f = (uint32_t)cb_rand();
        one(a, b, c, d, e, f);
    }
}
#endif
