/* chipbench-task
title = "Internet checksum (ones'-complement sum of 16-bit big-endian words)"
difficulty = "medium"
tags = ["bits", "arrays", "mixed-width", "loops"]
*/
#include <stddef.h>
#include <stdint.h>

//@interface
uint16_t inet_checksum(const uint8_t *p, size_t n);   /* an odd last byte is padded with 0 */
//@end

#ifndef CB_DRIVER
uint16_t inet_checksum(const uint8_t *p, size_t n) {
    uint32_t sum = 0;
    size_t i = 0;
    for (; i + 1 < n; i += 2) {
        sum += (uint32_t)((p[i] << 8) | p[i + 1]);
        if (sum > 0xffff)
            sum = (sum & 0xffff) + 1;
    }
    if (i < n) {
        sum += (uint32_t)(p[i] << 8);
        if (sum > 0xffff)
            sum = (sum & 0xffff) + 1;
    }
    return (uint16_t)~sum;
}
#else
#include "harness.h"

static void one(const uint8_t *p, size_t n) {
    cb_case("inet_checksum");
    cb_in_bytes("p", p, n);
    cb_out_x("ret", CB_CALL(inet_checksum)(p, n));
    cb_end();
}

void cb_tests(void) {
    static uint8_t buf[100];
    one(buf, 0);
    buf[0] = 0xff;
    one(buf, 1);
    buf[1] = 0xff;
    one(buf, 2);
    for (int i = 0; i < 100; i++)
        buf[i] = 0xff;
    one(buf, 100);
    one(buf, 99);
    for (int t = 0; t < 80; t++) {
        size_t n = (size_t)cb_between(0, 100);
        cb_fill_bytes(buf, n);
        one(buf, n);
    }
}
#endif
