/* chipbench-task
title = "Area of the overlap of two axis-aligned rectangles passed by pointer"
difficulty = "easy"
tags = ["structs", "pointers", "mixed-width", "branches"]
*/
#include <stdint.h>

//@interface
struct rect {
    int32_t x0, y0;   /* inclusive corner */
    int32_t x1, y1;   /* exclusive corner; an empty rectangle has x1 <= x0 or y1 <= y0 */
};

int64_t rect_overlap(const struct rect *a, const struct rect *b);
//@end

#ifndef CB_DRIVER
static int32_t max32(int32_t a, int32_t b) { return a > b ? a : b; }
static int32_t min32(int32_t a, int32_t b) { return a < b ? a : b; }

int64_t rect_overlap(const struct rect *a, const struct rect *b) {
    int64_t w = (int64_t)min32(a->x1, b->x1) - max32(a->x0, b->x0);
    int64_t h = (int64_t)min32(a->y1, b->y1) - max32(a->y0, b->y0);
    if (w <= 0 || h <= 0)
        return 0;
    return w * h;
}
#else
#include "harness.h"

static void one(struct rect a, struct rect b) {
    cb_case("rect_overlap");
    int32_t fields[8] = {a.x0, a.y0, a.x1, a.y1, b.x0, b.y0, b.x1, b.y1};
    cb_in_i32s("a", fields, 4);
    cb_in_i32s("b", fields + 4, 4);
    cb_out_i("ret", CB_CALL(rect_overlap)(&a, &b));
    cb_end();
}

static struct rect random_rect(int32_t span) {
    struct rect r;
    r.x0 = (int32_t)cb_between(-span, span);
    r.y0 = (int32_t)cb_between(-span, span);
    r.x1 = r.x0 + (int32_t)cb_between(-5, span);
    r.y1 = r.y0 + (int32_t)cb_between(-5, span);
    return r;
}

void cb_tests(void) {
    struct rect big = {INT32_MIN, INT32_MIN, INT32_MAX, INT32_MAX};
    struct rect unit = {0, 0, 1, 1};
    struct rect empty = {5, 5, 5, 9};
    one(big, big);
    one(big, unit);
    one(unit, empty);
    one(empty, empty);
    for (int t = 0; t < 100; t++) {
        int32_t span = cb_chance(20) ? 1000000000 : 100;
        struct rect a = random_rect(span);
        struct rect b = random_rect(span);
        one(a, b);
    }
}
#endif
