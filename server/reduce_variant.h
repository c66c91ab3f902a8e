/*
 * reduce_variant.h — /api/reduce of a variant puzzle: givens taken away
 * in random order (in orbits of a symmetry) while the puzzle keeps one
 * solution under its constraints, as `doku reduce` does for a classic
 * puzzle with the library's reducer, which knows the units only.
 */
#ifndef DOKU_SERVER_REDUCE_VARIANT_H
#define DOKU_SERVER_REDUCE_VARIANT_H

#include "request.h"
#include "variant_reduce.h"

#include "doku.h"
#include "doku_constraints.h"

/* Replies with the reduce record of p (which has constraints): the
 * library's record (doku_format_reduce) plus the puzzle's "constraints";
 * "not_unique", "unsolvable", "invalid" or "gave_up" when the input
 * cannot be reduced. Searches run under p's constraints
 * (doku_constraints_search), each within its count of nodes (the input's
 * VREDUCE_PRECHECK_NODES, each removal's a->check_nodes), so a seed
 * gives the same puzzle on every machine; timeout seconds (the request's
 * budget) stop them all, said in the record's "message" (the puzzle
 * reached, not minimal). With a->diff, up to VREDUCE_ATTEMPTS reductions
 * are rated on doku's own scale until one is of that difficulty (one too
 * hard makes the next keep more givens); the record adds "scale": "doku",
 * "rating" (null when logic does not solve it) and "difficulty", and is
 * "outside_rating" when none was (the last one is given). */
void srv_reduce_variant(const srv_puzzle *p, const vreduce_opts *a, double timeout,
                        srv_reply *out);

#endif
