/*
 * constraints.h — the variant constraints of a record drawn on its grid
 * (grid.c calls these between its own layers): killer cages, lines,
 * thermometers, arrows, dots, X/V, greater-than signs, quadruples, cell
 * marks, extra regions, and the clues outside the grid (little killers,
 * sandwiches, X-sums). The global rules (anti-knight ...) have no place
 * on the grid: the caption names them (text.c).
 */
#ifndef DOKU_RENDER_CONSTRAINTS_H
#define DOKU_RENDER_CONSTRAINTS_H

#include "record.h"

#include <cairo.h>

/* Where the grid's cells are: its top-left corner, a cell's side, n. */
typedef struct rd_geom {
    double x, y, cell;
    int n;
} rd_geom;

/* 1 when r has clues outside the grid (little killers, sandwiches,
 * X-sums): the grid is then drawn one cell in from each side. */
int rd_outside_clues(const rd_record *r);

/* Under the grid lines and digits: extra regions shaded, even (square)
 * and odd (circle) cells, and every line: thermometers (bulb and tube),
 * arrows (circle, shaft, head), whispers, renban, palindromes, between
 * lines (circles at both ends) and region-sum lines, each in its colour. */
void rd_constraints_under(cairo_t *cr, const rd_geom *g, const rd_record *r);

/* Over the grid lines, under the digits: killer cages (a dashed outline
 * inset from the cells' borders, the sum in the top-left corner). */
void rd_constraints_cages(cairo_t *cr, const rd_geom *g, const rd_record *r);

/* Over everything: kropki dots (white, black), X and V, greater-than
 * signs, quadruple circles, minimum/maximum marks, and the clues outside
 * the grid. */
void rd_constraints_over(cairo_t *cr, const rd_geom *g, const rd_record *r);

#endif
