/*
 * fuzz_differential.c — the search engines must agree. For the same
 * givens: every SIMD tier of the classic 9x9 fast path the CPU runs
 * (doku_solver_set_isa), board16 (plain shapes up to 16x16) and the
 * generic engine (DOKU_SEARCH_GENERIC) give the same count up to 2 and,
 * when there is exactly one solution, the same solution, which obeys
 * every unit and agrees with the givens. A result cut short by the node
 * budget is a lower bound and is only checked for validity.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NTIERS 5 /* AUTO, PORTABLE, AVX2, AVX512, SSE42 (doku_isa) */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* one solver per shape kind and tier */
    static doku_shape *shapes[FZ_NSHAPES];
    static doku_solver *solvers[FZ_NSHAPES][NTIERS];
    static doku_generator *gens[FZ_NSHAPES];
    fz f = {data, size};
    unsigned k = fz_below(&f, FZ_NSHAPES);
    if (!shapes[k]) {
        shapes[k] = fz_make_shape(&FZ_SHAPES[k]);
        if (!shapes[k] || doku_generator_create(shapes[k], &gens[k]) != DOKU_OK)
            abort();
        for (int t = 0; t < NTIERS; t++) {
            if (doku_solver_create(shapes[k], &solvers[k][t]) != DOKU_OK)
                abort();
            if (doku_isa_supported((doku_isa)t) &&
                doku_solver_set_isa(solvers[k][t], (doku_isa)t) != DOKU_OK)
                abort();
        }
    }
    const doku_shape *s = shapes[k];
    int nc = doku_shape_cells(s);
    uint8_t cells[DOKU_MAX_CELLS];
    if (fz_puzzle(&f, s, gens[k], cells, NULL) != 0)
        abort();
    uint64_t budget = 1000 + fz_byte(&f) * 20u; /* small: a fuzz input must stay fast */
    uint8_t ref[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];
    doku_search_result rg;
    doku_search_opts og = {2, budget, 0, DOKU_SEARCH_GENERIC};
    doku_status stg = doku_search(solvers[k][0], cells, (size_t)nc, &og, ref, NULL, NULL, &rg);
    if (stg != DOKU_OK && stg != DOKU_GAVE_UP)
        abort();
    if (rg.solutions && !doku_verify_solution(s, cells, ref, (size_t)nc))
        abort();
    for (int t = 0; t < NTIERS; t++) {
        if (!doku_isa_supported((doku_isa)t))
            continue;
        doku_search_opts o = {2, budget, 0, 0};
        doku_search_result r;
        doku_status st = doku_search(solvers[k][t], cells, (size_t)nc, &o, sol, NULL, NULL, &r);
        if (st != DOKU_OK && st != DOKU_GAVE_UP)
            abort();
        if (r.solutions && !doku_verify_solution(s, cells, sol, (size_t)nc))
            abort();
        if (st == DOKU_GAVE_UP || stg == DOKU_GAVE_UP)
            continue;
        if (r.solutions != rg.solutions)
            abort();
        if (r.solutions == 1 && memcmp(sol, ref, (size_t)nc) != 0)
            abort();
    }
    return 0;
}
