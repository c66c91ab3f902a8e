/*
 * chain_forcing.c — chains that propagate every consequence of an
 * assumption (SE's doChaining): Nishio (7.5+), cell and region forcing
 * chains (8.0+), dynamic forcing chains (8.5+) and dynamic forcing chains
 * (+) (9.0+).
 *
 * Design: a walk assumes one candidate on or off and follows the links to
 * a contradiction or to the end; in dynamic mode it removes the off
 * candidates from a scratch grid, so later links see the reduced grid and
 * record those removals as extra ("hidden") parents. The (+) walks also
 * ask chains_plus.c for SE's "advanced" implications (locked candidates,
 * pairs, X-wings) when a walk runs dry. A conclusion is a contradiction,
 * or a node every branch of a cell or a unit reaches.
 */
#include "chain_internal.h"
#include "chains_plus.h"
#include "variant_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct walk_opts {
    int useY;      /* !nishio */
    int dynamic;
    int level;     /* SE's nesting level: 1 adds the advanced implications
                    * of chains_plus.c, 2 and up the inner rule */
    chain_inner_rule inner;
} walk_opts;

/* chains_plus.c reports an implied off node: add it to the walk as SE
 * adds its advanced potentials (no contradiction test here; the node's
 * own links find it). */
static void plus_sink(void *ctx, int node, const int32_t *pnodes, int np)
{
    branch *b = ctx;
    if (br_has(b, node))
        return;
    int32_t par[64];
    int k = 0;
    for (int i = 0; i < np && k < 64; i++) {
        int pi = br_get(b, pnodes[i]);
        if (pi >= 0)
            par[k++] = pi;
    }
    int xi = br_new(b, node, par, k, 1);
    if (xi >= 0)
        b->qoff[b->toff++] = xi;
}

/* chain_nested.c reports an off node an inner chain found: add it with
 * the inner chain's id, one id per inner hint. */
typedef struct nest_ctx {
    doku_logic *L;
    branch *b;
    int last_hint, last_id;
} nest_ctx;

static void nest_sink(void *ctx, int node, const int32_t *pnodes, int np, int cx, int hint)
{
    nest_ctx *nc = ctx;
    branch *b = nc->b;
    if (br_has(b, node))
        return;
    if (hint != nc->last_hint) {
        nc->last_hint = hint;
        nc->last_id = chain_nest_new(nc->L, cx);
    }
    int32_t par[256];
    int k = 0;
    for (int i = 0; i < np && k < 256; i++) {
        int pi = br_get(b, pnodes[i]);
        if (pi >= 0)
            par[k++] = pi;
    }
    int xi = br_new(b, node, par, k, 1);
    if (xi >= 0) {
        b->inest[xi] = nc->last_id;
        if (b->toff < nc->L->cw->NN * 4)
            b->qoff[b->toff++] = xi;
    }
}

/* variant_chain.c reports an off node a constraint gives on the walk's
 * grid: add it with the constraint as its cause (the text names it), its
 * latest parent first (the main line runs through the removal that woke
 * the constraint); a node whose on form is in the walk is a
 * contradiction, kept for propagate to return. */
typedef struct var_ctx {
    doku_logic *L;
    branch *b;
    int on_i, off_i;
} var_ctx;

static void var_sink(void *ctx, int node, const int32_t *pnodes, int np, int con)
{
    var_ctx *vc = ctx;
    branch *b = vc->b;
    if (vc->off_i >= 0 || br_has(b, node))
        return;
    int32_t par[256];
    int k = 0, top = 0;
    for (int i = 0; i < np && k < 256; i++) {
        int pi = br_get(b, pnodes[i]);
        if (pi >= 0)
            par[k++] = pi;
    }
    for (int i = 1; i < k; i++)
        top = par[i] > par[top] ? i : top;
    if (k) {
        int32_t t = par[0];
        par[0] = par[top];
        par[top] = t;
    }
    int conj = br_get(b, node ^ 1);
    int xi = br_new(b, node, par, k, conj < 0);
    if (xi < 0)
        return;
    b->icause[xi] = -3 - con;
    if (conj >= 0) {
        vc->on_i = conj;
        vc->off_i = xi;
    } else if (b->toff < vc->L->cw->NN * 4) {
        b->qoff[b->toff++] = xi;
    }
}

