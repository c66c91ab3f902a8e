/*
 * variant_split.c — cage splitting (DOKU_TECH_INNIES_OUTIES, "Cage
 * Splitting"): the killer cages partly inside an area of the 45 rule
 * (every unit, runs of rows, columns, boxes) split in two. The parts
 * inside, with the few open cells inside in no cage, sum to the area's
 * remainder (its total less its whole cages and placed digits), while
 * each cage still sums to its clue. Both at once, over the cages' cells
 * (all different within a cage, and where they share a unit), remove
 * what no filling allows ("45 rule on row 3: r3c7-r3c9 of cage
 * r3c7-r3c9,r4c9 (sum 20) and r3c1 of cage ... sum to 14, ...").
 *
 * Design: the innies rule (variant_innies.c) sees the inside sum alone
 * and the cage rule (variant_cage.c) each cage's sum alone; this joins
 * them, so it runs after both, rated 0.2 above innies (3.0 one unit, 3.2
 * several). At most SPLIT_CAGES cages and SPLIT_CELLS cells; one
 * depth-first search per candidate not yet seen in a filling, with a node
 * budget past which it concludes nothing (always sound).
 */
#include "variant_internal.h"

#include <string.h>

enum { SPLIT_CAGES = 3, SPLIT_CELLS = 14, SPLIT_OTHER = 3, SPLIT_NODES = 20000 };

/* The split cages' cells, cage by cage, then the open cells inside the
 * area that no cage holds. */
typedef struct split_ctx {
    int m, np;
    int part[SPLIT_CAGES];     /* cage index of each split cage */
    int cell[SPLIT_CELLS];
    int cg[SPLIT_CELLS];       /* slot in part, -1: in no cage */
    int last[SPLIT_CELLS];     /* 1: the last cell of its cage */
    lmask dom[SPLIT_CELLS];
    uint8_t in[SPLIT_CELLS];   /* 1: inside the area */
    uint8_t pairs[SPLIT_CELLS * SPLIT_CELLS]; /* must differ */
    int val[SPLIT_CELLS];
    int left[SPLIT_CAGES];     /* what each cage's cells must still make */
    long nodes;
} split_ctx;

/* One filling of cells k.. with left_in the rest of the inside sum.
 * @return 1 found, 0 none, -1 over budget. */
static int dfs(split_ctx *x, int k, int left_in)
{
    if (++x->nodes > SPLIT_NODES)
        return -1;
    if (k == x->m)
        return left_in == 0;
    int g = x->cg[k];
    for (lmask d = x->dom[k]; d; d &= d - 1) {
        int v = lfirst(d) + 1, clash = 0;
        for (int j = 0; j < k && !clash; j++)
            clash = x->pairs[k * x->m + j] && x->val[j] == v;
        if (clash || (x->in[k] && v > left_in))
            continue;
        if (g >= 0 && (v > x->left[g] || (x->last[k] && v != x->left[g])))
            continue;
        x->val[k] = v;
        if (g >= 0)
            x->left[g] -= v;
        int r = dfs(x, k + 1, left_in - (x->in[k] ? v : 0));
        if (g >= 0)
            x->left[g] += v;
        if (r)
            return r;
    }
    return 0;
}

/* Each cell's digits that some filling supports into ok. @return 1 when
 * some filling exists, 0 none, -1 over budget. */
static int support_search(const doku_logic *L, split_ctx *x, int sum_in, lmask *ok)
{
    lmask dom0[SPLIT_CELLS];
    memcpy(dom0, x->dom, sizeof dom0);
    for (int s = 0; s < x->np; s++)
        x->left[s] = L->var->cages[x->part[s]].sum;
    for (int i = 0; i < x->m; i++)
        ok[i] = 0;
    int any = 0;
    for (int i = 0; i < x->m; i++)
        for (lmask d = dom0[i] & ~ok[i]; d; d &= d - 1) {
            if (ok[i] & (d & -d))
                continue;
            x->dom[i] = d & -d;
            int r = dfs(x, 0, sum_in);
            x->dom[i] = dom0[i];
            if (r < 0)
                return -1;
            if (r) {
                any = 1;
                for (int j = 0; j < x->m; j++)
                    ok[j] |= LBIT(x->val[j]);
            }
        }
    return any;
}

/* support_search, its nodes counted in the context's work
 * (logic_past_deadline folds V->spent into work units). */
static int support(const doku_logic *L, split_ctx *x, int sum_in, lmask *ok)
{
    long before = x->nodes;
    int r = support_search(L, x, sum_in, ok);
    L->var->spent += (uint64_t)(x->nodes - before);
    return r;
}

static int in_area(const lvar_area *a, int c) { return (int)((a->in[c >> 6] >> (c & 63)) & 1u); }

