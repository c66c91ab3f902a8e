/*
 * chain_nested.c — the inner rules of Sudoku Explainer's nested forcing
 * chains (ER 9.5 and up): when a dynamic walk of level 2 or 3 has nothing
 * left to propagate and the (+) patterns of chains_plus.c found nothing,
 * a whole chain search runs on the walk's reduced grid, and every
 * elimination it finds becomes an off node of the walk.
 *
 * Design: the inner searches are SE's static ones, written here on the
 * walk's scratch grid g/gpos (never on the context's grid): level 2 asks
 * "Forcing Chains" (an assumption whose X- or XY-chain comes back to its
 * own negation), level 3 then "Multiple Forcing Chains" (static cell and
 * region forcing chains). Every inner hint is ranked as SE ranks it
 * (rating, complexity, kind, then the order found), and its eliminations
 * go to the walk in that order, so a candidate two hints eliminate comes
 * from the better one. A hint's parents are the walk's removals its links
 * needed (a bivalue cell or a two-place unit the walk created); a hint
 * without such a parent exists in the real grid and is skipped. Each
 * reported node carries the inner chain's complexity, which the outer
 * chain's complexity adds once per distinct inner chain.
 *
 * Cost: one inner search is a breadth-first walk per candidate and mode
 * on the static links of g, O(candidates x links); it runs at every stall
 * of every outer walk. It works over the unit table (any size, any
 * variant), but the engine only calls it where SE's (+) level runs (see
 * chain_forcing.c).
 */
#include "chain_internal.h"
#include "chain_nest_links.h"

#include <stdlib.h>
#include <string.h>

typedef struct ihint {
    int rating, cx, key, seq;
    int e0, ne; /* eliminations (off nodes) in el[] */
    int p0, np; /* parents (off nodes) in pp[] */
} ihint;

struct nest_ws {
    int NN;
    uint32_t *stamp, gen;
    int32_t *par;   /* parent node in the current walk, -1 at the source */
    int32_t *cause; /* how an on node came: -2 its cell, u >= 0 unit u, -1 none */
    int32_t *qon, *qoff;
    uint32_t *pmark;
    uint32_t pgen;
    ihint *h;
    int nh, caph;
    int32_t *el, *pp;
    int nel, capel, npp, cappp;
    int p0, e0; /* the hint being built */
    /* static closures of level 3 (cell and region forcing chains) */
    int ncl;
    uint32_t **clstamp;
    int32_t **clpar, **clcause;
    uint32_t clgen;
    struct nest_reach *rx[2]; /* reachability of the walk's grid (chain_nest_reach.c), X and XY links */
};

void chain_nest_ws_free(struct nest_ws *nw)
{
    if (!nw)
        return;
    free(nw->stamp);
    free(nw->par);
    free(nw->cause);
    free(nw->qon);
    free(nw->qoff);
    free(nw->pmark);
    free(nw->h);
    free(nw->el);
    free(nw->pp);
    for (int i = 0; i < nw->ncl; i++) {
        free(nw->clstamp ? nw->clstamp[i] : NULL);
        free(nw->clpar ? nw->clpar[i] : NULL);
        free(nw->clcause ? nw->clcause[i] : NULL);
    }
    free(nw->clstamp);
    free(nw->clpar);
    free(nw->clcause);
    chain_nest_reach_free(nw->rx[0]);
    chain_nest_reach_free(nw->rx[1]);
    free(nw);
}

static struct nest_ws *nest_ws_get(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    if (w->nw)
        return w->nw;
    struct nest_ws *nw = calloc(1, sizeof *nw);
    if (!nw) {
        logic_nomem(L);
        return NULL;
    }
    size_t NN = (size_t)w->NN;
    nw->NN = w->NN;
    nw->stamp = calloc(NN, sizeof(uint32_t));
    nw->pmark = calloc(NN, sizeof(uint32_t));
    nw->par = malloc(NN * sizeof(int32_t));
    nw->cause = malloc(NN * sizeof(int32_t));
    nw->qon = malloc(NN * sizeof(int32_t));
    nw->qoff = malloc(NN * sizeof(int32_t));
    nw->ncl = 2 * L->n + 1;
    nw->clstamp = calloc((size_t)nw->ncl, sizeof *nw->clstamp);
    nw->clpar = calloc((size_t)nw->ncl, sizeof *nw->clpar);
    nw->clcause = calloc((size_t)nw->ncl, sizeof *nw->clcause);
    int ok = nw->stamp && nw->pmark && nw->par && nw->cause && nw->qon && nw->qoff && nw->clstamp &&
             nw->clpar && nw->clcause;
    for (int i = 0; ok && i < nw->ncl; i++) {
        nw->clstamp[i] = calloc(NN, sizeof(uint32_t));
        nw->clpar[i] = malloc(NN * sizeof(int32_t));
        nw->clcause[i] = malloc(NN * sizeof(int32_t));
        ok = nw->clstamp[i] && nw->clpar[i] && nw->clcause[i];
    }
    if (!ok) {
        chain_nest_ws_free(nw);
        logic_nomem(L);
        return NULL;
    }
    w->nw = nw;
    return nw;
}

