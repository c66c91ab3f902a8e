/*
 * rectangles.c — Unique Rectangle type 6 and Hidden Rectangle: extended
 * uniqueness techniques, off in the SE-style default and used only when
 * the puzzle is known to have one solution (like SE's types 1-4).
 *
 * Design: four cells on two rows and two columns, in two boxes, all
 * holding digits u and v. If some placement forced them to hold only u
 * and v crosswise, the two digits could be swapped: a second solution. A
 * rectangle counts only if every unit it touches holds two of its cells
 * of opposite diagonals, so extra units (diagonals, windows) are checked.
 * Type 6: two diagonal corners hold only {u,v}, the other two hold more,
 * and u is locked to the rectangle in both rows (or both columns): u
 * leaves the other corners.
 * Hidden rectangle: one corner holds only {u,v} and u is locked to the
 * rectangle in the opposite corner's row and column: v leaves that corner.
 */
#include "logic_internal.h"

#include <stdio.h>

/* SE's deadly-pattern check on the loop a,b,d,c: every unit holding one
 * of the cells holds exactly one of each diagonal. */
static int deadly_shape(const doku_logic *L, const int *cell4)
{
    int boxes[4], nb = 0;
    for (int i = 0; i < 4; i++) {
        int b = L->box_of[cell4[i]], seen = 0;
        for (int j = 0; j < nb; j++)
            seen |= boxes[j] == b;
        if (!seen)
            boxes[nb++] = b;
    }
    if (nb != 2)
        return 0;
    for (int i = 0; i < 4; i++) {
        int c = cell4[i];
        for (int j = 0; j < L->ncunits[c]; j++) {
            int u = L->cunits[(size_t)c * L->maxcu + j], same = 0, other = 0;
            for (int k = 0; k < 4; k++)
                if (L->cell_in_unit[(size_t)u * L->nc + cell4[k]] != 0xff) {
                    /* diagonals: cells 0,3 and 1,2 */
                    if ((k == 0 || k == 3) == (i == 0 || i == 3))
                        same++;
                    else
                        other++;
                }
            if (same != 1 || other != 1)
                return 0;
        }
    }
    return 1;
}

/* Is digit d in unit u only in cells p and q? */
static int locked2(const doku_logic *L, int u, int d, int p, int q)
{
    lmask m = L->pos[(size_t)u * L->n + d - 1];
    if (lpop(m) != 2)
        return 0;
    int a = logic_unit_cell(L, u, lfirst(m)), b = logic_unit_cell(L, u, lfirst(m & (m - 1)));
    return (a == p && b == q) || (a == q && b == p);
}

/* Begins the step (technique t at rating) and its sentence: "name: the
 * four corners hold u and v; ", the corners' u and v as its proof. */
static void rect_intro(doku_logic *L, doku_technique t, int rating, const char *name,
                       const int *c4, int u, int v)
{
    char a[24];
    lstep_begin(L, t, rating, NULL);
    lstep_text(L, "%s: ", name);
    for (int i = 0; i < 4; i++) {
        logic_cellname(L, c4[i], a, sizeof a);
        lstep_text(L, "%s%s", i ? "," : "", a);
        lstep_proof(L, c4[i], u);
        lstep_proof(L, c4[i], v);
    }
    lstep_text(L, " hold %d and %d; ", u < v ? u : v, u < v ? v : u);
}

/* Calls fn on every rectangle (corners a=r1c1, b=r1c2, c=r2c1, d=r2c2)
 * whose cells all hold u and v; stops at the first step. */
