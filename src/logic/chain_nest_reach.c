/*
 * chain_nest_reach.c — which nodes each node reaches through the static
 * links of a walk's reduced grid, so that the inner rules of the nested
 * forcing chains (chain_nested.c) walk only the sources that can succeed.
 *
 * Why: an inner rule runs at every stall of every outer walk, and most of
 * its breadth-first walks find nothing (the source never reaches its own
 * negation, or the closures of a cell's or a unit's candidates share no
 * conclusion). Reachability answers both for the whole grid at once.
 *
 * Design: the links are chain_nest_links.h's, the very ones the walks
 * follow, put in a compact graph; one Tarjan pass gives each node its
 * strongly connected component, and since a component is closed after
 * every component it reaches, the set of components it reaches (a bitset,
 * its own included). "x reaches y" is then one bit test, and exact: a
 * walk from x finds y if and only if y is reachable. Cost: one pass over
 * the links times the bitset width (23 words on 9x9), against one walk
 * per source and mode without it.
 */
#include "chain_internal.h"
#include "chain_nest_links.h"

#include <stdlib.h>
#include <string.h>

struct nest_reach {
    int NN, W, cape;
    int32_t *comp;              /* [NN] component, -1 for a node not on g */
    int32_t *idx, *low;         /* [NN] Tarjan */
    int32_t *sstack, *cs_node, *cs_edge; /* [NN] */
    int32_t *estart, *edge;     /* [NN + 1], [cape]: the links */
    uint64_t *reach;            /* [NN * W]: components each component reaches */
    uint64_t *mark;             /* [W]: components holding a marked node */
};

void chain_nest_reach_free(struct nest_reach *r)
{
    if (!r)
        return;
    free(r->comp);
    free(r->idx);
    free(r->low);
    free(r->sstack);
    free(r->cs_node);
    free(r->cs_edge);
    free(r->estart);
    free(r->edge);
    free(r->reach);
    free(r->mark);
    free(r);
}

/* Past this the filter is not built and every source is walked (grids
 * above 9x9, where the nested levels do not run anyway). */
enum { REACH_MAX_BYTES = 4 << 20 };

static struct nest_reach *reach_alloc(const doku_logic *L, int NN)
{
    int W = (NN + 63) / 64;
    if ((size_t)NN * (size_t)W * sizeof(uint64_t) > REACH_MAX_BYTES)
        return NULL;
    struct nest_reach *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->NN = NN;
    r->W = W;
    /* an on node links to its cell's other digits and its peers, an off
     * node to the cell's other digit and one place per unit */
    r->cape = NN / 2 * (L->n + L->maxp) + NN / 2 * (1 + L->maxcu);
    size_t nn = (size_t)NN;
    r->comp = malloc(nn * sizeof(int32_t));
    r->idx = malloc(nn * sizeof(int32_t));
    r->low = malloc(nn * sizeof(int32_t));
    r->sstack = malloc(nn * sizeof(int32_t));
    r->cs_node = malloc(nn * sizeof(int32_t));
    r->cs_edge = malloc(nn * sizeof(int32_t));
    r->estart = malloc((nn + 1) * sizeof(int32_t));
    r->edge = malloc((size_t)r->cape * sizeof(int32_t));
    r->reach = malloc(nn * (size_t)W * sizeof(uint64_t));
    r->mark = calloc((size_t)W, sizeof(uint64_t));
    if (!r->comp || !r->idx || !r->low || !r->sstack || !r->cs_node || !r->cs_edge || !r->estart || !r->edge ||
        !r->reach || !r->mark) {
        chain_nest_reach_free(r);
        return NULL;
    }
    return r;
}

/* The links of every node of g into estart/edge. A node not on g has
 * none: no link leads to it (g and gpos agree), so no walk gets there.
 * @return how many nodes are on g. */
static int build_links(const doku_logic *L, struct nest_reach *r, const lmask *g, const lmask *gpos, int useY)
{
    int k = 0, live = 0;
    for (int x = 0; x < r->NN; x++) {
        r->estart[x] = k;
        int c = NCELL(x), d = NDIG(x);
        if (!(g[c] & LBIT(d)))
            continue;
        live++;
        if (NON(x)) {
            if (useY)
                for (lmask m = g[c] & ~LBIT(d); m; m &= m - 1)
                    r->edge[k++] = NODE(c, lfirst(m) + 1, 0);
            for (int i = 0, y; (y = nest_peer_link(L, g, c, d, &i)) >= 0;)
                r->edge[k++] = y;
        } else {
            int xs[DOKU_MAX_N + 1], cs[DOKU_MAX_N + 1];
            int nx = nest_off_links(L, g, gpos, x, useY, xs, cs);
            for (int i = 0; i < nx; i++)
                r->edge[k++] = xs[i];
        }
    }
    r->estart[r->NN] = k;
    return live;
}

