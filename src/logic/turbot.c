/*
 * turbot.c — single-digit patterns of two strong links: Skyscraper,
 * Two-String Kite, Turbot Fish, and the Empty Rectangle.
 *
 * Design: every pattern is "A=B - C=D": strong links A=B and C=D on one
 * digit (the digit's only two places in a unit) with B seeing C, so A or
 * D holds the digit and any cell seeing both loses it. The name only
 * depends on the kinds of the two units (two parallel lines: Skyscraper;
 * a row and a column: Kite; anything with a box or extra unit: Turbot
 * Fish), so one loop over pairs of strong links finds them all; ratings
 * are those of the Sukaku Explainer rater (4.0, 4.1, 4.2).
 */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct slink {
    int unit, a, b, d;
} slink;

static int elim_both(doku_logic *L, int x, int y, int d, const int *excl, int nex, int apply)
{
    int cnt = 0;
    const uint16_t *p = L->peers + (size_t)x * L->maxp;
    for (int i = 0; i < L->npeers[x]; i++) {
        int c = p[i];
        if (!(L->cand[c] & LBIT(d)) || !logic_sees(L, c, y))
            continue;
        int skip = 0;
        for (int j = 0; j < nex; j++)
            skip |= excl[j] == c;
        if (skip)
            continue;
        cnt++;
        if (apply)
            lstep_elim(L, c, d);
    }
    return cnt;
}

static int kind_class(const doku_logic *L, int u)
{
    int k = L->shape->unit_kind[u];
    return k == DOKU_UNIT_ROW ? 1 : k == DOKU_UNIT_COL ? 2 : 0;
}

static int empty_rectangle(doku_logic *L, lmask skip, int beat);

/* Room for every strong link of the grid (n per unit), or NULL after
 * recording the allocation failure on L. The caller frees it. */
static slink *links_alloc(doku_logic *L)
{
    slink *s = malloc((size_t)L->nunits * (size_t)L->n * sizeof *s);
    if (!s)
        logic_nomem(L);
    return s;
}

/* Every strong link (a unit with two places for a digit) on the digits
 * in want, unit by unit and digit by digit within a unit, written to s
 * (room for n per unit). @return how many. */
static size_t strong_links(const doku_logic *L, lmask want, slink *s)
{
    int n = L->n;
    size_t ns = 0;
    for (int u = 0; u < L->nunits; u++)
        for (lmask w = want; w; w &= w - 1) {
            int d = lfirst(w) + 1;
            lmask m = L->pos[(size_t)u * n + d - 1];
            if (lpop(m) != 2)
                continue;
            int a = logic_unit_cell(L, u, lfirst(m));
            m &= m - 1;
            s[ns++] = (slink){u, a, logic_unit_cell(L, u, lfirst(m)), d};
        }
    return ns;
}

