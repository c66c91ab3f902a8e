/*
 * cands.h — the candidate grid that every generic path shares (internal).
 *
 * One model of a grid being solved: per cell the placed digit (val, 1..n,
 * 0 = open) and the candidates of an open cell (cand, bit d = digit d+1).
 * One convention: a placed cell's mask is 0, so a candidate test never
 * needs to look at val, and a unit's "digits still possible" is the OR of
 * its masks plus its placed digits. One queue encoding: a pending
 * placement is cands_entry(cell, digit index), cell << 6 | index.
 *
 * The kernel holds the rules every user needs: place a digit and cascade
 * the naked singles it forces, remove candidates, one pass of hidden
 * singles, and the singles closure. Users: the grid filler
 * (generate/grid.c), the qqwing-style level classifier (generate/level.c),
 * the rating filter (generate/rating_filter.c) and the logic engine's grid
 * (logic/, which is to move its place/load onto cands_set/cands_load).
 * The generic search (search/generic.c) keeps its own propagation over
 * positions and a trail, and its own placed mask (the digit's bit: with
 * 0, undo must restore it, +1.3% instructions, measured).
 * Digit arguments are 0-based indices (the bit), val stores index + 1.
 */
#ifndef DOKU_CANDS_H
#define DOKU_CANDS_H

#include "shape_internal.h"
#include "util/bits.h"

typedef struct cands_grid {
    const doku_shape *s;
    uint64_t full;          /* digits 1..n */
    uint8_t *val;           /* [ncells] placed digit 1..n, 0 = open */
    uint64_t *cand;         /* [ncells] an open cell's candidates; 0 once placed */
    int filled;             /* placed cells */
    uint32_t *queue;        /* [ncells] scratch of one cascade */
    uint64_t *unit_digits;  /* [nunits] scratch of cands_load */
    int owns_scratch;       /* queue and unit_digits are this grid's */
} cands_grid;

/* A pending placement of digit index d in cell. */
static inline uint32_t cands_entry(int cell, int d) { return (uint32_t)cell << 6 | (uint32_t)d; }
static inline int cands_entry_cell(uint32_t e) { return (int)(e >> 6); }
static inline int cands_entry_digit(uint32_t e) { return (int)(e & 63); }

/* Allocates g's arrays for shape s (which must outlive g). The scratch
 * (queue, unit_digits) is g's own when share is NULL, else share's: grids
 * used one at a time (a search's levels) need one. The grid starts empty
 * (cands_clear). @return DOKU_OK or DOKU_ERR_NOMEM (g then freed). */
doku_status cands_init(cands_grid *g, const doku_shape *s, const cands_grid *share);
/* Frees what cands_init allocated (a zeroed grid is fine). */
void cands_free(cands_grid *g);
/* dst := src (same shape): values, candidates, filled. */
void cands_copy(cands_grid *dst, const cands_grid *src);
/* Every cell open with every digit. */
void cands_clear(cands_grid *g);

/* The candidates that givens leave (n*n values 0..n, checked by the
 * caller), from the digits given in each unit; no singles are placed.
 * @return 1, or 0 if two givens share a unit and digit or an open cell
 * has no candidate (g is then partly loaded). */
int cands_load(cands_grid *g, const uint8_t *givens);
/* g := a grid as the logic engine shows it: cells (0 = open) and the
 * candidates of the open cells. */
void cands_load_state(cands_grid *g, const uint8_t *cells, const uint64_t *cand);

/* Places digit index d in an open cell and removes it from the peers,
 * nothing more (no cascade, no check): a step's placement. */
void cands_set(cands_grid *g, int cell, int d);
/* Places digit index d in cell and every naked single that follows.
 * Placing a cell's own digit again is a no-op. @return 1, or 0 on a
 * contradiction (cell placed otherwise, d not a candidate, a peer left
 * without candidates); g is then inconsistent. */
int cands_place(cands_grid *g, int cell, int d);
/* Removes the digits bits from cell, placing a naked single it leaves.
 * @return 1 if something was removed, 0 if not (also for a placed cell),
 * -1 on a contradiction. */
int cands_eliminate(cands_grid *g, int cell, uint64_t bits);
/* Places every open cell with one candidate (in cell order, cascading).
 * @return 1, or 0 on a contradiction. */
int cands_place_singles(cands_grid *g);
/* One pass of hidden singles over the unit table, in unit order, each
 * placement cascading before the next unit is looked at. @return 1 if
 * something was placed, 0 if not, -1 on a contradiction (a digit with no
 * place in a unit, or a failed cascade). */
int cands_hidden_singles(cands_grid *g);
/* Naked and hidden singles to the fixpoint. @return 1 if the grid is then
 * full, 0 if singles stall, -1 on a contradiction. */
int cands_singles_closure(cands_grid *g);

#endif
