/*
 * grouped.c — grouped X-chains and grouped alternating inference chains
 * (AICs): extended techniques, off in the SE-style default.
 *
 * Design: a node is a digit in one cell, or a group: all the places of a
 * digit in one box-line intersection (two or more cells), which is "on"
 * when the digit is in one of them. A strong link joins two nodes that
 * share a unit and together hold all its places for the digit ("if one
 * is off the other is on"); a weak link joins disjoint nodes of a digit
 * whose cells all see each other ("if one is on the other is off"). AICs
 * add the links inside a cell: two digits of a bivalue cell are strongly
 * linked, any two digits of a cell weakly. A breadth-first walk from a
 * node assumed off, alternating strong and weak links, that reaches
 * another node on proves "one of the two is true"; the walk records
 * whether it used a group, since chains without groups are SE's own.
 * The shortest chain over all starts is reported.
 */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

#define GMAX 8          /* cells in a group: a box's width */
#define MAX_NODES_PATH 24
#define GROUPED_MAX_NODES 4096

typedef struct gnode {
    int d, k, box, line;   /* box/line: units of a group, -1 for a cell */
    int cells[GMAX];
} gnode;

typedef struct gctx {
    gnode *nd;
    int nn, cap;
    int *cell_node;        /* [nc*n] node of digit d in cell c, -1 */
    int gfirst[DOKU_MAX_N], gend[DOKU_MAX_N]; /* group nodes of each digit */
    int *par, *dist;       /* [4*nn] BFS over (node, on, used-group) */
    unsigned *stamp;       /* [4*nn] dist/par valid when == gen */
    unsigned gen;
    /* the links of every node, listed once per mode (0 strong, 1 weak) */
    int *off[2], *to[2], nto[2], capto[2];
    int *queue;
    int aic;
    /* best chain so far */
    int best_rating, best_len, best_start, best_end;
    int *best_path;        /* node ids, strong link first */
    int best_n;
} gctx;

static int add_node(gctx *g, int d, int k, const int *cells, int box, int line)
{
    if (g->nn == g->cap) {
        int nc = g->cap ? g->cap * 2 : 1024;
        gnode *v = realloc(g->nd, (size_t)nc * sizeof *v);
        if (!v)
            return -1;
        g->nd = v;
        g->cap = nc;
    }
    gnode *x = &g->nd[g->nn];
    x->d = d;
    x->k = k;
    x->box = box;
    x->line = line;
    memcpy(x->cells, cells, (size_t)k * sizeof(int));
    return g->nn++;
}

static int build_nodes(doku_logic *L, gctx *g)
{
    int n = L->n, nc = L->nc;
    for (int c = 0; c < nc * n; c++)
        g->cell_node[c] = -1;
    for (int c = 0; c < nc; c++)
        for (lmask m = L->cand[c]; m; m &= m - 1) {
            int d = lfirst(m) + 1, id = add_node(g, d, 1, &c, -1, -1);
            if (id < 0)
                return -1;
            g->cell_node[(size_t)c * n + d - 1] = id;
        }
    /* groups: the places of d in a box that also lie in one line */
    for (int d = 1; d <= n; d++) {
        g->gfirst[d - 1] = g->nn;
        for (int b = 0; b < L->nunits; b++) {
            if (!logic_is_box(L, b))
                continue;
            lmask p = L->pos[(size_t)b * n + d - 1];
            if (lpop(p) < 3)
                continue; /* with two places the box link is a plain one */
            for (int kind = 0; kind < 2; kind++) {
                /* each line crossing the box once */
                int done[DOKU_MAX_N];
                int nd = 0;
                for (lmask q = p; q; q &= q - 1) {
                    int c0 = logic_unit_cell(L, b, lfirst(q));
                    int line = kind ? L->col_of[c0] : L->row_of[c0];
                    int seen = 0;
                    for (int i = 0; i < nd; i++)
                        seen |= done[i] == line;
                    if (seen || line < 0)
                        continue;
                    done[nd++] = line;
                    int cells[GMAX], k = 0;
                    for (lmask r = p; r; r &= r - 1) {
                        int c = logic_unit_cell(L, b, lfirst(r));
                        if (L->cell_in_unit[(size_t)line * nc + c] != 0xff && k < GMAX)
                            cells[k++] = c;
                    }
                    if (k >= 2 && k < lpop(p) && add_node(g, d, k, cells, b, line) < 0)
                        return -1;
                }
            }
        }
        g->gend[d - 1] = g->nn;
    }
    return 0;
}

