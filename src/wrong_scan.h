/*
 * wrong_scan.h — the wrong-entry scan shared by doku_find_wrong_entry
 * (doku.h: the units alone, one solver) and
 * doku_constraints_find_wrong_entry (doku_constraints.h: the units and a
 * list of constraints). The rule is one; only the engine that counts
 * solutions differs, so it is handed in as a function.
 */
#ifndef DOKU_WRONG_SCAN_H
#define DOKU_WRONG_SCAN_H

#include "doku.h"

/* Searches cells (ncells values, read only) under the puzzle's rules as
 * doku_search does: opts as given, the first solution into sol (NULL: not
 * wanted), res filled. ctx is the caller's (a solver, a constraint list).
 * @return as doku_search. */
typedef doku_status (*wrong_scan_search_fn)(void *ctx, const uint8_t *cells, size_t ncells,
                                            const doku_search_opts *opts, uint8_t *sol,
                                            doku_search_result *res);

/* The body of both public calls once their own handle is checked: n is
 * the side, cells n*n values; marks, out and time_budget as
 * doku_find_wrong_entry says (out zeroed first when not NULL). @return
 * as doku_find_wrong_entry: DOKU_ERR_ARG for a NULL cells, marks or out,
 * a value above n, or a negative or NaN budget. */
doku_status wrong_scan(wrong_scan_search_fn search, void *ctx, int n, const uint8_t *cells,
                       double time_budget, uint8_t *marks, doku_wrong_entry *out);

#endif