static int grow32(int32_t **a, int *cap, int need)
{
    if (need <= *cap)
        return 0;
    int nc = *cap ? *cap : 256;
    while (nc < need)
        nc *= 2;
    int32_t *t = realloc(*a, sizeof(int32_t) * (size_t)nc);
    if (!t)
        return -1;
    *a = t;
    *cap = nc;
    return 0;
}

int chain_nest_new(doku_logic *L, int cx)
{
    struct chain_ws *w = L->cw;
    if (w->nnest == w->capnest) {
        int nc = w->capnest ? w->capnest * 2 : 1024;
        int32_t *a = realloc(w->nest_cx, sizeof(int32_t) * (size_t)nc);
        if (!a)
            return -1 + logic_nomem(L);
        w->nest_cx = a;
        uint32_t *m = realloc(w->nest_mark, sizeof(uint32_t) * (size_t)nc);
        if (!m)
            return -1 + logic_nomem(L);
        memset(m + w->capnest, 0, sizeof(uint32_t) * (size_t)(nc - w->capnest));
        w->nest_mark = m;
        w->capnest = nc;
    }
    w->nest_cx[w->nnest] = cx;
    return w->nnest++;
}

/* The grids an inner search reads: g/gpos the walk's reduced grid, the
 * context's grid L->cand/L->pos the one the walk started from. */
typedef struct inner {
    doku_logic *L;
    struct nest_ws *nw;
    const lmask *g, *gpos;
    int rstate[2]; /* nw->rx[useY] for g: 0 not built yet, 1 built, -1 not available */
} inner;

/* The reachability of g's links of the mode (1: with Y links), built on
 * first use. @return it, or NULL: then every source is walked. */
static struct nest_reach *reach_for(inner *in, int useY)
{
    if (!in->rstate[useY])
        in->rstate[useY] = chain_nest_reach_build(in->L, &in->nw->rx[useY], in->g, in->gpos, useY) ? -1 : 1;
    return in->rstate[useY] > 0 ? in->nw->rx[useY] : NULL;
}

/* Whether src's static walk of the mode can reach its negation. The X
 * links are a part of the XY links, so the XY graph (which level 3
 * needs anyway) answers most sources and the X graph is built only for
 * the rest. */
static int can_force(inner *in, int src, int useY)
{
    const struct nest_reach *xy = reach_for(in, 1);
    if (xy && !chain_nest_reaches(xy, src, src ^ 1))
        return 0;
    if (useY)
        return 1;
    const struct nest_reach *x = reach_for(in, 0);
    return !x || chain_nest_reaches(x, src, src ^ 1);
}

int chain_nest_cause_parents(doku_logic *L, const lmask *g, const lmask *gpos, int x, int cause)
{
    struct nest_ws *nw = L->cw->nw;
    int n = L->n, c = NCELL(x), d = NDIG(x);
    int32_t tmp[2 * DOKU_MAX_N];
    int k = 0;
    if (cause == -2) {
        for (lmask m = L->cand[c] & ~g[c]; m; m &= m - 1)
            tmp[k++] = NODE(c, lfirst(m) + 1, 0);
    } else if (cause >= 0) {
        size_t at = (size_t)cause * n + d - 1;
        for (lmask m = L->pos[at] & ~gpos[at]; m; m &= m - 1)
            tmp[k++] = NODE(logic_unit_cell(L, cause, lfirst(m)), d, 0);
    }
    for (int i = 0; i < k; i++) {
        if (nw->pmark[tmp[i]] == nw->pgen)
            continue;
        nw->pmark[tmp[i]] = nw->pgen;
        if (grow32(&nw->pp, &nw->cappp, nw->npp + 1))
            return -1 + logic_nomem(L);
        nw->pp[nw->npp++] = tmp[i];
    }
    return 0;
}

