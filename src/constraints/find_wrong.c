/*
 * find_wrong.c — doku_constraints_find_wrong_entry: the wrong-entry scan
 * of doku_find_wrong_entry (src/wrong_scan.c, one rule for both) asking
 * the constraint engine, so a killer's or a thermo's wrong entry is named
 * as a classic grid's is.
 */
#include "doku_constraints.h"
#include "../wrong_scan.h"

/* What the scan hands back to search_constraints: the list, kept const. */
typedef struct cons_ref {
    const doku_constraints *cs;
} cons_ref;

/* wrong_scan's search: doku_constraints_search on the list of ctx. */
static doku_status search_constraints(void *ctx, const uint8_t *cells, size_t ncells,
                                      const doku_search_opts *opts, uint8_t *sol,
                                      doku_search_result *res)
{
    const cons_ref *ref = ctx;
    return doku_constraints_search(ref->cs, cells, ncells, opts, sol, NULL, NULL, res);
}

doku_status doku_constraints_find_wrong_entry(const doku_constraints *cs, const uint8_t *cells,
                                              size_t ncells, double time_budget,
                                              uint8_t *marks, doku_wrong_entry *out)
{
    const doku_shape *s = doku_constraints_shape(cs);
    if (!s || ncells != (size_t)doku_shape_cells(s)) {
        if (out)
            *out = (doku_wrong_entry){0, DOKU_WRONG_NONE, 0};
        return DOKU_ERR_ARG;
    }
    cons_ref ref = {cs};
    return wrong_scan(search_constraints, &ref, doku_shape_n(s), cells, time_budget, marks,
                      out);
}
