/*
 * shape_internal.h — the layout of doku_shape, shared by library modules.
 *
 * The shape is the one geometry model: every engine reads the same flat
 * tables (units, cell->units, peers) so variants cost nothing extra.
 */
#ifndef DOKU_SHAPE_INTERNAL_H
#define DOKU_SHAPE_INTERNAL_H

#include "doku.h"

struct doku_shape {
    int n;              /* side */
    int ncells;         /* n*n */
    int box_rows, box_cols; /* 0 when jigsaw regions replace the boxes */
    unsigned variants;
    int has_regions;
    int classic9;
    int nunits;
    uint8_t *unit_kind;     /* [nunits] doku_unit_kind */
    uint8_t *unit_ordinal;  /* [nunits] */
    uint16_t *unit_cells;   /* [nunits * n] */
    uint8_t *cell_nunits;   /* [ncells] */
    uint16_t *cell_units;   /* [ncells * max_cell_units] */
    int max_cell_units;
    uint16_t *peer_count;   /* [ncells] */
    uint16_t *peers;        /* [ncells * max_peers] */
    int max_peers;
    uint8_t *regions;       /* [ncells] jigsaw map or NULL */

    /* Derived once for the engines that walk a cell's units box first
     * (the logic engine follows Sudoku Explainer's order: box or region,
     * then row, column, extra units; its chains depend on that order). */
    uint16_t *cell_units_bf; /* [ncells * max_cell_units] box-first order */
    uint16_t *peers_bf;      /* [ncells * max_peers] peers in that unit order */
    int *cell_box;           /* [ncells] box/region unit (the last listed), -1 */
    int *cell_row, *cell_col; /* [ncells] row and column unit */
    uint8_t *cell_pos;       /* [nunits * ncells] index of the cell in the
                              * unit, 0xff where it is not in it */
    uint64_t *peer_bits;     /* [ncells * peer_words] peer matrix */
    int peer_words;          /* (ncells + 63) / 64 */
};

/* A copy of base with nextra more units (extra: nextra * n cells, each
 * unit's n cells), listed as extra units after base's (kind WINDOW, so
 * the box-first order puts them last): the logic engine's view of a
 * variant puzzle whose constraints add all-different sets of n cells.
 * *out is the caller's (doku_shape_free). @return DOKU_OK or
 * DOKU_ERR_NOMEM (*out NULL). (shape.c) */
doku_status shape_create_extended(const doku_shape *base, const uint16_t *extra, int nextra,
                                  doku_shape **out);

#endif