/* Returns -1, or the instance pair of a contradiction in *on_i, *off_i. */
static int propagate(doku_logic *L, branch *b, const walk_opts *o, int *on_i, int *off_i)
{
    struct chain_ws *w = L->cw;
    const lmask *src = L->cand;
    lmask *g = (lmask *)L->cand;
    lmask *gpos = L->pos;
    size_t npos = (size_t)L->nunits * (size_t)L->n;
    if (o->dynamic) {
        memcpy(w->cur, L->cand, sizeof(lmask) * (size_t)L->nc);
        memcpy(w->curpos, L->pos, sizeof(lmask) * npos);
        g = w->cur;
        gpos = w->curpos;
    }
    int32_t par[64];
    while (b->hon < b->ton || b->hoff < b->toff) {
        if (logic_stop(L))
            return -1; /* the engine discards the whole search */
        if (b->hon < b->ton) {
            int p = b->qon[b->hon++];
            int pn = b->inode[p];
            if (o->dynamic)
                chain_on_to_off(L, g, NCELL(pn), NDIG(pn), o->useY);
            else
                chain_static_links(L, pn, o->useY, 1);
            for (int k = 0; k < w->ngen; k++) {
                int x = w->gen_node[k];
                int conj = br_get(b, x ^ 1);
                if (conj >= 0) {
                    *on_i = conj;
                    *off_i = br_new(b, x, &p, 1, 0);
                    return 1;
                }
                if (!br_has(b, x)) {
                    int xi = br_new(b, x, &p, 1, 1);
                    if (xi >= 0 && b->toff < w->NN * 4)
                        b->qoff[b->toff++] = xi;
                }
            }
        } else {
            int p = b->qoff[b->hoff++];
            int pn = b->inode[p];
            if (o->dynamic)
                chain_off_to_on(L, g, gpos, src, L->pos, NCELL(pn), NDIG(pn), o->useY, 1);
            else
                chain_static_links(L, pn, o->useY, 1);
            if (o->dynamic) {
                int c = NCELL(pn), dd = NDIG(pn);
                g[c] &= ~LBIT(dd);
                for (int j = 0; j < L->ncunits[c]; j++) {
                    int u = L->cunits[(size_t)c * L->maxcu + j];
                    gpos[(size_t)u * L->n + dd - 1] &=
                        ~((lmask)1 << L->cell_in_unit[(size_t)u * L->nc + c]);
                }
            }
            for (int k = 0; k < w->ngen; k++) {
                int x = w->gen_node[k];
                int np = 0;
                par[np++] = p;
                for (int h = 0; h < w->gen_hpn[k] && np < 64; h++) {
                    int hi = br_get(b, w->gen_hp[w->gen_hps[k] + h]);
                    if (hi >= 0)
                        par[np++] = hi;
                }
                int conj = br_get(b, x ^ 1);
                if (conj >= 0) {
                    *on_i = br_new(b, x, par, np, 0);
                    if (*on_i >= 0)
                        b->icause[*on_i] = o->dynamic ? w->gen_cause[k] : -1;
                    *off_i = conj;
                    return 1;
                }
                if (!br_has(b, x)) {
                    int xi = br_new(b, x, par, np, 1);
                    if (xi >= 0) {
                        b->icause[xi] = o->dynamic ? w->gen_cause[k] : -1;
                        b->qon[b->ton++] = xi;
                    }
                }
            }
        }
        if (o->dynamic && L->var && b->hon == b->ton && b->hoff == b->toff) {
            var_ctx vc = {L, b, -1, -1};
            logic_var_walk(L, g, gpos, var_sink, &vc);
            if (vc.off_i >= 0) {
                *on_i = vc.on_i;
                *off_i = vc.off_i;
                return 1;
            }
        }
        if (o->level && b->hon == b->ton && b->hoff == b->toff &&
            !logic_plus_advanced(L, g, gpos, plus_sink, b) && o->level >= 2) {
            nest_ctx nc = {L, b, -1, -1};
            o->inner(L, g, gpos, o->level, nest_sink, &nc);
        }
    }
    return -1;
}

static int start_walk(doku_logic *L, branch *b, int node, const walk_opts *o, int *on_i, int *off_i)
{
    br_reset(b);
    int r = br_new(b, node, NULL, 0, 1);
    if (r < 0)
        return 0; /* no memory: br_new recorded it on L */
    if (NON(node))
        b->qon[b->ton++] = r;
    else
        b->qoff[b->toff++] = r;
    return propagate(L, b, o, on_i, off_i);
}