int logic_turbot(doku_logic *L)
{
    slink *s = links_alloc(L);
    if (!s)
        return 0;
    lmask skip = logic_memo_skip(L, LMEMO_TURBOT);
    lmask all = L->n == 64 ? ~(lmask)0 : ((lmask)1 << L->n) - 1;
    size_t ns = strong_links(L, ~skip & all, s);
    /* best by rating: skyscraper 40, kite 41, turbot 42 */
    int best = 99, bestcnt = 0, bi = -1, bj = -1, bflipi = 0, bflipj = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t j = i + 1; j < ns; j++) {
            if (s[i].d != s[j].d)
                continue;
            int ki = kind_class(L, s[i].unit), kj = kind_class(L, s[j].unit);
            if (!ki && !kj)
                continue; /* as the Sukaku rater: one link is in a row or column */
            int rt = (ki && kj) ? (ki == kj ? 40 : 41) : 42;
            doku_technique t = rt == 40 ? DOKU_TECH_SKYSCRAPER
                               : rt == 41 ? DOKU_TECH_TWO_STRING_KITE
                                          : DOKU_TECH_TURBOT_FISH;
            if (rt > best || !logic_allowed(L, t))
                continue;
            for (int fi = 0; fi < 2; fi++)
                for (int fj = 0; fj < 2; fj++) {
                    int A = fi ? s[i].b : s[i].a, B = fi ? s[i].a : s[i].b;
                    int C = fj ? s[j].b : s[j].a, D = fj ? s[j].a : s[j].b;
                    if (A == C || A == D || B == C || B == D || !logic_sees(L, B, C))
                        continue;
                    int ex[4] = {A, B, C, D};
                    int cnt = elim_both(L, A, D, s[i].d, ex, 4, 0);
                    /* SE order: lowest rating, then most eliminations */
                    if (cnt > 0 && (rt < best || cnt > bestcnt)) {
                        best = rt;
                        bestcnt = cnt;
                        bi = (int)i;
                        bj = (int)j;
                        bflipi = fi;
                        bflipj = fj;
                    }
                }
        }
    if (bi >= 0) {
        slink *x = &s[bi], *y = &s[bj];
        int A = bflipi ? x->b : x->a, B = bflipi ? x->a : x->b;
        int C = bflipj ? y->b : y->a, D = bflipj ? y->a : y->b;
        int d = x->d;
        doku_technique t = best == 40 ? DOKU_TECH_SKYSCRAPER
                           : best == 41 ? DOKU_TECH_TWO_STRING_KITE
                                        : DOKU_TECH_TURBOT_FISH;
        lstep_begin(L, t, best, NULL);
        int ex[4] = {A, B, C, D};
        elim_both(L, A, D, d, ex, 4, 1);
        lstep_proof(L, A, d);
        lstep_proof(L, B, d);
        lstep_proof(L, C, d);
        lstep_proof(L, D, d);
        char a[24], b[24], c[24], e[24], ux[40], uy[40];
        logic_cellname(L, A, a, sizeof a);
        logic_cellname(L, B, b, sizeof b);
        logic_cellname(L, C, c, sizeof c);
        logic_cellname(L, D, e, sizeof e);
        logic_unitname(L, x->unit, ux, sizeof ux);
        logic_unitname(L, y->unit, uy, sizeof uy);
        lstep_text(L, "%s: %d is in %s or %s (%s) and in %s or %s (%s), and %s sees %s, "
                      "so %s or %s is %d: ",
                   L->step.name, d, a, b, ux, c, e, uy, b, c, a, e, d);
        lstep_text_elims(L);
        free(s);
        return 1;
    }
    free(s);
    /* the 4.3 patterns: the one with the most eliminations (the Sukaku
     * rater's order), the empty rectangle on a tie */
    int grouped = logic_turbot_grouped(L, skip, 0);
    if (logic_allowed(L, DOKU_TECH_EMPTY_RECTANGLE) && empty_rectangle(L, skip, grouped))
        return 1;
    if (grouped && logic_turbot_grouped(L, skip, 1))
        return 1;
    logic_memo_fail(L, LMEMO_TURBOT);
    return 0;
}

/* Empty Rectangle, as the Sukaku rater finds it: a box with 3 to 5
 * places for d, all on the row and column through one cell (the heart);
 * a strong link start=bridge on d in a row or column outside the box,
 * with the bridge on the heart's row or column. Either start holds d, or
 * the bridge does and the box's d is on the heart's other line: cells
 * seeing both start and the heart, outside the box and the link's line,
 * lose d. */
/* The heart of an empty rectangle in box B for the positions pm of one
 * digit: the first cell of B whose row and column together hold every
 * position. -1 when there is none. */
static int box_heart(const doku_logic *L, int B, lmask pm)
{
    int n = L->n;
    for (int e = 0; e < n; e++) {
        int hc = logic_unit_cell(L, B, e), ok = 1;
        for (lmask m = pm; m && ok; m &= m - 1) {
            int c = logic_unit_cell(L, B, lfirst(m));
            ok = c / n == hc / n || c % n == hc % n;
        }
        if (ok)
            return hc;
    }
    return -1;
}

/* A cell that loses d in an empty rectangle: outside the box and the
 * link's line, seeing start, and seeing the bridge or every place of the
 * cross's other part (the part the bridge does not see). */