static int add_cause_parents(inner *in, int x, int cause)
{
    return chain_nest_cause_parents(in->L, in->g, in->gpos, x, cause);
}

int chain_nest_open(doku_logic *L)
{
    struct nest_ws *nw = nest_ws_get(L);
    if (!nw)
        return -1;
    if (++nw->pgen == 0) {
        memset(nw->pmark, 0, sizeof(uint32_t) * (size_t)nw->NN);
        nw->pgen = 1;
    }
    nw->p0 = nw->npp;
    nw->e0 = nw->nel;
    return 0;
}

int chain_nest_elim(doku_logic *L, int node)
{
    struct nest_ws *nw = L->cw->nw;
    if (grow32(&nw->el, &nw->capel, nw->nel + 1))
        return -1 + logic_nomem(L);
    nw->el[nw->nel++] = node;
    return 0;
}

int chain_nest_close(doku_logic *L, int rating, int cx, int key, int seq)
{
    struct nest_ws *nw = L->cw->nw;
    int p0 = nw->p0, e0 = nw->e0;
    if (nw->npp == p0 || nw->nel == e0) {
        nw->npp = p0;
        nw->nel = e0;
        return 0;
    }
    if (nw->nh == nw->caph) {
        int nc = nw->caph ? nw->caph * 2 : 256;
        ihint *t = realloc(nw->h, sizeof(ihint) * (size_t)nc);
        if (!t)
            return -1 + logic_nomem(L);
        nw->h = t;
        nw->caph = nc;
    }
    ihint *h = &nw->h[nw->nh++];
    h->rating = rating;
    h->cx = cx;
    h->key = key;
    h->seq = seq;
    h->e0 = e0;
    h->ne = nw->nel - e0;
    h->p0 = p0;
    h->np = nw->npp - p0;
    return 0;
}

/* One walk's marks: a node is reached when its stamp equals gen; par and
 * cause say from where and by which link. */
struct walk_marks {
    uint32_t *st, gen;
    int32_t *par, *cause;
};

/* Marks x reached from p by link `cause`.
 * @return 1 when x is new to this walk (the caller queues it), else 0. */
static inline int walk_reach(const struct walk_marks *wm, int x, int p, int cause)
{
    if (wm->st[x] == wm->gen)
        return 0;
    wm->st[x] = wm->gen;
    wm->par[x] = p;
    wm->cause[x] = cause;
    return 1;
}

/* --- level 2: forcing X- and XY-chains on g ------------------------- */

static inline int peer_link(const inner *in, int c, int d, int *i)
{
    return nest_peer_link(in->L, in->g, c, d, i);
}

static inline int off_links(const inner *in, int p, int useY, int *xs, int *cs)
{
    return nest_off_links(in->L, in->g, in->gpos, p, useY, xs, cs);
}

/* Breadth-first walk of the static links of g from src, on and off
 * layers in turn as SE's doForcingChains, until src's negation appears.
 * @return the node count of that chain (source and end included), or 0. */
static int forcing_walk(inner *in, int src, int useY)
{
    const doku_logic *L = in->L;
    struct nest_ws *nw = in->nw;
    const lmask *g = in->g;
    int target = src ^ 1;
    if (++nw->gen == 0) {
        memset(nw->stamp, 0, sizeof(uint32_t) * (size_t)nw->NN);
        nw->gen = 1;
    }
    struct walk_marks wm = {nw->stamp, nw->gen, nw->par, nw->cause};
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    walk_reach(&wm, src, -1, -1);
    if (NON(src))
        nw->qon[ton++] = src;
    else
        nw->qoff[toff++] = src;
    while (hon < ton || hoff < toff) {
        while (hon < ton) {
            int p = nw->qon[hon++];
            int c = NCELL(p), d = NDIG(p);
            if (useY)
                for (lmask m = g[c] & ~LBIT(d); m; m &= m - 1) {
                    int x = NODE(c, lfirst(m) + 1, 0);
                    if (x == target)
                        goto found_on;
                    if (walk_reach(&wm, x, p, -1))
                        nw->qoff[toff++] = x;
                }
            for (int i = 0, x; (x = peer_link(in, c, d, &i)) >= 0;) {
                if (x == target)
                    goto found_on;
                if (walk_reach(&wm, x, p, -1))
                    nw->qoff[toff++] = x;
            }
            continue;
        found_on:
            nw->par[target] = p;
            nw->cause[target] = -1;
            goto done;
        }
        while (hoff < toff) {
            int p = nw->qoff[hoff++];
            int xs[DOKU_MAX_N + 1], cs[DOKU_MAX_N + 1];
            int k = off_links(in, p, useY, xs, cs);
            for (int i = 0; i < k; i++) {
                int x = xs[i];
                if (x == target) {
                    nw->par[target] = p;
                    nw->cause[target] = cs[i];
                    goto done;
                }
                if (walk_reach(&wm, x, p, cs[i]))
                    nw->qon[ton++] = x;
            }
        }
    }
    return 0;
done:;
    /* the target is not stamped (it is src's conjugate, never queued) */
    int count = 1;
    for (int x = nw->par[target]; x >= 0; x = nw->par[x])
        count++;
    return count;
}

