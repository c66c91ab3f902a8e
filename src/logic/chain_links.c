/*
 * chain_links.c — the links between chain nodes: an on node switches off
 * every other candidate it sees (and, with Y-links, the other candidates
 * of its cell); an off node switches on the other place of its digit in a
 * unit where only two are left (X-link), or the other candidate of a
 * bivalue cell (Y-link).
 *
 * On a variant puzzle an on node also switches off its digit in the cells
 * that must differ from it beyond the units (cage mates, anti-knight and
 * anti-king cells: the context's xpeer lists).
 *
 * Design: two forms of the same rules. The static graph is built once per
 * search from the context's grid (cycles, AICs and static forcing read it
 * as lists); the dynamic form looks at a walk's reduced scratch grid and
 * also records, as hidden parents, the removals that made a link appear.
 */
#include "chain_internal.h"
#include "variant_internal.h"

#include <stdlib.h>
#include <string.h>

static void gen_clear(struct chain_ws *w)
{
    if (++w->gengen == 0) {
        memset(w->genmark, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->gengen = 1;
    }
    w->ngen = 0;
    w->ngenhp = 0;
}

static void gen_add(struct chain_ws *w, int node)
{
    if (w->genmark[node] == w->gengen)
        return; /* set semantics: first one wins */
    w->genmark[node] = w->gengen;
    if (w->ngen >= w->capgen)
        return;
    w->gen_node[w->ngen] = node;
    w->gen_hps[w->ngen] = w->ngenhp;
    w->gen_hpn[w->ngen] = 0;
    w->gen_cause[w->ngen] = -1;
    w->ngen++;
}

static void gen_hidden(struct chain_ws *w, int node)
{
    if (w->ngenhp >= w->capgenhp)
        return;
    w->gen_hp[w->ngenhp++] = node;
    w->gen_hpn[w->ngen - 1]++;
}

/* Off consequences of (cell,d) on. */
void chain_on_to_off(doku_logic *L, const lmask *g, int cell, int d, int useY)
{
    struct chain_ws *w = L->cw;
    gen_clear(w);
    if (useY) {
        lmask m = g[cell] & ~LBIT(d);
        while (m) {
            gen_add(w, NODE(cell, lfirst(m) + 1, 0));
            m &= m - 1;
        }
    }
    const uint16_t *p = L->peers + (size_t)cell * L->maxp;
    for (int i = 0; i < L->npeers[cell]; i++)
        if (g[p[i]] & LBIT(d))
            gen_add(w, NODE(p[i], d, 0));
    if (L->var) /* cage mates, anti-knight and anti-king cells differ too */
        for (int i = L->var->xoff[cell]; i < L->var->xoff[cell + 1]; i++)
            if (g[L->var->xpeer[i]] & LBIT(d))
                gen_add(w, NODE(L->var->xpeer[i], d, 0));
}

/* On consequences of (cell,d) off. g/gpos are the grid and digit places
 * the walk sees; src/spos the grid before the walk (hidden parents, in
 * dynamic mode only, where they differ). */
void chain_off_to_on(doku_logic *L, const lmask *g, const lmask *gpos, const lmask *src,
                      const lmask *spos, int cell, int d, int useY, int useX)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    gen_clear(w);
    if (useY && lpop(g[cell]) == 2 && (g[cell] & LBIT(d))) {
        int other = lfirst(g[cell] & ~LBIT(d)) + 1;
        int before = w->ngen;
        gen_add(w, NODE(cell, other, 1));
        if (w->ngen > before)
            w->gen_cause[w->ngen - 1] = -2; /* the cell's last two */
        if (w->ngen > before && src != g) {
            lmask gone = src[cell] & ~g[cell];
            while (gone) {
                gen_hidden(w, NODE(cell, lfirst(gone) + 1, 0));
                gone &= gone - 1;
            }
        }
    }
    if (useX) {
        for (int j = 0; j < L->ncunits[cell]; j++) {
            int u = L->cunits[(size_t)cell * L->maxcu + j];
            lmask pm = gpos[(size_t)u * n + d - 1];
            if (lpop(pm) != 2)
                continue;
            lmask me = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + cell];
            if (!(pm & me))
                continue;
            int other = logic_unit_cell(L, u, lfirst(pm & ~me));
            int before = w->ngen;
            gen_add(w, NODE(other, d, 1));
            if (w->ngen > before)
                w->gen_cause[w->ngen - 1] = u; /* the unit's last two places */
            if (w->ngen > before && src != g) {
                for (lmask m = spos[(size_t)u * n + d - 1] & ~pm; m; m &= m - 1)
                    gen_hidden(w, NODE(logic_unit_cell(L, u, lfirst(m)), d, 0));
            }
        }
    }
}

