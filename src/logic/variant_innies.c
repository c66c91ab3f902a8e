/*
 * variant_innies.c — the 45 rule (DOKU_TECH_INNIES_OUTIES): the digits of
 * a unit sum to n(n+1)/2 (45 on 9x9), those of k disjoint units to k times
 * that. Take away the killer cages wholly inside such an area and the
 * cells left inside (the innies) have a known sum; when every innie lies
 * in a cage that sticks out, the cells sticking out (the outies) have a
 * known sum too. A few cells with a known sum lose the digits no filling
 * allows, and a lone innie or outie is placed.
 *
 * Design: the areas (every unit, runs of adjacent rows, columns and boxes)
 * are listed once (variant.c); a step is taken only for at most four open
 * cells, the sums a person adds up. The lowest rating wins: innies of one
 * unit 2.8, outies of one unit or innies of several 3.0, outies of
 * several 3.2. No rule runs when two sum cages share a cell.
 */
#include "variant_internal.h"

#include <string.h>

enum { INNIE_MAX = 4 };

static int in_area(const lvar_area *a, int c) { return (int)((a->in[c >> 6] >> (c & 63)) & 1u); }

typedef struct innie_set {
    int cells[INNIE_MAX];
    int k;
    int sum;        /* of the open cells */
    lrate rating;
    int outies;
    const lvar_area *area;
    lmask sup[INNIE_MAX];
} innie_set;

/* The open cells of cells[0..m) into set (at most INNIE_MAX) and the sum
 * they must make. @return 1 when they fit the limit and there is one. */
static int open_cells(const doku_logic *L, const int *cells, int m, int sum, innie_set *set)
{
    set->k = 0;
    for (int i = 0; i < m; i++) {
        if (L->val[cells[i]]) {
            sum -= L->val[cells[i]];
            continue;
        }
        if (set->k == INNIE_MAX)
            return 0;
        set->cells[set->k++] = cells[i];
    }
    set->sum = sum;
    return set->k > 0;
}

/* The sum rule on set: 1 when it removes something. */
static int eliminates(const doku_logic *L, innie_set *set)
{
    lmask dom[INNIE_MAX];
    uint8_t pairs[INNIE_MAX * INNIE_MAX];
    for (int i = 0; i < set->k; i++) {
        dom[i] = L->cand[set->cells[i]];
        for (int j = 0; j < set->k; j++)
            pairs[i * set->k + j] = (uint8_t)lvar_must_differ(L, set->cells[i], set->cells[j]);
    }
    if (lvar_sum_support(dom, set->k, pairs, set->sum, set->sup) < 0)
        return 0;
    for (int i = 0; i < set->k; i++)
        if (dom[i] & ~set->sup[i])
            return 1;
    return 0;
}

static void emit(doku_logic *L, const innie_set *set)
{
    lstep_begin(L, DOKU_TECH_INNIES_OUTIES, set->rating, set->outies ? "Outies" : "Innies");
    char a[24];
    int lone = set->k == 1 && lpop(set->sup[0]) == 1;
    if (lone)
        lstep_place(L, set->cells[0], lfirst(set->sup[0]) + 1);
    else
        for (int i = 0; i < set->k; i++)
            for (lmask d = L->cand[set->cells[i]] & ~set->sup[i]; d; d &= d - 1)
                lstep_elim(L, set->cells[i], lfirst(d) + 1);
    lstep_text(L, "45 rule on %s: ", set->area->name);
    lstep_text_cells(L, set->cells, set->k, ",", NULL);
    if (set->outies)
        lstep_text(L, set->k == 1 ? ", the open cell of its cages outside it,"
                                  : ", the open cells of its cages outside it,");
    else
        lstep_text(L, set->k == 1 ? ", the open cell inside it that its cages leave,"
                                  : ", the open cells inside it that its cages leave,");
    if (lone) {
        logic_cellname(L, set->cells[0], a, sizeof a);
        lstep_text(L, " %s %d, so %s is %d", "must be", set->sum, a, set->sum);
        return;
    }
    lstep_text(L, set->k == 1 ? " is %d, so " : " sum to %d, so ", set->sum);
    int first = 1;
    for (int i = 0; i < set->k; i++) {
        lmask d = L->cand[set->cells[i]] & ~set->sup[i];
        if (!d)
            continue;
        logic_cellname(L, set->cells[i], a, sizeof a);
        lstep_text(L, "%s%s is not ", first ? "" : ", ", a);
        for (int f = 1; d; d &= d - 1, f = 0)
            lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
        first = 0;
    }
}

int logic_var_innies(doku_logic *L)
{
    struct logic_variant *V = L->var;
    if (!V->nareas)
        return 0;
    int nc = L->nc;
    innie_set best, cur;
    best.k = 0;
    best.rating = 1000;
    /* sum cages share no cell here, so there are at most nc of them */
    uint8_t flags[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int inn[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int out[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    for (int ai = 0; ai < V->nareas; ai++) {
        const lvar_area *a = &V->areas[ai];
        lrate base = a->nunits > 1 ? 30 : 28;
        if (base >= best.rating)
            continue;
        /* each cage: 0 outside, 1 wholly inside, 2 partly */
        memset(flags, 0, (size_t)V->ncages);
        int s_in = 0, s_part = 0;
        for (int c = 0; c < V->ncages; c++) {
            const lvar_cage *g = &V->cages[c];
            int k = 0;
            for (int i = 0; i < g->m; i++)
                k += in_area(a, g->cells[i]);
            if (k == 0)
                continue;
            flags[c] = (uint8_t)(k == g->m ? 1 : 2);
            if (k == g->m)
                s_in += g->sum;
            else
                s_part += g->sum;
        }
        int ni = 0, no = 0, uncaged = 0;
        for (int p = 0; p < nc; p++) {
            int g = V->cage_of[p];
            if (in_area(a, p)) {
                if (g < 0 || flags[g] != 1) {
                    inn[ni++] = p;
                    uncaged += g < 0;
                }
            } else if (g >= 0 && flags[g] == 2) {
                out[no++] = p;
            }
        }
        if (ni == 0)
            continue;
        int t_in = a->total - s_in;
        cur.area = a;
        cur.outies = 0;
        cur.rating = base;
        if (open_cells(L, inn, ni, t_in, &cur) && eliminates(L, &cur)) {
            best = cur;
            continue;
        }
        if (uncaged || no == 0 || base + 2 >= best.rating)
            continue;
        cur.outies = 1;
        cur.rating = base + 2;
        if (open_cells(L, out, no, s_part - t_in, &cur) && eliminates(L, &cur))
            best = cur;
    }
    if (best.rating == 1000)
        return 0;
    emit(L, &best);
    return 1;
}
