/*
 * grid.h — draws one Sudoku grid of any shape with cairo: the lines (thick
 * where boxes or jigsaw regions meet), the variants' units (windows shaded,
 * diagonals drawn, regions tinted), givens and filled digits, conflicts,
 * candidates in fixed places, and a logic step on top.
 */
#ifndef DOKU_RENDER_GRID_H
#define DOKU_RENDER_GRID_H

#include "record.h"

#include <cairo.h>

typedef struct rd_grid {
    const rd_record *rec;      /* shape, n, alphabet */
    const uint8_t *cells;      /* n*n values, 0 empty */
    const uint8_t *given;      /* n*n: the given values (drawn bold); a
                                  filled cell not given is drawn as filled.
                                  NULL: every filled cell is a given */
    const uint8_t *conflict;   /* n*n flags, or NULL */
    const uint64_t *cands;     /* n*n candidate masks of empty cells, or NULL */
    const rd_step *step;       /* drawn on the grid, or NULL */
} rd_grid;

/* Draws g in the square of side `side` at (x, y) (cairo user units).
 * Leaves cr's state as it found it. */
void rd_draw_grid(cairo_t *cr, const rd_grid *g, double x, double y, double side);

/* The font every picture uses (fontconfig falls back to the system's sans
 * face when DejaVu Sans is not installed). */
#define RD_FONT "DejaVu Sans"

#endif