/* Whether concluding node (on: place, off: remove) makes progress. */
static int worth(const doku_logic *L, int node)
{
    int c = NCELL(node), d = NDIG(node);
    if (L->val[c] || !(L->cand[c] & LBIT(d)))
        return 0;
    return NON(node) ? lpop(L->cand[c]) > 1 : 1;
}

typedef struct multi_ctx {
    best bb;
    walk_opts wo;
    int base;         /* 75, 80, 85 */
    int nishio, multiple, dynamic;
    doku_technique tech;
    int seq, bestseq; /* SE's order of finding, the last tie-break */
    chain_hint_sink collect; /* collect mode: every hint goes here */
    void *cctx;
} multi_ctx;

/* better() with SE's order of finding as the last tie-break: region
 * chains are ranked after the cell loop (region_pass), so a tie cannot
 * be left to the order of the calls. */
static int better_seq(const multi_ctx *m, int rating, int cx, int key)
{
    const best *b = &m->bb;
    if (!b->found || rating != b->rating || cx != b->complexity || key != b->key)
        return better(b, rating, cx, key);
    return m->seq < m->bestseq;
}

/* SE's name suffix for a nesting level ("" below 1). */
static const char *level_suffix(int level)
{
    return level == 1   ? " (+)"
           : level == 2 ? " (+ Forcing Chains)"
           : level == 3 ? " (+ Multiple Forcing Chains)"
           : level == 4 ? " (+ Dynamic Forcing Chains)"
           : level == 5 ? " (+ Dynamic Forcing Chains (+ Forcing Chains))"
                        : "";
}

static void conclude(doku_logic *L, int node)
{
    int c = NCELL(node), d = NDIG(node);
    if (NON(node))
        lstep_place(L, c, d);
    else
        lstep_elim(L, c, d);
}

static void conclusion_text(doku_logic *L, int node)
{
    char a[24];
    logic_cellname(L, NCELL(node), a, sizeof a);
    lstep_text(L, "%s %s %d", a, NON(node) ? "is" : "is not", NDIG(node));
}

/* Contradiction from assuming src: src's opposite holds. */
static void emit_contradiction(doku_logic *L, multi_ctx *m, branch *b, int src, int on_i, int off_i)
{
    int target = src ^ 1;
    if (!worth(L, target))
        return;
    int pair[2] = {on_i, off_i};
    int cx = chain_complexity(L, b, pair, 2);
    int rating = m->base + logic_length_bonus(cx);
    if (m->collect) {
        branch *bb[2] = {b, b};
        chain_hint h = {7, target, src, -1, bb, pair, 2, rating, cx, 7, m->seq};
        m->collect(m->cctx, &h);
        m->bb.found = 1;
        return;
    }
    if (!better_seq(m, rating, cx, 7) || !logic_allowed(L, m->tech))
        return;
    best_set(&m->bb, rating, cx, 7);
    m->bestseq = m->seq;
    char nm[96];
    snprintf(nm, sizeof nm, "%s%s", m->nishio ? "Nishio Forcing Chains" : "Dynamic Contradiction Forcing Chains",
             level_suffix(m->wo.level));
    const char *name = nm;
    lstep_begin(L, m->tech, rating, name);
    conclude(L, target);
    char a[24];
    logic_cellname(L, NCELL(src), a, sizeof a);
    lstep_text(L, "%s: if %s %s %d, then both ", name, a, NON(src) ? "is" : "is not", NDIG(src));
    chain_text(L, b, on_i);
    lstep_text(L, " and ");
    chain_text(L, b, off_i);
    lstep_text(L, ", a contradiction, so ");
    conclusion_text(L, target);
    if (m->wo.level >= 2)
        lstep_text(L, " (~>: by an inner chain on the grid reduced so far)");
}

/* A conclusion reached from every branch (cell values, unit places, or
 * a candidate on and off). kind: 0 double, 1 cell, 2 region. */