/* The parents of the chain ending at target (walk of par[] from it). */
static int chain_parents(inner *in, int target)
{
    struct nest_ws *nw = in->nw;
    for (int x = target; x >= 0; x = nw->par[x])
        if (NON(x) && add_cause_parents(in, x, nw->cause[x]))
            return -1;
    return 0;
}

static int level2_forcing(inner *in)
{
    doku_logic *L = in->L;
    struct nest_ws *nw = in->nw;
    const lmask *g = in->g;
    for (int mode = 0; mode < 2; mode++) { /* X-chains, then XY-chains */
        int useY = mode, base = useY ? 70 : 66, key = useY ? 4 : 2;
        for (int c = 0; c < L->nc; c++) {
            if (L->val[c] || lpop(g[c]) < 2)
                continue;
            if (logic_stop(L))
                return -1;
            for (lmask m = g[c]; m; m &= m - 1) {
                int d = lfirst(m) + 1;
                for (int on = 1; on >= 0; on--) {
                    int src = NODE(c, d, on);
                    if (!can_force(in, src, useY))
                        continue; /* its walk cannot find its negation */
                    int cx = forcing_walk(in, src, useY);
                    if (!cx)
                        continue;
                    if (chain_nest_open(L) || chain_parents(in, src ^ 1))
                        return -1;
                    if (nw->npp == nw->p0)
                        continue;
                    if (on) { /* src leads to its own negation: remove it */
                        if (chain_nest_elim(L, NODE(c, d, 0)))
                            return -1;
                    } else { /* src off leads to it on: it holds */
                        for (lmask o = g[c] & ~LBIT(d); o; o &= o - 1)
                            if (chain_nest_elim(L, NODE(c, lfirst(o) + 1, 0)))
                                return -1;
                    }
                    if (chain_nest_close(L, base + logic_length_bonus(cx), cx, key, nw->nh))
                        return -1;
                }
            }
        }
    }
    return 0;
}

/* --- level 3: static cell and region forcing chains on g ------------- */

/* Full static closure (X- and Y-links of g) of src on into closure k. */
static void closure(inner *in, int k, int src)
{
    const doku_logic *L = in->L;
    struct nest_ws *nw = in->nw;
    const lmask *g = in->g;
    struct walk_marks wm = {nw->clstamp[k], nw->clgen, nw->clpar[k], nw->clcause[k]};
    int hon = 0, ton = 0, hoff = 0, toff = 0;
    walk_reach(&wm, src, -1, -1);
    nw->qon[ton++] = src;
    while (hon < ton || hoff < toff) {
        if (hon < ton) {
            int p = nw->qon[hon++];
            int c = NCELL(p), d = NDIG(p);
            for (lmask m = g[c] & ~LBIT(d); m; m &= m - 1) {
                int x = NODE(c, lfirst(m) + 1, 0);
                if (walk_reach(&wm, x, p, -1))
                    nw->qoff[toff++] = x;
            }
            for (int i = 0, x; (x = peer_link(in, c, d, &i)) >= 0;)
                if (walk_reach(&wm, x, p, -1))
                    nw->qoff[toff++] = x;
        } else {
            int p = nw->qoff[hoff++];
            int xs[DOKU_MAX_N + 1], cs[DOKU_MAX_N + 1];
            int nx = off_links(in, p, 1, xs, cs);
            for (int i = 0; i < nx; i++)
                if (walk_reach(&wm, xs[i], p, cs[i]))
                    nw->qon[ton++] = xs[i];
        }
    }
}

