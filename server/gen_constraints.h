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
 * orbits, "seed" the choices) within g->timeout and replies with the
 * record /api/generate writes for a classic puzzle plus "constraints";
 * {"status": "gave_up", ...} when the budget ran out; 422 no_solution
 * when the constraints have none. */
void srv_gen_constraints_reply(srv_gen *g, srv_reply *out);

#endif