static void emit_multi(doku_logic *L, multi_ctx *m, int kind, int node, branch **brs, const int *srcs,
                       int nb, int cell_or_unit)
{
    if (!worth(L, node))
        return;
    int cx = 0;
    for (int i = 0; i < nb; i++) {
        int at = br_get(brs[i], node);
        cx += chain_complexity(L, brs[i], &at, 1);
    }
    int rating = m->base + logic_length_bonus(cx);
    int key = kind == 0 ? 1 : kind == 1 ? 5 : 6;
    if (m->collect) {
        int inst[DOKU_MAX_N];
        for (int i = 0; i < nb; i++)
            inst[i] = br_get(brs[i], node);
        chain_hint h = {kind, node, srcs[0], kind == 2 ? cell_or_unit : -1, brs, inst, nb, rating, cx, key, m->seq};
        m->collect(m->cctx, &h);
        m->bb.found = 1;
        return;
    }
    if (!better_seq(m, rating, cx, key))
        return;
    doku_technique t = m->tech;
    if (!m->dynamic)
        t = kind == 2 ? DOKU_TECH_REGION_FORCING : DOKU_TECH_CELL_FORCING;
    if (!logic_allowed(L, t))
        return;
    best_set(&m->bb, rating, cx, key);
    m->bestseq = m->seq;
    char nm[96];
    snprintf(nm, sizeof nm, "%s%s%s", m->dynamic ? "Dynamic " : "",
             kind == 0 ? "Double Forcing Chains" : kind == 1 ? "Cell Forcing Chains" : "Region Forcing Chains",
             level_suffix(m->wo.level));
    const char *name = nm;
    lstep_begin(L, t, rating, name);
    conclude(L, node);
    char a[24], un[40];
    if (kind == 2) {
        logic_unitname(L, cell_or_unit, un, sizeof un);
        lstep_text(L, "%s: every place for %d in %s leads to ", name, NDIG(srcs[0]), un);
    } else if (kind == 1) {
        logic_cellname(L, cell_or_unit, a, sizeof a);
        lstep_text(L, "%s: every candidate of %s leads to ", name, a);
    } else {
        logic_cellname(L, NCELL(srcs[0]), a, sizeof a);
        lstep_text(L, "%s: %s being %d or not both lead to ", name, a, NDIG(srcs[0]));
    }
    chain_node_text(L, node);
    lstep_text(L, " (");
    for (int i = 0; i < nb; i++) {
        if (i)
            lstep_text(L, "; ");
        chain_text(L, brs[i], br_get(brs[i], node));
    }
    lstep_text(L, ")");
    if (m->wo.level >= 2)
        lstep_text(L, " (~>: by an inner chain on the grid reduced so far)");
}

/* Region chains of digit d in unit u, whose first place is cell: every
 * place's on-walk, and the conclusions common to all of them. own, if
 * not NULL, is cell's walk already made. */
static void region_unit(doku_logic *L, multi_ctx *m, int cell, int d, int u, branch *own)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    lmask pm = L->pos[(size_t)u * n + d - 1];
    branch *brs[DOKU_MAX_N];
    int srcs[DOKU_MAX_N], nb = 0, bi = n + 1;
    for (lmask mm = pm; mm; mm &= mm - 1) {
        int c = logic_unit_cell(L, u, lfirst(mm));
        srcs[nb] = NODE(c, d, 1);
        if (c == cell && own) {
            brs[nb++] = own;
        } else {
            branch *b = &w->br[bi++];
            int oi, fi;
            start_walk(L, b, NODE(c, d, 1), &m->wo, &oi, &fi);
            brs[nb++] = b;
        }
    }
    /* conclusions common to all branches: walk the first */
    branch *b0 = brs[0];
    for (int i = 0; i < b0->ninst; i++) {
        int node = b0->inode[i];
        if (br_get(b0, node) != i)
            continue;
        int all = 1;
        for (int k = 1; k < nb && all; k++)
            all = br_has(brs[k], node);
        if (all)
            emit_multi(L, m, 2, node, brs, srcs, nb, u);
    }
}

/* Whether a region chain of d in u starts from cell (SE starts it from
 * the unit's first place, when the cell loop reaches that cell). */
static int region_starts(const doku_logic *L, const multi_ctx *m, int cell, int d, int u)
{
    lmask pm = L->pos[(size_t)u * L->n + d - 1];
    int card = lpop(pm);
    if (!(card == 2 || (m->multiple && card > 2)))
        return 0;
    return logic_unit_cell(L, u, lfirst(pm)) == cell;
}

static void region_chains(doku_logic *L, multi_ctx *m, int cell, int d, branch *own)
{
    for (int j = 0; j < L->ncunits[cell]; j++) {
        int u = L->cunits[(size_t)cell * L->maxcu + j];
        if (region_starts(L, m, cell, d, u))
            region_unit(L, m, cell, d, u, own);
    }
}

/* SE's order of finding within the search: cell, then digit (the cell
 * chains after the last digit), then binary chains before region chains. */