static int node_has(const gnode *x, int c)
{
    for (int i = 0; i < x->k; i++)
        if (x->cells[i] == c)
            return 1;
    return 0;
}

static int in_unit(const doku_logic *L, int u, const gnode *x)
{
    for (int i = 0; i < x->k; i++)
        if (L->cell_in_unit[(size_t)u * L->nc + x->cells[i]] == 0xff)
            return 0;
    return 1;
}

static int sees_node(const doku_logic *L, int c, const gnode *x)
{
    for (int i = 0; i < x->k; i++)
        if (x->cells[i] == c || !logic_sees(L, c, x->cells[i]))
            return 0;
    return 1;
}

/* The node whose cells are exactly `cells` for digit d, or -1. */
static int find_node(const doku_logic *L, const gctx *g, int d, const int *cells, int k)
{
    if (k == 1)
        return g->cell_node[(size_t)cells[0] * L->n + d - 1];
    int b = L->box_of[cells[0]];
    for (int i = g->gfirst[d - 1]; i < g->gend[d - 1]; i++) {
        const gnode *x = &g->nd[i];
        if (x->box != b || x->k != k)
            continue;
        int all = 1;
        for (int j = 0; j < k && all; j++)
            all = node_has(x, cells[j]);
        if (all)
            return i;
    }
    return -1;
}

typedef void (*visit_fn)(doku_logic *L, gctx *g, int from, int to, void *q);

/* Strong links out of node x (x off => to on). */
static void strong_links(doku_logic *L, gctx *g, int xi, visit_fn f, void *q)
{
    const gnode *x = &g->nd[xi];
    int n = L->n, c0 = x->cells[0];
    for (int j = 0; j < L->ncunits[c0]; j++) {
        int u = L->cunits[(size_t)c0 * L->maxcu + j];
        if (!in_unit(L, u, x))
            continue;
        lmask p = L->pos[(size_t)u * n + x->d - 1];
        if (lpop(p) > x->k + GMAX)
            continue;
        int rest[DOKU_MAX_N], k = 0, inside = 0;
        for (; p; p &= p - 1) {
            int c = logic_unit_cell(L, u, lfirst(p));
            if (node_has(x, c))
                inside++;
            else
                rest[k++] = c;
        }
        if (inside != x->k || k == 0 || k > GMAX)
            continue;
        int y = find_node(L, g, x->d, rest, k);
        if (y >= 0)
            f(L, g, xi, y, q);
    }
    if (g->aic && x->k == 1 && lpop(L->cand[c0]) == 2) {
        int d2 = lfirst(L->cand[c0] & ~LBIT(x->d)) + 1;
        f(L, g, xi, g->cell_node[(size_t)c0 * n + d2 - 1], q);
    }
}

/* Weak links out of node x (x on => to off). */
static void weak_links(doku_logic *L, gctx *g, int xi, visit_fn f, void *q)
{
    const gnode *x = &g->nd[xi];
    int n = L->n, c0 = x->cells[0], d = x->d;
    const uint16_t *p = L->peers + (size_t)c0 * L->maxp;
    for (int i = 0; i < L->npeers[c0]; i++) {
        int c = p[i];
        if ((L->cand[c] & LBIT(d)) && sees_node(L, c, x))
            f(L, g, xi, g->cell_node[(size_t)c * n + d - 1], q);
    }
    for (int y = g->gfirst[d - 1]; y < g->gend[d - 1]; y++) {
        const gnode *z = &g->nd[y];
        if (y == xi)
            continue;
        int ok = 1;
        for (int i = 0; i < z->k && ok; i++)
            ok = sees_node(L, z->cells[i], x);
        if (ok)
            f(L, g, xi, y, q);
    }
    if (g->aic && x->k == 1)
        for (lmask m = L->cand[c0] & ~LBIT(d); m; m &= m - 1)
            f(L, g, xi, g->cell_node[(size_t)c0 * n + lfirst(m)], q);
}

/* BFS state: ((node * 2) + on) * 2 + used_group */
typedef struct bfs {
    int head, tail, cur;
} bfs;

static void push(doku_logic *L, gctx *g, int from, int to, void *q)
{
    (void)L;
    bfs *b = q;
    int on = !(b->cur >> 1 & 1);
    int ug = (b->cur & 1) | (g->nd[to].k > 1);
    int s = (to * 2 + on) * 2 + ug;
    (void)from;
    if (g->stamp[s] == g->gen)
        return;
    /* chains are simple paths: a node met again would only be a detour */
    for (int t = b->cur; t >= 0; t = g->par[t])
        if (t >> 2 == to)
            return;
    g->stamp[s] = g->gen;
    g->dist[s] = g->dist[b->cur] + 1;
    g->par[s] = b->cur;
    g->queue[b->tail++] = s;
}

