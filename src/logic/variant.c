/*
 * variant.c — a logic context's view of a variant puzzle's constraints:
 * the extra units, the cells that must differ beyond the units, the
 * killer cages and their combinations, the areas of the 45 rule, the
 * givens check and the reference search.
 *
 * Design: everything here depends only on the constraint list and is
 * built once when the context is created; a load only checks givens and
 * finds the reference solution. An all-different set of n cells is a
 * unit like any other (hidden singles, fish and chains use it); a smaller
 * one (a cage, anti-knight, anti-king) only takes a placed digit from the
 * cells it joins, as a unit's peers lose it.
 */
#include "variant_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 1 when the n cells (in any order) are already one of the units. */
static int same_unit(const doku_shape *s, const uint16_t *cells, const uint16_t *units, int nu,
                     uint8_t *mark)
{
    int n = s->n, found = 0;
    for (int i = 0; i < n; i++)
        mark[cells[i]] = 1;
    for (int u = 0; u < nu && !found; u++) {
        int all = 1;
        for (int i = 0; i < n && all; i++)
            all = mark[units[(size_t)u * n + i]];
        found = all;
    }
    for (int i = 0; i < n; i++)
        mark[cells[i]] = 0;
    return found;
}

/* The extra units: cages, regions and renbans of n cells, and the
 * disjoint groups; then the extended shape. */
static doku_status build_units(struct logic_variant *V)
{
    const doku_shape *s = doku_constraints_shape(V->cs);
    int n = s->n, nc = s->ncells;
    size_t count = doku_constraints_count(V->cs);
    int cap = (int)count + n, k = 0;
    uint16_t *extra = malloc(sizeof(uint16_t) * (size_t)(cap + s->nunits) * (size_t)n);
    uint8_t *mark = calloc((size_t)nc, 1);
    V->extra_con = malloc(sizeof(int) * (size_t)cap);
    if (!extra || !mark || !V->extra_con) {
        free(extra);
        free(mark);
        return DOKU_ERR_NOMEM;
    }
    /* the base units first in the same array, to compare against */
    memcpy(extra, s->unit_cells, sizeof(uint16_t) * (size_t)s->nunits * (size_t)n);
    uint16_t *mine = extra + (size_t)s->nunits * n;
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        doku_constraints_get(V->cs, i, &c);
        int distinct = c.kind == DOKU_CON_CAGE || c.kind == DOKU_CON_REGION ||
                       c.kind == DOKU_CON_RENBAN;
        /* n different cells hold every digit once: a unit says all of
         * it (a cage's sum, if any, is then the unit's) */
        if (!(distinct && (int)c.ncells == n) && c.kind != DOKU_CON_DISJOINT_GROUPS)
            V->off_table = 1;
        if (distinct && (int)c.ncells == n &&
            !same_unit(s, c.cells, extra, s->nunits + k, mark)) {
            memcpy(mine + (size_t)k * n, c.cells, sizeof(uint16_t) * (size_t)n);
            V->extra_con[k++] = (int)i;
        }
        if (c.kind == DOKU_CON_DISJOINT_GROUPS && s->box_rows > 0) {
            int br = s->box_rows, bc = s->box_cols;
            for (int g = 0; g < n; g++) {
                uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
                int m = 0;
                for (int cell = 0; cell < nc; cell++)
                    if ((cell / n) % br == g / bc && (cell % n) % bc == g % bc)
                        cells[m++] = (uint16_t)cell;
                if (m == n && !same_unit(s, cells, extra, s->nunits + k, mark)) {
                    memcpy(mine + (size_t)k * n, cells, sizeof cells[0] * (size_t)n);
                    V->extra_con[k++] = -1 - g;
                }
            }
        }
    }
    doku_status st = DOKU_OK;
    if (k) {
        st = shape_create_extended(s, mine, k, &V->shape);
        V->extra_name = malloc(sizeof *V->extra_name * (size_t)k);
        if (!V->extra_name)
            st = DOKU_ERR_NOMEM;
        for (int e = 0; e < k && V->extra_name; e++)
            lvar_unit_name(V->cs, V->extra_con[e], V->extra_name[e], sizeof V->extra_name[e]);
    }
    free(extra);
    free(mark);
    return st;
}

/* Marks a and b as cells that must differ (when no unit says so). */
static void link(const doku_shape *s, uint64_t *m, int pw, int a, int b)
{
    if (a == b || ((s->peer_bits[(size_t)a * pw + (b >> 6)] >> (b & 63)) & 1u))
        return;
    m[(size_t)a * pw + (b >> 6)] |= 1ull << (b & 63);
    m[(size_t)b * pw + (a >> 6)] |= 1ull << (a & 63);
}