static int er_victim(doku_logic *L, int c, int d, int B, int lu, int start, int bridge, int heart)
{
    int n = L->n;
    if (c == start || c == bridge || !(L->cand[c] & LBIT(d)) || !logic_sees(L, c, start) ||
        L->cell_in_unit[(size_t)B * L->nc + c] != 0xff || L->cell_in_unit[(size_t)lu * L->nc + c] != 0xff)
        return 0;
    if (logic_sees(L, c, bridge))
        return 1;
    int row_side = bridge / n == heart / n; /* bridge kills the row part */
    for (lmask m = L->pos[(size_t)B * n + d - 1]; m; m &= m - 1) {
        int x = logic_unit_cell(L, B, lfirst(m));
        int in_other = row_side ? (x % n == heart % n && x != heart) : (x / n == heart / n && x != heart);
        if (in_other && !logic_sees(L, c, x))
            return 0;
    }
    return 1;
}

/* beat: emit only a pattern with at least this many eliminations. */
static int empty_rectangle(doku_logic *L, lmask skip, int beat)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0)
        return 0;
    int bestcnt = 0, bB = -1, bheart = -1, bstart = -1, bbridge = -1, bd = 0, blink = -1;
    for (int d = 1; d <= n; d++)
        for (int B = 0; B < L->nunits && !(skip & LBIT(d)); B++) {
            if (!logic_is_box(L, B))
                continue;
            lmask pm = L->pos[(size_t)B * n + d - 1];
            int pc = lpop(pm);
            if (pc < 3 || pc > 5)
                continue;
            int heart = box_heart(L, B, pm);
            if (heart < 0)
                continue;
            for (int lu = 0; lu < L->nunits; lu++) {
                if (!logic_is_line(L, lu))
                    continue;
                lmask lm = L->pos[(size_t)lu * n + d - 1];
                if (lpop(lm) != 2)
                    continue;
                int e0 = logic_unit_cell(L, lu, lfirst(lm));
                int e1 = logic_unit_cell(L, lu, lfirst(lm & (lm - 1)));
                if (L->cell_in_unit[(size_t)B * L->nc + e0] != 0xff ||
                    L->cell_in_unit[(size_t)B * L->nc + e1] != 0xff)
                    continue;
                for (int f = 0; f < 2; f++) {
                    int start = f ? e1 : e0, bridge = f ? e0 : e1;
                    int share = bridge % n == heart % n   ? L->col_of[bridge]
                                : bridge / n == heart / n ? L->row_of[bridge]
                                                          : -1;
                    if (share < 0 || share == lu)
                        continue;
                    int cnt = 0;
                    const uint16_t *p = L->peers + (size_t)start * L->maxp;
                    for (int k = 0; k < L->npeers[start]; k++)
                        cnt += er_victim(L, p[k], d, B, lu, start, bridge, heart);
                    if (cnt > bestcnt) {
                        bestcnt = cnt;
                        bB = B;
                        bheart = heart;
                        bstart = start;
                        bbridge = bridge;
                        bd = d;
                        blink = lu;
                    }
                }
            }
        }
    if (bB < 0 || bestcnt < beat)
        return 0;
    int d = bd;
    lstep_begin(L, DOKU_TECH_EMPTY_RECTANGLE, 43, NULL);
    const uint16_t *p = L->peers + (size_t)bstart * L->maxp;
    for (int k = 0; k < L->npeers[bstart]; k++)
        if (er_victim(L, p[k], d, bB, blink, bstart, bbridge, bheart))
            lstep_elim(L, p[k], d);
    for (lmask m = L->pos[(size_t)bB * n + d - 1]; m; m &= m - 1)
        lstep_proof(L, logic_unit_cell(L, bB, lfirst(m)), d);
    lstep_proof(L, bstart, d);
    lstep_proof(L, bbridge, d);
    char un[40], a[24], b[24], h[24];
    logic_unitname(L, bB, un, sizeof un);
    logic_cellname(L, bstart, a, sizeof a);
    logic_cellname(L, bbridge, b, sizeof b);
    logic_cellname(L, bheart, h, sizeof h);
    lstep_text(L, "Empty Rectangle: in %s, %d lies on row %d and column %d (through %s); %d is in "
                  "%s or %s, so cells seeing %s and that cross lose %d: ",
               un, d, bheart / n + 1, bheart % n + 1, h, d, a, b, a, d);
    lstep_text_elims(L);
    return 1;
}

