/*
 * chains_plus.c — the "advanced" implications of Sudoku Explainer's
 * Dynamic Forcing Chains (+) (SE 9.0+): when the off candidates of a
 * dynamic walk make a locked-candidates, hidden-pair, naked-pair or X-wing
 * pattern appear in the walk's scratch grid, the pattern's eliminations
 * become new off nodes whose parents are the removed candidates the
 * pattern needed.
 *
 * Design: only called when the walk's queues are empty (as SE does), so
 * every single is already in the walk; a rule's patterns are reported
 * together and the first rule that reports anything ends the call (SE's
 * "while result is empty" over its rule list). A pattern whose needed
 * removals are all absent (nothing removed by the walk) already exists in
 * the real grid, so it is not part of the chain and is skipped.
 */
#include "chains_plus.h"

#include <stdlib.h>

#define PLUS_MAX (4 * DOKU_MAX_N)

typedef struct pctx {
    doku_logic *L;
    const lmask *g, *gpos;
    logic_plus_sink add;
    void *ctx;
    int32_t par[PLUS_MAX];
    int np;
    int32_t el[PLUS_MAX]; /* cell * n + d - 1 */
    int ne;
    int count;
} pctx;

/* Whether the walk removed (cell, d): in the real grid, not in g. */
static int removed(const pctx *p, int cell, int d)
{
    return (p->L->cand[cell] & LBIT(d)) && !(p->g[cell] & LBIT(d));
}

static void add_parent(pctx *p, int cell, int d)
{
    if (p->np < PLUS_MAX)
        p->par[p->np++] = plus_node(p->L, cell, d, 0);
}