/* The cells that must differ beyond the units, as CSR lists. */
static doku_status build_xpeers(struct logic_variant *V, const doku_shape *s)
{
    int n = s->n, nc = s->ncells, pw = s->peer_words;
    uint64_t *m = calloc((size_t)nc * (size_t)pw, sizeof(uint64_t));
    V->xoff = calloc((size_t)nc + 1, sizeof(int));
    if (!m || !V->xoff) {
        free(m);
        return DOKU_ERR_NOMEM;
    }
    static const int knight[8][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1},
                                     {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}};
    static const int king[8][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
                                   {0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    for (size_t i = 0; i < doku_constraints_count(V->cs); i++) {
        doku_constraint c;
        doku_constraints_get(V->cs, i, &c);
        if (c.kind == DOKU_CON_CAGE || c.kind == DOKU_CON_REGION || c.kind == DOKU_CON_RENBAN) {
            for (size_t a = 0; a < c.ncells; a++)
                for (size_t b = a + 1; b < c.ncells; b++)
                    link(s, m, pw, c.cells[a], c.cells[b]);
        } else if (c.kind == DOKU_CON_ANTI_KNIGHT || c.kind == DOKU_CON_ANTI_KING) {
            const int(*mv)[2] = c.kind == DOKU_CON_ANTI_KNIGHT ? knight : king;
            for (int p = 0; p < nc; p++)
                for (int j = 0; j < 8; j++) {
                    int r = p / n + mv[j][0], col = p % n + mv[j][1];
                    if (r >= 0 && r < n && col >= 0 && col < n)
                        link(s, m, pw, p, r * n + col);
                }
        }
    }
    int total = 0;
    for (int p = 0; p < nc; p++) {
        V->xoff[p] = total;
        for (int w = 0; w < pw; w++)
            total += __builtin_popcountll(m[(size_t)p * pw + w]);
    }
    V->xoff[nc] = total;
    V->xpeer = malloc(sizeof(uint16_t) * (size_t)(total ? total : 1));
    if (!V->xpeer) {
        free(m);
        return DOKU_ERR_NOMEM;
    }
    for (int p = 0, k = 0; p < nc; p++)
        for (int q = 0; q < nc; q++)
            if ((m[(size_t)p * pw + (q >> 6)] >> (q & 63)) & 1u)
                V->xpeer[k++] = (uint16_t)q;
    free(m);
    return DOKU_OK;
}

/* The killer cages with a sum and every digit set that fits each. */
static doku_status build_cages(struct logic_variant *V, int n, int nc)
{
    size_t count = doku_constraints_count(V->cs);
    V->cages = calloc(count ? count : 1, sizeof *V->cages);
    V->cage_of = malloc(sizeof(int) * (size_t)nc);
    if (!V->cages || !V->cage_of)
        return DOKU_ERR_NOMEM;
    for (int c = 0; c < nc; c++)
        V->cage_of[c] = -1;
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        doku_constraints_get(V->cs, i, &c);
        if (c.kind != DOKU_CON_CAGE || c.nparams < 1)
            continue;
        lvar_cage *g = &V->cages[V->ncages];
        g->con = (int)i;
        g->sum = c.params[0];
        g->cells = c.cells;
        g->m = (int)c.ncells;
        int k = 0;
        for (uint32_t mask = 0; mask < (1u << n); mask++) {
            if (__builtin_popcount(mask) != g->m)
                continue;
            int t = 0;
            for (int d = 0; d < n; d++)
                t += (mask >> d & 1u) ? d + 1 : 0;
            if (t != g->sum)
                continue;
            if (k % 64 == 0) {
                lmask *nw = realloc(g->combos, sizeof(lmask) * (size_t)(k + 64));
                if (!nw)
                    return DOKU_ERR_NOMEM;
                g->combos = nw;
            }
            g->combos[k++] = mask;
        }
        g->ncombos = k;
        for (int j = 0; j < g->m; j++) {
            if (V->cage_of[g->cells[j]] >= 0)
                V->overlap = 1;
            V->cage_of[g->cells[j]] = V->ncages;
        }
        V->ncages++;
    }
    return DOKU_OK;
}

