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

/* Makes puzzles 1..count of g's master seed (the CLI's seeds, as `doku
 * generate --killer -n COUNT`), all within g->timeout, each as the
 * record /api/generate writes for a classic puzzle (doku_format_generate)
 * plus its "set" and "constraints", into bufs[0..*made) (the caller's
 * count buffers, freed by the caller). What the budget did not reach is
 * left out. @return 0 (at least one made), or -1 with an error in out
 * (none made in time: 422 cannot_generate; 400 for a shape the set does
 * not fit; 500). */
int srv_gen_variant_records(srv_gen *g, uint64_t count, doku_buf *bufs, size_t *made,
                            srv_reply *out);

#endif
