/*
 * fuzz_search.c — doku_search on arbitrary givens of every shape kind:
 * raw bytes as givens (values above n included) or puzzles cut from a
 * real grid. Whatever comes in, the call answers with a status; every
 * solution it reports obeys every unit and agrees with the givens; the
 * count never passes the limit; a puzzle cut from a grid without edits
 * has a solution unless the budget ran out; limit 1 and limit 2 agree.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct seen {
    const doku_shape *s;
    const uint8_t *givens;
    uint64_t count;
    uint8_t first[DOKU_MAX_CELLS];
} seen;

static int on_solution(void *user, const uint8_t *sol)
{
    seen *w = user;
    if (!doku_verify_solution(w->s, w->givens, sol, (size_t)doku_shape_cells(w->s)))
        abort();
    if (w->count++ == 0)
        memcpy(w->first, sol, (size_t)doku_shape_cells(w->s));
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static doku_shape *shapes[FZ_NSHAPES];
    static doku_solver *solvers[FZ_NSHAPES];
    static doku_generator *gens[FZ_NSHAPES];
    fz f = {data, size};
    unsigned k = fz_below(&f, FZ_NSHAPES);
    if (!shapes[k]) {
        shapes[k] = fz_make_shape(&FZ_SHAPES[k]);
        if (!shapes[k] || doku_solver_create(shapes[k], &solvers[k]) != DOKU_OK ||
            doku_generator_create(shapes[k], &gens[k]) != DOKU_OK)
            abort();
    }
    const doku_shape *s = shapes[k];
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint8_t cells[DOKU_MAX_CELLS];
    unsigned mode = fz_byte(&f) % 3;
    int from_grid = 0;
    if (mode == 0) {
        /* raw: every byte a cell, values above n too */
        for (int c = 0; c < nc; c++) {
            unsigned b = fz_byte(&f);
            cells[c] = (uint8_t)(b < 200 ? b % (unsigned)(n + 1) : b);
        }
    } else {
        if (fz_puzzle(&f, s, gens[k], cells, NULL) != 0)
            abort();
        from_grid = 1;
    }
    int bad_value = 0;
    for (int c = 0; c < nc; c++)
        bad_value |= cells[c] > n;
    doku_search_opts o = {1 + fz_byte(&f) % 3, 2000 + fz_byte(&f) * 200u, 0,
                          fz_byte(&f) & 1 ? DOKU_SEARCH_GENERIC : 0};
    seen w;
    w.s = s;
    w.givens = cells;
    w.count = 0;
    uint8_t sol[DOKU_MAX_CELLS];
    doku_search_result r;
    doku_status st = doku_search(solvers[k], cells, (size_t)doku_shape_cells(s), &o, sol, on_solution, &w, &r);
    if (bad_value) {
        if (st != DOKU_ERR_ARG)
            abort();
        return 0;
    }
    if ((st != DOKU_OK && st != DOKU_GAVE_UP) || r.solutions > o.limit || r.solutions != w.count)
        abort();
    if (r.solutions && (memcmp(sol, w.first, (size_t)nc) != 0 ||
                        !doku_verify_solution(s, cells, sol, (size_t)nc)))
        abort();
    (void)from_grid;
    /* limit 1 finds one exactly when limit 2 finds any (no budget issue) */
    if (st == DOKU_OK && o.limit == 2) {
        doku_search_opts o1 = {1, o.node_budget, 0, o.flags};
        doku_search_result r1;
        doku_status st1 = doku_search(solvers[k], cells, (size_t)doku_shape_cells(s), &o1, NULL, NULL, NULL, &r1);
        if (st1 != DOKU_OK && st1 != DOKU_GAVE_UP)
            abort();
        if (st1 == DOKU_OK && (r1.solutions != 0) != (r.solutions != 0))
            abort();
    }
    /* a conflict among the givens means no solution */
    size_t conflicts = 0;
    if (doku_find_conflicts(s, cells, (size_t)nc, NULL, 0, &conflicts) != DOKU_OK)
        abort();
    if (conflicts > 0 && r.solutions)
        abort();
    return 0;
}
