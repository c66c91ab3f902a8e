/*
 * variant_clues.c — the supported digits of the sum clues: arrows (the
 * circle's number is the sum of the arrow), little killers (a diagonal's
 * sum), sandwiches (the sum between the 1 and the n of a row or column)
 * and X-sums (the first X cells sum to the clue, X being the first cell).
 *
 * Design: each clue is split into cases small enough to list (the
 * circle's digits, where the 1 and the n sit, the first cell's digit);
 * each case is one sum rule (lvar_sum_support) on the cells it sums, and
 * the cells it does not sum keep any digit the case leaves them. A digit
 * is supported when some case that works gives it. Over budget, nothing
 * is concluded.
 */
#include "variant_internal.h"

#include <string.h>

enum { CLUE_MAX = 64, CIRCLE_CASES = 4096 };

/* The must-differ flags of cells[0..m). */
static void pairs_of(const doku_logic *L, const int *cells, int m, uint8_t *pairs)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            pairs[i * m + j] = (uint8_t)lvar_must_differ(L, cells[i], cells[j]);
}

/* Sum rule on cells[0..m) with target sum, doms given; ORs the support
 * into ok. @return as lvar_sum_support. */
static int sum_case(const doku_logic *L, const int *cells, const lmask *doms, int m, int sum,
                    lmask *ok)
{
    uint8_t pairs[CLUE_MAX * CLUE_MAX];
    lmask got[CLUE_MAX];
    if (m <= 0)
        return sum == 0; /* nothing to fill: only a zero sum works */
    if (m > CLUE_MAX)
        return -1;
    pairs_of(L, cells, m, pairs);
    int r = lvar_sum_support(doms, m, pairs, sum, got, &L->var->spent);
    if (r > 0)
        for (int i = 0; i < m; i++)
            ok[i] |= got[i];
    return r;
}

static int arrow(const doku_logic *L, const doku_constraint *c, const int *cells, int m,
                 lmask *sup)
{
    int cm = c->params[0], na = m - cm;
    lmask dom[CLUE_MAX];
    for (int i = 0; i < m; i++)
        dom[i] = lvar_dom(L, cells[i]);
    /* every filling of the circle, as an odometer over its digits */
    int digit[CLUE_MAX];
    lmask rest[CLUE_MAX];
    for (int i = 0; i < cm; i++) {
        if (!dom[i])
            return 1; /* nothing fits: sup stays 0 */
        digit[i] = lfirst(dom[i]) + 1;
    }
    for (int cases = 0; cases < CIRCLE_CASES; cases++) {
        int ok = 1, v = 0;
        for (int i = 0; i < cm && ok; i++) {
            for (int j = 0; j < i && ok; j++)
                ok = !(digit[i] == digit[j] && lvar_must_differ(L, cells[i], cells[j]));
            v = v * 10 + digit[i];
        }
        for (int a = 0; a < na && ok; a++) {
            rest[a] = dom[cm + a];
            for (int i = 0; i < cm; i++)
                if (lvar_must_differ(L, cells[cm + a], cells[i]))
                    rest[a] &= ~LBIT(digit[i]);
        }
        if (ok) {
            lmask got[CLUE_MAX];
            memset(got, 0, sizeof got);
            int r = sum_case(L, cells + cm, rest, na, v, got);
            if (r < 0)
                return 0;
            if (r > 0) {
                for (int i = 0; i < cm; i++)
                    sup[i] |= LBIT(digit[i]);
                for (int a = 0; a < na; a++)
                    sup[cm + a] |= got[a];
            }
        }
        /* next filling */
        int i = cm - 1;
        for (; i >= 0; i--) {
            lmask higher = dom[i] & ~((LBIT(digit[i]) << 1) - 1);
            if (higher) {
                digit[i] = lfirst(higher) + 1;
                break;
            }
            digit[i] = lfirst(dom[i]) + 1;
        }
        if (i < 0)
            return 1;
    }
    return 0; /* too many circle fillings to list */
}

static int sandwich(const doku_logic *L, const doku_constraint *c, const int *cells, int m,
                    lmask *sup)
{
    int n = L->n, sum = c->params[0];
    lmask ends = LBIT(1) | LBIT(n), dom[CLUE_MAX], mid[CLUE_MAX];
    for (int i = 0; i < m; i++)
        dom[i] = lvar_dom(L, cells[i]);
    for (int p1 = 0; p1 < m; p1++) {
        if (!(dom[p1] & LBIT(1)))
            continue;
        for (int pn = 0; pn < m; pn++) {
            if (pn == p1 || !(dom[pn] & LBIT(n)))
                continue;
            int lo = p1 < pn ? p1 : pn, hi = p1 < pn ? pn : p1, ok = 1;
            for (int i = 0; i < m && ok; i++)
                if (i != p1 && i != pn)
                    ok = (dom[i] & ~ends) != 0;
            if (!ok)
                continue;
            int k = hi - lo - 1;
            for (int i = 0; i < k; i++)
                mid[i] = dom[lo + 1 + i] & ~ends;
            lmask got[CLUE_MAX];
            memset(got, 0, sizeof got);
            int r = sum_case(L, cells + lo + 1, mid, k, sum, got);
            if (r < 0)
                return 0;
            if (!r)
                continue;
            sup[p1] |= LBIT(1);
            sup[pn] |= LBIT(n);
            for (int i = 0; i < m; i++)
                if (i > lo && i < hi)
                    sup[i] |= got[i - lo - 1];
                else if (i != p1 && i != pn)
                    sup[i] |= dom[i] & ~ends;
        }
    }
    return 1;
}

static int xsum(const doku_logic *L, const doku_constraint *c, const int *cells, int m,
                lmask *sup)
{
    int sum = c->params[0];
    lmask dom[CLUE_MAX], head[CLUE_MAX];
    for (int i = 0; i < m; i++)
        dom[i] = lvar_dom(L, cells[i]);
    for (lmask xs = dom[0]; xs; xs &= xs - 1) {
        int x = lfirst(xs) + 1, ok = x <= m;
        for (int i = 1; i < m && ok; i++)
            ok = (dom[i] & ~LBIT(x)) != 0;
        if (!ok)
            continue;
        for (int i = 1; i < x; i++)
            head[i - 1] = dom[i] & ~LBIT(x);
        lmask got[CLUE_MAX];
        memset(got, 0, sizeof got);
        int r = sum_case(L, cells + 1, head, x - 1, sum - x, got);
        if (r < 0)
            return 0;
        if (!r)
            continue;
        sup[0] |= LBIT(x);
        for (int i = 1; i < m; i++)
            sup[i] |= i < x ? got[i - 1] : dom[i] & ~LBIT(x);
    }
    return 1;
}

int lvar_clue_support(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                      lmask *sup)
{
    if (c->ncells > CLUE_MAX)
        return 0;
    *m = (int)c->ncells;
    for (int i = 0; i < *m; i++) {
        cells[i] = c->cells[i];
        sup[i] = 0;
    }
    switch (c->kind) {
    case DOKU_CON_ARROW:
        return arrow(L, c, cells, *m, sup);
    case DOKU_CON_LITTLE_KILLER: {
        lmask dom[CLUE_MAX];
        for (int i = 0; i < *m; i++)
            dom[i] = lvar_dom(L, cells[i]);
        return sum_case(L, cells, dom, *m, c->params[0], sup) >= 0;
    }
    case DOKU_CON_SANDWICH:
        return sandwich(L, c, cells, *m, sup);
    case DOKU_CON_XSUM:
        return xsum(L, c, cells, *m, sup);
    default:
        return 0;
    }
}
