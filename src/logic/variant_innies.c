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
 * are listed once (variant.c). The lowest rating wins: innies of one
 * unit 2.8, outies of one unit or innies of several 3.0, outies of
 * several 3.2, and 0.4 more for more than four open cells (a virtual
 * cage: the sum rule with the cells different where they share a unit;
 * its search has a node budget, past which it concludes nothing). No
 * rule runs when two sum cages share a cell.
 */
#include "variant_internal.h"

#include <string.h>

/* INNIE_SMALL open cells: a sum a person adds up; up to INNIE_MAX (a
 * unit's worth on 9x9): a virtual cage of known sum whose cells differ
 * where they share a unit, rated one step (0.4) above. */
enum { INNIE_SMALL = 4, INNIE_MAX = 9, INNIE_VIRTUAL = 4 };

static int in_area(const lvar_area *a, int c) { return (int)((a->in[c >> 6] >> (c & 63)) & 1u); }

typedef struct innie_set {
    int cells[INNIE_MAX];
    int k;
    int sum;        /* of the open cells */
    lrate rating;
    int outies;     /* 1: outies; 2: innies minus outies (cells[0..nin) in) */
    int nin;
    const lvar_area *area;
    lmask sup[INNIE_MAX];
} innie_set;

/* The open cells of cells[0..m) into set (at most INNIE_MAX) and the sum
 * they must make. @return 1 when they fit the limit and there is one. */
static int open_cells(const doku_logic *L, const int *cells, int m, int sum, innie_set *set)
{
    enum { CAP = INNIE_MAX };
    set->k = 0;
    for (int i = 0; i < m; i++) {
        if (L->val[cells[i]]) {
            sum -= L->val[cells[i]];
            continue;
        }
        if (set->k == CAP)
            return 0;
        set->cells[set->k++] = cells[i];
    }
    set->sum = sum;
    return set->k > 0;
}

/* d -> n+1-d on every digit of m: an outie taken away is a mirrored
 * digit added, so a difference is a sum too. */
static lmask mirror(lmask m, int n)
{
    lmask r = 0;
    for (; m; m &= m - 1)
        r |= LBIT(n - lfirst(m));
    return r;
}

/* The sum rule on set (a difference: its outies mirrored): 1 when it
 * removes something. */
static int eliminates(const doku_logic *L, innie_set *set)
{
    lmask dom[INNIE_MAX];
    uint8_t pairs[INNIE_MAX * INNIE_MAX];
    int diff = set->outies == 2, sum = set->sum;
    for (int i = 0; i < set->k; i++) {
        int out = diff && i >= set->nin;
        dom[i] = out ? mirror(L->cand[set->cells[i]], L->n) : L->cand[set->cells[i]];
        sum += out ? L->n + 1 : 0;
        /* an innie and a mirrored outie: their "differ" is not a rule on
         * the mirrored digits, so it is left out (a weaker rule, sound) */
        for (int j = 0; j < set->k; j++)
            pairs[i * set->k + j] = (uint8_t)((!diff || (i < set->nin) == (j < set->nin)) &&
                                              lvar_must_differ(L, set->cells[i], set->cells[j]));
    }
    if (lvar_sum_support(dom, set->k, pairs, sum, set->sup, &L->var->spent) < 0)
        return 0;
    for (int i = set->nin; diff && i < set->k; i++)
        set->sup[i] = mirror(set->sup[i], L->n);
    for (int i = 0; i < set->k; i++)
        if (dom[i] & ~set->sup[i])
            return 1;
    return 0;
}

/* Rates cur (a virtual cage past INNIE_SMALL cells) and keeps it in best
 * when it is easier and removes something. @return 1 when kept. */
static int better(const doku_logic *L, innie_set *cur, innie_set *best)
{
    if (cur->k > INNIE_SMALL)
        cur->rating += INNIE_VIRTUAL;
    if (cur->rating >= best->rating || !eliminates(L, cur))
        return 0;
    *best = *cur;
    return 1;
}

