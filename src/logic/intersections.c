/*
 * intersections.c — locked candidates: pointing and claiming, and SE's
 * "direct" forms that are only used when they at once give a hidden single.
 *
 * Design: one loop over pairs of units. If every place for a digit in unit
 * A lies inside unit B, the digit leaves the rest of B. A box-like A (box,
 * jigsaw region, window) is pointing; a line or diagonal A is claiming.
 * So hyper windows, diagonals and jigsaw regions need no extra code.
 */
#include "logic_internal.h"

static int is_boxlike(const doku_logic *L, int u)
{
    int k = L->shape->unit_kind[u];
    return k == DOKU_UNIT_BOX || k == DOKU_UNIT_REGION || k == DOKU_UNIT_WINDOW;
}

/* Fills L->tmp with the eliminations of digit d from B \ A; returns count. */
static int collect(doku_logic *L, int A, int B, int d)
{
    int n = L->n;
    L->tmp.n = 0;
    for (int i = 0; i < n; i++) {
        int c = logic_unit_cell(L, B, i);
        if ((L->cand[c] & LBIT(d)) && L->cell_in_unit[(size_t)A * L->nc + c] == 0xff)
            if (lcands_push(&L->tmp, c, d))
                logic_nomem(L);
    }
    return (int)L->tmp.n;
}

/* A unit other than A containing every cell of A's positions of d. */
static int covering_units(doku_logic *L, int A, lmask pm, int *out, int max)
{
    int first = logic_unit_cell(L, A, lfirst(pm)), k = 0;
    for (int j = 0; j < L->ncunits[first] && k < max; j++) {
        int B = L->cunits[(size_t)first * L->maxcu + j];
        if (B == A)
            continue;
        lmask m = pm;
        int ok = 1;
        while (m && ok) {
            int c = logic_unit_cell(L, A, lfirst(m));
            m &= m - 1;
            if (L->cell_in_unit[(size_t)B * L->nc + c] == 0xff)
                ok = 0;
        }
        if (ok)
            out[k++] = B;
    }
    return k;
}

/* For the direct form (as SE): another unit of A's kind that crosses B
 * and, once B's cells lose d, has one place left for d. */
static int direct_single(doku_logic *L, int A, int B, int d, int *cell_out, int *unit_out)
{
    int n = L->n;
    for (int V = 0; V < L->nunits; V++) {
        if (V == A || V == B || L->shape->unit_kind[V] != L->shape->unit_kind[A])
            continue;
        lmask pm = L->pos[(size_t)V * n + d - 1];
        if (lpop(pm) < 2)
            continue;
        int left = -1, cnt = 0, crosses = 0;
        for (int i = 0; i < n; i++) {
            int x = logic_unit_cell(L, V, i);
            if (L->cell_in_unit[(size_t)B * L->nc + x] != 0xff &&
                L->cell_in_unit[(size_t)A * L->nc + x] == 0xff)
                crosses = 1;
            else if (pm & ((lmask)1 << i)) {
                left = x;
                cnt++;
            }
        }
        if (crosses && cnt == 1) {
            *cell_out = left;
            *unit_out = V;
            return 1;
        }
    }
    return 0;
}

static int search(doku_logic *L, int direct)
{
    int n = L->n;
    /* digits that found nothing on their present candidates (grid.c) */
    int slot = direct ? LMEMO_DIRECT_INTERSECTION : LMEMO_INTERSECTION;
    lmask skip = logic_memo_skip(L, slot);
    /* pass 0: box-like A (pointing), pass 1: lines and diagonals (claiming) */
    for (int pass = 0; pass < 2; pass++) {
        for (int A = 0; A < L->nunits; A++) {
            if (is_boxlike(L, A) != (pass == 0))
                continue;
            for (int d = 1; d <= n; d++) {
                lmask pm = L->pos[(size_t)A * n + d - 1];
                if (lpop(pm) < 2 || (skip & LBIT(d)))
                    continue;
                int Bs[8];
                int nb = covering_units(L, A, pm, Bs, 8);
                for (int b = 0; b < nb; b++) {
                    int B = Bs[b];
                    if (!collect(L, A, B, d))
                        continue;
                    int tc = 0, tu = 0;
                    if (direct && !direct_single(L, A, B, d, &tc, &tu))
                        continue;
                    doku_technique t = direct ? (pass == 0 ? DOKU_TECH_DIRECT_POINTING
                                                           : DOKU_TECH_DIRECT_CLAIMING)
                                              : (pass == 0 ? DOKU_TECH_POINTING
                                                           : DOKU_TECH_CLAIMING);
                    if (!logic_allowed(L, t))
                        continue;
                    lrate rt = direct ? (pass == 0 ? 17 : 19) : (pass == 0 ? 26 : 28);
                    char ua[40], ub[40];
                    logic_unitname(L, A, ua, sizeof ua);
                    logic_unitname(L, B, ub, sizeof ub);
                    lstep_begin(L, t, rt, NULL);
                    lmask m = pm;
                    while (m) {
                        lstep_proof(L, logic_unit_cell(L, A, lfirst(m)), d);
                        m &= m - 1;
                    }
                    if (direct) {
                        char a[24], uv[40];
                        logic_cellname(L, tc, a, sizeof a);
                        logic_unitname(L, tu, uv, sizeof uv);
                        lstep_place(L, tc, d);
                        lstep_text(L, "%s: in %s, %d is confined to %s, so in %s it can only go in %s",
                                   L->step.name, ua, d, ub, uv, a);
                    } else {
                        for (size_t e = 0; e < L->tmp.n; e++)
                            lstep_elim(L, L->tmp.v[e].cell, d);
                        lstep_text(L, "%s: in %s, %d is confined to %s, so it goes from the rest of %s: ",
                                   L->step.name, ua, d, ub, ub);
                        lstep_text_elims(L);
                    }
                    return 1;
                }
            }
        }
    }
    logic_memo_fail(L, slot);
    return 0;
}

int logic_direct_intersection(doku_logic *L) { return search(L, 1); }
int logic_intersection(doku_logic *L) { return search(L, 0); }
