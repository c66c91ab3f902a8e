/*
 * variant_pair.c — two cages whose cells all differ (both in one unit,
 * or every cell of one sees every cell of the other) share no digit, so
 * a digit set of the one fits only beside a set of the other that it
 * does not meet (DOKU_TECH_CAGE_COMBINATION, 2.7): "cage r1c1,r1c2 (sum
 * 10) beside cage r1c3,r1c4 (sum 4): their cells all differ, so only
 * {1,9}, {2,8} and {3,7} fit the first beside {1,3} of the second, so
 * r1c1 is not 4,6".
 *
 * Design: each cage's fitting sets are those of the cage step
 * (lvar_cage_support, locked digits of its units included); a set of the
 * first cage survives when some fitting set of the second is disjoint
 * from it; the first cage's cells then keep the digits the surviving
 * sets can give them (the same matching rule on a copy of the cage that
 * lists only those sets). Which cage pairs differ everywhere is fixed by
 * the constraints and worked out once per context; a pair that found
 * nothing remembers the state of its cells.
 */
#include "variant_internal.h"

#include <stdlib.h>
#include <string.h>

enum { PAIR_SETS = 1024, PAIR_CELLS = 16 };

/* 1 when every cell of a must differ from every cell of b. */
static int all_differ(const doku_logic *L, const lvar_cage *a, const lvar_cage *b)
{
    for (int i = 0; i < a->m; i++)
        for (int j = 0; j < b->m; j++)
            if (!lvar_must_differ(L, a->cells[i], b->cells[j]))
                return 0;
    return 1;
}

/* The fitting sets of cage g into out; @return how many, -1 too large. */
static int fitting(const doku_logic *L, const lvar_cage *g, lmask *out)
{
    if (g->m > PAIR_CELLS || g->ncombos > PAIR_SETS)
        return -1;
    lmask need = lvar_cage_needs(L, g, NULL), sup[PAIR_CELLS];
    int k = 0;
    for (int c = 0; c < g->ncombos; c++) {
        if ((g->combos[c] & need) != need)
            continue;
        lvar_cage one = *g;
        one.combos = (lmask *)&g->combos[c];
        one.ncombos = 1;
        if (lvar_cage_support(L, &one, need, sup) > 0)
            out[k++] = g->combos[c];
    }
    return k;
}

static void text_sets(doku_logic *L, const lmask *sets, int k)
{
    if (k > 4) {
        lstep_text(L, "%d digit sets", k);
        return;
    }
    for (int i = 0; i < k; i++) {
        lstep_text(L, "%s", i == 0 ? "" : i == k - 1 ? " and " : ", ");
        logic_text_set(L, sets[i]);
    }
}

/* What a pair's step depends on: its cells and the digits their units
 * lock into each cage. */
static uint64_t pair_hash(const doku_logic *L, const lvar_cage *a, const lvar_cage *b)
{
    uint64_t h = lvar_hash(L, a->cells, a->m) * 0x9e3779b97f4a7c15ull;
    h = (h ^ lvar_hash(L, b->cells, b->m)) * 0xff51afd7ed558ccdull;
    h = (h ^ lvar_cage_needs(L, a, NULL)) * 0x9e3779b97f4a7c15ull;
    return (h ^ lvar_cage_needs(L, b, NULL)) | 1;
}

