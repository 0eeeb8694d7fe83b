/* chipbench-task
title = "Days in a month of the proleptic Gregorian calendar"
difficulty = "easy"
tags = ["switch", "branches", "integer"]
*/

//@interface
int days_in_month(int year, int month);   /* month 1..12; 0 for an invalid month */
//@end

#ifndef CB_DRIVER
int days_in_month(int year, int month) {
    switch (month) {
    case 1: case 3: case 5: case 7: case 8: case 10: case 12:
        return 31;
    case 4: case 6: case 9: case 11:
        return 30;
    case 2:
        if ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0)
            return 29;
        return 28;
    default:
        return 0;
    }
}
#else
#include "harness.h"

static void one(int year, int month) {
    cb_case("days_in_month");
    cb_in_i("year", year);
    cb_in_i("month", month);
    cb_out_i("ret", CB_CALL(days_in_month)(year, month));
    cb_end();
}

void cb_tests(void) {
    static const int years[] = {1900, 2000, 2004, 2023, 2024, 2100, 0, -4, -100, -400, 1};
    for (unsigned y = 0; y < sizeof years / sizeof years[0]; y++)
        one(years[y], 2);
    for (int m = -1; m <= 14; m++)
        one(2023, m);
    for (int t = 0; t < 100; t++) {
        int year = (int)cb_between(-3000, 3000);
        int month = (int)cb_between(0, 13);
        one(year, month);
    }
}
#endif
