/*
 * gen_internal.h — what the generator's files share: the doku_generator
 * object (a shape, a solver and scratch, one per thread) and the internal
 * entry points of the filler, the symmetry orbits and the level logic.
 */
#ifndef DOKU_GEN_INTERNAL_H
#define DOKU_GEN_INTERNAL_H

#include "cands.h"

struct doku_generator {
    const doku_shape *s;
    int n, ncells;
    uint64_t full;
    doku_solver *solver;

    /* filler (grid.c): one grid per search level, sharing lgrid's scratch */
    cands_grid *levels;
    int nlevels, cap;

    /* level logic (level.c): the grid its closures run on */
    cands_grid lgrid;
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

/* The generator's deadline as its own rating filter sees it. The filter
 * callback carries no budget, so doku_generate recognises its own filter
 * (doku_rating_filter_accept) and sets this clock, the first member of
 * struct doku_rating_filter, around each judgement: a plain struct both
 * sides read, so neither file calls into the other. */
typedef struct gen_filter_clock {
    double deadline; /* monotonic seconds; 0 = none. A judgement past it
                      * stops between two steps and rejects */
    int timed_out;   /* set by the filter: its last judgement was stopped */
} gen_filter_clock;

#endif
