/*
 * fuzz_logic.c — logic soundness. A puzzle cut from a real grid, loaded
 * into the logic engine with SE's technique set or the extended one:
 * when the search finds exactly one solution, every step the engine
 * takes must place only that solution's digits and eliminate only digits
 * the solution does not have there, and the candidates must always keep
 * the solution's digit. Any grid (also with no or several solutions)
 * must load or be refused with a status, and never crash the engine.
 * Every shape of fuzz_input.h, 4x4 to 16x16 with variants. Each run has
 * a time limit, which a step honours inside its search, so a run checks
 * the steps found before it: 0.05 s by default, DOKU_FUZZ_LOGIC_SECONDS
 * in the environment for deep runs (2 s lets nearly every 9x9 finish,
 * nested chains included). The short default is for volume: a corpus
 * grown under 2 s keeps drifting to the inputs that use all of it (a
 * fifth of it did, at 0.6 s per input on average), while the nested
 * chains' steps are also checked against SE's ratings and solutions by
 * the unit and replay tests (docs/RELIABILITY.md).
 */
#include "fuzz_input.h"
#include "doku_parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_STEPS 400

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static doku_shape *shapes[FZ_NSHAPES];
    static doku_solver *solvers[FZ_NSHAPES];
    static doku_generator *gens[FZ_NSHAPES];
    static doku_logic *logics[FZ_NSHAPES][2];
    fz f = {data, size};
    unsigned k = fz_below(&f, FZ_NSHAPES);
    if (!shapes[k]) {
        shapes[k] = fz_make_shape(&FZ_SHAPES[k]);
        if (!shapes[k] || doku_solver_create(shapes[k], &solvers[k]) != DOKU_OK ||
            doku_generator_create(shapes[k], &gens[k]) != DOKU_OK)
            abort();
        uint64_t ext;
        if (doku_parse_techniques("extended", &ext, NULL) != DOKU_OK)
            abort();
        doku_logic_opts lo;
        memset(&lo, 0, sizeof lo);
        lo.search_nodes = 20000;
        if (doku_logic_create(shapes[k], &lo, &logics[k][0]) != DOKU_OK)
            abort();
        lo.techniques = ext;
        if (doku_logic_create(shapes[k], &lo, &logics[k][1]) != DOKU_OK)
            abort();
    }
    const doku_shape *s = shapes[k];
    int nc = doku_shape_cells(s);
    uint8_t cells[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];
    if (fz_puzzle(&f, s, gens[k], cells, NULL) != 0)
        abort();
    doku_logic *lg = logics[k][fz_byte(&f) & 1];
    doku_search_opts so = {2, 20000, 0, 0};
    doku_search_result sr;
    doku_status sst = doku_search(solvers[k], cells, (size_t)nc, &so, sol, NULL, NULL, &sr);
    if (sst != DOKU_OK && sst != DOKU_GAVE_UP)
        abort();
    doku_status st = doku_logic_load(lg, cells, (size_t)nc);
    size_t conflicts = 0;
    if (doku_find_conflicts(s, cells, (size_t)doku_shape_cells(s), NULL, 0, &conflicts) != DOKU_OK)
        abort();
    if (conflicts > 0) {
        if (st != DOKU_ERR_ARG)
            abort();
        return 0;
    }
    if (st != DOKU_OK)
        abort();
    int unique = sr.solutions == 1 && sst == DOKU_OK;
    /* a grid with several solutions loads, but is not stepped: there is
     * nothing to check the steps against, and sparse grids make slow
     * steps (issue 17 bounds a step) */
    if (!unique)
        return 0;
    /* the run's time, from here over all its steps; an interrupted
     * search ends the run (-2) */
    static double limit;
    if (limit <= 0) {
        const char *env = getenv("DOKU_FUZZ_LOGIC_SECONDS");
        limit = env ? atof(env) : 0;
        if (!(limit > 0 && limit <= 60))
            limit = 0.05;
    }
    if (doku_logic_set_time_limit(lg, limit) != DOKU_OK)
        abort();
    for (int i = 0; i < MAX_STEPS; i++) {
        const uint8_t *cur = doku_logic_cells(lg);
        const uint64_t *cand = doku_logic_candidates(lg);
        if (unique)
            for (int c = 0; c < nc; c++) {
                if (cur[c] ? cur[c] != sol[c] : !((cand[c] >> (sol[c] - 1)) & 1))
                    abort(); /* a wrong digit placed, or the right one lost */
            }
        doku_step step;
        doku_status r = doku_logic_next(lg, &step);
        if (r != DOKU_OK) {
            if (r != DOKU_DONE && r != DOKU_GAVE_UP)
                abort(); /* a unique puzzle's grid cannot break, nor memory run out */
            break;
        }
        if (!step.text || !step.name || (!step.nplacements && !step.neliminations))
            abort(); /* a step that changes nothing would loop forever */
        for (size_t j = 0; j < step.nplacements; j++) {
            doku_cand p = step.placements[j];
            if (p.cell < 0 || p.cell >= nc || p.digit < 1 || p.digit > doku_shape_n(s))
                abort();
            if (unique && sol[p.cell] != p.digit)
                abort();
        }
        for (size_t j = 0; j < step.neliminations; j++) {
            doku_cand e = step.eliminations[j];
            if (e.cell < 0 || e.cell >= nc || e.digit < 1 || e.digit > doku_shape_n(s))
                abort();
            if (unique && sol[e.cell] == e.digit)
                abort();
        }
        if (doku_logic_apply(lg) != DOKU_OK)
            abort();
    }
    return 0;
}