static int cl_depth(struct nest_ws *nw, int k, int node)
{
    int count = 0;
    for (int x = node; x >= 0; x = nw->clpar[k][x])
        count++;
    return count;
}

static int cl_parents(inner *in, int k, int node)
{
    struct nest_ws *nw = in->nw;
    for (int x = node; x >= 0; x = nw->clpar[k][x])
        if (NON(x) && nw->clcause[k][x] != -1 && add_cause_parents(in, x, nw->clcause[k][x]))
            return -1;
    return 0;
}

/* A conclusion node common to closures ks[0..nk): records the hint.
 * src_cause is how the sources are tied (-2 a cell, u a unit). */
static int multi_hint(inner *in, const int *ks, const int *srcs, int nk, int node, int src_cause, int key)
{
    doku_logic *L = in->L;
    struct nest_ws *nw = in->nw;
    int c = NCELL(node), d = NDIG(node);
    if (L->val[c] || !(in->g[c] & LBIT(d)))
        return 0;
    if (NON(node) && lpop(in->g[c]) < 2)
        return 0;
    int cx = 0;
    if (chain_nest_open(L))
        return -1;
    for (int i = 0; i < nk; i++) {
        cx += cl_depth(nw, ks[i], node);
        if (cl_parents(in, ks[i], node))
            return -1;
    }
    /* the sources' own tie (SE counts it as the first link's cause) */
    if (add_cause_parents(in, srcs[0], src_cause))
        return -1;
    if (NON(node)) {
        for (lmask o = in->g[c] & ~LBIT(d); o; o &= o - 1)
            if (chain_nest_elim(L, NODE(c, lfirst(o) + 1, 0)))
                return -1;
    } else if (chain_nest_elim(L, node)) {
        return -1;
    }
    return chain_nest_close(L, 80 + logic_length_bonus(cx), cx, key, nw->nh);
}

/* Marks in r the nodes multi_hint would conclude from (its own tests),
 * so that chain_nest_reach_common tells whether closures share one: the
 * walks are needed only then. */
static void mark_worthy(inner *in, struct nest_reach *r)
{
    const doku_logic *L = in->L;
    const lmask *g = in->g;
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c])
            continue;
        for (lmask m = g[c]; m; m &= m - 1) {
            int d = lfirst(m) + 1;
            chain_nest_reach_mark(r, NODE(c, d, 0));
            if (lpop(g[c]) >= 2)
                chain_nest_reach_mark(r, NODE(c, d, 1));
        }
    }
}