/* Three links where one or more is an empty rectangle (Sukaku 5.7): the
 * box's places for d lie on the cross of row and column through a heart
 * cell, so "not on the row part" implies "on the column part": a strong
 * link between two groups of cells. Links are joined by weak links (every
 * cell of one end sees every cell of the next); cells seeing every cell
 * of both far ends lose d. */
typedef struct glink {
    int unit, er;
    int a[8], na, b[8], nb;
} glink;

static int group_sees(doku_logic *L, const int *x, int nx, const int *y, int ny)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            if (x[i] == y[j] || !logic_sees(L, x[i], y[j]))
                return 0;
    return 1;
}

static int groups_disjoint(const int *x, int nx, const int *y, int ny)
{
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            if (x[i] == y[j])
                return 0;
    return 1;
}

static int sees_all(doku_logic *L, int c, const int *x, int nx)
{
    for (int i = 0; i < nx; i++)
        if (!logic_sees(L, c, x[i]))
            return 0;
    return 1;
}

/* Cells outside the chain that lose d in A=B - C=D - E=F: either A holds
 * d, or D and F do; either F holds d, or C and A do. So a cell seeing A
 * and (D or F), or seeing F and C, cannot hold d. */
static int group_elims(doku_logic *L, const int *const *g, const int *ng, const int *all, int nall,
                       int d, int apply)
{
    int cnt = 0;
    for (int c = 0; c < L->nc; c++) {
        if (!(L->cand[c] & LBIT(d)))
            continue;
        /* the sight tests usually fail at once: before the membership scan */
        int sA = sees_all(L, c, g[0], ng[0]), sF = sees_all(L, c, g[5], ng[5]);
        if (!sA && !sF)
            continue;
        int sC = sF && sees_all(L, c, g[2], ng[2]);
        int sD = sA && sees_all(L, c, g[3], ng[3]);
        if (!((sA && (sD || sF)) || (sF && sC)))
            continue;
        int in = 0;
        for (int i = 0; i < nall && !in; i++)
            in = all[i] == c;
        if (!in) {
            cnt++;
            if (apply)
                lstep_elim(L, c, d);
        }
    }
    return cnt;
}

