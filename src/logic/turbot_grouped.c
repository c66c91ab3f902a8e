/*
 * turbot_grouped.c — Grouped Skyscraper / Two-String Kite / Turbot Fish
 * (Sukaku Explainer 4.3): the two-strong-link patterns of turbot.c where
 * a row or column link joins groups of cells instead of single cells.
 *
 * Design: when a line's places for a digit (3 to 6 of them) fall in
 * exactly two boxes, "not in one box's part" implies "in the other's": a
 * strong link between two groups (each a line-box intersection). Such a
 * link pairs with another line link (grouped or not) or a box with two
 * places: one end of each (the bridges) together inside one row, column
 * or box other than the two link units, so one of the far ends holds the
 * digit, and every cell seeing all cells of both far ends loses it
 * (outside the two link units). When the far ends share a unit as well
 * (a ring), cells seeing both bridges lose it too. The Sukaku rater tries
 * these after the ungrouped patterns and takes the one with the most
 * eliminations; so does this file.
 */
#include "logic_internal.h"

#include <stdlib.h>

enum { GMAX = 6 };

typedef struct gnode {
    int c[GMAX], k;
} gnode;

typedef struct gl {
    int unit, d, grouped;
    gnode e[2];
} gl;

/* Collects d's places in unit u as a link: two places (any unit), or a
 * line's 3-6 places in exactly two boxes. @return 1 if it is a link. */
static int make_link(const doku_logic *L, int u, int d, gl *out)
{
    int n = L->n;
    lmask pm = L->pos[(size_t)u * n + d - 1];
    int k = lpop(pm);
    out->unit = u;
    out->d = d;
    out->e[0].k = out->e[1].k = 0;
    if (k == 2) {
        out->grouped = 0;
        out->e[0].c[out->e[0].k++] = logic_unit_cell(L, u, lfirst(pm));
        pm &= pm - 1;
        out->e[1].c[out->e[1].k++] = logic_unit_cell(L, u, lfirst(pm));
        return 1;
    }
    if (k < 3 || k > GMAX || !logic_is_line(L, u))
        return 0;
    int box[2] = {-1, -1};
    for (; pm; pm &= pm - 1) {
        int c = logic_unit_cell(L, u, lfirst(pm));
        int b = L->box_of[c];
        if (b < 0)
            return 0;
        int side = b == box[0] ? 0 : b == box[1] ? 1 : box[0] < 0 ? 0 : box[1] < 0 ? 1 : -1;
        if (side < 0)
            return 0; /* three boxes */
        box[side] = b;
        out->e[side].c[out->e[side].k++] = c;
    }
    out->grouped = 1;
    return box[1] >= 0;
}

static int in_unit(const doku_logic *L, int u, int c)
{
    return L->cell_in_unit[(size_t)u * L->nc + c] != 0xff;
}

/* The row, column or box (in that order, as the Sukaku rater looks)
 * holding every cell of x and y; -1 if none. */
static int shared_unit(const doku_logic *L, const gnode *x, const gnode *y)
{
    const int *of[3] = {L->col_of, L->row_of, L->box_of};
    for (int t = 0; t < 3; t++) {
        int u = of[t][x->c[0]], ok = u >= 0;
        for (int i = 0; i < x->k && ok; i++)
            ok = of[t][x->c[i]] == u;
        for (int i = 0; i < y->k && ok; i++)
            ok = of[t][y->c[i]] == u;
        if (ok)
            return u;
    }
    return -1;
}

static int sees_all(const doku_logic *L, int c, const gnode *x)
{
    for (int i = 0; i < x->k; i++)
        if (c == x->c[i] || !logic_sees(L, c, x->c[i]))
            return 0;
    return 1;
}

/* Eliminations of the pattern: cells seeing every cell of both ends, out
 * of the two link units; apply: add them to the step. @return count. */
static int victims(doku_logic *L, const gl *a, const gl *b, const gnode *x, const gnode *y,
                   int apply)
{
    int cnt = 0, d = a->d;
    const uint16_t *p = L->peers + (size_t)x->c[0] * L->maxp;
    for (int i = 0; i < L->npeers[x->c[0]]; i++) {
        int c = p[i];
        if (!(L->cand[c] & LBIT(d)) || in_unit(L, a->unit, c) || in_unit(L, b->unit, c) ||
            !sees_all(L, c, x) || !sees_all(L, c, y))
            continue;
        if (apply)
            lstep_elim(L, c, d); /* (a ring's second half may repeat one) */
        cnt++;
    }
    return cnt;
}

/* Whether the two links share a cell (the rater skips those). */
static int overlap(const gl *a, const gl *b)
{
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < a->e[s].k; i++)
            for (int t = 0; t < 2; t++)
                for (int j = 0; j < b->e[t].k; j++)
                    if (a->e[s].c[i] == b->e[t].c[j])
                        return 1;
    return 0;
}

typedef struct gbest {
    int cnt, i, j, fi, fj, ring;
} gbest;

