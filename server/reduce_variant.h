/*
 * reduce_variant.h — /api/reduce of a variant puzzle: givens taken away
 * in random order (in orbits of a symmetry) while the puzzle keeps one
 * solution under its constraints, as `doku reduce` does for a classic
 * puzzle with the library's reducer, which knows the units only.
 */
#ifndef DOKU_SERVER_REDUCE_VARIANT_H
#define DOKU_SERVER_REDUCE_VARIANT_H

#include "request.h"
#include "variant_rate.h"

#include "doku.h"
#include "doku_constraints.h"

/* What a reduce asks beside the puzzle. */
typedef struct srv_vreduce {
    int target;          /* stop at this many givens (0: as few as can go) */
    doku_symmetry sym;   /* orbits removed together; RANDOM: one chosen */
    uint64_t seed;       /* the order of the removals */
    double timeout;      /* seconds for every search together */
    doku_difficulty diff;/* ANY, or the difficulty asked, on doku's own
                            scale (variant_rate.h) */
} srv_vreduce;

/* Replies with the reduce record of p (which has constraints): the
 * library's record (doku_format_reduce) plus the puzzle's "constraints";
 * "not_unique", "unsolvable", "invalid" or "gave_up" when the input
 * cannot be reduced. Searches run under p's constraints
 * (doku_constraints_search), all within a->timeout. With a->diff, up to
 * SRV_VREDUCE_ATTEMPTS reductions are rated on doku's own scale until
 * one is of that difficulty (one too hard makes the next keep more
 * givens); the record adds "scale": "doku", "rating" (null when logic
 * does not solve it) and "difficulty", and is "outside_rating" when none
 * was (the last one is given). */
void srv_reduce_variant(const srv_puzzle *p, const srv_vreduce *a, srv_reply *out);

/* Reductions tried for a difficulty, as the classic reduce tries. */
#define SRV_VREDUCE_ATTEMPTS 32

/* The reduction itself: removes givens from puzzle (n*n values, changed
 * in place; it must have one solution under cs) as a asks, by the
 * deadline end (now_seconds()), filling rr (givens, minimal, checks,
 * unresolved, the symmetry used). @return 0, or -1 when memory ran out
 * (puzzle then as it was or with fewer givens, still unique). */
int srv_vreduce_cells(const doku_constraints *cs, uint8_t *puzzle, int n, const srv_vreduce *a,
                      double end, doku_reduce_result *rr);

/* Reductions of start (n*n values, one solution under cs) in other
 * random orders of a->seed, each rated on doku's scale (vrate_run, at
 * most 2 s or a quarter of a->timeout), until one is as w asks
 * (vrate_judge) or SRV_VREDUCE_ATTEMPTS or the deadline end run out.
 * The givens to stop at move between what was too hard and what was too
 * easy: up a step of n*n/16 (or halfway to the fewest
 * givens seen too easy) after one too hard, halfway down to the most
 * givens seen too hard after one too easy, else another order (a->diff
 * is not read). puzzle receives the one accepted, else the last; *rr its
 * reduction, *v its rating, *tries the reductions made. @return 1 when
 * one was accepted, 0 when none was, -1 when memory ran out. */
int srv_vreduce_rated(const doku_constraints *cs, int n, const uint8_t *start,
                      const srv_vreduce *a, const vrate_want *w, double end, uint8_t *puzzle,
                      doku_reduce_result *rr, vrating *v, int *tries);

#endif
