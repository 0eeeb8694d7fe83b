/* chipbench-task
title = "Towers of Hanoi: count the moves and hash their order, recursively"
difficulty = "medium"
tags = ["recursion", "64-bit"]
*/
#include <stdint.h>

//@interface
/* Moves n discs from peg `from` to peg `to` using `via`; returns the running hash, which starts
   as `hash` and absorbs every move as hash = hash * 31 + (from * 4 + to). */
uint64_t hanoi_moves(int n, int from, int to, int via, uint64_t hash);
//@end

#ifndef CB_DRIVER
uint64_t hanoi_moves(int n, int from, int to, int via, uint64_t hash) {
    if (n <= 0)
        return hash;
    hash = hanoi_moves(n - 1, from, via, to, hash);
    hash = hash * 31 + (uint64_t)(from * 4 + to);
    return hanoi_moves(n - 1, via, to, from, hash);
}
#else
#include "harness.h"

static void one(int n, int from, int to, int via, uint64_t hash) {
    cb_case("hanoi_moves");
    cb_in_i("n", n);
    cb_in_i("from", from);
    cb_in_i("to", to);
    cb_in_i("via", via);
    cb_in_x("hash", hash);
    cb_out_x("ret", CB_CALL(hanoi_moves)(n, from, to, via, hash));
    cb_end();
}

void cb_tests(void) {
    one(0, 1, 3, 2, 5);
    one(-1, 1, 3, 2, 5);
    for (int n = 1; n <= 12; n++)
        one(n, 1, 3, 2, 0);
    for (int i = 0; i < 12; i++) {
        int n = (int)cb_between(1, 10);
        uint64_t hash = cb_rand();
        one(n, 3, 1, 2, hash);
    }
}
#endif
