/* chipbench-task
title = "Advance a particle one time step with gravity and a floor bounce"
difficulty = "medium"
tags = ["floating-point", "structs", "pointers", "branches"]
*/

//@interface
struct particle {
    double x, y;      /* position */
    double vx, vy;    /* velocity */
    int bounces;
};

/* Semi-implicit Euler step under gravity g (downwards); below y = 0 the particle is put
   back on the floor and its vertical velocity reversed and scaled by restitution. */
void particle_step(struct particle *p, double dt, double g, double restitution);
//@end

#ifndef CB_DRIVER
void particle_step(struct particle *p, double dt, double g, double restitution) {
    p->vy -= g * dt;
    p->x += p->vx * dt;
    p->y += p->vy * dt;
    if (p->y < 0.0) {
        p->y = -p->y * restitution;
        p->vy = -p->vy * restitution;
        p->bounces += 1;
    }
}
#else
#include "harness.h"

static void one(struct particle p, double dt, double g, double restitution, int steps) {
    cb_case("particle_step");
    double state[4] = {p.x, p.y, p.vx, p.vy};
    cb_in_f64s("x_y_vx_vy", state, 4);
    cb_in_i("bounces", p.bounces);
    cb_in_f64("dt", dt);
    cb_in_f64("g", g);
    cb_in_f64("restitution", restitution);
    cb_in_i("steps", steps);
    for (int i = 0; i < steps; i++) {
        cb_writable(&p, sizeof p);
        CB_CALL(particle_step)(&p, dt, g, restitution);
    }
    double out[4] = {p.x, p.y, p.vx, p.vy};
    cb_out_f64s("x_y_vx_vy", out, 4);
    cb_out_i("bounces", p.bounces);
    cb_end();
}

void cb_tests(void) {
    struct particle rest = {0.0, 0.0, 0.0, 0.0, 0};
    one(rest, 0.01, 9.81, 0.5, 1);
    struct particle ball = {1.0, 10.0, 2.0, 0.0, 3};
    one(ball, 0.01, 9.81, 0.8, 500);
    one(ball, 0.25, 9.81, 1.0, 40);
    for (int t = 0; t < 50; t++) {
        struct particle p;
        p.x = cb_real(-100.0, 100.0);
        p.y = cb_real(0.0, 50.0);
        p.vx = cb_real(-10.0, 10.0);
        p.vy = cb_real(-10.0, 10.0);
        p.bounces = (int)cb_below(5);
        double dt = cb_real(0.001, 0.1);
        double g = cb_real(1.0, 20.0);
        double restitution = cb_real(0.1, 1.0);
        int steps = (int)cb_between(1, 60);
        one(p, dt, g, restitution, steps);
    }
}
#endif
