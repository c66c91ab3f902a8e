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

static int empty_rectangle(doku_logic *L);

int logic_turbot(doku_logic *L)
{
    int n = L->n;
    size_t cap = (size_t)L->nunits * (size_t)n, ns = 0;
    slink *s = malloc(cap * sizeof *s);
    if (!s)
        return 0;
    for (int u = 0; u < L->nunits; u++)
        for (int d = 1; d <= n; d++) {
            lmask m = L->pos[(size_t)u * n + d - 1];
            if (lpop(m) != 2)
                continue;
            int a = logic_unit_cell(L, u, lfirst(m));
            m &= m - 1;
            int b = logic_unit_cell(L, u, lfirst(m));
            s[ns++] = (slink){u, a, b, d};
        }
    /* best by rating: skyscraper 40, kite 41, turbot 42 */
    int best = 99, bi = -1, bj = -1, bflipi = 0, bflipj = 0;
    for (size_t i = 0; i < ns; i++)
        for (size_t j = i + 1; j < ns; j++) {
            if (s[i].d != s[j].d)
                continue;
            int ki = kind_class(L, s[i].unit), kj = kind_class(L, s[j].unit);
            int rt = (ki && kj) ? (ki == kj ? 40 : 41) : 42;
            doku_technique t = rt == 40 ? DOKU_TECH_SKYSCRAPER
                               : rt == 41 ? DOKU_TECH_TWO_STRING_KITE
                                          : DOKU_TECH_TURBOT_FISH;
            if (rt >= best || !logic_allowed(L, t))
                continue;
            for (int fi = 0; fi < 2; fi++)
                for (int fj = 0; fj < 2; fj++) {
                    int A = fi ? s[i].b : s[i].a, B = fi ? s[i].a : s[i].b;
                    int C = fj ? s[j].b : s[j].a, D = fj ? s[j].a : s[j].b;
                    if (A == C || A == D || B == C || B == D || !logic_sees(L, B, C))
                        continue;
                    int ex[4] = {A, B, C, D};
                    if (rt < best && elim_both(L, A, D, s[i].d, ex, 4, 0) > 0) {
                        best = rt;
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
    return logic_allowed(L, DOKU_TECH_EMPTY_RECTANGLE) && empty_rectangle(L);
}

/* Box B whose places for d lie on row R and column C crossing in B; a
 * strong link P=Q on d in a line outside B with P on R (or C): the cell
 * where Q's cross line meets C (or R) loses d. */
static int empty_rectangle(doku_logic *L)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0)
        return 0;
    for (int B = 0; B < L->nunits; B++) {
        if (!logic_is_box(L, B))
            continue;
        for (int d = 1; d <= n; d++) {
            lmask pm = L->pos[(size_t)B * n + d - 1];
            if (lpop(pm) < 2)
                continue;
            for (int i = 0; i < n; i++) {
                int center = logic_unit_cell(L, B, i);
                int R = center / n, C = center % n;
                /* all places on row R or column C; not all on one line */
                int onr = 0, onc = 0, ok = 1;
                lmask m = pm;
                while (m) {
                    int c = logic_unit_cell(L, B, lfirst(m));
                    m &= m - 1;
                    int r1 = c / n == R, c1 = c % n == C;
                    if (!r1 && !c1)
                        ok = 0;
                    if (r1 && !c1)
                        onr = 1;
                    if (c1 && !r1)
                        onc = 1;
                }
                if (!ok || !onr || !onc)
                    continue;
                /* strong link in a column X (not crossing B) with P in row R */
                for (int dir = 0; dir < 2; dir++) {
                    for (int x = 0; x < n; x++) {
                        int lu = dir == 0 ? L->col_of[x] : L->row_of[x * n];
                        lmask lm = L->pos[(size_t)lu * n + d - 1];
                        if (lpop(lm) != 2)
                            continue;
                        int e0 = logic_unit_cell(L, lu, lfirst(lm));
                        int e1 = logic_unit_cell(L, lu, lfirst(lm & (lm - 1)));
                        for (int f = 0; f < 2; f++) {
                            int P = f ? e1 : e0, Q = f ? e0 : e1;
                            if (L->cell_in_unit[(size_t)B * L->nc + P] != 0xff ||
                                L->cell_in_unit[(size_t)B * L->nc + Q] != 0xff)
                                continue;
                            int target;
                            if (dir == 0) { /* column link, P on row R, target (row Q, col C) */
                                if (P / n != R)
                                    continue;
                                target = (Q / n) * n + C;
                            } else { /* row link, P on column C, target (row R, col Q) */
                                if (P % n != C)
                                    continue;
                                target = R * n + (Q % n);
                            }
                            if (!(L->cand[target] & LBIT(d)) ||
                                L->cell_in_unit[(size_t)B * L->nc + target] != 0xff || target == Q)
                                continue;
                            char un[40], p[24], q[24], t[24];
                            logic_unitname(L, B, un, sizeof un);
                            logic_cellname(L, P, p, sizeof p);
                            logic_cellname(L, Q, q, sizeof q);
                            logic_cellname(L, target, t, sizeof t);
                            lstep_begin(L, DOKU_TECH_EMPTY_RECTANGLE, 43, NULL);
                            lstep_elim(L, target, d);
                            m = pm;
                            while (m) {
                                lstep_proof(L, logic_unit_cell(L, B, lfirst(m)), d);
                                m &= m - 1;
                            }
                            lstep_proof(L, P, d);
                            lstep_proof(L, Q, d);
                            lstep_text(L, "Empty Rectangle: in %s, %d lies on row %d and column %d; "
                                          "with %d in %s or %s, %s cannot be %d",
                                       un, d, R + 1, C + 1, d, p, q, t, d);
                            return 1;
                        }
                    }
                }
            }
        }
    }
    return 0;
}

/* Three strong links A=B - C=D - E=F on one digit (B sees C, D sees E):
 * A or F holds the digit. Ratings as the Sukaku Explainer rater: all
 * links on parallel lines 5.4, a box among them 5.5, rows and columns
 * mixed 5.6. */
int logic_three_links(doku_logic *L)
{
    int n = L->n;
    size_t cap = (size_t)L->nunits * (size_t)n, ns = 0;
    slink *s = malloc(cap * sizeof *s);
    if (!s)
        return 0;
    int best = 99, bc[6] = {0}, bu[3] = {0}, bd = 0;
    for (int d = 1; d <= n; d++) {
        ns = 0;
        for (int u = 0; u < L->nunits; u++) {
            lmask m = L->pos[(size_t)u * n + d - 1];
            if (lpop(m) != 2)
                continue;
            int a = logic_unit_cell(L, u, lfirst(m));
            m &= m - 1;
            s[ns++] = (slink){u, a, logic_unit_cell(L, u, lfirst(m)), d};
        }
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
                        for (size_t k = i + 1; k < ns; k++) {
                            if (k == j)
                                continue;
                            int ki = kind_class(L, s[i].unit), kj = kind_class(L, s[j].unit),
                                kk = kind_class(L, s[k].unit);
                            int rows = (ki == 1) + (kj == 1) + (kk == 1);
                            int cols = (ki == 2) + (kj == 2) + (kk == 2);
                            int rt = (rows == 3 || cols == 3) ? 54 : (rows && cols) ? 56 : 55;
                            if (rt >= best)
                                continue;
                            for (int ok = 0; ok < 2; ok++) {
                                int E = ok ? s[k].b : s[k].a, F = ok ? s[k].a : s[k].b;
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
    if (best == 99 || !logic_allowed(L, DOKU_TECH_THREE_LINKS))
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
