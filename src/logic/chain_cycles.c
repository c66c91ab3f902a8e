/*
 * chain_cycles.c — chains from one candidate, as Sudoku Explainer builds
 * and rates them: X-/Y-/XY-cycles (nice loops) and forcing X-chains and
 * AICs (6.5-7.x).
 *
 * Design: a layered breadth-first walk over the static link graph from
 * each source the SCC filter lets through; a loop closes when an off node
 * links back to the source, a forcing chain when the source's opposite is
 * reached. The best chain (rating, then length, then kind) is kept.
 */
#include "chain_internal.h"

#include <stdlib.h>
#include <string.h>

static int is_ancestor(const branch *b, int inst, int node)
{
    /* first-parent line of inst, excluding inst */
    int x = b->pcount[inst] ? b->pool[b->pstart[inst]] : -1;
    while (x >= 0) {
        if (b->inode[x] == node)
            return 1;
        x = b->pcount[x] ? b->pool[b->pstart[x]] : -1;
    }
    return 0;
}

/* Eliminations of a cycle closed by (parent on-instance p, off node o):
 * candidates outside the loop's cells that see an on node and an off node
 * of their digit. Fills L->tmp. */
static void cycle_elims(doku_logic *L, const branch *b, int pinst, int onode, int source)
{
    struct chain_ws *w = L->cw;
    /* collect chain nodes: source(on) <- o(off) <- p ... <- root */
    int k = 0;
    w->tmpnodes[k++] = source;
    w->tmpnodes[k++] = onode;
    int x = pinst;
    while (x >= 0 && k < w->NN) {
        if (b->pcount[x] == 0)
            break; /* root = source, already listed */
        w->tmpnodes[k++] = b->inode[x];
        x = b->pool[b->pstart[x]];
    }
    L->tmp.n = 0;
    for (int i = 0; i < k; i++) {
        int node = w->tmpnodes[i];
        if (!NON(node))
            continue;
        int cell = NCELL(node), d = NDIG(node);
        const uint16_t *p = L->peers + (size_t)cell * L->maxp;
        for (int j = 0; j < L->npeers[cell]; j++) {
            int c = p[j];
            if (!(L->cand[c] & LBIT(d)))
                continue;
            int inloop = 0, seesoff = 0;
            for (int t = 0; t < k; t++) {
                int tc = NCELL(w->tmpnodes[t]);
                if (tc == c)
                    inloop = 1;
                if (!NON(w->tmpnodes[t]) && NDIG(w->tmpnodes[t]) == d && logic_sees(L, tc, c))
                    seesoff = 1;
            }
            if (inloop || !seesoff)
                continue;
            int dup = 0;
            for (size_t t = 0; t < L->tmp.n; t++)
                if (L->tmp.v[t].cell == c && L->tmp.v[t].digit == d)
                    dup = 1;
            if (!dup)
                lcands_push(&L->tmp, c, d);
        }
    }
}

typedef struct unary_ctx {
    best b;
    int useY, useX;
} unary_ctx;

static void emit_cycle(doku_logic *L, branch *b, int pinst, int onode, int source, int useY,
                       int useX, best *bb)
{
    /* complexity: distinct nodes of the loop */
    int oi = br_new(b, onode, &pinst, 1, 0);
    int si = br_new(b, source, &oi, 1, 0);
    if (oi < 0 || si < 0)
        return;
    int cx = chain_ancestors(L, b, si);
    int base = (useX && useY) ? 70 : 65;
    int rating = base + logic_length_bonus(cx);
    int key = (useX && useY) ? 4 : useY ? 3 : 2;
    if (!better(bb, rating, cx, key))
        return;
    cycle_elims(L, b, pinst, onode, source);
    if (L->tmp.n == 0)
        return;
    doku_technique t = (useX && useY) ? DOKU_TECH_XY_CYCLE : useY ? DOKU_TECH_Y_CYCLE : DOKU_TECH_X_CYCLE;
    if (!logic_allowed(L, t))
        return;
    best_set(bb, rating, cx, key);
    lstep_begin(L, t, rating, NULL);
    for (size_t i = 0; i < L->tmp.n; i++)
        lstep_elim(L, L->tmp.v[i].cell, L->tmp.v[i].digit);
    lstep_text(L, "%s: the loop ", L->step.name);
    chain_text(L, b, si);
    lstep_text(L, " holds both ways, so: ");
    lstep_text_elims(L);
    chain_proof(L, b, si);
}

