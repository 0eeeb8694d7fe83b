/* chipbench-task
title = "Count whitespace-separated words"
difficulty = "easy"
tags = ["strings", "loops", "branches"]
*/

//@interface
int count_words(const char *s);   /* separators: space, \t, \n, \r, \v, \f */
//@end

#ifndef CB_DRIVER
static int is_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

int count_words(const char *s) {
    int words = 0;
    int in_word = 0;
    for (; *s; s++) {
        if (is_space(*s)) {
            in_word = 0;
        } else if (!in_word) {
            in_word = 1;
            words++;
        }
    }
    return words;
}
#else
#include "harness.h"

static void one(const char *s) {
    cb_case("count_words");
    cb_in_str("s", s);
    cb_out_i("ret", CB_CALL(count_words)(s));
    cb_end();
}

void cb_tests(void) {
    static char buf[120];
    static const char alphabet[] = " \t\n\r\v\fab.\x80-";
    one("");
    one(" ");
    one("word");
    one("  two words  ");
    one("tab\tseparated\nlines\r\n");
    for (int t = 0; t < 100; t++) {
        int n = (int)cb_between(0, 100);
        for (int i = 0; i < n; i++)
            buf[i] = alphabet[cb_below(sizeof alphabet - 1)];
        buf[n] = 0;
        one(buf);
    }
}
#endif