/* Eliminations of "S or E" (apply: record them). */
static int end_elims(doku_logic *L, const gctx *g, int si, int ei, int apply)
{
    const gnode *S = &g->nd[si], *E = &g->nd[ei];
    int any = 0;
    if (S->d == E->d) {
        int c0 = S->cells[0];
        const uint16_t *p = L->peers + (size_t)c0 * L->maxp;
        for (int i = 0; i < L->npeers[c0]; i++) {
            int c = p[i];
            if (!(L->cand[c] & LBIT(S->d)) || node_has(E, c) || !sees_node(L, c, S) ||
                !sees_node(L, c, E))
                continue;
            any = 1;
            if (!apply)
                return 1;
            lstep_elim(L, c, S->d);
        }
        return any;
    }
    if (S->k != 1 || E->k != 1)
        return 0;
    int a = S->cells[0], b = E->cells[0];
    if (a == b) {
        for (lmask m = L->cand[a] & ~LBIT(S->d) & ~LBIT(E->d); m; m &= m - 1) {
            any = 1;
            if (!apply)
                return 1;
            lstep_elim(L, a, lfirst(m) + 1);
        }
        return any;
    }
    if (!logic_sees(L, a, b))
        return 0;
    if (L->cand[a] & LBIT(E->d)) {
        any = 1;
        if (apply)
            lstep_elim(L, a, E->d);
    }
    if (L->cand[b] & LBIT(S->d)) {
        any = 1;
        if (apply)
            lstep_elim(L, b, S->d);
    }
    return any;
}

typedef struct collect {
    int kind, fail;
} collect;

static void collect_link(doku_logic *L, gctx *g, int from, int to, void *q)
{
    collect *c = q;
    (void)L;
    (void)from;
    int k = c->kind;
    if (g->nto[k] == g->capto[k]) {
        int nc = g->capto[k] ? g->capto[k] * 2 : 4096;
        int *v = realloc(g->to[k], (size_t)nc * sizeof(int));
        if (!v) {
            c->fail = 1;
            return;
        }
        g->to[k] = v;
        g->capto[k] = nc;
    }
    g->to[k][g->nto[k]++] = to;
}

static int build_links(doku_logic *L, gctx *g)
{
    for (int k = 0; k < 2; k++) {
        collect c = {k, 0};
        g->nto[k] = 0;
        for (int x = 0; x < g->nn && !c.fail; x++) {
            g->off[k][x] = g->nto[k];
            if (k)
                weak_links(L, g, x, collect_link, &c);
            else
                strong_links(L, g, x, collect_link, &c);
        }
        g->off[k][g->nn] = g->nto[k];
        if (c.fail)
            return -1;
    }
    return 0;
}

static void search_from(doku_logic *L, gctx *g, int si, lrate base)
{
    g->gen++;
    bfs b = {0, 0, 0};
    int s0 = (si * 2 + 0) * 2 + (g->nd[si].k > 1);
    g->stamp[s0] = g->gen;
    g->dist[s0] = 0;
    g->par[s0] = -1;
    g->queue[b.tail++] = s0;
    while (b.head < b.tail) {
        int s = g->queue[b.head++];
        int node = s >> 2, on = s >> 1 & 1, ug = s & 1, len = g->dist[s] + 1;
        if (on && ug && node != si && len >= 4) {
            int r = base + logic_length_bonus(len);
            if ((r < g->best_rating || (r == g->best_rating && len < g->best_len)) &&
                end_elims(L, g, si, node, 0)) {
                g->best_rating = r;
                g->best_len = len;
                g->best_n = 0;
                for (int t = s; t >= 0; t = g->par[t])
                    g->best_path[g->best_n++] = t >> 2;
                return;
            }
        }
        /* a longer chain cannot beat the best */
        if (len >= MAX_NODES_PATH || base + logic_length_bonus(len + 1) > g->best_rating)
            continue;
        b.cur = s;
        for (int i = g->off[on][node]; i < g->off[on][node + 1]; i++)
            push(L, g, node, g->to[on][i], &b);
    }
}

