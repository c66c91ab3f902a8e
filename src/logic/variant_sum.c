/*
 * variant_sum.c — which digits can take part in a filling of a few cells
 * with a given sum (lvar_sum_support): the one sum rule behind arrows,
 * little killers, sandwiches, X-sums and the 45 rule.
 *
 * Design: for each candidate not yet seen in a filling, a depth-first
 * search with that candidate fixed looks for one filling (bounded by the
 * smallest and largest sums the open cells can still reach); every
 * filling found supports all of its candidates at once, so most
 * candidates need no search of their own. A node budget keeps a step
 * cheap: past it the rule concludes nothing, which is always sound.
 */
#include "variant_internal.h"

enum { SUM_MAX = 64, SUM_NODES = 200000 };

typedef struct sum_ctx {
    int m;
    const uint8_t *pairs;
    lmask dom[SUM_MAX];
    int val[SUM_MAX];
    int order[SUM_MAX];
    int lo[SUM_MAX + 1], hi[SUM_MAX + 1]; /* bounds of the cells after order[k] */
    long nodes, budget;
} sum_ctx;

static int lowest(lmask m) { return lfirst(m) + 1; }
static int highest(lmask m) { return 64 - __builtin_clzll(m); }

static void bounds(sum_ctx *x)
{
    x->lo[x->m] = x->hi[x->m] = 0;
    for (int k = x->m - 1; k >= 0; k--) {
        lmask d = x->dom[x->order[k]];
        x->lo[k] = x->lo[k + 1] + (d ? lowest(d) : 0);
        x->hi[k] = x->hi[k + 1] + (d ? highest(d) : 0);
    }
}

/* One filling of order[k..] summing to left. @return 1 found, 0 none,
 * -1 over budget. */
static int dfs(sum_ctx *x, int k, int left)
{
    if (++x->nodes > x->budget)
        return -1;
    if (k == x->m)
        return left == 0;
    if (left < x->lo[k] || left > x->hi[k])
        return 0;
    int p = x->order[k];
    for (lmask d = x->dom[p]; d; d &= d - 1) {
        int v = lfirst(d) + 1, clash = 0;
        for (int j = 0; j < k && !clash; j++) {
            int q = x->order[j];
            clash = x->pairs[p * x->m + q] && x->val[q] == v;
        }
        if (clash || v > left)
            continue;
        x->val[p] = v;
        int r = dfs(x, k + 1, left - v);
        if (r)
            return r;
    }
    x->val[p] = 0;
    return 0;
}

/* The search of lvar_sum_support_budget; its nodes into *nodes. */
static int sum_support(const lmask *doms, int m, const uint8_t *pairs, int sum, lmask *ok,
                       long budget, long *nodes)
{
    if (m > SUM_MAX)
        return -1;
    if (m == 0)
        return sum == 0;
    sum_ctx x;
    x.m = m;
    x.pairs = pairs;
    x.nodes = 0;
    x.budget = budget;
    for (int i = 0; i < m; i++) {
        x.dom[i] = doms[i];
        x.val[i] = 0;
        ok[i] = 0;
    }
    /* fewest candidates first: the search fails sooner */
    for (int i = 0; i < m; i++)
        x.order[i] = i;
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && lpop(x.dom[x.order[j]]) < lpop(x.dom[x.order[j - 1]]); j--) {
            int t = x.order[j];
            x.order[j] = x.order[j - 1];
            x.order[j - 1] = t;
        }
    int any = 0;
    for (int i = 0; i < m; i++)
        for (lmask d = doms[i] & ~ok[i]; d; d &= d - 1) {
            if (ok[i] & (d & -d))
                continue;
            x.dom[i] = d & -d;
            bounds(&x);
            for (int j = 0; j < m; j++)
                x.val[j] = 0;
            int r = dfs(&x, 0, sum);
            x.dom[i] = doms[i];
            if (r < 0) {
                *nodes = x.nodes;
                return -1;
            }
            if (r) {
                any = 1;
                for (int j = 0; j < m; j++)
                    ok[j] |= LBIT(x.val[j]);
            }
        }
    *nodes = x.nodes;
    return any;
}

int lvar_sum_support(const lmask *doms, int m, const uint8_t *pairs, int sum, lmask *ok,
                     uint64_t *spent)
{
    return lvar_sum_support_budget(doms, m, pairs, sum, ok, SUM_NODES, spent);
}

int lvar_sum_support_budget(const lmask *doms, int m, const uint8_t *pairs, int sum, lmask *ok,
                            long budget, uint64_t *spent)
{
    long nodes = 0;
    int r = sum_support(doms, m, pairs, sum, ok, budget, &nodes);
    *spent += (uint64_t)nodes;
    return r;
}
