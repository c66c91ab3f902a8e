/*
 * chain_nest_links.h — the static links of a walk's reduced grid g/gpos
 * as the inner rules of the nested forcing chains follow them (SE's
 * forcing and multiple forcing chains): shared by the breadth-first walks
 * of chain_nested.c and the reachability filter of chain_nest_reach.c,
 * which must see exactly the same links.
 */
#ifndef DOKU_CHAIN_NEST_LINKS_H
#define DOKU_CHAIN_NEST_LINKS_H

#include "chain_internal.h"

/* The next off node an on node (c, d) links to through a peer holding d
 * on g, scanning c's peers from *i on.
 * @return the node, or -1 when the peers are done. */
static inline int nest_peer_link(const doku_logic *L, const lmask *g, int c, int d, int *i)
{
    const uint16_t *pe = L->peers + (size_t)c * L->maxp;
    while (*i < L->npeers[c]) {
        int q = pe[(*i)++];
        if (g[q] & LBIT(d))
            return NODE(q, d, 0);
    }
    return -1;
}

/* The static links out of off node p on g: to the cell's other digit when
 * the cell is bivalue (with useY), and to the conjugate of each unit
 * where p's digit has two places. Fills xs with the on nodes and cs with
 * their causes (-2 the cell, u a unit), in SE's order.
 * @return how many. xs and cs hold DOKU_MAX_N + 1 entries. */
static inline int nest_off_links(const doku_logic *L, const lmask *g, const lmask *gpos, int p, int useY, int *xs,
                                 int *cs)
{
    int n = L->n, c = NCELL(p), d = NDIG(p), k = 0;
    if (useY && lpop(g[c]) == 2 && (g[c] & LBIT(d))) {
        xs[k] = NODE(c, lfirst(g[c] & ~LBIT(d)) + 1, 1);
        cs[k++] = -2;
    }
    for (int j = 0; j < L->ncunits[c]; j++) {
        int u = L->cunits[(size_t)c * L->maxcu + j];
        lmask pm = gpos[(size_t)u * n + d - 1];
        if (lpop(pm) != 2)
            continue;
        lmask me = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + c];
        if (!(pm & me))
            continue;
        xs[k] = NODE(logic_unit_cell(L, u, lfirst(pm & ~me)), d, 1);
        cs[k++] = u;
    }
    return k;
}

#endif
