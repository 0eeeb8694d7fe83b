/* chipbench-task
title = "Single-precision linear interpolation with clamping"
difficulty = "easy"
tags = ["floating-point", "branches"]
*/

//@interface
/* a + (b - a) * t, with t first clamped to [0, 1]; all in float. */
float lerp_clamp_f32(float a, float b, float t);
//@end

#ifndef CB_DRIVER
float lerp_clamp_f32(float a, float b, float t) {
    if (t < 0.0f)
        t = 0.0f;
    else if (t > 1.0f)
        t = 1.0f;
    return a + (b - a) * t;
}
#else
#include "harness.h"

static void one(float a, float b, float t) {
    cb_case("lerp_clamp_f32");
    cb_in_f32("a", a);
    cb_in_f32("b", b);
    cb_in_f32("t", t);
    cb_out_f32("ret", CB_CALL(lerp_clamp_f32)(a, b, t));
    cb_end();
}

void cb_tests(void) {
    one(0.0f, 1.0f, 0.5f);
    one(0.0f, 1.0f, -3.0f);
    one(0.0f, 1.0f, 3.0f);
    one(-0.0f, 0.0f, 0.0f);
    one(1e30f, -1e30f, 0.25f);
    one(3.0f, 3.0f, 0.7f);
    for (int t = 0; t < 100; t++) {
        float a = (float)cb_real(-1000.0, 1000.0);
        float b = (float)cb_real(-1000.0, 1000.0);
        float u = (float)cb_real(-0.5, 1.5);
        one(a, b, u);
    }
}
#endif
