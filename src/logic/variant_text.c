/*
 * variant_text.c — how a variant step names its constraint: the kind, its
 * cells in compact runs ("r1c1-r1c3,r2c1") and its clue ("(sum 7)").
 *
 * Design: a cage or region is a set (its cells sorted, runs along rows);
 * a line keeps its order (the bulb first, the circle first), so "r1c1-r1c4"
 * reads from where the line starts. Runs of three or more cells in a
 * straight line are written as their two ends.
 */
#include "variant_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* "r1c1": a cell's name on a side of n. */
static int cell_name(int n, int cell, char *buf, size_t cap)
{
    return snprintf(buf, cap, "r%dc%d", cell / n + 1, cell % n + 1);
}

/* Appends cells (side n) to L's step text or, with L NULL, to buf (cap
 * bytes, *len the length so far, as snprintf). */
static void put_cells(int n, doku_logic *L, const uint16_t *cells, int m, int sorted, char *buf,
                      size_t cap, int *len)
{
    uint16_t tmp[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    const uint16_t *c = cells;
    if (sorted && m <= (int)(sizeof tmp / sizeof tmp[0])) {
        memcpy(tmp, cells, sizeof(uint16_t) * (size_t)m);
        qsort(tmp, (size_t)m, sizeof tmp[0], cmp_u16);
        c = tmp;
    }
    for (int i = 0; i < m;) {
        /* the run from i: equal steps of one cell along a row or column */
        int j = i + 1;
        if (j < m) {
            int d = c[j] - c[i];
            int straight = (d == 1 || d == -1) ? c[j] / n == c[i] / n : (d == n || d == -n);
            if (straight)
                while (j + 1 < m && c[j + 1] - c[j] == d &&
                       ((d != 1 && d != -1) || c[j + 1] / n == c[j] / n))
                    j++;
            else
                j = i;
        } else {
            j = i;
        }
        char a[24], b[24];
        cell_name(n, c[i], a, sizeof a);
        cell_name(n, c[j], b, sizeof b);
        char piece[56];
        if (j - i >= 2)
            snprintf(piece, sizeof piece, "%s%s-%s", i ? "," : "", a, b);
        else if (j == i + 1)
            snprintf(piece, sizeof piece, "%s%s,%s", i ? "," : "", a, b);
        else
            snprintf(piece, sizeof piece, "%s%s", i ? "," : "", a);
        if (L) {
            lstep_append(L, piece, strlen(piece));
        } else {
            size_t at = (size_t)*len;
            int w = snprintf(at < cap ? buf + at : NULL, at < cap ? cap - at : 0, "%s", piece);
            *len += w > 0 ? w : 0;
        }
        i = j + 1;
    }
}

void lvar_text_cells(doku_logic *L, const uint16_t *cells, int m, int sorted)
{
    put_cells(L->n, L, cells, m, sorted, NULL, 0, NULL);
}

/* 1 for the kinds whose cells are a set, not a line. */
static int is_set(doku_constraint_kind k)
{
    return k == DOKU_CON_CAGE || k == DOKU_CON_REGION || k == DOKU_CON_QUADRUPLE ||
           k == DOKU_CON_EVEN || k == DOKU_CON_ODD;
}

void lvar_text_con(doku_logic *L, int con)
{
    doku_constraint c;
    if (doku_constraints_get(L->var->cs, (size_t)con, &c) != DOKU_OK)
        return;
    const char *name = c.kind == DOKU_CON_CAGE ? "cage" : doku_constraint_kind_name(c.kind);
    lstep_text(L, "%s", name);
    if (c.ncells) {
        lstep_text(L, " ");
        lvar_text_cells(L, c.cells, (int)c.ncells, is_set(c.kind));
    }
    switch (c.kind) {
    case DOKU_CON_CAGE:
    case DOKU_CON_LITTLE_KILLER:
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM:
        if (c.nparams)
            lstep_text(L, " (sum %d)", c.params[0]);
        break;
    case DOKU_CON_ARROW: {
        char a[24];
        logic_cellname(L, c.cells[0], a, sizeof a);
        lstep_text(L, " (circle %s%s)", a, c.params[0] > 1 ? "..." : "");
        break;
    }
    case DOKU_CON_QUADRUPLE:
        lstep_text(L, " (");
        for (size_t i = 0; i < c.nparams; i++)
            lstep_text(L, "%s%d", i ? "," : "", c.params[i]);
        lstep_text(L, ")");
        break;
    default:
        break;
    }
}

int lvar_unit_name(const doku_constraints *cs, int con, char *buf, size_t cap)
{
    if (cap)
        buf[0] = 0;
    if (con < 0)
        return snprintf(buf, cap, "disjoint group %d", -con); /* -1 - g: group g */
    doku_constraint c;
    if (doku_constraints_get(cs, (size_t)con, &c) != DOKU_OK)
        return snprintf(buf, cap, "extra unit");
    int len = snprintf(buf, cap, "%s ",
                       c.kind == DOKU_CON_CAGE ? "cage" : doku_constraint_kind_name(c.kind));
    if (len < 0)
        return len;
    put_cells(doku_shape_n(doku_constraints_shape(cs)), NULL, c.cells, (int)c.ncells, 1, buf,
              cap, &len);
    return len;
}

uint64_t lvar_hash(const doku_logic *L, const uint16_t *cells, int m)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < m; i++) {
        h ^= L->cand[cells[i]] + ((uint64_t)L->val[cells[i]] << 58) + (uint64_t)cells[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return h | 1; /* never 0: 0 is "no memo" */
}
