/*
 * variant_cage.c — killer cage combinations (DOKU_TECH_CAGE_COMBINATION):
 * a cage of k cells and sum s takes one of the digit sets of the
 * combination table; a set fits when its digits can be given to the cells
 * from their candidates, one each. Digits that no fitting set can put in
 * a cell go ("cage r1c1-r1c3 (sum 7): only {1,2,4} fits, so r1c1 is not
 * 5"), at 2.0; a digit every fitting set holds is locked in the cage, so
 * the cells that see all of its places lose it, or its one place gets it
 * (2.6).
 *
 * Design: the sets of each cage are listed once (variant.c); which fit is
 * a bipartite matching of cells to digits, small enough (16 x 16 at most)
 * to run per candidate, so every elimination is exact for the cage alone.
 */
#include "variant_internal.h"

#include <string.h>

enum { CAGE_MAX = 16 };

/* Kuhn's augmenting path from cell i; owner[d] = cell holding digit d. */
static int augment(const lmask *dom, int i, int *owner, lmask *seen)
{
    for (lmask d = dom[i] & ~*seen; d; d &= d - 1) {
        int b = lfirst(d);
        *seen |= (lmask)1 << b;
        if (owner[b] < 0 || augment(dom, owner[b], owner, seen)) {
            owner[b] = i;
            return 1;
        }
    }
    return 0;
}

/* 1 when each of the m cells can take its own digit of dom; got (may be
 * NULL) receives each cell's digit bit of one such matching. */
static int matches(const lmask *dom, int m, lmask *got)
{
    int owner[64];
    lmask all = 0;
    for (int i = 0; i < m; i++)
        all |= dom[i];
    for (lmask b = all; b; b &= b - 1)
        owner[lfirst(b)] = -1;
    for (int i = 0; i < m; i++) {
        lmask seen = 0;
        if (!augment(dom, i, owner, &seen))
            return 0;
    }
    if (got)
        for (lmask b = all; b; b &= b - 1)
            if (owner[lfirst(b)] >= 0)
                got[owner[lfirst(b)]] = b & -b;
    return 1;
}

/* Small cages list their fillings outright: every way to give cells
 * i.. distinct digits of dom (used: taken so far, at: the digits given)
 * adds its digits to sup. @return 1 when some filling exists. */
enum { SMALL_CAGE = 5 };

static int fill(const lmask *dom, int m, int i, lmask used, lmask *at, lmask *sup)
{
    if (i == m) {
        for (int j = 0; j < m; j++)
            sup[j] |= at[j];
        return 1;
    }
    int any = 0;
    for (lmask d = dom[i] & ~used; d; d &= d - 1) {
        at[i] = d & -d;
        any |= fill(dom, m, i + 1, used | at[i], at, sup);
    }
    return any;
}

/* The digits the cage must hold because a unit has no place for them
 * outside it; unit[d-1] receives that unit of each (may be NULL). Each
 * unit a cage cell lies in is looked at once, with the cage's places in
 * it as one mask. */
static lmask cage_needs(const doku_logic *L, const lvar_cage *g, int *unit)
{
    lmask need = 0;
    int n = L->n, seen[CAGE_MAX * 8], ns = 0;
    for (int i = 0; i < g->m; i++) {
        int c = g->cells[i];
        for (int j = 0; j < L->ncunits[c]; j++) {
            int u = L->cunits[(size_t)c * L->maxcu + j], dup = 0;
            for (int k = 0; k < ns && !dup; k++)
                dup = seen[k] == u;
            if (dup)
                continue;
            if (ns < CAGE_MAX * 8)
                seen[ns++] = u;
            lmask in = 0, cand = 0; /* the cage's places in u, their digits */
            for (int k = 0; k < g->m; k++) {
                int q = g->cells[k], at = L->cell_in_unit[(size_t)u * L->nc + q];
                if (at != 0xff) {
                    in |= (lmask)1 << at;
                    cand |= L->cand[q];
                }
            }
            for (lmask dm = cand & ~need; dm; dm &= dm - 1) {
                lmask places = L->pos[(size_t)u * n + lfirst(dm)];
                if (!(places & ~in)) {
                    need |= dm & -dm;
                    if (unit)
                        unit[lfirst(dm)] = u;
                }
            }
        }
    }
    return need;
}

/* The cage's fitting sets into fits (returns how many) and each cell's
 * digits that some fitting set can give it into sup: sets holding every
 * digit of need whose digits the cells can take, one each. */
