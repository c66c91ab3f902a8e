/*
 * generic_internal.h — what the files of the generic engine share: the
 * derived geometry built once per solver by generic_tables.c (cell
 * positions inside units, overlapping unit pairs) and read by generic.c.
 */
#ifndef DOKU_GENERIC_INTERNAL_H
#define DOKU_GENERIC_INTERNAL_H

#include "search_internal.h"
#include "unit_pairs.h"

typedef struct generic_tables {
    unit_pairs up;          /* unit pairs sharing >= 2 cells (unit_pairs.c) */
    /* The pairs whose overlap holds position i of unit u:
     * at_pos[(u * n + i) * max_cell_units + k] for k < at_pos_count[u * n + i],
     * written as pair * 2 + side like up.at. */
    uint32_t *at_pos;
    uint8_t *at_pos_count;
    /* at_mask[same index as at_pos]: that pair's overlap inside u, copied
     * here so the test "p lies in an overlap" reads one array. */
    uint64_t *at_mask;
    /* [ncells * max_cell_units]: the cell's position in its k-th unit. */
    uint8_t *cell_index;
} generic_tables;

/* The engine's own view of the shape: a copy of s whose unit tables
 * (nunits, unit_cells, cell_nunits, cell_units, max_cell_units) add the
 * units the rules imply (ghost windows of hyper grids, generic_tables.c);
 * unit_kind, unit_ordinal and the peer lists are NULL. Freed with
 * generic_view_free, which leaves s alone. @return DOKU_OK or
 * DOKU_ERR_NOMEM (v then empty). */
doku_status generic_view_build(const doku_shape *s, doku_shape *v);
void generic_view_free(doku_shape *v);

/* Fills t for shape s (the engine passes its view). @return DOKU_OK or DOKU_ERR_NOMEM (t then empty). */
doku_status generic_tables_build(const doku_shape *s, generic_tables *t);
void generic_tables_free(generic_tables *t);

/* Conflict-driven clause learning over the cell-digit pairs
 * (generic_cdcl.c), for the searches depth-first search does not finish
 * soon. Built for shape s (the engine's view) and its cell_index table
 * (both must outlive it). @return DOKU_OK or DOKU_ERR_NOMEM. */
typedef struct generic_cdcl generic_cdcl;
doku_status generic_cdcl_create(const doku_shape *s, const uint8_t *cell_index, generic_cdcl **out);
void generic_cdcl_free(generic_cdcl *k);
/* Jumps back over more than `levels` levels go back one level only
 * (chronological backtracking; default 100, 0: always one level, which
 * the tests use to reach that path on small grids). */
void generic_cdcl_set_chrono(generic_cdcl *k, int levels);
/* Searches from the root candidates cand[ncells] (a propagated root; not
 * kept), reporting every solution other than reported (NULL, or one
 * already reported) to ctx until its limit, budget or the end: when it
 * returns without ctx->stop, no further solution exists. Out of memory
 * sets ctx->gave_up and ctx->out_of_memory. */
void generic_cdcl_run(generic_cdcl *k, const uint64_t *cand, const uint8_t *reported,
                      search_ctx *ctx);

#endif
