/*
 * sue_de_coq.c — Sue de Coq (two-sector disjoint subsets): an extended
 * technique, off in the SE-style default.
 *
 * Design: take cells C of the intersection of two units (a box and a
 * line, or any two units that meet in two or more cells) holding digits
 * V, at least |C|+2 of them; add cells L from the rest of the first unit
 * and cells B from the rest of the second, with digit sets DL and DB that
 * share no digit. If C, L and B together hold exactly as many digits as
 * they have cells, each digit of V u DL u DB goes in exactly one of them:
 * a DL digit lies in L or C, a DB digit in B or C, any other digit of V
 * in C, and no digit can be used twice. So DL and V\DB leave the rest of
 * the first unit, DB and V\DL the rest of the second.
 */
#include "logic_internal.h"

#include <stdio.h>

#define SDC_MAXSIDE 3

typedef struct sdc {
    int u1, u2;
    int C[DOKU_MAX_N], nC;
    lmask V;
    int r1[DOKU_MAX_N], nr1, r2[DOKU_MAX_N], nr2;  /* rest of u1 / u2 (empty) */
    int Ls[SDC_MAXSIDE], nL, Bs[SDC_MAXSIDE], nB;
    lmask DL, DB;
} sdc;

static int in_list(const int *v, int n, int c)
{
    for (int i = 0; i < n; i++)
        if (v[i] == c)
            return 1;
    return 0;
}

/* Eliminations from the rest of unit u (not C, not the side set S). */
static int unit_elims(doku_logic *L, const sdc *s, int u, const int *S, int nS, lmask digs,
                      int apply)
{
    int any = 0;
    for (int i = 0; i < L->n; i++) {
        int c = logic_unit_cell(L, u, i);
        if (L->val[c] || !(L->cand[c] & digs) || in_list(s->C, s->nC, c) || in_list(S, nS, c))
            continue;
        any = 1;
        if (!apply)
            return 1;
        for (lmask m = L->cand[c] & digs; m; m &= m - 1)
            lstep_elim(L, c, lfirst(m) + 1);
    }
    return any;
}

static int elims(doku_logic *L, const sdc *s, int apply)
{
    lmask d1 = s->DL | (s->V & ~s->DB), d2 = s->DB | (s->V & ~s->DL);
    int a = unit_elims(L, s, s->u1, s->Ls, s->nL, d1, apply);
    if (a && !apply)
        return 1;
    return unit_elims(L, s, s->u2, s->Bs, s->nB, d2, apply) | a;
}

static void emit(doku_logic *L, sdc *s)
{
    int cells = s->nC + s->nL + s->nB;
    lstep_begin(L, DOKU_TECH_SUE_DE_COQ, 50 + (cells > 4 ? cells - 4 : 0), NULL);
    elims(L, s, 1);
    const int *grp[3] = {s->C, s->Ls, s->Bs};
    int ng[3] = {s->nC, s->nL, s->nB};
    for (int g = 0; g < 3; g++)
        for (int i = 0; i < ng[g]; i++)
            for (lmask m = L->cand[grp[g][i]]; m; m &= m - 1)
                lstep_proof(L, grp[g][i], lfirst(m) + 1);
    char n1[40], n2[40];
    logic_unitname(L, s->u1, n1, sizeof n1);
    logic_unitname(L, s->u2, n2, sizeof n2);
    lstep_text(L, "Sue de Coq: ");
    lstep_text_cells(L, s->C, s->nC, ",", NULL);
    lstep_text(L, " ");
    logic_text_set(L, s->V);
    lstep_text(L, " with ");
    lstep_text_cells(L, s->Ls, s->nL, ",", NULL);
    lstep_text(L, " ");
    logic_text_set(L, s->DL);
    lstep_text(L, " in %s and ", n1);
    lstep_text_cells(L, s->Bs, s->nB, ",", NULL);
    lstep_text(L, " ");
    logic_text_set(L, s->DB);
    lstep_text(L, " in %s hold %d digits in %d cells, so each digit is used once: ", n2, cells,
               cells);
    lstep_text_elims(L);
}

