/*
 * record_grid.h — the picture of one JSON record (docs/FORMATS.md,
 * "Records") as a grid: which cells are givens, which were solved, which
 * givens conflict, and, where the solver stopped short, each open cell's
 * candidates; plus the region of every cell, for drawing box borders.
 */
#ifndef DOKU_FORMATS_RECORD_GRID_H
#define DOKU_FORMATS_RECORD_GRID_H

#include "doku.h"

#include <cjson/cJSON.h>
#include <stdint.h>

typedef enum record_cell {
    RG_EMPTY = 0,
    RG_GIVEN = 1,
    RG_SOLVED = 2,      /* filled by the solver or a step */
    RG_CONFLICT = 3,    /* a given that clashes with another given */
    RG_CANDIDATES = 4   /* open, its candidates shown */
} record_cell;

typedef struct record_grid {
    int n;
    uint8_t *value;     /* n*n, 0 = open */
    uint8_t *kind;      /* n*n record_cell */
    uint64_t *cands;    /* n*n masks (bit d-1 = d) for RG_CANDIDATES cells */
    int *region;        /* n*n: the box or jigsaw region of each cell */
} record_grid;

/* Builds the grid of rec (one parsed record) on shape: the givens from
 * "puzzle" (or "reduced"), the solution from "solution"/"solutions" or the
 * steps' placements, a player's digits from "entries" (a line, in cells
 * no solution fills; drawn as solved), candidates when the status is gave_up or stuck.
 * @return 0, or -1 with a message in why (the record holds no puzzle this
 * shape can read). g is the caller's, freed with record_grid_free. */
int record_grid_build(record_grid *g, const doku_shape *shape, const cJSON *rec,
                      doku_symbols symbols, char *why, size_t cap);

void record_grid_free(record_grid *g);

/* Parses "r4c7" (1-based) into a cell index of a side-n grid, or -1. */
int record_cell_index(const char *name, int n);

#endif
