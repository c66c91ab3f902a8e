/*
 * gen_constraints.h — /api/generate for constraints the request brings
 * (a setter's drawn cages and lines): givens that make them a puzzle
 * with one solution. The library's generators make their own
 * constraints (doku_variant_generate) or none (doku_generate); this one
 * keeps the setter's and only chooses givens.
 */
#ifndef DOKU_SERVER_GEN_CONSTRAINTS_H
#define DOKU_SERVER_GEN_CONSTRAINTS_H

#include "gen_request.h"

/* Makes g's puzzle (g->p.cons set; "clues" the target, "symmetry" the
 * orbits, "seed" the choices; "difficulty", "rating", "require" judged on
 * doku's own scale, variant_rate.h; "full" the solution itself) within
 * g->timeout and replies with the record /api/generate writes for a
 * classic puzzle plus "constraints" (and a rated one's "scale", "rating",
 * "difficulty"); {"status": "gave_up", ...} when the budget ran out or no
 * puzzle was rated as asked; 422 no_solution when the constraints have
 * none. */
void srv_gen_constraints_reply(srv_gen *g, srv_reply *out);

/* Seeds tried per puzzle asked of a booklet: drawn constraints may leave
 * few puzzles (a killer whose cages alone are unique leaves one), and a
 * puzzle made again is left out. */
#define SRV_GEN_TRIES 4

/* A booklet's puzzles for g's constraints: puzzles of indexes 0, 1, ...
 * of the master seed, each made as srv_gen_constraints_reply makes index
 * 0 and its record likewise, a repeat of one already made left out,
 * until count are made, count * SRV_GEN_TRIES seeds are tried or
 * g->timeout runs out; into bufs[0..*made) (the caller's count buffers,
 * freed by the caller). @return 0 (at least one made), or -1 with an
 * error in out (422 no_solution, 422 cannot_generate: none in time; 500). */
int srv_gen_constraints_records(srv_gen *g, uint64_t count, doku_buf *bufs, size_t *made,
                                srv_reply *out);

#endif
