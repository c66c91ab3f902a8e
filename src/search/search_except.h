/*
 * search_except.h — one internal search variant for the generator's
 * uniqueness checks on classic 9x9: "is there a solution in which this
 * open cell does NOT hold this digit?" as a single search, where the
 * public API would need one search per other digit.
 */
#ifndef DOKU_SEARCH_EXCEPT_H
#define DOKU_SEARCH_EXCEPT_H

#include "doku.h"

/* Searches givens (classic 9x9, sv's engine) with digit (1..9) removed
 * from the candidates of cell, an open cell; opts and res as in
 * doku_search (limit, node and time budgets; no solution is written).
 * @return DOKU_OK; DOKU_ERR_ARG if sv has no classic 9x9 engine (any
 * other shape: search per digit instead), cell is a given or out of
 * range, digit is not 1..9, or opts asks for the generic engine;
 * DOKU_ERR_NOMEM as doku_search. */
doku_status search_except(doku_solver *sv, const uint8_t *givens, int cell, int digit,
                          const doku_search_opts *opts, doku_search_result *res);

#endif
