/*
 * chains_plus.h — the "advanced" implications of Sudoku Explainer's
 * Dynamic Forcing Chains (+), used by the dynamic walk in chain_forcing.c.
 *
 * Design: chain_forcing.c owns the walk (branches, instances, queues); this
 * module only looks at the walk's scratch grid and reports each new off
 * node with the off nodes that enabled it, through a callback, so the two
 * files share nothing but the node numbering below.
 */
#ifndef DOKU_CHAINS_PLUS_H
#define DOKU_CHAINS_PLUS_H

#include "logic_internal.h"

/* Node numbering shared with chain_internal.h: candidate (cell, digit 1..n),
 * on = 1 (assumed true) or 0 (assumed false). */
static inline int plus_node(const doku_logic *L, int cell, int d, int on)
{
    return ((cell * L->n) + d - 1) * 2 + on;
}

/* Receives one implied off node and the off nodes (its parents) whose
 * removal from the original grid made the pattern appear. */
typedef void (*logic_plus_sink)(void *ctx, int node, const int32_t *parents, int np);

/* SE's level-1 rules, in SE's order (locked candidates, hidden pair, naked
 * pair, X-wing), on the scratch grid g / gpos (digit places per unit) of
 * a dynamic walk, compared with the context's grid L->cand / L->pos. Stops
 * after the first rule that reports anything; a pattern already present in
 * L->cand (no parent) is ignored, as SE does. @return nodes reported. */
int logic_plus_advanced(doku_logic *L, const lmask *g, const lmask *gpos, logic_plus_sink add,
                        void *ctx);

#endif