int chain_nest_reach_build(doku_logic *L, struct nest_reach **rp, const lmask *g, const lmask *gpos, int useY)
{
    int NN = L->cw->NN;
    if (!*rp)
        *rp = reach_alloc(L, NN);
    struct nest_reach *r = *rp;
    if (!r)
        return -1;
    int live = build_links(L, r, g, gpos, useY);
    const int32_t *es = r->estart, *ed = r->edge;
    int32_t *idx = r->idx, *low = r->low, *comp = r->comp;
    /* components number at most the nodes on g */
    int W = live ? (live + 63) / 64 : 1;
    r->W = W;
    memset(r->mark, 0, sizeof(uint64_t) * (size_t)W);
    for (int v = 0; v < NN; v++) {
        idx[v] = -1;
        comp[v] = -1;
    }
    int counter = 0, ncomp = 0, sp = 0;
    for (int root = 0; root < NN; root++) {
        if (idx[root] >= 0 || !(g[NCELL(root)] & LBIT(NDIG(root))))
            continue;
        int csp = 0;
        r->cs_node[csp] = root;
        r->cs_edge[csp++] = 0;
        idx[root] = low[root] = counter++;
        r->sstack[sp++] = root;
        while (csp) {
            int v = r->cs_node[csp - 1], e = r->cs_edge[csp - 1];
            if (es[v] + e < es[v + 1]) {
                r->cs_edge[csp - 1] = e + 1;
                int x = ed[es[v] + e];
                if (idx[x] < 0) {
                    idx[x] = low[x] = counter++;
                    r->sstack[sp++] = x;
                    r->cs_node[csp] = x;
                    r->cs_edge[csp++] = 0;
                } else if (comp[x] < 0 && idx[x] < low[v]) {
                    low[v] = idx[x]; /* x still on the stack */
                }
                continue;
            }
            csp--;
            if (csp && low[v] < low[r->cs_node[csp - 1]])
                low[r->cs_node[csp - 1]] = low[v];
            if (low[v] != idx[v])
                continue;
            /* v closes a component: pop it, then its reach set */
            int k = ncomp++, first = sp;
            do
                comp[r->sstack[--first]] = k;
            while (r->sstack[first] != v);
            uint64_t *rk = r->reach + (size_t)k * W;
            memset(rk, 0, sizeof(uint64_t) * (size_t)W);
            rk[k >> 6] |= (uint64_t)1 << (k & 63);
            int lastc = k; /* links from one cell often lead to one component */
            for (int i = first; i < sp; i++) {
                int u = r->sstack[i];
                for (int j = es[u]; j < es[u + 1]; j++) {
                    int cx = comp[ed[j]];
                    if (cx == lastc || cx == k)
                        continue;
                    lastc = cx;
                    const uint64_t *rx = r->reach + (size_t)cx * W;
                    for (int t = 0; t < W; t++)
                        rk[t] |= rx[t];
                }
            }
            sp = first;
        }
    }
    return 0;
}

int chain_nest_reaches(const struct nest_reach *r, int x, int y)
{
    int cx = r->comp[x], cy = r->comp[y];
    if (cx < 0 || cy < 0)
        return 0;
    return (int)((r->reach[(size_t)cx * r->W + (cy >> 6)] >> (cy & 63)) & 1u);
}

void chain_nest_reach_mark(struct nest_reach *r, int x)
{
    int k = r->comp[x];
    if (k >= 0)
        r->mark[k >> 6] |= (uint64_t)1 << (k & 63);
}

int chain_nest_reach_common(const struct nest_reach *r, const int *srcs, int k)
{
    int W = r->W;
    const uint64_t *rs[DOKU_MAX_N];
    for (int i = 0; i < k; i++) {
        if (r->comp[srcs[i]] < 0)
            return 0;
        rs[i] = r->reach + (size_t)r->comp[srcs[i]] * W;
    }
    for (int t = 0; t < W; t++) {
        uint64_t all = r->mark[t];
        for (int i = 0; i < k && all; i++)
            all &= rs[i][t];
        if (all)
            return 1;
    }
    return 0;
}