static void node_name(doku_logic *L, const gnode *x, int with_digit)
{
    int n = L->n;
    if (with_digit)
        lstep_text(L, "(%d)", x->d);
    if (x->k == 1) {
        char a[24];
        logic_cellname(L, x->cells[0], a, sizeof a);
        lstep_text(L, "%s", a);
        return;
    }
    int row = L->shape->unit_kind[x->line] == DOKU_UNIT_ROW;
    const char *sep = n > 9 ? "," : "";
    if (row) {
        lstep_text(L, "r%dc", x->cells[0] / n + 1);
        for (int i = 0; i < x->k; i++)
            lstep_text(L, "%s%d", i ? sep : "", x->cells[i] % n + 1);
    } else {
        lstep_text(L, "r");
        for (int i = 0; i < x->k; i++)
            lstep_text(L, "%s%d", i ? sep : "", x->cells[i] / n + 1);
        lstep_text(L, "c%d", x->cells[0] % n + 1);
    }
}

int logic_grouped_chains(doku_logic *L)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || L->box_of[0] < 0)
        return 0;
    gctx g;
    memset(&g, 0, sizeof g);
    g.cell_node = malloc((size_t)L->nc * (size_t)n * sizeof(int));
    int found = 0;
    if (!g.cell_node || build_nodes(L, &g) != 0) {
        logic_nomem(L); /* build_nodes fails only without memory */
        goto out;
    }
    /* a walk from every node costs nodes x links: beyond a few thousand
     * candidates (big grids early on) the search is skipped */
    if (g.nn > GROUPED_MAX_NODES)
        goto out;
    g.par = malloc((size_t)g.nn * 4 * sizeof(int));
    g.dist = malloc((size_t)g.nn * 4 * sizeof(int));
    g.queue = malloc((size_t)g.nn * 4 * sizeof(int));
    g.stamp = calloc((size_t)g.nn * 4, sizeof(unsigned));
    g.off[0] = malloc(((size_t)g.nn + 1) * sizeof(int));
    g.off[1] = malloc(((size_t)g.nn + 1) * sizeof(int));
    g.best_path = malloc(sizeof(int) * (MAX_NODES_PATH + 1));
    if (!g.par || !g.dist || !g.queue || !g.stamp || !g.best_path || !g.off[0] || !g.off[1]) {
        logic_nomem(L);
        goto out;
    }
    int have_groups = 0;
    for (int i = 0; i < g.nn; i++)
        have_groups |= g.nd[i].k > 1;
    if (!have_groups)
        goto out;
    g.best_rating = 1 << 20;
    int best_aic = 0;
    for (int aic = 0; aic <= 1; aic++) {
        if (!logic_allowed(L, aic ? DOKU_TECH_GROUPED_AIC : DOKU_TECH_GROUPED_X_CHAIN))
            continue;
        g.aic = aic;
        if (build_links(L, &g) != 0) {
            logic_nomem(L); /* build_links fails only without memory */
            goto out;
        }
        int before = g.best_rating;
        for (int si = 0; si < g.nn && !logic_stop(L); si++)
            search_from(L, &g, si, aic ? 71 : 67);
        if (g.best_rating < before)
            best_aic = aic;
    }
    if (g.best_rating == 1 << 20)
        goto out;
    /* path is end..start */
    int start = g.best_path[g.best_n - 1], end = g.best_path[0];
    doku_technique t = best_aic ? DOKU_TECH_GROUPED_AIC : DOKU_TECH_GROUPED_X_CHAIN;
    lstep_begin(L, t, g.best_rating, NULL);
    end_elims(L, &g, start, end, 1);
    for (int i = 0; i < g.best_n; i++) {
        const gnode *x = &g.nd[g.best_path[i]];
        for (int j = 0; j < x->k; j++)
            lstep_proof(L, x->cells[j], x->d);
    }
    int xc = t == DOKU_TECH_GROUPED_X_CHAIN;
    lstep_text(L, "%s: ", L->step.name);
    if (xc)
        lstep_text(L, "%d ", g.nd[start].d);
    for (int i = g.best_n - 1; i >= 0; i--) {
        if (i != g.best_n - 1)
            lstep_text(L, " %s ", ((g.best_n - 1 - i) & 1) ? "=" : "-");
        node_name(L, &g.nd[g.best_path[i]], !xc);
    }
    lstep_text(L, ": one end is true, so ");
    if (g.nd[start].d == g.nd[end].d)
        lstep_text(L, "cells seeing both ends lose %d: ", g.nd[start].d);
    else
        lstep_text(L, "the ends exclude what they both see: ");
    lstep_text_elims(L);
    found = 1;
out:
    free(g.nd);
    free(g.cell_node);
    free(g.par);
    free(g.dist);
    free(g.queue);
    free(g.stamp);
    for (int k = 0; k < 2; k++) {
        free(g.off[k]);
        free(g.to[k]);
    }
    free(g.best_path);
    return found;
}