/* The pair (a, b): a step when b's sets rule out some of a's. */
static int try_pair(doku_logic *L, int ia, int ib, lmask *fa, lmask *fb, lmask *keep)
{
    struct logic_variant *V = L->var;
    const lvar_cage *a = &V->cages[ia], *b = &V->cages[ib];
    int na = fitting(L, a, fa), nb = fitting(L, b, fb), nk = 0;
    if (na <= 0 || nb <= 0)
        return 0; /* none fits: the cage step says so itself */
    uint8_t used[PAIR_SETS] = {0}; /* b's sets some kept set of a stands beside */
    for (int i = 0; i < na; i++) {
        int ok = 0;
        for (int j = 0; j < nb; j++)
            if (!(fa[i] & fb[j])) {
                ok = 1;
                used[j] = 1;
            }
        if (ok)
            keep[nk++] = fa[i];
    }
    if (nk == na)
        return 0;
    lmask sup[PAIR_CELLS], need = lvar_cage_needs(L, a, NULL);
    lvar_cage only = *a;
    only.combos = keep;
    only.ncombos = nk;
    if (nk == 0) {
        for (int i = 0; i < a->m; i++)
            sup[i] = 0;
    } else if (lvar_cage_support(L, &only, need, sup) < 0) {
        return 0;
    }
    int any = 0;
    for (int i = 0; i < a->m && !any; i++)
        any = !L->val[a->cells[i]] && (L->cand[a->cells[i]] & ~sup[i]);
    if (!any)
        return 0;
    lstep_begin(L, DOKU_TECH_CAGE_COMBINATION, 27, "Cage Combination (pair)");
    for (int i = 0; i < a->m; i++)
        if (!L->val[a->cells[i]])
            for (lmask d = L->cand[a->cells[i]] & ~sup[i]; d; d &= d - 1)
                lstep_elim(L, a->cells[i], lfirst(d) + 1);
    for (int j = 0; j < b->m; j++)
        if (!L->val[b->cells[j]])
            for (lmask d = L->cand[b->cells[j]]; d; d &= d - 1)
                lstep_proof(L, b->cells[j], lfirst(d) + 1);
    lvar_text_con(L, a->con);
    lstep_text(L, " beside ");
    lvar_text_con(L, b->con);
    lstep_text(L, ": their cells all differ, so they share no digit; ");
    if (nk == 0) {
        lstep_text(L, "no set of the first fits beside ");
        text_sets(L, fb, nb);
        lstep_text(L, " of the second");
    } else {
        lstep_text(L, "only ");
        text_sets(L, keep, nk);
        lstep_text(L, " of the first %s beside ", nk == 1 ? "fits" : "fit");
        lmask shown[PAIR_SETS];
        int ns = 0;
        for (int j = 0; j < nb; j++)
            if (used[j])
                shown[ns++] = fb[j];
        text_sets(L, shown, ns);
        lstep_text(L, " of the second");
    }
    lstep_text(L, ", so ");
    char nm[24];
    int first = 1;
    for (int i = 0; i < a->m; i++) {
        lmask d = L->val[a->cells[i]] ? 0 : L->cand[a->cells[i]] & ~sup[i];
        if (!d)
            continue;
        logic_cellname(L, a->cells[i], nm, sizeof nm);
        lstep_text(L, "%s%s is not ", first ? "" : ", ", nm);
        for (int f = 1; d; d &= d - 1, f = 0)
            lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
        first = 0;
    }
    return 1;
}

int logic_var_cage_pairs(doku_logic *L)
{
    struct logic_variant *V = L->var;
    int nc = V->ncages;
    if (nc < 2)
        return 0;
    if (!V->pair_differ) {
        V->pair_differ = calloc((size_t)nc * (size_t)nc, 1);
        V->pair_memo = calloc((size_t)nc * (size_t)nc, sizeof(uint64_t));
        if (!V->pair_differ || !V->pair_memo) {
            free(V->pair_differ);
            free(V->pair_memo);
            V->pair_differ = NULL;
            V->pair_memo = NULL;
            return logic_nomem(L);
        }
        for (int a = 0; a < nc; a++)
            for (int b = 0; b < nc; b++)
                V->pair_differ[a * nc + b] =
                    (uint8_t)(a != b && all_differ(L, &V->cages[a], &V->cages[b]) ? 1 : 2);
    }
    lmask *buf = malloc(sizeof(lmask) * PAIR_SETS * 3);
    if (!buf)
        return logic_nomem(L);
    int found = 0;
    for (int a = 0; a < nc && !found; a++)
        for (int b = 0; b < nc && !found; b++) {
            if (V->pair_differ[a * nc + b] != 1)
                continue;
            uint64_t h = pair_hash(L, &V->cages[a], &V->cages[b]);
            if (V->pair_memo[a * nc + b] == h)
                continue;
            found = try_pair(L, a, b, buf, buf + PAIR_SETS, buf + 2 * PAIR_SETS);
            if (!found)
                V->pair_memo[a * nc + b] = h;
        }
    free(buf);
    return found;
}