static int rectangles(doku_logic *L, int (*fn)(doku_logic *, const int *, int, int))
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || L->box_of[0] < 0)
        return 0;
    for (int r1 = 0; r1 < n; r1++)
        for (int c1 = 0; c1 < n; c1++) {
            int a = r1 * n + c1;
            if (L->val[a] || lpop(L->cand[a]) < 2)
                continue;
            for (int c2 = c1 + 1; c2 < n; c2++) {
                int b = r1 * n + c2;
                lmask ab = L->cand[a] & L->cand[b];
                if (L->val[b] || lpop(ab) < 2)
                    continue;
                for (int r2 = r1 + 1; r2 < n; r2++) {
                    int c = r2 * n + c1, d = r2 * n + c2;
                    lmask all = ab & L->cand[c] & L->cand[d];
                    if (L->val[c] || L->val[d] || lpop(all) < 2)
                        continue;
                    int c4[4] = {a, b, c, d};
                    if (!deadly_shape(L, c4))
                        continue;
                    for (lmask mu = all; mu; mu &= mu - 1)
                        for (lmask mv = mu & (mu - 1); mv; mv &= mv - 1) {
                            int u = lfirst(mu) + 1, v = lfirst(mv) + 1;
                            if (fn(L, c4, u, v) || fn(L, c4, v, u))
                                return 1;
                        }
                }
            }
        }
    return 0;
}

static int type6(doku_logic *L, const int *c4, int u, int v)
{
    lmask uv = LBIT(u) | LBIT(v);
    for (int diag = 0; diag < 2; diag++) {
        /* the bivalue diagonal p,q; the other corners x,y */
        int p = c4[diag ? 1 : 0], q = c4[diag ? 2 : 3], x = c4[diag ? 0 : 1], y = c4[diag ? 3 : 2];
        if (L->cand[p] != uv || L->cand[q] != uv)
            continue;
        if (!(L->cand[x] & ~uv) || !(L->cand[y] & ~uv))
            continue; /* with one plain corner it is a type 1 */
        int rows = locked2(L, L->row_of[c4[0]], u, c4[0], c4[1]) &&
                   locked2(L, L->row_of[c4[2]], u, c4[2], c4[3]);
        int cols = locked2(L, L->col_of[c4[0]], u, c4[0], c4[2]) &&
                   locked2(L, L->col_of[c4[1]], u, c4[1], c4[3]);
        if (!rows && !cols)
            continue;
        rect_intro(L, DOKU_TECH_UNIQUE_RECTANGLE_6, 46, "Unique Rectangle type 6", c4, u, v);
        lstep_elim(L, x, u);
        lstep_elim(L, y, u);
        char sp[24], sq[24];
        logic_cellname(L, p, sp, sizeof sp);
        logic_cellname(L, q, sq, sizeof sq);
        lstep_text(L, "%s and %s hold only them and %d is locked to the rectangle in both %s, "
                      "so %d in either other corner would force the deadly pattern: ",
                   sp, sq, u, rows ? "rows" : "columns", u);
        lstep_text_elims(L);
        return 1;
    }
    return 0;
}

static int hidden(doku_logic *L, const int *c4, int u, int v)
{
    lmask uv = LBIT(u) | LBIT(v);
    for (int k = 0; k < 4; k++) {
        /* k is the bivalue corner, o its opposite, s/t the other two */
        int p = c4[k], o = c4[3 - k];
        if (L->cand[p] != uv || !(L->cand[o] & LBIT(v)))
            continue;
        int s = c4[k ^ 1], t = c4[k ^ 2]; /* s shares a row with p, t a column */
        /* u only in the rectangle in o's row (o,t) and o's column (o,s) */
        if (!locked2(L, L->row_of[o], u, o, t) || !locked2(L, L->col_of[o], u, o, s))
            continue;
        rect_intro(L, DOKU_TECH_HIDDEN_RECTANGLE, 47, "Hidden Rectangle", c4, u, v);
        lstep_elim(L, o, v);
        char sp[24], so[24];
        logic_cellname(L, p, sp, sizeof sp);
        logic_cellname(L, o, so, sizeof so);
        lstep_text(L, "%s holds only them and %d is locked to the rectangle in the row and "
                      "column of %s, so %d there would force the deadly pattern: ",
                   sp, u, so, v);
        lstep_text_elims(L);
        return 1;
    }
    return 0;
}

int logic_unique_rectangle_6(doku_logic *L) { return rectangles(L, type6); }
int logic_hidden_rectangle(doku_logic *L) { return rectangles(L, hidden); }
