/*
 * variant_givens.h — givens chosen for constraints a setter drew (cages,
 * lines, dots with no digits yet), so that they become a puzzle with one
 * solution: what `doku generate --constraints FILE` and /api/generate
 * with "constraints" do. The library's generators make their own
 * constraints (doku_variant_generate) or none (doku_generate); this keeps
 * the setter's and only chooses digits.
 *
 * The one idea: givens are added, each the digit one of two solutions
 * has where they differ, until one solution is left (each given is true
 * of a solution, so the puzzle never loses its last one, and each takes
 * at least one of the two away); that solution, as a full grid, is then
 * reduced as `doku reduce` reduces (variant_reduce.h).
 */
#ifndef DOKU_COMMON_VARIANT_GIVENS_H
#define DOKU_COMMON_VARIANT_GIVENS_H

#include "variant_reduce.h"

/* What is asked beside the constraints. */
typedef struct vgivens_opts {
    int target;            /* givens to stop at (0: as few as can go) */
    doku_symmetry sym;     /* orbits of the givens; RANDOM: one chosen */
    int minimal;           /* each removal's check as long as the input's
                              (VREDUCE_PRECHECK_NODES), so few stay
                              unresolved */
    int full;              /* the solution itself, no reduction */
    const vrate_want *want;/* NULL, or the rating asked on doku's own
                              scale: reductions rated (vreduce_rated), and
                              other solutions tried while none is */
} vgivens_opts;

/* Puzzle `seed` for cs (every search counted: the same seed gives the
 * same puzzle on every machine; end > 0, a now_seconds() deadline, only
 * stops the work): puzzle and solution (n*n values each, the caller's),
 * *rr its reduction (full: givens n*n, no symmetry), *v its rating when
 * o->want is set (else untouched). @return DOKU_OK; DOKU_ERR_VARIANT when
 * the constraints have no solution; DOKU_GAVE_UP when end passed, a
 * search ran out of its nodes, or no reduction was rated as asked from
 * VREDUCE_ATTEMPTS solutions (*v then the last one's; a second solution
 * reduced as the first stops the search early: the constraints leave no
 * other); DOKU_ERR_NOMEM. */
doku_status vgivens_make(const doku_constraints *cs, uint64_t seed, const vgivens_opts *o,
                         double end, uint8_t *puzzle, uint8_t *solution, doku_reduce_result *rr,
                         vrating *v);

#endif
