/*
 * gen_variant.h — /api/generate for a constraint set ("variants":
 * "killer", "thermo", "arrow", "kropki", "xv"): puzzle 1 of the master
 * seed made by doku_variant_generate, as `doku generate --killer --seed
 * S` makes it, answered as a JSON record with its constraints.
 */
#ifndef DOKU_SERVER_GEN_VARIANT_H
#define DOKU_SERVER_GEN_VARIANT_H

#include "gen_request.h"

/* Makes g's puzzle (g->p.vset >= 0, read by srv_gen_read) within
 * g->timeout and replies with its record: index, seed, master_seed, n,
 * set, puzzle (the givens as a line), solution, givens, constraints,
 * nodes, guesses; or {"status": "gave_up", ...} when the budget ran out
 * first; or an error. */
void srv_gen_variant_reply(srv_gen *g, srv_reply *out);

#endif
