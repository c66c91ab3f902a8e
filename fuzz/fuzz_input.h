/*
 * fuzz_input.h — what every fuzz target shares: a cursor that draws small
 * integers from the fuzzer's bytes (0 once they run out, so every input
 * is a complete test), the shapes the semantic targets pick from, and a
 * puzzle drawn from a real solution grid (random givens would nearly
 * always conflict and test nothing past the first check).
 *
 * Only the public header: the targets test the library as callers see it.
 */
#ifndef DOKU_FUZZ_INPUT_H
#define DOKU_FUZZ_INPUT_H

#include "doku.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct fz {
    const uint8_t *p;
    size_t left;
} fz;

static inline unsigned fz_byte(fz *f)
{
    if (!f->left)
        return 0;
    f->left--;
    return *f->p++;
}

/* A value in 0..bound-1 (bound >= 1). */
static inline unsigned fz_below(fz *f, unsigned bound)
{
    unsigned v = fz_byte(f);
    if (bound > 256)
        v = v << 8 | fz_byte(f);
    return v % bound;
}

static inline uint64_t fz_u64(fz *f)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | fz_byte(f);
    return v;
}

/* Shapes the semantic targets pick from: every engine and unit kind (the
 * classic 9x9 fast path, board16 for plain shapes up to 16, the generic
 * engine for variants, jigsaw and larger sides). */
typedef struct fz_shape_kind {
    int n, br, bc;
    unsigned variants;
    int jigsaw;            /* 1: boxes replaced by a fixed irregular map */
} fz_shape_kind;

static const fz_shape_kind FZ_SHAPES[] = {
    {4, 2, 2, 0, 0},  {6, 2, 3, 0, 0},  {6, 3, 2, 0, 0},  {8, 2, 4, 0, 0},
    {9, 3, 3, 0, 0},  {9, 3, 3, 0, 0},  {9, 3, 3, 0, 0},  {9, 3, 3, DOKU_VARIANT_X, 0},
    {9, 3, 3, DOKU_VARIANT_HYPER, 0}, {9, 3, 3, DOKU_VARIANT_X | DOKU_VARIANT_HYPER, 0},
    {9, 3, 3, 0, 1},  {4, 2, 2, DOKU_VARIANT_X, 0}, {6, 2, 3, DOKU_VARIANT_X, 0},
    {12, 3, 4, 0, 0}, {12, 4, 3, 0, 0}, {16, 4, 4, 0, 0}, {10, 2, 5, 0, 0},
    {16, 4, 4, DOKU_VARIANT_X, 0}, {8, 2, 4, DOKU_VARIANT_HYPER, 0},
};
#define FZ_NSHAPES (sizeof FZ_SHAPES / sizeof FZ_SHAPES[0])

/* A jigsaw map for 9x9: rows of three boxes shifted by one cell in the
 * middle band, so regions are not boxes but still n cells each. */
static inline void fz_jigsaw9(uint8_t *map)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int cc = (r >= 3 && r < 6) ? (c + 1) % 9 : c;
            map[r * 9 + c] = (uint8_t)((r / 3) * 3 + cc / 3);
        }
}

/* Creates the shape of kind k. @return NULL if it cannot (then nothing to
 * test). */
static inline doku_shape *fz_make_shape(const fz_shape_kind *k)
{
    doku_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = k->n;
    sp.box_rows = k->br;
    sp.box_cols = k->bc;
    sp.variants = k->variants;
    uint8_t map[81];
    if (k->jigsaw) {
        fz_jigsaw9(map);
        sp.regions = map;
    }
    doku_shape *s = NULL;
    if (doku_shape_create(&sp, &s) != DOKU_OK)
        return NULL;
    return s;
}

/* Draws a puzzle for s into cells: a full grid from a fuzzer-chosen seed,
 * each cell kept when the fuzzer says so, then a few cells overwritten
 * with any value 0..n (conflicts, no solution, several). Also writes the
 * grid to full (n*n) when full is not NULL. @return 0, or -1 if no grid
 * could be made. */
/* The grids already made, by shape and seed: filling a grid was most of
 * an input's time, and a seed is one byte, so each shape has at most 256
 * grids. A slot keeps the grid and the generator's random state after it
 * (the cells kept are drawn from there), so a hit gives exactly what
 * making the grid again gives. */
typedef struct fz_grid_slot {
    const doku_shape *s;
    unsigned seed;
    doku_rng after;
    uint8_t *grid;
} fz_grid_slot;

static inline int fz_grid(const doku_shape *s, doku_generator *g, unsigned seed, doku_rng *rng,
                          uint8_t *grid)
{
    static fz_grid_slot slots[4096];
    int nc = doku_shape_cells(s);
    fz_grid_slot *e = &slots[((uintptr_t)s / 64 * 31 + seed) % 4096];
    if (e->s == s && e->seed == seed) {
        memcpy(grid, e->grid, (size_t)nc);
        *rng = e->after;
        return 0;
    }
    doku_rng_seed(rng, seed);
    if (doku_generate_grid(g, rng, grid, (size_t)nc) != DOKU_OK)
        return -1;
    uint8_t *copy = realloc(e->grid, (size_t)nc);
    if (!copy)
        return 0; /* not cached: still a good grid */
    memcpy(copy, grid, (size_t)nc);
    e->grid = copy;
    e->s = s;
    e->seed = seed;
    e->after = *rng;
    return 0;
}

static inline int fz_puzzle(fz *f, const doku_shape *s, doku_generator *g, uint8_t *cells,
                            uint8_t *full)
{
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    doku_rng rng;
    uint8_t grid[DOKU_MAX_CELLS];
    if (fz_grid(s, g, fz_byte(f), &rng, grid) != 0)
        return -1;
    if (full)
        memcpy(full, grid, (size_t)nc);
    unsigned density = fz_byte(f); /* share of cells kept, of 256 */
    for (int c = 0; c < nc; c++)
        cells[c] = (doku_rng_next(&rng) & 255) < density ? grid[c] : 0;
    unsigned edits = fz_byte(f) % 4;
    for (unsigned i = 0; i < edits; i++) {
        int c = (int)fz_below(f, (unsigned)nc);
        cells[c] = (uint8_t)fz_below(f, (unsigned)n + 1);
    }
    return 0;
}

#endif
