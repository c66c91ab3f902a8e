/*
 * variant_reduce.h — givens taken away from a variant puzzle in random
 * order (in orbits of a symmetry) while it keeps one solution under its
 * constraints, and the same down to a rating on doku's own scale: what
 * `doku reduce` (cli/) and /api/reduce, /api/generate for constraints and
 * /api/print (server/) do with a variant puzzle, where the library's
 * reducer knows the units only.
 */
#ifndef DOKU_COMMON_VARIANT_REDUCE_H
#define DOKU_COMMON_VARIANT_REDUCE_H

#include "variant_rate.h"

#include "doku.h"
#include "doku_constraints.h"

/* What a reduce asks beside the puzzle. */
typedef struct vreduce_opts {
    int target;          /* stop at this many givens (0: as few as can go) */
    doku_symmetry sym;   /* orbits removed together; RANDOM: one chosen */
    uint64_t seed;       /* the order of the removals */
    uint64_t check_nodes;/* search nodes of each uniqueness check (0:
                            VREDUCE_CHECK_NODES): a check that runs out
                            keeps its givens, the same way on every
                            machine and under any load */
    doku_difficulty diff;/* ANY, or the difficulty asked, on doku's own
                            scale (variant_rate.h) */
} vreduce_opts;

/* Reductions tried for a rating, as the classic reduce tries. */
#define VREDUCE_ATTEMPTS 32

/* The default nodes of one check after a removal: reducing the first
 * five puzzles of ISS's killer, thermo, renban and little-killer
 * collections from their solutions, the largest check took 176,494
 * (MATHEMAGIC_KILLERS#2) and one of HARD_RENBAN#1 more than 200,000. */
#define VREDUCE_CHECK_NODES 1000000u

/* The default nodes of the check that the input has one solution before
 * it is reduced or rated (`doku reduce`, /api/reduce, the logic commands
 * on variant puzzles without --timeout): LITTLE_KILLER_SNIPES#9, the
 * slowest of ISS's collections, proves unique in 5.3 million (about 30 s
 * here). A count, not the clock, so an input gets the same answer on
 * every machine and under any load. */
#define VREDUCE_PRECHECK_NODES 10000000u

/* Up to two solutions of cells (nc values) under cs within nodes search
 * nodes (0: none) and, when end > 0, by the deadline end (now_seconds()),
 * the first into sol when not NULL. @return as doku_constraints_search;
 * DOKU_GAVE_UP when either ran out (at once when end has passed). */
doku_status vreduce_count_two(const doku_constraints *cs, const uint8_t *cells, size_t nc,
                              uint64_t nodes, double end, uint8_t *sol, doku_search_result *r);

/* The reduction itself: removes givens from puzzle (n*n values, changed
 * in place; it must have one solution under cs) as a asks (a->diff is not
 * read), filling rr (givens, minimal, checks, unresolved, the symmetry
 * used). What it removes depends on cs, puzzle and a alone; end > 0 is a
 * wall-clock deadline (now_seconds()) that stops it early, for a server
 * whose requests have a time budget. @return 0 when done, 1 when end
 * stopped it (rr then says how far it got; not minimal), -1 when memory
 * ran out (puzzle then as it was or with fewer givens, still unique). */
int vreduce_cells(const doku_constraints *cs, uint8_t *puzzle, int n, const vreduce_opts *a,
                  double end, doku_reduce_result *rr);

/* Reductions of start (n*n values, one solution under cs) in other
 * random orders of a->seed, each rated on doku's scale (vrate_run with
 * the generators' VRATE_WORK, counted, so the same on every machine),
 * until one is as w asks (vrate_judge) or VREDUCE_ATTEMPTS run out, or
 * the deadline end (> 0; 0: none) passes. The givens to stop at move
 * between what was too hard and what was too easy: up a step of n*n/16
 * (or halfway to the fewest givens seen too easy) after one too hard,
 * halfway down to the most givens seen too hard after one too easy, else
 * another order (a->diff is not read). puzzle receives the one accepted,
 * else the last; *rr its reduction, *v its rating, *tries the reductions
 * made. @return 1 when one was accepted, 0 when none was, 2 when end
 * stopped it first, -1 when memory ran out. */
int vreduce_rated(const doku_constraints *cs, int n, const uint8_t *start,
                  const vreduce_opts *a, const vrate_want *w, double end, uint8_t *puzzle,
                  doku_reduce_result *rr, vrating *v, int *tries);

#endif