static void emit(doku_logic *L, const innie_set *set)
{
    static const char *const names[] = {"Innies", "Outies", "Innies minus Outies"};
    lstep_begin(L, DOKU_TECH_INNIES_OUTIES, set->rating, names[set->outies]);
    char a[24];
    int lone = set->k == 1 && lpop(set->sup[0]) == 1;
    if (lone)
        lstep_place(L, set->cells[0], lfirst(set->sup[0]) + 1);
    else
        for (int i = 0; i < set->k; i++)
            for (lmask d = L->cand[set->cells[i]] & ~set->sup[i]; d; d &= d - 1)
                lstep_elim(L, set->cells[i], lfirst(d) + 1);
    lstep_text(L, "45 rule on %s: ", set->area->name);
    if (set->outies == 2) {
        lstep_text_cells(L, set->cells, set->nin, ",", NULL);
        lstep_text(L, " (in no cage) minus ");
        lstep_text_cells(L, set->cells + set->nin, set->k - set->nin, ",", NULL);
        lstep_text(L, " (its cages' %s outside it) is %d%s, so ",
                   set->k - set->nin == 1 ? "cell" : "cells", set->sum,
                   set->k > INNIE_SMALL ? " (a virtual cage: different digits where they share a unit)"
                                        : "");
    } else {
        lstep_text_cells(L, set->cells, set->k, ",", NULL);
        if (set->outies)
            lstep_text(L, set->k == 1 ? ", the open cell of its cages outside it,"
                                      : ", the open cells of its cages outside it,");
        else
            lstep_text(L, set->k == 1 ? ", the open cell inside it that its cages leave,"
                                      : ", the open cells inside it that its cages leave,");
        if (lone) {
            logic_cellname(L, set->cells[0], a, sizeof a);
            lstep_text(L, " must be %d, so %s is %d", set->sum, a, set->sum);
            return;
        }
        lstep_text(L, set->k == 1 ? " is %d" : " sum to %d", set->sum);
        if (set->k > INNIE_SMALL)
            lstep_text(L, " (a virtual cage: different digits where they share a unit)");
        lstep_text(L, ", so ");
    }
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

int lvar_area_split(const doku_logic *L, const lvar_area *a, uint8_t *flags, int *inn, int *ni,
                    int *unc, int *uncaged, int *out, int *no, int *s_part)
{
    const struct logic_variant *V = L->var;
    /* each cage: 0 outside, 1 wholly inside, 2 partly */
    memset(flags, 0, (size_t)V->ncages);
    int s_in = 0;
    *s_part = 0;
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
            *s_part += g->sum;
    }
    *ni = *no = *uncaged = 0;
    for (int p = 0; p < L->nc; p++) {
        int g = V->cage_of[p];
        if (in_area(a, p)) {
            if (g < 0 || flags[g] != 1)
                inn[(*ni)++] = p;
            if (g < 0)
                unc[(*uncaged)++] = p;
        } else if (g >= 0 && flags[g] == 2) {
            out[(*no)++] = p;
        }
    }
    return a->total - s_in;
}

int logic_var_innies(doku_logic *L)
{
    struct logic_variant *V = L->var;
    if (!V->nareas)
        return 0;
    innie_set best, cur;
    best.k = 0;
    best.rating = 1000;
    /* sum cages share no cell here, so there are at most nc of them */
    uint8_t flags[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int inn[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int unc[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int out[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    for (int ai = 0; ai < V->nareas; ai++) {
        const lvar_area *a = &V->areas[ai];
        lrate base = a->nunits > 1 ? 30 : 28;
        if (base >= best.rating)
            continue;
        int ni, no, uncaged, s_part;
        int t_in = lvar_area_split(L, a, flags, inn, &ni, unc, &uncaged, out, &no, &s_part);
        if (ni == 0)
            continue;
        cur.area = a;
        cur.outies = 0;
        cur.rating = base;
        if (open_cells(L, inn, ni, t_in, &cur) && better(L, &cur, &best) && best.rating == base)
            continue;
        if (no == 0 || base + 2 >= best.rating)
            continue;
        if (!uncaged) {
            cur.outies = 1;
            cur.rating = base + 2;
            if (open_cells(L, out, no, s_part - t_in, &cur))
                better(L, &cur, &best);
            continue;
        }
        /* the cells in no cage minus the outies: t_in - s_part */
        if (base + 4 >= best.rating)
            continue;
        innie_set ua, ob;
        if (!open_cells(L, unc, uncaged, 0, &ua) || !open_cells(L, out, no, 0, &ob) ||
            ua.k + ob.k > INNIE_MAX)
            continue;
        cur.outies = 2;
        cur.rating = base + 4;
        cur.nin = ua.k;
        cur.k = ua.k + ob.k;
        memcpy(cur.cells, ua.cells, sizeof(int) * (size_t)ua.k);
        memcpy(cur.cells + ua.k, ob.cells, sizeof(int) * (size_t)ob.k);
        cur.sum = t_in - s_part + ua.sum - ob.sum; /* ua.sum, ob.sum: minus the placed */
        better(L, &cur, &best);
    }
    if (best.rating == 1000)
        return 0;
    emit(L, &best);
    return 1;
}
