/* chipbench-task
title = "Classify a byte for a tokenizer with a sparse switch"
difficulty = "easy"
tags = ["switch", "branches", "strings"]
*/

//@interface
/* Classes: 0 other, 1 digit, 2 letter or underscore, 3 space/tab/newline/return,
   4 operator (one of + - * / % = < > ! & | ^ ~), 5 bracket (one of ( ) [ ] { }),
   6 single or double quote, 7 NUL. */
int classify_char(int c);
//@end

#ifndef CB_DRIVER
int classify_char(int c) {
    switch (c) {
    case 0:
        return 7;
    case ' ': case '\t': case '\n': case '\r':
        return 3;
    case '+': case '-': case '*': case '/': case '%': case '=': case '<': case '>':
    case '!': case '&': case '|': case '^': case '~':
        return 4;
    case '(': case ')': case '[': case ']': case '{': case '}':
        return 5;
    case '\'': case '"':
        return 6;
    case '_':
        return 2;
    default:
        if (c >= '0' && c <= '9')
            return 1;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
            return 2;
        return 0;
    }
}
#else
#include "harness.h"

static void one(int c) {
    cb_case("classify_char");
    cb_in_i("c", c);
    cb_out_i("ret", CB_CALL(classify_char)(c));
    cb_end();
}

void cb_tests(void) {
    for (int c = -2; c < 130; c++)
        one(c);
    one(255);
    one(-128);
    one(1000);
}
#endif
