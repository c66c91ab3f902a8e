/*
 * search.c — the one search entry point. It validates input, sets up the
 * limit/budget context and dispatches to an engine; engines only search
 * and report to the context (search_ctx.c), never back to this file.
 */
#include "search_internal.h"
#include "search_except.h"

#include <stdlib.h>
#include <string.h>

doku_status doku_solver_create(const doku_shape *shape, doku_solver **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!shape)
        return DOKU_ERR_ARG;
    doku_solver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return DOKU_ERR_NOMEM;
    sv->shape = shape;
    /* The generic engine is built on first use (doku_search): a classic
     * 9x9 solver that never asks for it skips its tables (creation cost
     * 18 us against a 2.8 us solve, BENCHMARKS.md). */
    doku_status st = DOKU_OK;
    if (doku_shape_is_classic9(shape))
        st = classic9_create(&sv->classic9);
    else if (shape->n <= 16) {
        st = board16_create(shape, 0, &sv->board16);
        if (st == DOKU_ERR_VARIANT)
            st = DOKU_OK; /* a shape it does not take: generic only */
        /* Only its AVX2 and AVX-512 builds beat the generic engine: the
         * portable build (the same vector source lowered to SSE2, or to
         * whatever a non-x86 target has) took ~80 ms median / ~270 ms max
         * on the blue 16x16 set with uniqueness against the generic
         * engine's 56-73 / 145-200 ms (an SSE4.2 build: 62 / 270 ms). */
        else if (st == DOKU_OK)
            sv->board16_on = board16_set_variant(sv->board16, -1) != BOARD16_PORTABLE;
    }
    if (st != DOKU_OK) {
        doku_solver_free(sv);
        return st;
    }
    *out = sv;
    return DOKU_OK;
}

const doku_shape *doku_solver_shape(const doku_solver *sv)
{
    return sv ? sv->shape : NULL;
}

void doku_solver_free(doku_solver *sv)
{
    if (!sv)
        return;
    generic_free(sv->generic);
    classic9_free(sv->classic9);
    board16_free(sv->board16);
    free(sv);
}

/* Whether any of the count bytes at g exceeds n: eight at a time (a
 * byte above n, or with its top bit set, sets its top bit in x | (x +
 * 127 - n); a carry out of a byte only comes from one already flagged).
 * Per puzzle this check was a branch per cell. */
static int any_above(const uint8_t *g, int count, int n)
{
    int i = 0;
    uint64_t acc = 0;
    if (n >= 0 && n <= 127) {
        uint64_t add = 0x0101010101010101ull * (uint64_t)(127 - n);
        for (; i + 8 <= count; i += 8) {
            uint64_t x;
            memcpy(&x, g + i, 8);
            acc |= x | (x + add);
        }
        acc &= 0x8080808080808080ull;
    }
    for (; i < count; i++)
        acc |= g[i] > n;
    return acc != 0;
}

/* doku_search, doku_search_candidates and search_except: cands NULL, or
 * pencil marks that only the generic engine reads; except_digit 0, or a
 * digit the classic 9x9 engine removes from open cell except_cell. */
static doku_status search_with(doku_solver *sv, const uint8_t *givens, const uint64_t *cands,
                               size_t ncells, int except_cell, int except_digit,
                               const doku_search_opts *opts, uint8_t *solution,
                               doku_solution_fn on_solution, void *user,
                               doku_search_result *res)
{
    /* !(x >= 0) also refuses NaN; flags outside DOKU_SEARCH_* are refused
     * rather than ignored, so a caller's typo is not silently "none" */
    if (!sv || !givens || !res || ncells != (size_t)doku_shape_cells(sv->shape) ||
        (opts && (!(opts->time_budget >= 0) || (opts->flags & ~(unsigned)DOKU_SEARCH_GENERIC))))
        return DOKU_ERR_ARG;
    memset(res, 0, sizeof *res);
    const doku_shape *s = sv->shape;
    if (any_above(givens, s->ncells, s->n))
        return DOKU_ERR_ARG;
    search_ctx ctx;
    search_ctx_start(&ctx, opts, solution, on_solution, user);
    ctx.cands = cands;
    ctx.except_cell = except_cell;
    ctx.except_digit = except_digit;
    int generic_only = cands || (opts && (opts->flags & DOKU_SEARCH_GENERIC));
    if (sv->classic9 && !generic_only)
        classic9_run(sv->classic9, givens, &ctx);
    else if (sv->board16 && sv->board16_on && !generic_only)
        board16_run(sv->board16, givens, &ctx);
    else {
        if (!sv->generic && generic_create(s, &sv->generic) != DOKU_OK)
            return DOKU_ERR_NOMEM;
        generic_run(sv->generic, givens, &ctx);
    }
    res->solutions = ctx.solutions;
    res->nodes = ctx.nodes;
    res->guesses = ctx.guesses;
    return ctx.out_of_memory ? DOKU_ERR_NOMEM : ctx.gave_up ? DOKU_GAVE_UP : DOKU_OK;
}

doku_status doku_search(doku_solver *sv, const uint8_t *givens, size_t ncells,
                        const doku_search_opts *opts, uint8_t *solution,
                        doku_solution_fn on_solution, void *user,
                        doku_search_result *res)
{
    return search_with(sv, givens, NULL, ncells, 0, 0, opts, solution, on_solution, user, res);
}

doku_status doku_search_candidates(doku_solver *sv, const uint8_t *givens,
                                   const uint64_t *candidates, size_t ncells,
                                   const doku_search_opts *opts, uint8_t *solution,
                                   doku_solution_fn on_solution, void *user,
                                   doku_search_result *res)
{
    return search_with(sv, givens, candidates, ncells, 0, 0, opts, solution, on_solution, user,
                       res);
}

doku_status search_except(doku_solver *sv, const uint8_t *givens, int cell, int digit,
                          const doku_search_opts *opts, doku_search_result *res)
{
    if (!sv || !sv->classic9 || !givens || cell < 0 || cell >= 81 || givens[cell] ||
        digit < 1 || digit > 9 || (opts && (opts->flags & DOKU_SEARCH_GENERIC)))
        return DOKU_ERR_ARG;
    return search_with(sv, givens, NULL, 81, cell, digit, opts, NULL, NULL, NULL, res);
}
