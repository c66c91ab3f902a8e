/*
 * wrong_entry.c — doku_find_wrong_entry: the wrong-entry scan
 * (src/wrong_scan.c) asking one solver, so under the shape's units alone.
 */
#include "search_internal.h"
#include "../wrong_scan.h"

/* wrong_scan's search: doku_search on the solver ctx. */
static doku_status search_units(void *ctx, const uint8_t *cells, size_t ncells,
                                const doku_search_opts *opts, uint8_t *sol,
                                doku_search_result *res)
{
    return doku_search(ctx, cells, ncells, opts, sol, NULL, NULL, res);
}

doku_status doku_find_wrong_entry(doku_solver *solver, const uint8_t *cells, size_t count,
                                  double time_budget, uint8_t *marks, doku_wrong_entry *out)
{
    if (!solver || count != (size_t)doku_shape_cells(solver->shape)) {
        if (out)
            *out = (doku_wrong_entry){0, DOKU_WRONG_NONE, 0};
        return DOKU_ERR_ARG;
    }
    return wrong_scan(search_units, solver, doku_shape_n(solver->shape), cells, time_budget,
                      marks, out);
}
