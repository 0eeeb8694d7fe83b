/* chipbench-task
title = "CRC-32 (IEEE, reflected) computed bit by bit"
difficulty = "medium"
tags = ["hashing", "bits", "nested-loops"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
/* Continues a CRC: pass 0 to start; the result is the finished CRC of all bytes so far. */
uint32_t crc32_bitwise(uint32_t crc, const uint8_t *p, size_t n);
//@end

#ifndef CB_DRIVER
uint32_t crc32_bitwise(uint32_t crc, const uint8_t *p, size_t n) {
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}
#else
#include "harness.h"

static void one(uint32_t crc, const uint8_t *p, size_t n) {
    cb_case("crc32_bitwise");
    cb_in_x("crc", crc);
    cb_in_bytes("p", p, n);
    cb_out_x("ret", CB_CALL(crc32_bitwise)(crc, p, n));
    cb_end();
}

void cb_tests(void) {
    static uint8_t buf[96];
    one(0, (const uint8_t *)"", 0);
    one(0, (const uint8_t *)"123456789", 9);
    one(0xcbf43926u, (const uint8_t *)"x", 1);
    for (int t = 0; t < 60; t++) {
        size_t n = (size_t)cb_between(0, 96);
        cb_fill_bytes(buf, n);
        uint32_t crc = cb_chance(50) ? 0 : (uint32_t)cb_rand();
        one(crc, buf, n);
    }
}
#endif
