/*
 * doku_variant_gen.h — generated variant puzzles: killers without givens
 * and constraint sets (thermometers, arrows, kropki dots, XV) added to a
 * generated grid until it is unique.
 *
 * Killer: a random full grid is cut into cages of distinct digits (sizes
 * in a range, each cage grown cell by cell from a random seed), their
 * sums written down, and the puzzle searched with a solution limit of 2.
 * When a second solution turns up, only the cages where it differs from
 * the grid are cut again (a local repair), until the puzzle is unique:
 * most grids need a few repairs, never a new grid.
 *
 * Constraint sets: constraints read off the grid (thermometers along
 * increasing neighbours, arrows whose sums hold, every kropki dot or X/V
 * with the negative rule) are added where the second solution differs,
 * then givens if the set cannot tell the solutions apart; last, every
 * thermometer, arrow and given that is not needed is removed.
 *
 * Everything is a pure function of (shape, seed, options): the same
 * seed gives the same puzzle on any machine and thread. No global state;
 * one doku_generator per thread, as for doku_generate (doku.h).
 */
#ifndef DOKU_VARIANT_GEN_H
#define DOKU_VARIANT_GEN_H

#include "doku_constraints.h"
#include "doku_parse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the puzzle is made of. */
typedef enum doku_vgen_set {
    DOKU_VGEN_KILLER = 0, /* killer cages with sums covering the grid, no givens */
    DOKU_VGEN_THERMO = 1, /* thermometers, plus givens where they do not suffice */
    DOKU_VGEN_ARROW = 2,  /* arrows with one-cell circles, plus givens */
    DOKU_VGEN_KROPKI = 3, /* every white and black dot, white-all and black-all,
                             plus givens */
    DOKU_VGEN_XV = 4      /* every X and V, x-all and v-all, plus givens */
} doku_vgen_set;

#define DOKU_VGEN_SET_COUNT 5

/* @return the set's keyword ("killer", "thermo", "arrow", "kropki",
 * "xv"), "" for a value outside the enum. Static, never NULL. */
DOKU_API const char *doku_vgen_set_name(doku_vgen_set set);

/* Extra acceptance test for a generated variant puzzle (a logic rating
 * band...): sets *accept and returns DOKU_OK; any other status ends
 * doku_variant_generate with it. cs, givens (ncells values) and solution
 * are valid only during the call. Must be reentrant when several
 * generators run at once. */
typedef doku_status (*doku_vgen_filter)(void *user, const doku_constraints *cs,
                                        const uint8_t *givens, const uint8_t *solution,
                                        size_t ncells, bool *accept);

typedef struct doku_vgen_opts {
    doku_vgen_set set;
    int min_cage, max_cage;   /* killer cage sizes, 1 <= min <= max <= n;
                                 0,0 = 2..5 (2..n/2+1 on small grids) */
    /* Effort band: the engine's guesses (doku_search_result.guesses) in
     * the limit-2 search that proves the puzzle unique; a measure of the
     * search, not of human logic (0: the engine's propagation alone
     * solves it). band 0: any effort; 1: min_guesses..max_guesses
     * (UINT64_MAX: no upper bound). Killers harder than the band's
     * minimum are reached by merging cages while the puzzle stays unique;
     * otherwise a puzzle outside the band is dropped for another grid. */
    int band;
    uint64_t min_guesses, max_guesses;
    doku_vgen_filter filter;  /* NULL: none */
    void *filter_user;
    uint64_t max_attempts;    /* full grids tried before giving up; 0 = 50 */
    uint64_t check_budget;    /* search nodes per uniqueness check (a check
                                 that runs out counts as "not unique"; the
                                 checks of removals get a hundredth, so a
                                 removal whose proof runs long is not
                                 kept); 0 = 200000 */
    double time_budget;       /* seconds; 0 = none. Decides only when to
                                 stop, never what is produced */
} doku_vgen_opts;

typedef struct doku_vgen_result {
    int found;               /* 1 exactly when DOKU_OK is returned */
    uint64_t attempts;       /* full grids tried */
    uint64_t checks;         /* uniqueness searches run */
    uint64_t repairs;        /* local repairs (killer) or additions (sets)
                                made after a second solution */
    uint64_t nodes, guesses; /* the final limit-2 search of the puzzle */
    int givens;              /* givens of the puzzle */
    size_t constraints;      /* constraints of the puzzle */
    uint64_t candidates;     /* unique puzzles made (those refused by the
                                band or the filter, and the one returned) */
    uint64_t best_guesses;   /* guesses of the last unique candidate (when
                                not found: what the band missed) */
} doku_vgen_result;

/* Generates one unique variant puzzle of g's shape (square, at most
 * DOKU_CONSTRAINTS_MAX_N; boxes, jigsaw, x and hyper are kept) from
 * seed. On DOKU_OK *out is a new constraint list on g's shape, owned by
 * the caller (doku_constraints_free; the shape must outlive it), givens
 * (ncells values, 0 = empty; all 0 for a killer) and solution (may be
 * NULL) receive the caller's n*n values. opts may be NULL (a killer,
 * default sizes); res may be NULL. Not thread-safe on one generator.
 * @return DOKU_OK; DOKU_GAVE_UP when no puzzle met the options within
 * max_attempts or time_budget (*out NULL, res says what was reached);
 * DOKU_ERR_ARG for a NULL g, out or givens (*out = NULL when out is not),
 * another ncells, an unknown set, cage sizes outside 1..n or crossed, a
 * band whose max_guesses is below its min_guesses, a negative or NaN time_budget, or a
 * shape above DOKU_CONSTRAINTS_MAX_N; DOKU_ERR_NOMEM; a status the filter
 * returned other than DOKU_OK. */
DOKU_API doku_status doku_variant_generate(doku_generator *g, uint64_t seed,
                                           const doku_vgen_opts *opts, doku_constraints **out,
                                           uint8_t *givens, uint8_t *solution, size_t ncells,
                                           doku_vgen_result *res);

/* Parsing what a person types (the conventions of doku_parse.h):
 *
 * A list of variant words as doku_parse_variants takes them ("x",
 * "hyper"/"windoku", "none"), where one word may also name a set:
 * "killer", "thermo", "arrow", "kropki", "xv" (any case; "x,thermo").
 * *variants receives the DOKU_VARIANT_* flags, *set the set and *has_set
 * 1 when a set was named (0: *set untouched). Two sets are refused. */
DOKU_API doku_status doku_parse_vgen_variants(const char *text, unsigned *variants,
                                              doku_vgen_set *set, int *has_set,
                                              doku_parse_error *err);

/* Killer cage sizes: "N" or "MIN-MAX", 1 <= MIN <= MAX <= n (n: the
 * grid's side, or 0 when not known yet: DOKU_CONSTRAINTS_MAX_N). */
DOKU_API doku_status doku_parse_cage_size(const char *text, int n, int *min, int *max,
                                          doku_parse_error *err);

#ifdef __cplusplus
}
#endif

#endif
