/* chipbench-task
title = "Run-length encode bytes into a bounded output buffer"
difficulty = "hard"
tags = ["arrays", "loops", "pointers", "early-exit"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
/* Writes (count, byte) pairs, count 1..255, for each run of equal bytes in src.
   Returns the number of bytes written, or -1 if dst (cap bytes) is too small; on -1 the
   pairs that did fit have been written. */
long rle_encode(const uint8_t *src, size_t n, uint8_t *dst, size_t cap);
//@end

#ifndef CB_DRIVER
long rle_encode(const uint8_t *src, size_t n, uint8_t *dst, size_t cap) {
    size_t out = 0;
    size_t i = 0;
    while (i < n) {
        uint8_t b = src[i];
        size_t run = 1;
        while (i + run < n && src[i + run] == b && run < 255)
            run++;
        if (out + 2 > cap)
            return -1;
        dst[out++] = (uint8_t)run;
        dst[out++] = b;
        i += run;
    }
    return (long)out;
}
#else
#include "harness.h"

static void one(const uint8_t *src, size_t n, size_t cap) {
    uint8_t dst[160];
    for (int i = 0; i < 160; i++)
        dst[i] = 0xee;
    cb_case("rle_encode");
    cb_in_bytes("src", src, n);
    cb_in_u("cap", cap);
    cb_writable(dst, cap);
    long r = CB_CALL(rle_encode)(src, n, dst, cap);
    cb_out_i("ret", r);
    cb_out_bytes("dst", dst, cap + 1 < 160 ? cap + 1 : 160);
    cb_end();
}

void cb_tests(void) {
    static uint8_t src[600];
    one(src, 0, 0);
    src[0] = 7;
    one(src, 1, 1);
    one(src, 1, 2);
    for (int i = 0; i < 600; i++)
        src[i] = 9;
    one(src, 600, 8);
    one(src, 600, 7);
    for (int t = 0; t < 80; t++) {
        size_t n = (size_t)cb_between(0, 200);
        int alphabet = (int)cb_between(1, 4);
        for (size_t i = 0; i < n; i++) {
            if (i > 0 && cb_chance(60))
                src[i] = src[i - 1];
            else
                src[i] = (uint8_t)cb_below((uint64_t)alphabet);
        }
        size_t cap = (size_t)cb_between(0, 158);
        one(src, n, cap);
    }
}
#endif
