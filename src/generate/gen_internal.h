/*
 * gen_internal.h — what the generator's files share: the doku_generator
 * object (a shape, a solver and scratch, one per thread) and the internal
 * entry points of the filler, the symmetry orbits and the level logic.
 */
#ifndef DOKU_GEN_INTERNAL_H
#define DOKU_GEN_INTERNAL_H

#include "shape_internal.h"

/* The randomised filler's state per search level. */
typedef struct gen_fill_level {
    uint64_t *cand;
    uint8_t *val;
    int filled;
} gen_fill_level;

struct doku_generator {
    const doku_shape *s;
    int n, ncells;
    uint64_t full;
    doku_solver *solver;

    /* filler (grid.c) */
    gen_fill_level *levels;
    int nlevels, cap;
    int *queue;
    uint8_t *qdigit;

    /* level logic (level.c) */
    uint64_t *lcand;       /* [ncells] */
    uint8_t *lval;         /* [ncells] */
    int *lqueue;           /* [ncells + 1] */
    uint64_t *lunit;       /* [nunits] digits given in each unit */
    /* unit pairs sharing >= 2 cells, for pointing/claiming: entries
     * ix_start[u] .. ix_start[u+1]-1 of ix_unit / ix_in_u / ix_in_v */
    int *ix_start;
    uint16_t *ix_unit;     /* the other unit v */
    uint64_t *ix_in_u;     /* positions (within u) of the shared cells */
    uint64_t *ix_in_v;     /* positions (within v) of the shared cells */

    /* reduction (reduce.c) */
    uint64_t *unit_mask;   /* [nunits] digits present in each unit */
    int *order;            /* [ncells] orbit representatives */
    uint8_t *work;         /* [ncells] */
    uint8_t *fill;         /* [ncells] generate(): the full grid */
};

/* Population count without needing the popcnt instruction (the library
 * is built for any x86-64; the builtin then becomes a slow libgcc call). */
static inline int gen_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Largest orbit of any symmetry (rot90). */
#define GEN_MAX_ORBIT 4

/* Writes the distinct cells of cell's orbit under sym (not RANDOM) to
 * out[GEN_MAX_ORBIT]. @return their count (1..4). */
int gen_orbit(const doku_shape *s, doku_symmetry sym, int cell, int *out);

/* Builds the unit-pair table above. @return 0, or -1 out of memory. */
int gen_level_init(doku_generator *g);

/* doku_reduce with a monotonic-clock deadline (0 = none): past it the
 * sweep stops (the result is unique but not minimal) and *late (may be
 * NULL) is set. */
doku_status gen_reduce(doku_generator *g, doku_rng *rng,
                       const uint8_t *solution, const uint8_t *start,
                       const doku_reduce_opts *opts, double deadline,
                       uint8_t *puzzle, doku_reduce_result *res, int *late);

/* Fills grid with a random solution. deadline: monotonic seconds, 0 =
 * none. @return 1, 0 if none was found within the effort bound, -1 on
 * out of memory, -2 past the deadline. */
int gen_fill(doku_generator *g, doku_rng *rng, double deadline, uint8_t *grid);

/* @return the level puzzle needs, stopping early: a level > max means
 * "needs more than max" (EXPERT when max < EXPERT). DOKU_DIFF_ANY if the
 * givens contradict each other. */
doku_difficulty gen_level(doku_generator *g, const uint8_t *puzzle, doku_difficulty max);

/* gen_level for a puzzle made by emptying the `watch` cells of a puzzle
 * known to be solvable at level max: once the logic has refilled them,
 * the rest is that puzzle's own solution path, so it stops there and
 * returns a level <= max (not necessarily the exact level). */
doku_difficulty gen_level_watch(doku_generator *g, const uint8_t *puzzle,
                           doku_difficulty max, const int *watch, int nwatch);

#endif
