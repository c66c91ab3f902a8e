/*
 * reduce_rated.c — doku_reduce_rated: a reduction that must land in a
 * rating range (reduce --difficulty / --rating / --require, the server's
 * /api/reduce with a difficulty).
 *
 * The one design idea: removal order decides how hard the result is, so
 * the same input is reduced again in other random orders (each from its
 * own derived seed, so any attempt can be made again) until the grader's
 * verdict, the rating filter, accepts one. Attempt 0 is the plain
 * reduction of `seed`: without a filter nothing changes.
 */
#include "doku.h"

#define DEFAULT_ATTEMPTS 32

doku_status doku_reduce_rated(doku_generator *g, doku_rating_filter *f, uint64_t seed,
                              int attempts, const uint8_t *solution, const uint8_t *start,
                              size_t ncells, const doku_reduce_opts *opts, uint8_t *puzzle,
                              doku_reduce_result *res, int *accepted)
{
    if (!accepted || attempts < 0)
        return DOKU_ERR_ARG;
    *accepted = 0;
    if (!attempts)
        attempts = DEFAULT_ATTEMPTS;
    if (!f)
        attempts = 1;
    doku_reduce_result local;
    if (!res)
        res = &local;
    for (int k = 0; k < attempts; k++) {
        doku_rng rng;
        doku_rng_seed(&rng, k ? doku_seed_derive(seed, (uint64_t)k) : seed);
        doku_status st = doku_reduce(g, &rng, solution, start, ncells, opts, puzzle, res);
        if (st != DOKU_OK)
            return st;
        if (!f) {
            *accepted = 1;
            return DOKU_OK;
        }
        doku_filter_call call = {NULL, puzzle, solution, ncells, 0};
        bool ok = false;
        st = doku_rating_filter_accept(f, &call, &ok);
        if (st != DOKU_OK)
            return st; /* no verdict (an allocation failed) */
        if (ok) {
            *accepted = 1;
            return DOKU_OK;
        }
    }
    return DOKU_OK;
}