/* Counts the eliminations of links a, b with bridges a->e[fi^1], b->e[fj]
 * (0 if they do not form the pattern); *ring set if the ends share a
 * unit too. */
static int pattern(doku_logic *L, const gl *a, const gl *b, int fi, int fj, int *ring)
{
    const gnode *start = &a->e[fi], *br1 = &a->e[fi ^ 1];
    const gnode *br2 = &b->e[fj], *end = &b->e[fj ^ 1];
    int share = shared_unit(L, br1, br2);
    if (share < 0 || share == a->unit || share == b->unit)
        return 0;
    *ring = shared_unit(L, start, end) >= 0;
    int cnt = victims(L, a, b, start, end, 0);
    if (*ring)
        cnt += victims(L, a, b, br1, br2, 0);
    return cnt;
}

static const char *pattern_name(const doku_logic *L, const gl *a, const gl *b, doku_technique *t)
{
    int ka = L->shape->unit_kind[a->unit], kb = L->shape->unit_kind[b->unit];
    int la = logic_is_line(L, a->unit), lb = logic_is_line(L, b->unit);
    if (la && lb && ka == kb) {
        *t = DOKU_TECH_SKYSCRAPER;
        return "Grouped Skyscraper";
    }
    if (la && lb) {
        *t = DOKU_TECH_TWO_STRING_KITE;
        return "Grouped Two-String Kite";
    }
    *t = DOKU_TECH_TURBOT_FISH;
    return "Grouped Turbot Fish";
}

static void node_text(doku_logic *L, const gnode *x)
{
    lstep_text_cells(L, x->c, x->k, ",", NULL);
}

int logic_turbot_grouped(doku_logic *L, lmask skip, int emit)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0)
        return 0;
    size_t cap = (size_t)L->nunits * (size_t)n, ns = 0;
    gl *s = malloc(cap * sizeof *s);
    if (!s)
        return logic_nomem(L);
    for (int d = 1; d <= n; d++)
        for (int u = 0; u < L->nunits && !(skip & LBIT(d)); u++)
            if (make_link(L, u, d, &s[ns]))
                ns++;
    gbest bb = {0, -1, -1, 0, 0, 0};
    for (size_t i = 0; i < ns && !logic_stop(L); i++)
        for (size_t j = i + 1; j < ns && s[j].d == s[i].d; j++) {
            const gl *a = &s[i], *b = &s[j];
            if (!a->grouped && !b->grouped)
                continue; /* turbot.c's ungrouped patterns */
            if (!logic_is_line(L, a->unit) && !logic_is_line(L, b->unit))
                continue;
            if (overlap(a, b))
                continue;
            for (int fi = 0; fi < 2; fi++)
                for (int fj = 0; fj < 2; fj++) {
                    int ring = 0, cnt = pattern(L, a, b, fi, fj, &ring);
                    if (cnt > bb.cnt)
                        bb = (gbest){cnt, (int)i, (int)j, fi, fj, ring};
                }
        }
    if (bb.i < 0 || !emit) {
        free(s);
        return bb.i < 0 ? 0 : bb.cnt;
    }
    const gl *a = &s[bb.i], *b = &s[bb.j];
    const gnode *start = &a->e[bb.fi], *br1 = &a->e[bb.fi ^ 1];
    const gnode *br2 = &b->e[bb.fj], *end = &b->e[bb.fj ^ 1];
    doku_technique t;
    const char *name = pattern_name(L, a, b, &t);
    if (!logic_allowed(L, t)) {
        free(s);
        return 0;
    }
    int d = a->d;
    lstep_begin(L, t, 43, name);
    victims(L, a, b, start, end, 1);
    if (bb.ring)
        victims(L, a, b, br1, br2, 1);
    for (int e = 0; e < 2; e++) {
        for (int i = 0; i < a->e[e].k; i++)
            lstep_proof(L, a->e[e].c[i], d);
        for (int i = 0; i < b->e[e].k; i++)
            lstep_proof(L, b->e[e].c[i], d);
    }
    char ua[40], ub[40];
    logic_unitname(L, a->unit, ua, sizeof ua);
    logic_unitname(L, b->unit, ub, sizeof ub);
    lstep_text(L, "%s: %d is in ", name, d);
    node_text(L, start);
    lstep_text(L, " or ");
    node_text(L, br1);
    lstep_text(L, " (%s) and in ", ua);
    node_text(L, br2);
    lstep_text(L, " or ");
    node_text(L, end);
    lstep_text(L, " (%s), and ", ub);
    node_text(L, br1);
    lstep_text(L, " and ");
    node_text(L, br2);
    lstep_text(L, " share a unit, so ");
    node_text(L, start);
    lstep_text(L, " or ");
    node_text(L, end);
    lstep_text(L, " holds %d%s: ", d, bb.ring ? " (and, as the ends share a unit too, the bridges)" : "");
    lstep_text_elims(L);
    free(s);
    return 1;
}
