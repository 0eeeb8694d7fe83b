/* chipbench-task
title = "Apply a batch of transactions to an account, rejecting the invalid ones"
difficulty = "hard"
tags = ["structs", "pointers", "mixed-width", "branches", "loops"]
*/
#include <stdint.h>

//@interface
struct account {
    int64_t balance;       /* in cents */
    int64_t overdraft;     /* how far below zero the balance may go (>= 0) */
    uint16_t frozen;       /* nonzero: only deposits are accepted */
    uint8_t tier;          /* 0..3; withdrawals above 10000 * (tier + 1) are refused */
    int8_t risk;           /* incremented per refused transaction, saturating at 100 */
    uint32_t applied;      /* count of transactions applied */
};

struct txn {
    int32_t amount;        /* > 0 deposit, < 0 withdrawal, 0 is invalid */
    uint8_t kind;          /* 0 normal, 1 fee (always applied if the overdraft allows it) */
};

int ledger_apply(struct account *acc, const struct txn *t, int n);   /* returns refused count */
//@end

#ifndef CB_DRIVER
int ledger_apply(struct account *acc, const struct txn *t, int n) {
    int refused = 0;
    for (int i = 0; i < n; i++) {
        int32_t amount = t[i].amount;
        int ok;
        if (amount == 0) {
            ok = 0;
        } else if (amount > 0) {
            ok = 1;
        } else {
            int64_t after = acc->balance + amount;
            ok = after >= -acc->overdraft;
            if (t[i].kind != 1) {
                if (acc->frozen)
                    ok = 0;
                if (-(int64_t)amount > 10000 * ((int64_t)acc->tier + 1))
                    ok = 0;
            }
        }
        if (ok) {
            acc->balance += amount;
            acc->applied++;
        } else {
            refused++;
            if (acc->risk < 100)
                acc->risk++;
        }
    }
    return refused;
}
#else
#include "harness.h"

static void show(struct account *a, int out) {
    if (out) {
        cb_out_i("balance", a->balance);
        cb_out_i("risk", a->risk);
        cb_out_u("applied", a->applied);
    } else {
        cb_in_i("balance", a->balance);
        cb_in_i("overdraft", a->overdraft);
        cb_in_u("frozen", a->frozen);
        cb_in_u("tier", a->tier);
        cb_in_i("risk", a->risk);
        cb_in_u("applied", a->applied);
    }
}

void cb_tests(void) {
    struct txn t[40];
    int32_t amounts[40], kinds[40];
    for (int c = 0; c < 80; c++) {
        struct account a;
        a.balance = cb_between(-5000, 50000);
        a.overdraft = cb_between(0, 20000);
        a.frozen = (uint16_t)(cb_chance(20) ? cb_between(1, 65535) : 0);
        a.tier = (uint8_t)cb_below(4);
        a.risk = (int8_t)(cb_chance(10) ? 98 : cb_below(10));
        a.applied = (uint32_t)cb_below(1000);
        int n = c == 0 ? 0 : (int)cb_between(1, 40);
        for (int i = 0; i < n; i++) {
            int64_t r = cb_below(10);
            t[i].amount = r == 0 ? 0 : (int32_t)cb_between(-45000, 30000);
            t[i].kind = (uint8_t)(cb_chance(15) ? 1 : 0);
            amounts[i] = t[i].amount;
            kinds[i] = t[i].kind;
        }
        cb_case("ledger_apply");
        show(&a, 0);
        cb_in_i32s("amounts", amounts, (size_t)n);
        cb_in_i32s("kinds", kinds, (size_t)n);
        cb_in_i("n", n);
        cb_writable(&a, sizeof a);
        int refused = CB_CALL(ledger_apply)(&a, t, n);
        cb_out_i("ret", refused);
        show(&a, 1);
        cb_end();
    }
}
#endif