static int level3_multiple(inner *in)
{
    doku_logic *L = in->L;
    struct nest_ws *nw = in->nw;
    const lmask *g = in->g, *gpos = in->gpos;
    int n = L->n, NN = nw->NN;
    struct nest_reach *r = reach_for(in, 1);
    if (r)
        mark_worthy(in, r);
    for (int c = 0; c < L->nc; c++) {
        int card = lpop(g[c]);
        if (L->val[c] || card <= 2) /* static: SE starts only from cells of 3+ */
            continue;
        if (logic_stop(L))
            return -1;
        if (++nw->clgen == 0) {
            for (int i = 0; i < nw->ncl; i++)
                memset(nw->clstamp[i], 0, sizeof(uint32_t) * (size_t)NN);
            nw->clgen = 1;
        }
        int ks[DOKU_MAX_N], srcs[DOKU_MAX_N], nk = 0;
        int made[DOKU_MAX_N] = {0}; /* closure nk walked for this cell */
        for (lmask m = g[c]; m; m &= m - 1) {
            int d = lfirst(m) + 1;
            srcs[nk] = NODE(c, d, 1);
            /* region chains from this cell's units where it is the first place */
            for (int j = 0; j < L->ncunits[c]; j++) {
                int u = L->cunits[(size_t)c * L->maxcu + j];
                lmask pm = gpos[(size_t)u * n + d - 1];
                if (lpop(pm) < 2 || logic_unit_cell(L, u, lfirst(pm)) != c)
                    continue;
                int rk[DOKU_MAX_N] = {0}, rs[DOKU_MAX_N], nr = 0, slot = n;
                for (lmask q = pm; q; q &= q - 1)
                    rs[nr++] = NODE(logic_unit_cell(L, u, lfirst(q)), d, 1);
                if (r && !chain_nest_reach_common(r, rs, nr))
                    continue;
                if (!made[nk]) {
                    closure(in, nk, srcs[nk]);
                    made[nk] = 1;
                }
                nr = 0;
                for (lmask q = pm; q; q &= q - 1) {
                    int oc = logic_unit_cell(L, u, lfirst(q));
                    rs[nr] = NODE(oc, d, 1);
                    if (oc == c) {
                        rk[nr++] = nk;
                    } else {
                        closure(in, slot, rs[nr]);
                        rk[nr++] = slot++;
                    }
                }
                uint32_t *s0 = nw->clstamp[rk[0]];
                for (int x = 0; x < NN; x++) {
                    if (s0[x] != nw->clgen)
                        continue;
                    int all = 1;
                    for (int i = 1; i < nr && all; i++)
                        all = nw->clstamp[rk[i]][x] == nw->clgen;
                    if (all && multi_hint(in, rk, rs, nr, x, u, 6))
                        return -1;
                }
                /* the other cells' closures are rebuilt for the next unit */
                for (int i = 0; i < nr; i++)
                    if (rk[i] != nk)
                        memset(nw->clstamp[rk[i]], 0, sizeof(uint32_t) * (size_t)NN);
            }
            ks[nk] = nk;
            nk++;
        }
        if (r && !chain_nest_reach_common(r, srcs, nk))
            continue;
        for (int i = 0; i < nk; i++)
            if (!made[i])
                closure(in, i, srcs[i]);
        uint32_t *s0 = nw->clstamp[0];
        for (int x = 0; x < NN; x++) {
            if (s0[x] != nw->clgen)
                continue;
            int all = 1;
            for (int i = 1; i < nk && all; i++)
                all = nw->clstamp[i][x] == nw->clgen;
            if (all && multi_hint(in, ks, srcs, nk, x, -2, 5))
                return -1;
        }
    }
    return 0;
}

/* Hints sort by SE's ranking (rating, complexity, kind), then in the
 * order found (SE's sort is stable): one packed key each. */
typedef struct hord {
    uint64_t k;
    int32_t seq, i;
} hord;

static int cmp_hord(const void *a, const void *b)
{
    const hord *x = a, *y = b;
    if (x->k != y->k)
        return x->k < y->k ? -1 : 1;
    if (x->seq != y->seq)
        return x->seq < y->seq ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

void chain_nest_reset(doku_logic *L)
{
    struct nest_ws *nw = nest_ws_get(L);
    if (nw)
        nw->nh = nw->nel = nw->npp = 0;
}

int chain_nest_report(doku_logic *L, chain_nest_sink add, void *ctx)
{
    struct nest_ws *nw = L->cw->nw;
    if (!nw || !nw->nh)
        return 0;
    hord *ord = malloc(sizeof(hord) * (size_t)nw->nh);
    if (!ord)
        return logic_nomem(L);
    for (int i = 0; i < nw->nh; i++) {
        const ihint *h = &nw->h[i];
        uint64_t cx = (uint64_t)(h->cx < (1 << 24) ? h->cx : (1 << 24) - 1);
        ord[i].k = ((uint64_t)h->rating << 32) | (cx << 4) | (uint64_t)h->key;
        ord[i].seq = h->seq;
        ord[i].i = i;
    }
    qsort(ord, (size_t)nw->nh, sizeof ord[0], cmp_hord);
    for (int i = 0; i < nw->nh; i++) {
        const ihint *h = &nw->h[ord[i].i];
        for (int e = 0; e < h->ne; e++)
            add(ctx, nw->el[h->e0 + e], nw->pp + h->p0, h->np, h->cx, ord[i].i);
    }
    free(ord);
    nw->nh = nw->nel = nw->npp = 0;
    return 1;
}

int chain_nested_rule(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add, void *ctx)
{
    struct nest_ws *nw = nest_ws_get(L);
    if (!nw)
        return 0;
    inner in = {L, nw, g, gpos, {0, 0}};
    for (int rule = 2; rule <= level && rule <= 3; rule++) {
        chain_nest_reset(L);
        if (rule == 2 ? level2_forcing(&in) : level3_multiple(&in))
            return 0;
        if (chain_nest_report(L, add, ctx))
            return 1;
    }
    return 0;
}