static void add_elim(pctx *p, int cell, int d)
{
    if (p->ne < PLUS_MAX)
        p->el[p->ne++] = cell * p->L->n + d - 1;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* Reports the pattern collected in p (eliminations in cell order, as SE
 * sorts them) and resets it. */
static void flush(pctx *p)
{
    if (p->np && p->ne) {
        int n = p->L->n;
        qsort(p->el, (size_t)p->ne, sizeof p->el[0], cmp_i32);
        for (int i = 0; i < p->ne; i++) {
            int cell = p->el[i] / n, d = p->el[i] % n + 1;
            p->add(p->ctx, plus_node(p->L, cell, d, 0), p->par, p->np);
            p->count++;
        }
    }
    p->np = p->ne = 0;
}

static int is_boxlike(const doku_logic *L, int u)
{
    int k = L->shape->unit_kind[u];
    return k == DOKU_UNIT_BOX || k == DOKU_UNIT_REGION || k == DOKU_UNIT_WINDOW;
}

/* SE's region order for sets: blocks, columns, rows (then extra units). */
static int se_rank(const doku_logic *L, int u)
{
    int k = L->shape->unit_kind[u];
    return is_boxlike(L, u) ? 0 : k == DOKU_UNIT_COL ? 1 : k == DOKU_UNIT_ROW ? 2 : 3;
}

/* Cells of u that are empty in the real grid (SE's walks set no value). */
static int empty_cells(const doku_logic *L, int u)
{
    int k = 0;
    for (int i = 0; i < L->n; i++)
        k += !L->val[logic_unit_cell(L, u, i)];
    return k;
}

static int crosses(const doku_logic *L, int a, int b)
{
    for (int i = 0; i < L->n; i++)
        if (L->cell_in_unit[(size_t)b * L->nc + logic_unit_cell(L, a, i)] != 0xff)
            return 1;
    return 0;
}

static int in_unit(const doku_logic *L, int u, int cell)
{
    return L->cell_in_unit[(size_t)u * L->nc + cell] != 0xff;
}

/* Locked candidates in SE's order of unit kinds: block over column, block
 * over row, column over block, row over block; then any pair involving
 * an extra unit (diagonal, window) so variants get them too. */
static void locking(pctx *p)
{
    static const int pass_a[5] = {0, 0, 1, 2, -1}, pass_b[5] = {1, 2, 0, 0, -1};
    doku_logic *L = p->L;
    int n = L->n;
    for (int pass = 0; pass < 5; pass++)
        for (int A = 0; A < L->nunits; A++) {
            int ra = se_rank(L, A);
            if (pass < 4 ? ra != pass_a[pass] : 0)
                continue;
            for (int B = 0; B < L->nunits; B++) {
                int rb = se_rank(L, B);
                if (B == A || (pass < 4 ? rb != pass_b[pass] : (ra != 3 && rb != 3)))
                    continue;
                if (!crosses(L, A, B))
                    continue;
                for (int d = 1; d <= n; d++) {
                    lmask pm = p->gpos[(size_t)A * n + d - 1];
                    if (lpop(pm) < 2)
                        continue;
                    int ok = 1;
                    for (lmask m = pm; m && ok; m &= m - 1)
                        ok = in_unit(L, B, logic_unit_cell(L, A, lfirst(m)));
                    if (!ok)
                        continue;
                    for (int i = 0; i < n; i++) {
                        int c = logic_unit_cell(L, B, i);
                        if ((p->g[c] & LBIT(d)) && !in_unit(L, A, c))
                            add_elim(p, c, d);
                    }
                    if (p->ne)
                        for (int i = 0; i < n; i++) {
                            int c = logic_unit_cell(L, A, i);
                            if (removed(p, c, d))
                                add_parent(p, c, d);
                        }
                    flush(p);
                }
            }
        }
}

/* Pairs of 0..n-1 come in SE's order (its Permutations: increasing bit
 * masks, so {0,1}, {0,2}, {1,2}, {0,3}, ...): j outer, i inner. */

static void hidden_pair(pctx *p)
{
    doku_logic *L = p->L;
    int n = L->n;
    for (int rank = 0; rank < 4; rank++)
        for (int u = 0; u < L->nunits; u++) {
            if (se_rank(L, u) != rank || empty_cells(L, u) <= 4)
                continue;
            for (int d2 = 2; d2 <= n; d2++) {
                lmask m2 = p->gpos[(size_t)u * n + d2 - 1];
                if (!m2 || lpop(m2) > 2)
                    continue;
                for (int d1 = 1; d1 < d2; d1++) {
                    lmask m1 = p->gpos[(size_t)u * n + d1 - 1];
                    if (!m1 || lpop(m1 | m2) != 2)
                        continue;
                    lmask keep = LBIT(d1) | LBIT(d2);
                    for (lmask m = m1 | m2; m; m &= m - 1) {
                        int c = logic_unit_cell(L, u, lfirst(m));
                        for (lmask o = p->g[c] & ~keep; o; o &= o - 1)
                            add_elim(p, c, lfirst(o) + 1);
                    }
                    if (p->ne)
                        for (int k = 0; k < 2; k++)
                            for (int i = 0; i < n; i++) {
                                int c = logic_unit_cell(L, u, i);
                                if (removed(p, c, k ? d2 : d1))
                                    add_parent(p, c, k ? d2 : d1);
                            }
                    flush(p);
                }
            }
        }
}

static void naked_pair(pctx *p)
{
    doku_logic *L = p->L;
    int n = L->n;
    for (int rank = 0; rank < 4; rank++)
        for (int u = 0; u < L->nunits; u++) {
            if (se_rank(L, u) != rank || empty_cells(L, u) < 4)
                continue;
            for (int j = 1; j < n; j++) {
                int b = logic_unit_cell(L, u, j);
                if (!p->g[b] || lpop(p->g[b]) > 2)
                    continue;
                for (int i = 0; i < j; i++) {
                    int a = logic_unit_cell(L, u, i);
                    lmask pair = p->g[a] | p->g[b];
                    if (!p->g[a] || lpop(pair) != 2)
                        continue;
                    for (int k = 0; k < n; k++) {
                        int c = logic_unit_cell(L, u, k);
                        if (c == a || c == b)
                            continue;
                        for (lmask o = p->g[c] & pair; o; o &= o - 1)
                            add_elim(p, c, lfirst(o) + 1);
                    }
                    if (p->ne)
                        for (int k = 0; k < 2; k++) {
                            int c = k ? b : a;
                            for (lmask o = L->cand[c] & ~pair; o; o &= o - 1)
                                add_parent(p, c, lfirst(o) + 1);
                        }
                    flush(p);
                }
            }
        }
}

/* X-wing: columns as base lines, then rows (SE's order); line pairs
 * outer, digits inner; SE skips a digit placed more than n - 4 times. */
static void x_wing(pctx *p)
{
    doku_logic *L = p->L;
    int n = L->n;
    int lines[DOKU_MAX_N], placed[DOKU_MAX_N + 1] = {0};
    for (int c = 0; c < L->nc; c++)
        placed[L->val[c]]++;
    for (int pass = 0; pass < 2; pass++) {
        int kind = pass ? DOKU_UNIT_ROW : DOKU_UNIT_COL, nl = 0;
        for (int u = 0; u < L->nunits && nl < DOKU_MAX_N; u++)
            if ((int)L->shape->unit_kind[u] == kind)
                lines[nl++] = u;
        for (int j = 1; j < nl; j++)
            for (int i = 0; i < j; i++) {
                int r1 = lines[i], r2 = lines[j];
                for (int d = 1; d <= n; d++) {
                    if (placed[d] + 4 > n)
                        continue;
                    lmask m1 = p->gpos[(size_t)r1 * n + d - 1];
                    lmask m2 = p->gpos[(size_t)r2 * n + d - 1];
                    if (!m1 || !m2 || lpop(m1) > 2 || lpop(m2) > 2)
                        continue;
                    /* the cover lines crossing the positions: exactly two */
                    int cov[2], nc = 0, ok = 1;
                    for (int k = 0; k < 2 && ok; k++)
                        for (lmask m = k ? m2 : m1; m && ok; m &= m - 1) {
                            int c = logic_unit_cell(L, k ? r2 : r1, lfirst(m));
                            int cu = kind == DOKU_UNIT_ROW ? L->col_of[c] : L->row_of[c];
                            int seen = 0;
                            for (int q = 0; q < nc; q++)
                                seen |= cov[q] == cu;
                            if (!seen) {
                                if (nc == 2 || cu < 0)
                                    ok = 0;
                                else
                                    cov[nc++] = cu;
                            }
                        }
                    if (!ok || nc != 2)
                        continue;
                    for (int q = 0; q < 2; q++)
                        for (int k = 0; k < n; k++) {
                            int c = logic_unit_cell(L, cov[q], k);
                            if ((p->g[c] & LBIT(d)) && !in_unit(L, r1, c) && !in_unit(L, r2, c))
                                add_elim(p, c, d);
                        }
                    if (p->ne)
                        for (int k = 0; k < 2; k++)
                            for (int q = 0; q < n; q++) {
                                int c = logic_unit_cell(L, k ? r2 : r1, q);
                                if (removed(p, c, d))
                                    add_parent(p, c, d);
                            }
                    flush(p);
                }
            }
    }
}

int logic_plus_advanced(doku_logic *L, const lmask *g, const lmask *gpos, logic_plus_sink add,
                        void *ctx)
{
    pctx p;
    p.L = L;
    p.g = g;
    p.gpos = gpos;
    p.add = add;
    p.ctx = ctx;
    p.np = p.ne = p.count = 0;
    static void (*const rules[])(pctx *) = {locking, hidden_pair, naked_pair, x_wing};
    for (size_t r = 0; r < sizeof rules / sizeof rules[0] && !p.count; r++)
        rules[r](&p);
    return p.count;
}
