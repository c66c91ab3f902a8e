/*
 * singles.c — full house, hidden single and naked single.
 *
 * Design: hidden singles are searched in boxes (SE 1.2) before rows,
 * columns and extra units (1.5), so the first one found is also the
 * cheapest, as in SE.
 */
#include "logic_internal.h"

int logic_full_house(doku_logic *L)
{
    int n = L->n;
    for (int u = 0; u < L->nunits; u++) {
        int empty = -1, count = 0;
        for (int i = 0; i < n && count < 2; i++) {
            int c = logic_unit_cell(L, u, i);
            if (!L->val[c]) {
                empty = c;
                count++;
            }
        }
        if (count != 1 || lpop(L->cand[empty]) != 1)
            continue;
        int d = lfirst(L->cand[empty]) + 1;
        char a[24], un[40];
        logic_cellname(L, empty, a, sizeof a);
        logic_unitname(L, u, un, sizeof un);
        lstep_begin(L, DOKU_TECH_FULL_HOUSE, 10, NULL);
        lstep_place(L, empty, d);
        lstep_proof(L, empty, d);
        lstep_text(L, "Full House: %s is the last empty cell in %s, so it is %d", a, un, d);
        return 1;
    }
    return 0;
}

static int hidden_in(doku_logic *L, int want_box)
{
    int n = L->n;
    for (int u = 0; u < L->nunits; u++) {
        if (logic_is_box(L, u) != want_box)
            continue;
        const lmask *p = L->pos + (size_t)u * n;
        for (int d = 1; d <= n; d++) {
            if (lpop(p[d - 1]) != 1)
                continue;
            int c = logic_unit_cell(L, u, lfirst(p[d - 1]));
            char a[24], un[40];
            logic_cellname(L, c, a, sizeof a);
            logic_unitname(L, u, un, sizeof un);
            lstep_begin(L, DOKU_TECH_HIDDEN_SINGLE, want_box ? 12 : 15, NULL);
            lstep_place(L, c, d);
            lstep_proof(L, c, d);
            lstep_text(L, "Hidden Single: in %s, %d can only go in %s", un, d, a);
            return 1;
        }
    }
    return 0;
}

int logic_hidden_single(doku_logic *L)
{
    return hidden_in(L, 1) || hidden_in(L, 0);
}

int logic_naked_single(doku_logic *L)
{
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c] || lpop(L->cand[c]) != 1)
            continue;
        int d = lfirst(L->cand[c]) + 1;
        char a[24];
        logic_cellname(L, c, a, sizeof a);
        lstep_begin(L, DOKU_TECH_NAKED_SINGLE, 23, NULL);
        lstep_place(L, c, d);
        lstep_proof(L, c, d);
        lstep_text(L, "Naked Single: %s can only be %d", a, d);
        return 1;
    }
    return 0;
}
