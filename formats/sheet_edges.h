/*
 * sheet_edges.h — where a grid on a sheet really ends, when text touches
 * it: the border a person drew around it (a frame), and row and column
 * labels (1..n, A..) set against its sides. Used by the puzzle finder
 * (sheet.c) on the blocks its cuts leave.
 */
#ifndef DOKU_FORMATS_SHEET_EDGES_H
#define DOKU_FORMATS_SHEET_EDGES_H

#include "sheet.h"

/* Squares inside the block leaf (the bounding box of a piece of cells
 * with borders) whose four sides are drawn all along (by the square's
 * own cells or their neighbours outside), n x n for n within 2 of the
 * block's shorter side and in min_n..max_n, holding only cells readable
 * for n and at least one digit. Larger squares first, then by place;
 * squares overlapping one taken are left out. Writes up to cap to out.
 * @return how many were written, or -1 when out of memory. A block much
 * larger than a grid (a ruled table) is searched no further: 0. */
long wb_frames_in(const wb_sheet *s, const wb_range *leaf, int min_n, int max_n, int alphabet,
                  wb_range *out, size_t cap);

/* Row and column labels around the block r: a row along its top or
 * bottom, a column along its left or right, reading 1, 2, ... n (or A, B
 * ... as letters) against an n x n square, with the corners they leave
 * empty. When some sides hold such labels and the square inside them is
 * at least min_n, r becomes that square. @return 1 when r changed, else
 * 0. A square r itself only loses labels on two sides that meet (a
 * corner), so a puzzle whose first row happens to read 1..n stays whole. */
int wb_strip_labels(const wb_sheet *s, wb_range *r, int min_n);

#endif
