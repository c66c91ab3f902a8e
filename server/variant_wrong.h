/*
 * variant_wrong.h — the likely wrong cell of a variant puzzle's grid
 * with no solution, as check names it for a classic grid.
 *
 * The library's doku_find_wrong_entry searches the units only; a
 * variant puzzle's grid is searched under its constraints
 * (doku_constraints_search) by the same rule: a filled cell that with
 * another digit, or empty, gives the grid exactly one solution is a
 * suspect; when none does, the cells without which the rest has
 * solutions are. The sentence is the library's (doku_format_wrong_entry).
 */
#ifndef DOKU_SERVER_VARIANT_WRONG_H
#define DOKU_SERVER_VARIANT_WRONG_H

#include "request.h"

#include "doku.h"
#include "doku_constraints.h"

/* For p's cells (which have no solution under cs), the sentence naming
 * the suspects (malloc'd, the caller frees it) with marks (the caller's
 * n*n flags) set on them; NULL, marks cleared, when none is found, the
 * budget (seconds, > 0) ran out, or memory did. */
char *srv_variant_wrong_entry(const doku_constraints *cs, const srv_puzzle *p, double budget,
                              uint8_t *marks);

#endif