static int side_b(doku_logic *L, sdc *s, int start, lmask db)
{
    if (s->nB > 0 && (db & s->V) && lpop(s->V | s->DL | db) == s->nC + s->nL + s->nB) {
        s->DB = db;
        if (elims(L, s, 0)) {
            emit(L, s);
            return 1;
        }
    }
    if (s->nB == SDC_MAXSIDE)
        return 0;
    for (int i = start; i < s->nr2; i++) {
        lmask m = L->cand[s->r2[i]];
        if (m & s->DL)
            continue;
        lmask d2 = db | m;
        /* too many digits for the cells still allowed */
        if (lpop(s->V | s->DL | d2) > s->nC + s->nL + SDC_MAXSIDE)
            continue;
        s->Bs[s->nB++] = s->r2[i];
        int r = side_b(L, s, i + 1, d2);
        s->nB--;
        if (r)
            return 1;
    }
    return 0;
}

static int side_l(doku_logic *L, sdc *s, int start, lmask dl)
{
    if (s->nL > 0 && (dl & s->V)) {
        s->DL = dl;
        s->nB = 0;
        if (side_b(L, s, 0, 0))
            return 1;
    }
    if (s->nL == SDC_MAXSIDE)
        return 0;
    for (int i = start; i < s->nr1; i++) {
        lmask d2 = dl | L->cand[s->r1[i]];
        if (lpop(s->V | d2) > s->nC + s->nL + 1 + SDC_MAXSIDE)
            continue;
        s->Ls[s->nL++] = s->r1[i];
        int r = side_l(L, s, i + 1, d2);
        s->nL--;
        if (r)
            return 1;
    }
    return 0;
}

static int try_pair(doku_logic *L, sdc *s, const int *I, int nI)
{
    /* every subset C of the intersection with at least |C|+2 digits */
    for (unsigned sub = 1; sub < (1u << nI); sub++) {
        s->nC = 0;
        s->V = 0;
        for (int i = 0; i < nI; i++)
            if (sub & (1u << i)) {
                s->C[s->nC++] = I[i];
                s->V |= L->cand[I[i]];
            }
        if (s->nC < 2 || lpop(s->V) < s->nC + 2)
            continue;
        s->nr1 = s->nr2 = 0;
        for (int i = 0; i < L->n; i++) {
            int c = logic_unit_cell(L, s->u1, i);
            if (!L->val[c] && L->cell_in_unit[(size_t)s->u2 * L->nc + c] == 0xff)
                s->r1[s->nr1++] = c;
            c = logic_unit_cell(L, s->u2, i);
            if (!L->val[c] && L->cell_in_unit[(size_t)s->u1 * L->nc + c] == 0xff)
                s->r2[s->nr2++] = c;
        }
        s->nL = 0;
        if (side_l(L, s, 0, 0))
            return 1;
    }
    return 0;
}

int logic_sue_de_coq(doku_logic *L)
{
    sdc s;
    int I[DOKU_MAX_N];
    for (int u1 = 0; u1 < L->nunits; u1++)
        for (int u2 = u1 + 1; u2 < L->nunits; u2++) {
            int nI = 0;
            for (int i = 0; i < L->n; i++) {
                int c = logic_unit_cell(L, u1, i);
                if (!L->val[c] && L->cell_in_unit[(size_t)u2 * L->nc + c] != 0xff)
                    nI++;
            }
            /* at most a box-width of cells: beyond that the subsets explode
             * and the pattern is not a Sue de Coq any more */
            if (nI < 2 || nI > 8)
                continue;
            nI = 0;
            for (int i = 0; i < L->n; i++) {
                int c = logic_unit_cell(L, u1, i);
                if (!L->val[c] && L->cell_in_unit[(size_t)u2 * L->nc + c] != 0xff)
                    I[nI++] = c;
            }
            s.u1 = u1;
            s.u2 = u2;
            if (try_pair(L, &s, I, nI))
                return 1;
        }
    return 0;
}
