/*
 * variant_unit.c — a cage that lies inside a unit leaves the unit's other
 * digits to the unit's other cells, so a digit set of the cage fits only
 * when those cells can take the rest, one each (DOKU_TECH_CAGE_COMBINATION,
 * 2.7): "cage r1c1-r1c3 (sum 15) in row 1: with {1,5,9} or {2,4,9} the
 * other cells of row 1 could not hold the other digits, so only {3,4,8}
 * fits, so r1c1 is not 1,2". This is the hidden form of the cage
 * combinations: a hidden pair or triple spread over the unit's other
 * cells shows up here without any pattern named.
 *
 * Design: the cage's fitting sets are those of the cage step; for each,
 * the unit's other cells must match the missing digits (the same
 * bipartite matching, lvar_match); the surviving sets give the cells
 * their digits through lvar_cage_support on a copy of the cage that
 * lists only them. A cage remembers the state of its unit when it found
 * nothing there.
 */
#include "variant_internal.h"

#include <stdlib.h>

enum { UNIT_SETS = 1024, UNIT_CELLS = 16 };

/* 1 when every cell of cage g lies in unit u. */
static int inside(const doku_logic *L, const lvar_cage *g, int u)
{
    for (int i = 0; i < g->m; i++)
        if (L->cell_in_unit[(size_t)u * L->nc + g->cells[i]] == 0xff)
            return 0;
    return 1;
}

static int in_cage(const lvar_cage *g, int cell)
{
    for (int i = 0; i < g->m; i++)
        if (g->cells[i] == cell)
            return 1;
    return 0;
}

static void text_sets(doku_logic *L, const lmask *sets, int k, const char *join)
{
    if (k > 4) {
        lstep_text(L, "%d digit sets", k);
        return;
    }
    for (int i = 0; i < k; i++) {
        lstep_text(L, "%s", i == 0 ? "" : i == k - 1 ? join : ", ");
        logic_text_set(L, sets[i]);
    }
}

/* Cage k inside unit u: a step when the rest of u rules sets out. */
static int try_unit(doku_logic *L, int k, int u, lmask *keep, lmask *gone)
{
    struct logic_variant *V = L->var;
    const lvar_cage *g = &V->cages[k];
    int n = L->n, nr = 0;
    lmask rest[64], all = n == 64 ? ~(lmask)0 : (((lmask)1 << n) - 1);
    for (int i = 0; i < n; i++) {
        int c = logic_unit_cell(L, u, i);
        if (!in_cage(g, c))
            rest[nr++] = lvar_dom(L, c);
    }
    lmask need = lvar_cage_needs(L, g, NULL), sup[UNIT_CELLS], d2[64];
    int nk = 0, ng = 0;
    for (int s = 0; s < g->ncombos; s++) {
        lmask set = g->combos[s];
        if ((set & need) != need)
            continue;
        lvar_cage one = *g;
        one.combos = (lmask *)&g->combos[s];
        one.ncombos = 1;
        if (lvar_cage_support(L, &one, need, sup) <= 0)
            continue; /* does not fit the cage itself: the cage step's */
        for (int i = 0; i < nr; i++)
            d2[i] = rest[i] & all & ~set;
        if (lvar_match(d2, nr))
            keep[nk++] = set;
        else
            gone[ng++] = set;
    }
    if (ng == 0)
        return 0;
    lvar_cage only = *g;
    only.combos = keep;
    only.ncombos = nk;
    if (nk == 0) {
        for (int i = 0; i < g->m; i++)
            sup[i] = 0;
    } else if (lvar_cage_support(L, &only, need, sup) < 0) {
        return 0;
    }
    int any = 0;
    for (int i = 0; i < g->m && !any; i++)
        any = !L->val[g->cells[i]] && (L->cand[g->cells[i]] & ~sup[i]);
    if (!any)
        return 0;
    lstep_begin(L, DOKU_TECH_CAGE_COMBINATION, 27, "Cage Combination (unit)");
    for (int i = 0; i < g->m; i++)
        if (!L->val[g->cells[i]])
            for (lmask d = L->cand[g->cells[i]] & ~sup[i]; d; d &= d - 1)
                lstep_elim(L, g->cells[i], lfirst(d) + 1);
    char un[64], nm[24];
    logic_unitname(L, u, un, sizeof un);
    lvar_text_con(L, g->con);
    lstep_text(L, " in %s: with ", un);
    text_sets(L, gone, ng, " or ");
    lstep_text(L, " the other cells of %s could not hold the other digits, so ", un);
    if (nk == 0) {
        lstep_text(L, "no set fits");
    } else {
        lstep_text(L, "only ");
        text_sets(L, keep, nk, " and ");
        lstep_text(L, nk == 1 ? " fits" : " fit");
    }
    lstep_text(L, ", so ");
    int first = 1;
    for (int i = 0; i < g->m; i++) {
        lmask d = L->val[g->cells[i]] ? 0 : L->cand[g->cells[i]] & ~sup[i];
        if (!d)
            continue;
        logic_cellname(L, g->cells[i], nm, sizeof nm);
        lstep_text(L, "%s%s is not ", first ? "" : ", ", nm);
        for (int f = 1; d; d &= d - 1, f = 0)
            lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
        first = 0;
    }
    return 1;
}

int logic_var_cage_unit(doku_logic *L)
{
    struct logic_variant *V = L->var;
    if (!V->ncages)
        return 0;
    if (!V->unit_memo) {
        V->unit_memo = calloc((size_t)V->ncages, sizeof(uint64_t));
        if (!V->unit_memo)
            return logic_nomem(L);
    }
    lmask *buf = malloc(sizeof(lmask) * UNIT_SETS * 2);
    if (!buf)
        return logic_nomem(L);
    int found = 0;
    for (int k = 0; k < V->ncages && !found; k++) {
        const lvar_cage *g = &V->cages[k];
        if (g->m > UNIT_CELLS || g->ncombos > UNIT_SETS || g->m >= L->n)
            continue;
        /* what it finds depends on the cells of the units it lies in and
         * on the digits its cells' units lock into it */
        int c0 = g->cells[0];
        uint64_t h = 0x9e3779b97f4a7c15ull ^ lvar_cage_needs(L, g, NULL);
        for (int j = 0; j < L->ncunits[c0]; j++) {
            int u = L->cunits[(size_t)c0 * L->maxcu + j];
            if (!inside(L, g, u))
                continue;
            for (int i = 0; i < L->n; i++) {
                int c = logic_unit_cell(L, u, i);
                h = (h ^ (lvar_dom(L, c) + ((uint64_t)c << 56))) * 0xff51afd7ed558ccdull;
                h ^= h >> 29;
            }
        }
        h |= 1;
        if (V->unit_memo[k] == h)
            continue;
        for (int j = 0; j < L->ncunits[c0] && !found; j++) {
            int u = L->cunits[(size_t)c0 * L->maxcu + j];
            if (inside(L, g, u))
                found = try_unit(L, k, u, buf, buf + UNIT_SETS);
        }
        if (!found)
            V->unit_memo[k] = h;
    }
    free(buf);
    return found;
}