static int seq_of(const doku_logic *L, int cell, int di, int part)
{
    return ((cell * (L->n + 1)) + di) * 2 + part;
}

/* The reach cache: one bit per node for each on-walk of the cell loop, so
 * that region chains (every place of a digit in a unit) need not walk
 * again unless their walks share a conclusion worth making. */
static uint64_t *reach_of(doku_logic *L, int node)
{
    struct chain_ws *w = L->cw;
    return w->reach + (size_t)(node / 2) * (size_t)w->reachwords;
}

static void reach_record(doku_logic *L, const branch *b, int node)
{
    L->cw->reachstamp[node / 2] = L->cw->reachgen;
    uint64_t *r = reach_of(L, node);
    memset(r, 0, sizeof(uint64_t) * (size_t)L->cw->reachwords);
    for (int i = 0; i < b->ninst; i++) {
        int x = b->inode[i];
        if (br_get(b, x) == i)
            r[x >> 6] |= (uint64_t)1 << (x & 63);
    }
}

/* Memory the cache would take; past this the region chains walk again
 * (grids above 16x16). */
enum { REACH_MAX_BYTES = 8 << 20 };

static int reach_ready(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    size_t words = ((size_t)w->NN + 63) / 64;
    size_t need = (size_t)L->nc * (size_t)L->n * words;
    if (need * sizeof(uint64_t) > REACH_MAX_BYTES)
        return 0;
    if (w->reachcap < need) {
        uint64_t *t = realloc(w->reach, need * sizeof(uint64_t));
        if (!t)
            return 0;
        w->reach = t;
        w->reachcap = need;
    }
    if (!w->reachstamp) {
        w->reachstamp = calloc((size_t)w->NN / 2, sizeof(uint32_t));
        if (!w->reachstamp)
            return 0;
    }
    if (++w->reachgen == 0) {
        memset(w->reachstamp, 0, sizeof(uint32_t) * (size_t)w->NN / 2);
        w->reachgen = 1;
    }
    w->reachwords = (int)words;
    return 1;
}

/* The region chains after the cell loop, from the reach cache: a unit's
 * walks are made again only if their common nodes hold a conclusion. */
static void region_pass(doku_logic *L, multi_ctx *m)
{
    struct chain_ws *w = L->cw;
    int n = L->n, words = w->reachwords;
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c])
            continue;
        int card = lpop(L->cand[c]);
        if (!(card > 2 || (card > 1 && m->dynamic)))
            continue;
        if (logic_past_deadline(L))
            return;
        int di = 0;
        for (lmask mm = L->cand[c]; mm; mm &= mm - 1, di++) {
            int d = lfirst(mm) + 1;
            m->seq = seq_of(L, c, di, 1);
            for (int j = 0; j < L->ncunits[c]; j++) {
                int u = L->cunits[(size_t)c * L->maxcu + j];
                if (!region_starts(L, m, c, d, u))
                    continue;
                lmask pm = L->pos[(size_t)u * n + d - 1];
                for (lmask q = pm; q; q &= q - 1) {
                    int x = NODE(logic_unit_cell(L, u, lfirst(q)), d, 1), oi, fi;
                    if (w->reachstamp[x / 2] != w->reachgen) {
                        /* a cell the cell loop skips (two candidates, static) */
                        start_walk(L, &w->br[n + 1], x, &m->wo, &oi, &fi);
                        reach_record(L, &w->br[n + 1], x);
                    }
                }
                int any = 0;
                for (int k = 0; k < words && !any; k++) {
                    uint64_t all = ~(uint64_t)0;
                    for (lmask q = pm; q; q &= q - 1)
                        all &= reach_of(L, NODE(logic_unit_cell(L, u, lfirst(q)), d, 1))[k];
                    for (; all && !any; all &= all - 1)
                        any = worth(L, k * 64 + __builtin_ctzll(all));
                }
                if (any)
                    region_unit(L, m, c, d, u, NULL);
            }
        }
    }
}