/* SE's doCycles: layered walk; on nodes once, off nodes every time they
 * are reached by a new path (not through their own ancestors). */
static void do_cycles(doku_logic *L, branch *b, int source, int useY, int useX, best *bb)
{
    struct chain_ws *w = L->cw;
    br_reset(b);
    int root = br_new(b, source, NULL, 0, 1);
    b->qon[b->ton++] = root;
    int length = 0;
    const lmask *g = L->cand;
    int scell = NCELL(source), sd = NDIG(source);
    int cbase = (useX && useY) ? 70 : 65;
    /* the off nodes whose link closes the loop back to the source, marked
     * once per source: with Y links, the other digit of a bivalue source
     * cell; with X links, sd in a cell sharing with the source a unit
     * where sd has only two places */
    if (++w->closegen == 0) {
        memset(w->closemark, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->closegen = 1;
    }
    if (useY && lpop(g[scell]) == 2)
        w->closemark[NODE(scell, lfirst(g[scell] & ~LBIT(sd)) + 1, 0)] = w->closegen;
    if (useX)
        for (int j = 0; j < L->ncunits[scell]; j++) {
            int u = L->cunits[(size_t)scell * L->maxcu + j];
            if (lpop(L->pos[(size_t)u * L->n + sd - 1]) == 2)
                for (int i = 0; i < L->n; i++) {
                    int c = logic_unit_cell(L, u, i);
                    if (c != scell)
                        w->closemark[NODE(c, sd, 0)] = w->closegen;
                }
        }
    /* links read straight from the static graph, in static_links' order */
    while (b->hon < b->ton || b->hoff < b->toff) {
        length++;
        if (too_long(bb, cbase, length + 1))
            break;
        int closing = length + 1 >= 4;
        while (b->hon < b->ton) {
            int p = b->qon[b->hon++];
            int pn = b->inode[p];
            for (int part = useY ? 0 : 1; part < 2; part++) {
                edge_span es = static_edges(w, part, pn);
                for (int e = es.begin; e < es.end; e++) {
                    int o = es.to[e];
                    /* a cycle is closed when this off node links back to
                     * the source and the loop is long enough (and the off
                     * node is not already on the path: SE's isParent) */
                    if (closing && w->closemark[o] == w->closegen && !is_ancestor(b, p, o))
                        emit_cycle(L, b, p, o, source, useY, useX, bb);
                    if (!br_has(b, o)) {
                        int oi = br_push(b, o, p);
                        if (oi >= 0 && b->toff < w->NN * 4)
                            b->qoff[b->toff++] = oi;
                    }
                }
            }
        }
        length++;
        while (b->hoff < b->toff) {
            int p = b->qoff[b->hoff++];
            int pn = b->inode[p];
            for (int part = useY ? 0 : 1; part < (useX ? 2 : 1); part++) {
                edge_span es = static_edges(w, part, pn);
                for (int e = es.begin; e < es.end; e++) {
                    int q = es.to[e];
                    if (!br_has(b, q)) {
                        int qi = br_push(b, q, p);
                        if (qi >= 0)
                            b->qon[b->ton++] = qi;
                    }
                }
            }
        }
    }
}

static void emit_forcing(doku_logic *L, branch *b, int pinst, int target, int useY, best *bb)
{
    int ti = br_new(b, target, &pinst, 1, 0);
    if (ti < 0)
        return;
    int cx = chain_ancestors(L, b, ti);
    int rating = (useY ? 70 : 66) + logic_length_bonus(cx);
    int key = useY ? 4 : 2;
    if (!better(bb, rating, cx, key))
        return;
    int cell = NCELL(target), d = NDIG(target);
    if (NON(target) ? lpop(L->cand[cell]) < 2 : !(L->cand[cell] & LBIT(d)))
        return;
    doku_technique t = useY ? DOKU_TECH_AIC : DOKU_TECH_X_CHAIN;
    if (!logic_allowed(L, t))
        return;
    best_set(bb, rating, cx, key);
    const char *name = useY ? "Forcing Chain" : (cx == 6 ? "Turbot Fish (X-Chain)" : "X-Chain");
    lstep_begin(L, t, rating, name);
    char a[24];
    logic_cellname(L, cell, a, sizeof a);
    if (NON(target)) {
        lstep_place(L, cell, d);
        lstep_text(L, "%s: if %s is not %d then ", L->step.name, a, d);
    } else {
        lstep_elim(L, cell, d);
        lstep_text(L, "%s: if %s is %d then ", L->step.name, a, d);
    }
    chain_text(L, b, ti);
    lstep_text(L, ", a contradiction, so %s %s %d", a, NON(target) ? "is" : "is not", d);
    chain_proof(L, b, ti);
}

/* One half-layer of SE's forcing walk: every queued instance of one
 * polarity (*head..tail of q) is expanded through the static links into
 * the other polarity's queue. The first time the source's opposite is
 * reached gives the chain. @return found, updated. */
static inline int forcing_layer(doku_logic *L, branch *b, int source, int useY, best *bb,
                                int found, const int32_t *q, int *head, int tail,
                                int32_t *next, int *next_tail)
{
    const struct chain_ws *w = L->cw;
    while (*head < tail) {
        int p = q[(*head)++];
        int pn = b->inode[p];
        for (int part = useY ? 0 : 1; part < 2; part++) {
            edge_span es = static_edges(w, part, pn);
            for (int e = es.begin; e < es.end; e++) {
                int o = es.to[e];
                if (!found && o == (source ^ 1)) {
                    emit_forcing(L, b, p, o, useY, bb);
                    found = 1;
                }
                if (!br_has(b, o)) {
                    int oi = br_push(b, o, p);
                    if (oi >= 0)
                        next[(*next_tail)++] = oi;
                }
            }
        }
    }
    return found;
}

/* SE's doForcingChains: from source (on or off), breadth first in
 * alternating layers (on nodes, then the off nodes they imply, ...), with
 * the links straight from the static graph, in static_links' order. */
static void do_forcing(doku_logic *L, branch *b, int source, int useY, best *bb)
{
    br_reset(b);
    int root = br_new(b, source, NULL, 0, 1);
    if (NON(source))
        b->qon[b->ton++] = root;
    else
        b->qoff[b->toff++] = root;
    int found = 0, layer = 0, fbase = useY ? 70 : 66;
    while ((b->hon < b->ton || b->hoff < b->toff) && !found) {
        if (too_long(bb, fbase, layer + 2))
            break;
        layer++;
        found = forcing_layer(L, b, source, useY, bb, found, b->qon, &b->hon, b->ton,
                              b->qoff, &b->toff);
        if (too_long(bb, fbase, layer + 2))
            break;
        layer++;
        found = forcing_layer(L, b, source, useY, bb, found, b->qoff, &b->hoff, b->toff,
                              b->qon, &b->ton);
    }
}

int logic_chain_cycles(doku_logic *L)
{
    if (!L->cw)
        return 0;

    branch *b = &L->cw->br[0];
    best bb = {0, 0, 0, 0};
    if (chain_build_graph(L))
        return 0;
    uint8_t *ok = malloc((size_t)L->cw->NN);
    if (!ok)
        return 0;
    static const int modes[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* {useY, useX}: X, Y, XY */
    for (int m = 0; m < 3; m++) {
        int useY = modes[m][0], useX = modes[m][1];
        if (useY && useX && bb.found && bb.rating < 70)
            break; /* XY chains start at 7.0 */
        if (chain_scc_filter(L, useY, useX, ok))
            memset(ok, 7, (size_t)L->cw->NN);
        for (int c = 0; c < L->nc && !logic_stop(L); c++) {
            int card = lpop(L->cand[c]);
            if (L->val[c] || card < 2)
                continue;
            if (!useX && card > 2)
                continue; /* Y-cycles start in bivalue cells */
            lmask mm = L->cand[c];
            while (mm) {
                int d = lfirst(mm) + 1;
                mm &= mm - 1;
                int on = NODE(c, d, 1);
                if (ok[on] & 1)
                    do_cycles(L, b, on, useY, useX, &bb);
                if (useX) {
                    if (ok[on] & 2)
                        do_forcing(L, b, on, useY, &bb);
                    if (ok[on] & 4)
                        do_forcing(L, b, on ^ 1, useY, &bb);
                }
            }
        }
    }
    free(ok);
    return bb.found;
}
