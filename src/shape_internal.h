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
};

#endif