static int push_link(int32_t **list, int *cap, int at, int v)
{
    if (at >= *cap) {
        int nc = *cap ? *cap * 2 : 4096;
        while (nc <= at)
            nc *= 2;
        int32_t *t = realloc(*list, sizeof(int32_t) * (size_t)nc);
        if (!t)
            return -1;
        *list = t;
        *cap = nc;
    }
    (*list)[at] = v;
    return 0;
}

/* Builds the static link graph of the current grid: the links on_to_off
 * and off_to_on give for every candidate, written straight into the
 * lists (same lists, same order, same cap on links per node as their
 * gen_add). @return 0 or -1. */
int chain_build_graph(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    int n = L->n, na = 0, nb = 0;
    for (int cell = 0; cell < L->nc; cell++) {
        lmask cm = L->cand[cell];
        for (int d = 1; d <= n; d++) {
            for (int on = 0; on < 2; on++) {
                int node = NODE(cell, d, on);
                w->sa[node] = na;
                w->sb[node] = nb;
                if (!(cm & LBIT(d)))
                    continue;
                int k = 0; /* links of this node, capped as gen_add does */
                if (on) {
                    for (lmask m = cm & ~LBIT(d); m && k < w->capgen; m &= m - 1, k++)
                        if (push_link(&w->lb, &w->caplb, nb++, NODE(cell, lfirst(m) + 1, 0)))
                            return -1;
                    const uint16_t *p = L->peers + (size_t)cell * L->maxp;
                    for (int i = 0; i < L->npeers[cell] && k < w->capgen; i++)
                        if (L->cand[p[i]] & LBIT(d)) {
                            if (push_link(&w->la, &w->capla, na++, NODE(p[i], d, 0)))
                                return -1;
                            k++;
                        }
                    for (int i = L->var ? L->var->xoff[cell] : 0;
                         L->var && i < L->var->xoff[cell + 1] && k < w->capgen; i++)
                        if (L->cand[L->var->xpeer[i]] & LBIT(d)) {
                            if (push_link(&w->la, &w->capla, na++, NODE(L->var->xpeer[i], d, 0)))
                                return -1;
                            k++;
                        }
                    continue;
                }
                if (lpop(cm) == 2) {
                    if (push_link(&w->lb, &w->caplb, nb++, NODE(cell, lfirst(cm & ~LBIT(d)) + 1, 1)))
                        return -1;
                    k++;
                }
                int first = na;
                for (int j = 0; j < L->ncunits[cell] && k < w->capgen; j++) {
                    int u = L->cunits[(size_t)cell * L->maxcu + j];
                    lmask pm = L->pos[(size_t)u * n + d - 1];
                    if (lpop(pm) != 2)
                        continue;
                    lmask me = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + cell];
                    int x = NODE(logic_unit_cell(L, u, lfirst(pm & ~me)), d, 1), dup = 0;
                    for (int i = first; i < na && !dup; i++)
                        dup = w->la[i] == x; /* one link per node: the first */
                    if (dup)
                        continue;
                    if (push_link(&w->la, &w->capla, na++, x))
                        return -1;
                    k++;
                }
            }
        }
    }
    w->sa[w->NN] = na;
    w->sb[w->NN] = nb;
    return 0;
}

/* The links of node in the static graph, in SE's order (cell link first). */
void chain_static_links(doku_logic *L, int node, int useY, int useX)
{
    struct chain_ws *w = L->cw;
    w->ngen = 0;
    int on = NON(node);
    if (useY)
        for (int i = w->sb[node]; i < w->sb[node + 1]; i++)
            w->gen_node[w->ngen++] = w->lb[i];
    if (on || useX)
        for (int i = w->sa[node]; i < w->sa[node + 1]; i++)
            w->gen_node[w->ngen++] = w->la[i];
    /* static links have no hidden parents (propagate reads these counts;
     * they must not be left over from a dynamic walk) */
    for (int k = 0; k < w->ngen; k++)
        w->gen_hpn[k] = 0;
}