static int multi_search(doku_logic *L, multi_ctx *m)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    w->nnest = 0;
    if (!m->collect)
        L->floor = m->base;
    if (!m->dynamic && chain_build_graph(L))
        return logic_nomem(L);
    int cached = !m->nishio && reach_ready(L);
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c])
            continue;
        if (logic_past_deadline(L))
            return 0;
        int card = lpop(L->cand[c]);
        if (!(card > 2 || (card > 1 && m->dynamic)))
            continue;
        branch *vb[DOKU_MAX_N];
        int vsrc[DOKU_MAX_N], nv = 0;
        lmask mm = L->cand[c];
        while (mm) {
            int d = lfirst(mm) + 1;
            mm &= mm - 1;
            m->seq = seq_of(L, c, nv, 0);
            branch *bon = &w->br[nv];
            branch *boff = &w->br[n];
            int on_i, off_i;
            int onsrc = NODE(c, d, 1);
            int r = start_walk(L, bon, onsrc, &m->wo, &on_i, &off_i);
            int do_contra = m->dynamic || m->nishio;
            if (do_contra && r > 0)
                emit_contradiction(L, m, bon, onsrc, on_i, off_i);
            int do_double = card >= 3 && !m->nishio && m->dynamic;
            if (do_contra || do_double) {
                int r2 = start_walk(L, boff, NODE(c, d, 0), &m->wo, &on_i, &off_i);
                if (do_contra && r2 > 0)
                    emit_contradiction(L, m, boff, NODE(c, d, 0), on_i, off_i);
                if (do_double) {
                    branch *pair[2] = {bon, boff};
                    int srcs[2] = {onsrc, onsrc ^ 1};
                    for (int i = 0; i < bon->ninst; i++) {
                        int node = bon->inode[i];
                        if (br_get(bon, node) != i || node == onsrc)
                            continue;
                        if (br_has(boff, node))
                            emit_multi(L, m, 0, node, pair, srcs, 2, c);
                    }
                }
            }
            if (cached)
                reach_record(L, bon, onsrc);
            else if (!m->nishio) {
                m->seq = seq_of(L, c, nv, 1);
                region_chains(L, m, c, d, bon);
            }
            vb[nv] = bon;
            vsrc[nv] = onsrc;
            nv++;
        }
        if (!m->nishio && (card == 2 || (m->multiple && card > 2))) {
            m->seq = seq_of(L, c, n, 0);
            branch *b0 = vb[0];
            for (int i = 0; i < b0->ninst; i++) {
                int node = b0->inode[i];
                if (br_get(b0, node) != i)
                    continue;
                int all = 1;
                for (int k = 1; k < nv && all; k++)
                    all = br_has(vb[k], node);
                if (all)
                    emit_multi(L, m, 1, node, vb, vsrc, nv, c);
            }
        }
    }
    if (cached)
        region_pass(L, m);
    return m->bb.found;
}

int logic_chain_nishio(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {0, 1, 0, NULL}, 75, 1, 0, 1, DOKU_TECH_NISHIO, 0, 0, NULL, NULL};
    return multi_search(L, &m);
}

int logic_chain_multiple(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 0, 0, NULL}, 80, 0, 1, 0, DOKU_TECH_CELL_FORCING, 0, 0, NULL, NULL};
    return multi_search(L, &m);
}

int logic_chain_dynamic(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 1, 0, NULL}, 85, 0, 1, 1, DOKU_TECH_DYNAMIC_FORCING, 0, 0, NULL, NULL};
    return multi_search(L, &m);
}

/* The (+) walks re-run pattern searches at every stall of every walk.
 * Past SE's own grid size that cost explodes (first blue 16x16 puzzle:
 * 26.7 s against 0.77 s without; a lewis 25x25 grid: 575 s against
 * 5.4 s), and SE has no ratings there to agree with, so larger grids go
 * on to the labelled trial step instead. */
enum { PLUS_MAX_SIDE = 9 };

int logic_chain_dynamic_plus(doku_logic *L)
{
    if (!L->cw || L->n > PLUS_MAX_SIDE)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 1, 1, NULL}, 90, 0, 1, 1, DOKU_TECH_DYNAMIC_PLUS, 0, 0, NULL, NULL};
    return multi_search(L, &m);
}

int chain_forcing_search(doku_logic *L, int level, chain_inner_rule inner, chain_hint_sink collect, void *cctx)
{
    if (!L->cw)
        return 0;
    doku_technique t = level >= 2   ? DOKU_TECH_NESTED_FORCING
                       : level == 1 ? DOKU_TECH_DYNAMIC_PLUS
                                    : DOKU_TECH_DYNAMIC_FORCING;
    int base = level >= 2 ? 95 + 5 * (level - 2) : 85 + 5 * level;
    multi_ctx m = {{0, 0, 0, 0}, {1, 1, level, inner}, base, 0, 1, 1, t, 0, 0, collect, cctx};
    return multi_search(L, &m);
}