/* Appends an area of the units us[0..k) (disjoint, whole units). */
static int add_area(struct logic_variant *V, const doku_shape *s, const int *us, int k,
                    const char *name)
{
    int pw = s->peer_words, n = s->n;
    lvar_area *a = &V->areas[V->nareas];
    a->in = calloc((size_t)pw, sizeof(uint64_t));
    if (!a->in)
        return -1;
    for (int j = 0; j < k; j++)
        for (int i = 0; i < n; i++) {
            int c = s->unit_cells[(size_t)us[j] * n + i];
            a->in[c >> 6] |= 1ull << (c & 63);
        }
    a->nunits = k;
    a->total = k * n * (n + 1) / 2;
    memcpy(a->name, name, strlen(name) + 1 < sizeof a->name ? strlen(name) + 1 : sizeof a->name);
    a->name[sizeof a->name - 1] = 0;
    V->nareas++;
    return 0;
}

/* The areas of the 45 rule: every unit, runs of adjacent rows and of
 * adjacent columns, runs of boxes along a band or a stack. */
static doku_status build_areas(struct logic_variant *V, const doku_shape *s)
{
    int n = s->n, nu = s->nunits;
    int row[DOKU_CONSTRAINTS_MAX_N], col[DOKU_CONSTRAINTS_MAX_N], box[DOKU_CONSTRAINTS_MAX_N];
    int cap = nu + 2 * n * n + 2 * n * n;
    V->areas = calloc((size_t)cap, sizeof *V->areas);
    if (!V->areas)
        return DOKU_ERR_NOMEM;
    char name[40];
    for (int u = 0; u < nu; u++) {
        int o = s->unit_ordinal[u];
        if (s->unit_kind[u] == DOKU_UNIT_ROW)
            row[o] = u;
        else if (s->unit_kind[u] == DOKU_UNIT_COL)
            col[o] = u;
        else if (s->unit_kind[u] == DOKU_UNIT_BOX)
            box[o] = u;
        doku_shape_unit_name(s, u, name, sizeof name, NULL);
        if (add_area(V, s, &u, 1, name))
            return DOKU_ERR_NOMEM;
    }
    for (int len = 2; len < n; len++)
        for (int a = 0; a + len <= n; a++) {
            snprintf(name, sizeof name, "rows %d-%d", a + 1, a + len);
            if (add_area(V, s, row + a, len, name))
                return DOKU_ERR_NOMEM;
            snprintf(name, sizeof name, "columns %d-%d", a + 1, a + len);
            if (add_area(V, s, col + a, len, name))
                return DOKU_ERR_NOMEM;
        }
    if (s->box_rows > 0 && !s->has_regions) {
        int per = n / s->box_cols, bands = n / s->box_rows; /* boxes across, down */
        for (int len = 2; len < per; len++)
            for (int b = 0; b < bands; b++)
                for (int a = 0; a + len <= per; a++) {
                    int us[DOKU_CONSTRAINTS_MAX_N];
                    for (int j = 0; j < len; j++)
                        us[j] = box[b * per + a + j];
                    snprintf(name, sizeof name, "boxes %d-%d", b * per + a + 1, b * per + a + len);
                    if (add_area(V, s, us, len, name))
                        return DOKU_ERR_NOMEM;
                }
        for (int len = 2; len < bands; len++)
            for (int st = 0; st < per; st++)
                for (int a = 0; a + len <= bands; a++) {
                    int us[DOKU_CONSTRAINTS_MAX_N], k = 0;
                    int at = snprintf(name, sizeof name, "boxes ");
                    for (int j = 0; j < len; j++) {
                        us[k++] = box[(a + j) * per + st];
                        at += snprintf(name + at, sizeof name - (size_t)at, "%s%d", j ? "," : "",
                                       (a + j) * per + st + 1);
                        if (at >= (int)sizeof name)
                            at = (int)sizeof name - 1;
                    }
                    if (add_area(V, s, us, len, name))
                        return DOKU_ERR_NOMEM;
                }
    }
    return DOKU_OK;
}

doku_status logic_variant_init(doku_logic *L, const doku_constraints *cs)
{
    struct logic_variant *V = calloc(1, sizeof *V);
    L->var = V;
    if (!V)
        return DOKU_ERR_NOMEM;
    V->cs = cs;
    const doku_shape *base = doku_constraints_shape(cs);
    V->base_nunits = base->nunits;
    doku_status st = build_units(V);
    const doku_shape *s = V->shape ? V->shape : base;
    size_t count = doku_constraints_count(cs);
    if (st == DOKU_OK)
        st = build_xpeers(V, s);
    if (st == DOKU_OK)
        st = build_cages(V, s->n, s->ncells);
    if (st == DOKU_OK && V->ncages && !V->overlap)
        st = build_areas(V, base);
    if (st == DOKU_OK) {
        V->fit_memo = calloc(count ? count : 1, sizeof(uint64_t));
        V->cage_memo = calloc(count ? count : 1, sizeof(uint64_t));
        V->walk_memo = calloc((count ? count : 1) * WALK_WAYS, sizeof(uint64_t));
        if (!V->fit_memo || !V->cage_memo || !V->walk_memo)
            st = DOKU_ERR_NOMEM;
    }
    return st;
}