static int three_links_er(doku_logic *L, lmask skip)
{
    int n = L->n;
    size_t cap = (size_t)L->nunits * (size_t)n;
    glink *g = malloc(cap * sizeof *g);
    if (!g)
        return logic_nomem(L);
    for (int d = 1; d <= n; d++) {
        if (skip & LBIT(d))
            continue;
        size_t ng = 0;
        int ner = 0;
        for (int u = 0; u < L->nunits && ng < cap; u++) {
            lmask m = L->pos[(size_t)u * n + d - 1];
            int pc = lpop(m);
            glink *x = &g[ng];
            memset(x, 0, sizeof *x);
            x->unit = u;
            if (pc == 2) {
                x->a[x->na++] = logic_unit_cell(L, u, lfirst(m));
                x->b[x->nb++] = logic_unit_cell(L, u, lfirst(m & (m - 1)));
                ng++;
            } else if (pc >= 3 && pc <= 5 && logic_is_box(L, u) && L->row_of[0] >= 0) {
                int heart = box_heart(L, u, m);
                if (heart < 0)
                    continue;
                /* the heart, if a candidate, belongs to both parts */
                for (lmask q = m; q; q &= q - 1) {
                    int c = logic_unit_cell(L, u, lfirst(q));
                    if (c / n == heart / n && x->na < 8)
                        x->a[x->na++] = c;
                    if (c % n == heart % n && x->nb < 8)
                        x->b[x->nb++] = c;
                }
                if (!x->na || !x->nb)
                    continue;
                x->er = 1;
                ner++;
                ng++;
            } else if (pc >= 3 && pc <= 6 && logic_is_line(L, u)) {
                /* a grouped line link (Sukaku's grouped strong link): the
                 * places lie in exactly two boxes, one group per box */
                int b0 = -1, b1 = -1, ok = 1;
                for (lmask q = m; q && ok; q &= q - 1) {
                    int c = logic_unit_cell(L, u, lfirst(q)), b = L->box_of[c];
                    if (b < 0 || (b != b0 && b != b1 && b0 >= 0 && b1 >= 0)) {
                        ok = 0;
                    } else if (b == b0 || b0 < 0) {
                        b0 = b;
                        x->a[x->na++] = c;
                    } else {
                        b1 = b;
                        x->b[x->nb++] = c;
                    }
                }
                if (!ok || !x->na || !x->nb)
                    continue;
                x->er = 1;
                ner++;
                ng++;
            }
        }
        if (!ner)
            continue;
        for (size_t j = 0; j < ng; j++)
            for (int oj = 0; oj < 2; oj++) {
                const int *C = oj ? g[j].b : g[j].a, *D = oj ? g[j].a : g[j].b;
                int nC = oj ? g[j].nb : g[j].na, nD = oj ? g[j].na : g[j].nb;
                for (size_t i = 0; i < ng; i++) {
                    if (i == j)
                        continue;
                    for (int oi = 0; oi < 2; oi++) {
                        const int *A = oi ? g[i].b : g[i].a, *B = oi ? g[i].a : g[i].b;
                        int nA = oi ? g[i].nb : g[i].na, nB = oi ? g[i].na : g[i].nb;
                        /* group_sees needs B[0] to see C[0]: one bit test first */
                        if (!logic_sees(L, B[0], C[0]) || !groups_disjoint(A, nA, C, nC) ||
                            !groups_disjoint(A, nA, D, nD) || !group_sees(L, B, nB, C, nC))
                            continue;
                        for (size_t k = i + 1; k < ng; k++) {
                            if (k == j || !(g[i].er || g[j].er || g[k].er))
                                continue;
                            for (int ok = 0; ok < 2; ok++) {
                                const int *E = ok ? g[k].b : g[k].a, *F = ok ? g[k].a : g[k].b;
                                int nE = ok ? g[k].nb : g[k].na, nF = ok ? g[k].na : g[k].nb;
                                if (!logic_sees(L, D[0], E[0]) || !groups_disjoint(E, nE, A, nA) || !groups_disjoint(E, nE, B, nB) ||
                                    !groups_disjoint(F, nF, A, nA) || !groups_disjoint(F, nF, B, nB) ||
                                    !groups_disjoint(E, nE, C, nC) || !groups_disjoint(F, nF, C, nC) ||
                                    !groups_disjoint(F, nF, D, nD) || !group_sees(L, D, nD, E, nE))
                                    continue;
                                int all[48], na = 0;
                                const int *grp[6] = {A, B, C, D, E, F};
                                int ngr[6] = {nA, nB, nC, nD, nE, nF};
                                for (int t = 0; t < 6; t++)
                                    for (int v = 0; v < ngr[t]; v++)
                                        all[na++] = grp[t][v];
                                if (!group_elims(L, grp, ngr, all, na, d, 0))
                                    continue;
                                lstep_begin(L, DOKU_TECH_THREE_LINKS, 57,
                                            "3 Strong Links (grouped)");
                                group_elims(L, grp, ngr, all, na, d, 1);
                                for (int t = 0; t < na; t++)
                                    lstep_proof(L, all[t], d);
                                char u1[40], u2[40], u3[40];
                                logic_unitname(L, g[i].unit, u1, sizeof u1);
                                logic_unitname(L, g[j].unit, u2, sizeof u2);
                                logic_unitname(L, g[k].unit, u3, sizeof u3);
                                lstep_text(L, "%s: %d through %s, %s and %s (one link or more "
                                              "between groups of cells: an empty rectangle, or a "
                                              "line's places in two boxes) reaches both ends, so: ",
                                           L->step.name, d, u1, u2, u3);
                                lstep_text_elims(L);
                                free(g);
                                return 1;
                            }
                        }
                    }
                }
            }
    }
    free(g);
    return 0;
}

/* Three strong links A=B - C=D - E=F on one digit (B sees C, D sees E):
 * A or F holds the digit. Ratings as the Sukaku Explainer rater: all
 * links on parallel lines 5.4, a box among them 5.5, rows and columns
 * mixed 5.6. */
