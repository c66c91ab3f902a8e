/*
 * gen_internal.h — what the generator's files share: the doku_generator
 * object (a shape, a solver and scratch, one per thread) and the internal
 * entry points of the filler, the symmetry orbits and the level logic.
 */
#ifndef DOKU_GEN_INTERNAL_H
#define DOKU_GEN_INTERNAL_H

#include "cands.h"

/* The level logic on classic 9x9 (level9.c): fixed tables copied from
 * the shape, and the grid its closures run on. */
#define L9_N 9
#define L9_CELLS 81
#define L9_UNITS 27
#define L9_PEERS 20
#define L9_CROSSINGS 108   /* box-row and box-column pairs, both ways */
typedef struct l9grid {
    /* per digit, a superset of the open cells holding it as a candidate
     * (bit c of w[c >> 6]): a placement visits only the peers it hits */
    uint64_t plane[L9_N][2];
    uint16_t cand[L9_CELLS];   /* an open cell's candidates; 0 once placed */
    uint16_t placed[L9_UNITS]; /* digits placed in each unit */
    uint8_t val[L9_CELLS];     /* placed digit 1..9, 0 = open */
    int left;                  /* open cells */
    /* units whose cells changed since their last scan: bit u for the
     * hidden singles, bit 32 + u for the pairs (a scan of an unchanged
     * unit finds nothing new) */
    uint64_t dirty;
} l9grid;
typedef struct level9 {
    uint8_t peer[L9_CELLS][L9_PEERS];
    uint8_t cell_unit[L9_CELLS][3];
    uint8_t unit[L9_UNITS][L9_N];
    uint8_t ix_start[L9_UNITS + 1];     /* unit crossings, as level.c's */
    uint8_t ix_unit[L9_CROSSINGS];
    uint16_t ix_in_u[L9_CROSSINGS], ix_in_v[L9_CROSSINGS];
    uint64_t peer_mask[L9_CELLS][2]; /* each cell's peers, as planes */
    uint64_t unit_bits[L9_CELLS];    /* each cell's units, as l9grid.dirty */
    uint8_t stack[L9_CELLS];   /* cells waiting to be placed */
    /* level9_level's watched cells: the closure stops once they are
     * placed (watch_done), its answer being known */
    uint8_t watched[L9_CELLS];
    int watch_left, watch_done;
    l9grid gr;                 /* the grid being worked on */
    l9grid fill[L9_CELLS + 1]; /* grid9.c: the grid saved at each depth */
} level9;

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
    level9 *l9;            /* the same on classic 9x9, else NULL */
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

    /* two-digit unavoidable sets (unavoid.c), grids up to 81 cells */
    int *uv_left;            /* [sets] givens left in each set */
    uint16_t *uv_cell_sets;  /* [ncells * (n-1)] the sets each cell is in */
    struct uv_mask *uv_peers; /* [ncells] each cell's peers */
    int uv_on;               /* built for the grid being reduced */

    /* uniqueness checks of one emptied cell as one search_except (the
     * solver's classic 9x9 engine), not one search per other digit */
    int except_on;
};

/* Largest grid whose unavoidable sets the generator keeps, its digits. */
#define GEN_UNAVOID_MAX_CELLS 81
#define GEN_UNAVOID_MAX_N 9
/* A set of cells of such a grid. */
typedef struct uv_mask {
    uint64_t w[2];
} uv_mask;

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
 * "needs more than max" (EXPERT when max < EXPERT). DOKU_QQWING_ANY if the
 * givens contradict each other. */
doku_qqwing_level gen_level(doku_generator *g, const uint8_t *puzzle, doku_qqwing_level max);

/* gen_level for a puzzle made by emptying the `watch` cells of a puzzle
 * known to be solvable at level max: once the logic has refilled them,
 * the rest is that puzzle's own solution path, so it stops there and
 * returns a level <= max (not necessarily the exact level). */
doku_qqwing_level gen_level_watch(doku_generator *g, const uint8_t *puzzle,
                           doku_qqwing_level max, const int *watch, int nwatch);

/* @return the classic 9x9 level logic for g (its shape and its unit
 * crossings, so after gen_level_init), or NULL if the shape is not
 * classic 9x9 or memory ran out. level9_free(NULL) is a no-op. */
level9 *level9_create(const doku_generator *g);
void level9_free(level9 *l);
/* gen_level_watch on classic 9x9, same answers. */
doku_qqwing_level level9_level(level9 *l, const uint8_t *puzzle, doku_qqwing_level max,
                             const int *watch, int nwatch);

/* Empties l's grid (every digit open everywhere). */
void level9_clear(level9 *l);
/* Places digit index d in cell of l's grid and every naked single that
 * follows (a no-op if cell already holds d). @return 1, or 0 on a
 * contradiction (the grid is then inconsistent). */
int level9_place(level9 *l, int cell, int d);

/* One attempt of gen_fill's own filler on classic 9x9 (grid9.c): the
 * same grids from the same rng as grid.c's, on level9's tables. @return
 * 1 filled, 0 no grid exists, -1 over budget (or the first row failed),
 * -3 past the deadline. */
int gen_fill9_attempt(doku_generator *g, doku_rng *rng, uint64_t budget,
                      double deadline, uint8_t *grid);

/* Allocates the unavoidable-set tables (none above
 * GEN_UNAVOID_MAX_CELLS cells). @return 0, or -1 out of memory. */
int gen_unavoid_init(doku_generator *g);
/* Builds the two-digit unavoidable sets of grid sol, counting the givens
 * of each (givens: sol's cells that are given, 0 = open). Sets uv_on. */
void gen_unavoid_build(doku_generator *g, const uint8_t *sol, const uint8_t *givens);
/* Counts the k cells as removed. @return 1 if some set is left without a
 * given (the puzzle then has another solution), else 0. */
int gen_unavoid_remove(doku_generator *g, const int *cells, int k);
/* Undoes gen_unavoid_remove of the same cells. */
void gen_unavoid_restore(doku_generator *g, const int *cells, int k);

#endif
