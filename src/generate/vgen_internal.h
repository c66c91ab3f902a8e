/*
 * vgen_internal.h — what the variant generator's files share: one run's
 * state (the grid, the second solution the last check found, scratch),
 * the uniqueness check (vgen_check.c), and the two makers: killer cages
 * (vgen_killer.c) and constraint sets (vgen_sets.c). vgen.c owns the
 * entry point and calls the makers; they call vgen_check.c only.
 */
#ifndef DOKU_VGEN_INTERNAL_H
#define DOKU_VGEN_INTERNAL_H

#include "doku_variant_gen.h"
#include "shape_internal.h"

/* Second solutions remembered per grid: a repair must not let one of
 * them back in (that would cycle). */
#define VGEN_ALTS 16
/* Nodes per uniqueness check by default (doku_vgen_opts.check_budget),
 * and per check of a removal (a hundredth: a removal whose proof runs long
 * is not kept, which also keeps the puzzle within reach of a solver). */
#define VGEN_CHECK_BUDGET 200000
#define VGEN_TRIM_BUDGET(b) ((b) / 100 ? (b) / 100 : 1)

typedef struct vgen {
    doku_generator *g;
    const doku_shape *s;
    int n, ncells;
    doku_rng *rng;
    const doku_vgen_opts *o;
    doku_vgen_result *res;
    double deadline;     /* monotonic seconds, 0 = none */
    int late;            /* the deadline passed */
    uint8_t *grid;       /* [ncells] the solution being dressed */
    uint8_t *alt;        /* [ncells] the other solution of the last check */
    int have_alt;        /* the last check found one (not a budget stop) */
    uint8_t *alts;       /* [VGEN_ALTS * ncells] remembered second solutions */
    int nalts, alt_next;
    uint64_t nodes, guesses; /* the last check's search */
    uint64_t trim_budget;    /* nonzero: nodes per check instead of the
                                options' (removals of what may be
                                needed: a long proof keeps it) */
    int *tmp;            /* [2 * ncells] vgen_sets.c's scratch */
} vgen;

/* Checks that givens with cs have one solution (limit 2, the options'
 * node budget). Keeps the search's nodes and guesses; on a second
 * solution, copies one that differs from v->grid to v->alt and
 * remembers it. @return 1 unique, 0 not (have_alt says whether alt
 * holds a solution; 0 when the budget or deadline stopped it), -1 out of
 * memory. */
int vgen_check(vgen *v, const doku_constraints *cs, const uint8_t *givens);

/* @return a uniform index below k (k >= 1). */
static inline int vgen_below(vgen *v, int k) { return (int)doku_rng_below(v->rng, (uint32_t)k); }

/* Shuffles a[0..k-1]. */
void vgen_shuffle(vgen *v, int *a, int k);

/* A killer for v->grid: on 1, *out is a unique cage list (the caller's).
 * @return 1, 0 when this grid gave none (repairs ran out, the budget, a
 * size range no cut of this grid meets), -1 out of memory. */
int vgen_killer(vgen *v, doku_constraints **out);

/* A constraint set for v->grid: *out the constraints and givens (all
 * ncells, zeroed by the caller) what they need to be unique. @return as
 * vgen_killer. */
int vgen_set(vgen *v, doku_constraints **out, uint8_t *givens);

#endif