void logic_variant_free(doku_logic *L)
{
    struct logic_variant *V = L->var;
    if (!V)
        return;
    doku_shape_free(V->shape);
    free(V->extra_con);
    free(V->extra_name);
    free(V->xoff);
    free(V->xpeer);
    for (int i = 0; i < V->ncages; i++)
        free(V->cages[i].combos);
    free(V->cages);
    free(V->cage_of);
    for (int i = 0; i < V->nareas; i++)
        free(V->areas[i].in);
    free(V->areas);
    free(V->fit_memo);
    free(V->cage_memo);
    free(V->walk_memo);
    free(V->vsums);
    free(V->vsum_memo);
    free(V->pair_differ);
    free(V->pair_memo);
    free(V->unit_memo);
    free(V);
    L->var = NULL;
}

void logic_variant_placed(doku_logic *L, int cell, int digit)
{
    const struct logic_variant *V = L->var;
    for (int i = V->xoff[cell]; i < V->xoff[cell + 1]; i++)
        L->cand[V->xpeer[i]] &= ~LBIT(digit);
}

void logic_variant_loaded(doku_logic *L)
{
    /* the memos forgotten, as logic_memo_reset does for the classic ones */
    struct logic_variant *V = L->var;
    size_t count = doku_constraints_count(V->cs), slots = count ? count : 1;
    memset(V->fit_memo, 0, sizeof(uint64_t) * slots);
    memset(V->cage_memo, 0, sizeof(uint64_t) * slots);
    memset(V->walk_memo, 0, sizeof(uint64_t) * slots * WALK_WAYS);
    if (V->pair_memo)
        memset(V->pair_memo, 0, sizeof(uint64_t) * (size_t)V->ncages * (size_t)V->ncages);
    if (V->unit_memo)
        memset(V->unit_memo, 0, sizeof(uint64_t) * (size_t)V->ncages);
    V->vsum_key = 0; /* the 45 rule's sums are made again */
    for (int c = 0; c < L->nc; c++)
        if (L->val[c])
            logic_variant_placed(L, c, L->val[c]);
}

int logic_variant_broken_givens(const doku_logic *L, const uint8_t *cells)
{
    size_t count = 0;
    return doku_constraints_check(L->var->cs, cells, (size_t)L->nc, NULL, 0, &count) != DOKU_OK ||
           count > 0;
}

void logic_variant_reference(doku_logic *L, const uint8_t *cells)
{
    doku_search_opts o = {0};
    doku_search_result r;
    o.limit = 2;
    o.node_budget = L->search_nodes; /* nodes, never seconds: see doku.h */
    L->has_solution = 0;
    L->unique = 0;
    doku_status st = doku_constraints_search(L->var->cs, cells, (size_t)L->nc, &o, L->solution,
                                             NULL, NULL, &r);
    if ((st == DOKU_OK || st == DOKU_GAVE_UP) && r.solutions >= 1) {
        L->has_solution = 1;
        L->unique = (r.solutions == 1 && st == DOKU_OK);
    }
}

int lvar_must_differ(const doku_logic *L, int a, int b)
{
    if (a == b)
        return 0;
    if (logic_sees(L, a, b))
        return 1;
    const struct logic_variant *V = L->var;
    for (int i = V->xoff[a]; i < V->xoff[a + 1]; i++)
        if (V->xpeer[i] == b)
            return 1;
    return 0;
}

/* The check of a filled pair of a dot kind (as check.c words them). */
int lvar_pair_ok(doku_constraint_kind kind, int x, int y)
{
    switch (kind) {
    case DOKU_CON_KROPKI_WHITE: return x - y == 1 || y - x == 1;
    case DOKU_CON_KROPKI_BLACK: return x == 2 * y || y == 2 * x;
    case DOKU_CON_X: return x + y == 10;
    case DOKU_CON_V: return x + y == 5;
    case DOKU_CON_GREATER: return x > y;
    case DOKU_CON_KROPKI_WHITE_ALL:
    case DOKU_CON_NON_CONSECUTIVE: return abs(x - y) != 1;
    case DOKU_CON_KROPKI_BLACK_ALL: return x != 2 * y && y != 2 * x;
    case DOKU_CON_X_ALL: return x + y != 10;
    case DOKU_CON_V_ALL: return x + y != 5;
    default: return 1;
    }
}

lmask lvar_dom(const doku_logic *L, int cell)
{
    return L->val[cell] ? LBIT(L->val[cell]) : L->cand[cell];
}
