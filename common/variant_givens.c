/*
 * variant_givens.c — see variant_givens.h. The searches that tell two
 * solutions apart are counted (VREDUCE_PRECHECK_NODES each), as the
 * reducer's checks are, so the clock never decides which puzzle a seed
 * gives.
 */
#include "variant_givens.h"
#include "clock.h"

#include <stdlib.h>
#include <string.h>

typedef struct two {
    uint8_t *sol[2];
    size_t nc;
    int found;
} two;

static int keep(void *user, const uint8_t *solution)
{
    two *t = user;
    if (t->found < 2)
        memcpy(t->sol[t->found], solution, t->nc);
    t->found++;
    return t->found >= 2;
}

/* Adds givens to puzzle until it has one solution (into t->sol[0]).
 * @return DOKU_OK, DOKU_GAVE_UP, DOKU_ERR_NOMEM, or DOKU_ERR_VARIANT when
 * the constraints have no solution. */
static doku_status settle(const doku_constraints *cs, uint8_t *puzzle, two *t, doku_rng *rng,
                          double end)
{
    int *differ = malloc(t->nc * sizeof *differ);
    if (!differ)
        return DOKU_ERR_NOMEM;
    doku_status st = DOKU_OK;
    for (;;) {
        double left = end > 0 ? end - now_seconds() : 0;
        if (end > 0 && left <= 0) {
            st = DOKU_GAVE_UP;
            break;
        }
        doku_search_opts o = {2, VREDUCE_PRECHECK_NODES, left, 0};
        doku_search_result r;
        t->found = 0;
        st = doku_constraints_search(cs, puzzle, t->nc, &o, NULL, keep, t, &r);
        if (st != DOKU_OK)
            break;
        if (t->found == 0) {
            st = DOKU_ERR_VARIANT;
            break;
        }
        if (t->found == 1)
            break;
        size_t k = 0;
        for (size_t i = 0; i < t->nc; i++)
            if (t->sol[0][i] != t->sol[1][i])
                differ[k++] = (int)i;
        int cell = differ[doku_rng_below(rng, (uint32_t)k)];
        puzzle[cell] = t->sol[doku_rng_below(rng, 2)][cell];
    }
    free(differ);
    return st;
}

doku_status vgivens_make(const doku_constraints *cs, uint64_t seed, const vgivens_opts *o,
                         double end, uint8_t *puzzle, uint8_t *solution, doku_reduce_result *rr,
                         vrating *v)
{
    int n = doku_shape_n(doku_constraints_shape(cs));
    size_t nc = (size_t)n * (size_t)n;
    doku_rng rng;
    doku_rng_seed(&rng, seed);
    int rated = o->want && !o->full;
    /* the second solution's room, and the last reduction rated */
    uint8_t *scratch = malloc(2 * nc);
    if (!scratch)
        return DOKU_ERR_NOMEM;
    two t = {{solution, scratch}, nc, 0};
    uint8_t *last = scratch + nc;
    doku_status st = DOKU_OK;
    for (int round = 0;; round++) {
        memset(puzzle, 0, nc);
        st = settle(cs, puzzle, &t, &rng, end);
        if (st != DOKU_OK)
            break;
        memcpy(puzzle, solution, nc);
        if (o->full) {
            memset(rr, 0, sizeof *rr);
            rr->givens = (int)nc;
            rr->symmetry = DOKU_SYM_NONE;
            break;
        }
        /* from the full solution, as a reduce of it: the givens asked */
        vreduce_opts a = {o->target, o->sym, round ? doku_rng_next(&rng) : seed,
                          o->minimal ? VREDUCE_PRECHECK_NODES : 0, DOKU_DIFFICULTY_ANY};
        if (!rated) {
            /* stopped by the clock (1) it is still unique: given as made */
            if (vreduce_cells(cs, puzzle, n, &a, end, rr) < 0)
                st = DOKU_ERR_NOMEM;
            break;
        }
        int tries;
        int got = vreduce_rated(cs, n, solution, &a, o->want, end, puzzle, rr, v, &tries);
        if (got == 1 || got < 0) {
            st = got < 0 ? DOKU_ERR_NOMEM : DOKU_OK;
            break;
        }
        /* a bound of its own: with no deadline the rounds still end */
        if (got == 2 || (end > 0 && now_seconds() >= end) || round + 1 >= VREDUCE_ATTEMPTS ||
            (round > 0 && memcmp(last, puzzle, nc) == 0)) {
            st = DOKU_GAVE_UP;
            break;
        }
        memcpy(last, puzzle, nc);
    }
    free(scratch);
    return st;
}