int logic_three_links(doku_logic *L)
{
    int n = L->n;
    slink *s = links_alloc(L);
    if (!s)
        return 0;
    size_t ns = 0;
    int best = 99, bc[6] = {0}, bu[3] = {0}, bd = 0;
    lmask skip = logic_memo_skip(L, LMEMO_THREE_LINKS);
    for (int d = 1; d <= n; d++) {
        if (skip & LBIT(d))
            continue;
        ns = strong_links(L, LBIT(d), s);
        /* middle link j in both directions (C=D); i ends in B seeing C, k
         * starts in E seeing D */
        for (size_t j = 0; j < ns; j++)
            for (int oj = 0; oj < 2; oj++) {
                int C = oj ? s[j].b : s[j].a, D = oj ? s[j].a : s[j].b;
                for (size_t i = 0; i < ns; i++) {
                    if (i == j)
                        continue;
                    for (int oi = 0; oi < 2; oi++) {
                        int A = oi ? s[i].b : s[i].a, B = oi ? s[i].a : s[i].b;
                        if (A == C || A == D || B == C || B == D || !logic_sees(L, B, C))
                            continue;
                        int ki = kind_class(L, s[i].unit), kj = kind_class(L, s[j].unit);
                        for (size_t k = i + 1; k < ns; k++) {
                            if (k == j)
                                continue;
                            if (!logic_sees(L, D, s[k].a) && !logic_sees(L, D, s[k].b))
                                continue; /* neither end of link k can be E */
                            int kk = kind_class(L, s[k].unit);
                            int rows = (ki == 1) + (kj == 1) + (kk == 1);
                            int cols = (ki == 2) + (kj == 2) + (kk == 2);
                            int rt = (rows == 3 || cols == 3) ? 54 : (rows && cols) ? 56 : 55;
                            if (rt >= best)
                                continue;
                            for (int ok = 0; ok < 2; ok++) {
                                int E = ok ? s[k].b : s[k].a, F = ok ? s[k].a : s[k].b;
                                if (!logic_sees(L, D, E)) /* one bit test: first */
                                    continue;
                                if (E == A || E == B || E == C || E == D || F == A || F == B ||
                                    F == C || F == D || !logic_sees(L, D, E))
                                    continue;
                                int c6[6] = {A, B, C, D, E, F};
                                if (elim_both(L, A, F, d, c6, 6, 0) == 0)
                                    continue;
                                best = rt;
                                memcpy(bc, c6, sizeof bc);
                                bu[0] = s[i].unit;
                                bu[1] = s[j].unit;
                                bu[2] = s[k].unit;
                                bd = d;
                                break;
                            }
                        }
                    }
                }
            }
    }
    free(s);
    if (best == 99) {
        if (logic_allowed(L, DOKU_TECH_THREE_LINKS) && three_links_er(L, skip))
            return 1;
        logic_memo_fail(L, LMEMO_THREE_LINKS);
        return 0;
    }
    if (!logic_allowed(L, DOKU_TECH_THREE_LINKS))
        return 0;
    lstep_begin(L, DOKU_TECH_THREE_LINKS, best,
                best == 54 ? "3 Skyscrapers" : best == 56 ? "3-String Kite" : "3-Turbot Fish");
    elim_both(L, bc[0], bc[5], bd, bc, 6, 1);
    for (int x = 0; x < 6; x++)
        lstep_proof(L, bc[x], bd);
    char c[6][24], u[3][40];
    for (int x = 0; x < 6; x++)
        logic_cellname(L, bc[x], c[x], sizeof c[x]);
    for (int x = 0; x < 3; x++)
        logic_unitname(L, bu[x], u[x], sizeof u[x]);
    lstep_text(L, "%s: %d in %s=%s (%s) - %s=%s (%s) - %s=%s (%s), so %s or %s is %d: ",
               L->step.name, bd, c[0], c[1], u[0], c[2], c[3], u[1], c[4], c[5], u[2], c[0], c[5], bd);
    lstep_text_elims(L);
    return 1;
}
