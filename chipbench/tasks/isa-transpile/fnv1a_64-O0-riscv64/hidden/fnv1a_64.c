/* chipbench-task
title = "FNV-1a 64-bit hash of a byte buffer"
difficulty = "easy"
tags = ["hashing", "64-bit", "loops"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
uint64_t fnv1a_64(const void *data, size_t n, uint64_t seed);   /* seed 0 means the standard basis */
//@end

#ifndef CB_DRIVER
uint64_t fnv1a_64(const void *data, size_t n, uint64_t seed) {
    const uint8_t *p = data;
    uint64_t h = seed ? seed : 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
#else
#include "harness.h"

static void one(const void *data, size_t n, uint64_t seed) {
    cb_case("fnv1a_64");
    cb_in_bytes("data", data, n);
    cb_in_x("seed", seed);
    cb_out_x("ret", CB_CALL(fnv1a_64)(data, n, seed));
    cb_end();
}

void cb_tests(void) {
    static uint8_t buf[128];
    one("", 0, 0);
    one("a", 1, 0);
    one("foobar", 6, 0);
    one("\xff\x00\x80", 3, 1);
    for (int t = 0; t < 80; t++) {
        size_t n = (size_t)cb_between(0, 128);
        cb_fill_bytes(buf, n);
        uint64_t seed = cb_chance(50) ? 0 : cb_rand();
        one(buf, n, seed);
    }
}
#endif