static int cage_fits(const doku_logic *L, const lvar_cage *g, lmask need, lmask *fits,
                     lmask *sup)
{
    lmask dom[CAGE_MAX], d2[CAGE_MAX], got[CAGE_MAX], any = 0;
    int m = g->m, nf = 0;
    for (int i = 0; i < m; i++) {
        dom[i] = lvar_dom(L, g->cells[i]);
        any |= dom[i];
        sup[i] = 0;
    }
    for (int k = 0; k < g->ncombos; k++) {
        lmask set = g->combos[k];
        /* m cells take all m digits of a set: each must have a place */
        if ((set & need) != need || (set & ~any))
            continue;
        for (int i = 0; i < m; i++)
            d2[i] = dom[i] & set;
        if (m <= SMALL_CAGE) {
            if (fill(d2, m, 0, 0, got, sup))
                fits[nf++] = set;
            continue;
        }
        if (!matches(d2, m, got))
            continue;
        fits[nf++] = set;
        for (int i = 0; i < m; i++)
            sup[i] |= got[i]; /* the matching found gives each cell a digit */
        for (int i = 0; i < m; i++)
            for (lmask d = d2[i] & ~sup[i]; d; d &= d - 1) {
                lmask b = d & -d, keep = d2[i];
                /* cell i takes b: do the others still match? */
                for (int j = 0; j < m; j++)
                    d2[j] &= ~b;
                d2[i] = b;
                if (matches(d2, m, got))
                    for (int j = 0; j < m; j++)
                        sup[j] |= got[j];
                for (int j = 0; j < m; j++)
                    d2[j] = dom[j] & set;
                d2[i] = keep;
            }
    }
    return nf;
}

int lvar_match(const lmask *dom, int m)
{
    return matches(dom, m, NULL);
}

lmask lvar_cage_needs(const doku_logic *L, const lvar_cage *g, int *why)
{
    return cage_needs(L, g, why);
}

int lvar_cage_support(const doku_logic *L, const lvar_cage *g, lmask need, lmask *sup)
{
    if (g->m > CAGE_MAX || g->ncombos > 1024)
        return -1;
    lmask fits[1024];
    return cage_fits(L, g, need, fits, sup);
}

/* "only {1,2,4} fits" or "only {1,2,6} and {1,3,5} fit" or "12 sets fit". */
static void text_fits(doku_logic *L, const lmask *fits, int nf)
{
    if (nf > 4) {
        lstep_text(L, "%d digit sets fit", nf);
        return;
    }
    lstep_text(L, "only ");
    for (int k = 0; k < nf; k++) {
        lstep_text(L, "%s", k == 0 ? "" : k == nf - 1 ? " and " : ", ");
        logic_text_set(L, fits[k]);
    }
    lstep_text(L, nf == 1 ? " fits" : " fit");
}

int logic_var_cages(doku_logic *L)
{
    struct logic_variant *V = L->var;
    for (int c = 0; c < V->ncages; c++) {
        const lvar_cage *g = &V->cages[c];
        if (g->m > CAGE_MAX)
            continue;
        /* what it finds depends on its cells and on its cells' units */
        uint64_t h = lvar_hash(L, g->cells, g->m);
        for (int i = 0; i < g->m; i++)
            for (int j = 0; j < L->ncunits[g->cells[i]]; j++)
                h = (h ^ L->uver[L->cunits[(size_t)g->cells[i] * L->maxcu + j]]) * 0x9e3779b97f4a7c15ull;
        h |= 1;
        if (V->cage_memo[c] == h)
            continue;
        lmask fits[1024], sup[CAGE_MAX];
        if (g->ncombos > 1024)
            continue;
        int why[64];
        lmask need = cage_needs(L, g, why);
        int nf = cage_fits(L, g, need, fits, sup), any = 0;
        for (int i = 0; i < g->m && !any; i++)
            any = !L->val[g->cells[i]] && (L->cand[g->cells[i]] & ~sup[i]);
        if (!any) {
            V->cage_memo[c] = h;
            continue;
        }
        lstep_begin(L, DOKU_TECH_CAGE_COMBINATION, 20, NULL);
        for (int i = 0; i < g->m; i++)
            if (!L->val[g->cells[i]])
                for (lmask d = L->cand[g->cells[i]] & ~sup[i]; d; d &= d - 1)
                    lstep_elim(L, g->cells[i], lfirst(d) + 1);
        lvar_text_con(L, g->con);
        lstep_text(L, ": ");
        if (nf == 0)
            lstep_text(L, "no digit set fits");
        else
            text_fits(L, fits, nf);
        if (need) {
            lstep_text(L, " (it must hold ");
            logic_text_set(L, need);
            lstep_text(L, ":");
            /* by unit: "box 7 has 4 and 8 only there" */
            lmask left = need;
            while (left) {
                int u = why[lfirst(left)];
                lmask same = 0;
                for (lmask dm = left; dm; dm &= dm - 1)
                    same |= why[lfirst(dm)] == u ? dm & -dm : 0;
                char name[64];
                logic_unitname(L, u, name, sizeof name);
                lstep_text(L, "%s %s has ", left == need ? "" : ",", name);
                for (lmask dm = same; dm; dm &= dm - 1)
                    lstep_text(L, "%s%d", dm == same ? "" : (dm & (dm - 1)) ? ", " : " and ",
                               lfirst(dm) + 1);
                lstep_text(L, " only there");
                left &= ~same;
            }
            lstep_text(L, ")");
        }
        lstep_text(L, ", so ");
        char a[24];
        int first = 1;
        for (int i = 0; i < g->m; i++) {
            lmask d = L->val[g->cells[i]] ? 0 : L->cand[g->cells[i]] & ~sup[i];
            if (!d)
                continue;
            logic_cellname(L, g->cells[i], a, sizeof a);
            lstep_text(L, "%s%s is not ", first ? "" : ", ", a);
            for (int f = 1; d; d &= d - 1, f = 0)
                lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
            first = 0;
        }
        return 1;
    }
    return 0;
}

