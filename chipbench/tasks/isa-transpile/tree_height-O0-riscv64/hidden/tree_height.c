/* chipbench-task
title = "Height and weighted sum of a binary tree, recursively"
difficulty = "medium"
tags = ["recursion", "structs", "pointers"]
*/
#include <stdint.h>

//@interface
struct tree_node {
    int32_t value;
    struct tree_node *left;
    struct tree_node *right;
};

/* Height of the tree (0 for an empty one); adds each value times its depth (root = 1) to *sum. */
int tree_height(const struct tree_node *t, int depth, int64_t *sum);
//@end

#ifndef CB_DRIVER
int tree_height(const struct tree_node *t, int depth, int64_t *sum) {
    if (t == 0)
        return 0;
    *sum += (int64_t)t->value * depth;
    int l = tree_height(t->left, depth + 1, sum);
    int r = tree_height(t->right, depth + 1, sum);
    return 1 + (l > r ? l : r);
}
#else
#include "harness.h"

#define MAX_NODES 60
static struct tree_node nodes[MAX_NODES];

/* A random binary search tree over distinct inserts. */
static struct tree_node *build(int n) {
    struct tree_node *root = 0;
    for (int i = 0; i < n; i++) {
        struct tree_node *node = &nodes[i];
        node->value = (int32_t)cb_between(-100000, 100000);
        node->left = node->right = 0;
        struct tree_node **slot = &root;
        while (*slot)
            slot = node->value < (*slot)->value ? &(*slot)->left : &(*slot)->right;
        *slot = node;
    }
    return root;
}

static void one(const struct tree_node *t, int n, int depth) {
    int64_t sum = 7;
    cb_case("tree_height");
    cb_in_i("nodes", n);
    cb_in_i("depth", depth);
    int32_t values[MAX_NODES];
    for (int i = 0; i < n; i++)
        values[i] = nodes[i].value;
    cb_in_i32s("insert_order", values, (size_t)n);
    cb_writable(&sum, sizeof sum);
    int h = CB_CALL(tree_height)(t, depth, &sum);
    cb_out_i("ret", h);
    cb_out_i("sum", sum);
    cb_end();
}

void cb_tests(void) {
    one(0, 0, 1);
    for (int t = 0; t < 60; t++) {
        int n = (int)cb_between(1, MAX_NODES);
        struct tree_node *root = build(n);
        one(root, n, 1);
    }
    /* A degenerate chain. */
    for (int i = 0; i < 40; i++) {
        nodes[i].value = i;
        nodes[i].left = 0;
        nodes[i].right = i + 1 < 40 ? &nodes[i + 1] : 0;
    }
    one(&nodes[0], 40, 1);
}
#endif
