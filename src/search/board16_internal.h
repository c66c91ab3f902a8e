/*
 * board16_internal.h — what the files of the board16 engine (shapes with
 * n <= 16) share: the 256-bit board type and the geometry derived once per
 * solver.
 *
 * A board is 16 lanes of 16 bits, lane = row, bit = column, so cell (r, c)
 * is bit 16 * r + c of the 256-bit value and rows, columns and aligned
 * boxes become lane-wise and cross-lane bit operations. Smaller grids use
 * the low rows and columns; every other bit stays zero.
 */
#ifndef DOKU_BOARD16_INTERNAL_H
#define DOKU_BOARD16_INTERNAL_H

#include "search_internal.h"

/* GCC/clang vector extension: the compiler lowers it to AVX2 in the
 * AVX2 build and to pairs of SSE2 (or scalar) operations elsewhere. */
typedef uint16_t b16v __attribute__((vector_size(32)));

enum { B16_MAX_EXTRA = 64, B16_MAX_UNITS = 48 + B16_MAX_EXTRA };

typedef struct b16_geom {
    b16v cells;        /* the grid's cells */
    b16v rows;         /* all ones in lanes < n: rows that must hold each digit */
    b16v cols;         /* the column bits in every lane */
    b16v box_start;    /* top-left cell of every aligned box (when R > 0) */
    b16v start_cols;   /* the boxes' first columns, in every row */
    b16v top;          /* the boxes' first rows, all bits */
    /* Valid targets of a shift by k inside a box: lanes i with
     * i % R + k < R (band_dn, for lanes_down) or i % R >= k (band_up);
     * bits j with j % C + k < C (grp_dn, for >> k) or j % C >= k (grp_up). */
    b16v band_dn[9], band_up[9], grp_dn[9], grp_up[9];
    b16v peers[256];   /* [16 * r + c]: every cell sharing a unit with it */
    b16v extra[B16_MAX_EXTRA]; /* units other than rows, columns, aligned boxes */
    int nextra;
    b16v unit[B16_MAX_UNITS]; /* units the pair rules take one by one */
    int nunits;
    int n, ncells;
    int box_r, box_c;  /* aligned R x C boxes folded as such; 0: none */
} b16_geom;

/* One search level: a board per digit (digits >= n stay empty) and the
 * cells whose digit has been placed and propagated to its peers. */
typedef struct b16_state {
    b16v cand[16];
    b16v solved;
} b16_state;

#endif