/* The step for area a and x (its inside cells summing to sum_in). */
static void emit(doku_logic *L, const lvar_area *a, const split_ctx *x, int sum_in,
                 const lmask *ok, lrate rating)
{
    const struct logic_variant *V = L->var;
    lstep_begin(L, DOKU_TECH_INNIES_OUTIES, rating, "Cage Splitting");
    for (int i = 0; i < x->m; i++)
        if (!L->val[x->cell[i]])
            for (lmask d = x->dom[i] & ~ok[i]; d; d &= d - 1)
                lstep_elim(L, x->cell[i], lfirst(d) + 1);
    lstep_text(L, "45 rule on %s: ", a->name);
    int cells[SPLIT_CELLS];
    for (int s = 0; s < x->np; s++) {
        int k = 0;
        for (int i = 0; i < x->m; i++)
            if (x->cg[i] == s && x->in[i])
                cells[k++] = x->cell[i];
        lstep_text(L, "%s", s ? ", " : "");
        lstep_text_cells(L, cells, k, ",", NULL);
        lstep_text(L, " of ");
        lvar_text_con(L, V->cages[x->part[s]].con);
    }
    int k = 0;
    for (int i = 0; i < x->m; i++)
        if (x->cg[i] < 0)
            cells[k++] = x->cell[i];
    if (k) {
        lstep_text(L, " and ");
        lstep_text_cells(L, cells, k, ",", NULL);
        lstep_text(L, " (in no cage)");
    }
    lstep_text(L, " sum to %d, the rest of %s being whole cages or placed digits; with %s "
                  "sums no filling allows more, so ",
               sum_in, a->name, x->np == 1 ? "the cage's" : "the cages'");
    char b[24];
    int first = 1;
    for (int i = 0; i < x->m; i++) {
        lmask d = L->val[x->cell[i]] ? 0 : x->dom[i] & ~ok[i];
        if (!d)
            continue;
        logic_cellname(L, x->cell[i], b, sizeof b);
        lstep_text(L, "%s%s is not ", first ? "" : ", ", b);
        for (int f = 1; d; d &= d - 1, f = 0)
            lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
        first = 0;
    }
}

/* Builds x for area a: its split cages and open cells in no cage, and
 * the inside sum into *rest. @return 1 when it fits the limits and some
 * cage is split with an open cell inside. */
static int build(const doku_logic *L, const lvar_area *a, split_ctx *x, int *rest)
{
    const struct logic_variant *V = L->var;
    int sum = a->total, open_split = 0;
    x->m = x->np = 0;
    x->nodes = 0;
    for (int c = 0; c < V->ncages; c++) {
        const lvar_cage *g = &V->cages[c];
        int k = 0, open_in = 0;
        for (int i = 0; i < g->m; i++)
            if (in_area(a, g->cells[i])) {
                k++;
                open_in += !L->val[g->cells[i]];
            }
        if (k == g->m) {
            sum -= g->sum;
            continue;
        }
        if (!k)
            continue;
        if (!open_in) {
            for (int i = 0; i < g->m; i++)
                sum -= in_area(a, g->cells[i]) ? L->val[g->cells[i]] : 0;
            continue;
        }
        if (x->np == SPLIT_CAGES || x->m + g->m > SPLIT_CELLS)
            return 0;
        for (int i = 0; i < g->m; i++) {
            x->cell[x->m] = g->cells[i];
            x->cg[x->m] = x->np;
            x->last[x->m] = i == g->m - 1;
            x->m++;
        }
        x->part[x->np++] = c;
        open_split = 1;
    }
    int others = 0;
    for (int p = 0; p < L->nc; p++) {
        if (!in_area(a, p) || V->cage_of[p] >= 0)
            continue;
        if (L->val[p]) {
            sum -= L->val[p];
            continue;
        }
        if (others == SPLIT_OTHER || x->m == SPLIT_CELLS)
            return 0;
        others++;
        x->cell[x->m] = p;
        x->cg[x->m] = -1;
        x->last[x->m] = 0;
        x->m++;
    }
    for (int i = 0; i < x->m; i++) {
        x->dom[i] = lvar_dom(L, x->cell[i]);
        x->in[i] = (uint8_t)in_area(a, x->cell[i]);
        x->val[i] = 0;
        for (int j = 0; j < x->m; j++)
            x->pairs[i * x->m + j] =
                (uint8_t)(i != j && ((x->cg[i] >= 0 && x->cg[i] == x->cg[j]) ||
                                     lvar_must_differ(L, x->cell[i], x->cell[j])));
    }
    *rest = sum;
    return open_split;
}

int logic_var_split(doku_logic *L)
{
    struct logic_variant *V = L->var;
    if (!V->nareas)
        return 0;
    for (int pass = 0; pass < 2; pass++) /* one unit first, then several */
        for (int ai = 0; ai < V->nareas; ai++) {
            const lvar_area *a = &V->areas[ai];
            if ((a->nunits > 1) != pass)
                continue;
            split_ctx x;
            int rest;
            if (!build(L, a, &x, &rest))
                continue;
            lmask sup[SPLIT_CELLS];
            if (support(L, &x, rest, sup) <= 0)
                continue;
            int any = 0;
            for (int i = 0; i < x.m && !any; i++)
                any = !L->val[x.cell[i]] && (x.dom[i] & ~sup[i]);
            if (!any)
                continue;
            emit(L, a, &x, rest, sup, pass ? 32 : 30);
            return 1;
        }
    return 0;
}