int logic_var_cage_locked(doku_logic *L)
{
    struct logic_variant *V = L->var;
    for (int c = 0; c < V->ncages; c++) {
        const lvar_cage *g = &V->cages[c];
        if (g->m > CAGE_MAX || g->ncombos > 1024)
            continue;
        lmask fits[1024], sup[CAGE_MAX], placed = 0;
        int nf = cage_fits(L, g, cage_needs(L, g, NULL), fits, sup);
        if (nf == 0)
            continue;
        lmask need = ~(lmask)0;
        for (int k = 0; k < nf; k++)
            need &= fits[k];
        for (int i = 0; i < g->m; i++)
            placed |= L->val[g->cells[i]] ? LBIT(L->val[g->cells[i]]) : 0;
        for (lmask dm = need & ~placed; dm; dm &= dm - 1) {
            int d = lfirst(dm) + 1, at[CAGE_MAX], k = 0;
            for (int i = 0; i < g->m; i++)
                if (L->cand[g->cells[i]] & LBIT(d))
                    at[k++] = g->cells[i];
            if (k == 0)
                continue;
            if (k == 1) {
                lstep_begin(L, DOKU_TECH_CAGE_COMBINATION, 26, "Cage Combination (locked digit)");
                lstep_place(L, at[0], d);
            } else {
                lstep_begin(L, DOKU_TECH_CAGE_COMBINATION, 26, "Cage Combination (locked digit)");
                for (int p = 0; p < L->nc; p++) {
                    if (L->val[p] || !(L->cand[p] & LBIT(d)) || V->cage_of[p] == c)
                        continue;
                    int all = 1;
                    for (int j = 0; j < k && all; j++)
                        all = lvar_must_differ(L, p, at[j]);
                    if (all)
                        lstep_elim(L, p, d);
                }
                if (L->step.elim.n == 0) {
                    L->step.valid = 0;
                    continue;
                }
            }
            for (int j = 0; j < k; j++)
                lstep_proof(L, at[j], d);
            lvar_text_con(L, g->con);
            lstep_text(L, ": ");
            if (nf == 1) {
                lstep_text(L, "only ");
                logic_text_set(L, fits[0]);
                lstep_text(L, " fits, so it holds %d, ", d);
            } else {
                lstep_text(L, "every digit set that fits holds %d, ", d);
            }
            if (k == 1) {
                char a[24];
                logic_cellname(L, at[0], a, sizeof a);
                lstep_text(L, "and only %s can take it, so %s is %d", a, a, d);
            } else {
                lstep_text(L, "which can only go in ");
                lstep_text_cells(L, at, k, ",", NULL);
                lstep_text(L, ", so ");
                char a[24];
                for (size_t e = 0; e < L->step.elim.n; e++) {
                    logic_cellname(L, L->step.elim.v[e].cell, a, sizeof a);
                    lstep_text(L, "%s%s", e ? "," : "", a);
                }
                lstep_text(L, L->step.elim.n == 1 ? " is not %d" : " are not %d", d);
            }
            return 1;
        }
    }
    return 0;
}
