/*
 * generate.c — the generator object and the whole pipeline: random grid,
 * clue removal, acceptance (givens band, level, caller's filter), retry.
 *
 * One idea: everything is a pure function of (seed, options), so batch
 * runs derive one seed per puzzle index and any number of threads produce
 * the same puzzles. Levels below EXPERT are reached by guided removal:
 * a removal is kept only while the level's techniques still solve the
 * puzzle, which makes the result unique without a single search and hits
 * the level far more often than filtering random minimal puzzles would.
 */
#include "gen_internal.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>

doku_status doku_generator_create(const doku_shape *shape, doku_generator **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!shape)
        return DOKU_ERR_ARG;
    doku_generator *g = calloc(1, sizeof *g);
    if (!g)
        return DOKU_ERR_NOMEM;
    g->s = shape;
    g->n = shape->n;
    g->ncells = shape->ncells;
    g->full = g->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << g->n) - 1);
    size_t nc = (size_t)g->ncells;
    doku_status st = doku_solver_create(shape, &g->solver);
    if (st == DOKU_OK)
        st = cands_init(&g->lgrid, shape, NULL);
    g->unit_mask = malloc(sizeof(uint64_t) * (size_t)shape->nunits);
    g->order = malloc(sizeof(int) * nc);
    g->work = malloc(nc);
    g->fill = malloc(nc);
    if (st == DOKU_OK && (!g->unit_mask || !g->order || !g->work || !g->fill))
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK && gen_level_init(g) != 0)
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK && shape->classic9 && !(g->l9 = level9_create(g)))
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK && gen_unavoid_init(g) != 0)
        st = DOKU_ERR_NOMEM;
    g->except_on = doku_shape_is_classic9(shape); /* the solver has that engine */
    if (st != DOKU_OK) {
        doku_generator_free(g);
        return st;
    }
    *out = g;
    return DOKU_OK;
}

doku_status doku_generator_set_isa(doku_generator *g, doku_isa isa)
{
    return g ? doku_solver_set_isa(g->solver, isa) : DOKU_ERR_ARG;
}

void doku_generator_free(doku_generator *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nlevels; i++)
        cands_free(&g->levels[i]);
    free(g->levels);
    doku_solver_free(g->solver);
    cands_free(&g->lgrid);
    level9_free(g->l9);
    free(g->uv_left);
    free(g->uv_cell_sets);
    free(g->uv_peers);
    free(g->ix_start);
    free(g->ix_unit);
    free(g->ix_in_u);
    free(g->ix_in_v);
    free(g->unit_mask);
    free(g->order);
    free(g->work);
    free(g->fill);
    free(g);
}

/* Whether every given of the pattern puzzle (unique, solution g->fill) is
 * needed: removing any one must let a second solution in. Each check is a
 * limit-2 search under the same budgets as the uniqueness check. @return
 * 1 proven minimal, 0 not minimal or unproven (a check ran out of budget),
 * -1 on an allocation failure. */
static int pattern_minimal(doku_generator *g, const doku_generate_opts *o, double deadline,
                           uint8_t *puzzle, int *late)
{
    const doku_shape *s = g->s;
    for (int c = 0; c < s->ncells; c++) {
        if (!puzzle[c])
            continue;
        doku_search_opts so = {2, o->check_budget == UINT64_MAX ? 0 : o->check_budget,
                               deadline > 0 ? deadline - clock_monotonic_seconds() : 0, 0};
        if (deadline > 0 && so.time_budget <= 0)
            so.time_budget = 1e-9;
        uint8_t keep = puzzle[c];
        puzzle[c] = 0;
        doku_search_result r;
        doku_status st = doku_search(g->solver, puzzle, (size_t)doku_shape_cells(g->s), &so, NULL, NULL, NULL, &r);
        puzzle[c] = keep;
        if (st != DOKU_OK && st != DOKU_GAVE_UP)
            return -1;
        if (st == DOKU_GAVE_UP && deadline > 0 && clock_monotonic_seconds() > deadline)
            *late = 1;
        if (st == DOKU_GAVE_UP || r.solutions < 2)
            return 0;
    }
    return 1;
}

/* One candidate puzzle from the grid in g->fill. Sets *late when the
 * time budget cut its work short. @return 1 if puzzle holds a unique
 * candidate, 0 if this grid gave none, <0 on error. */
static int candidate(doku_generator *g, doku_rng *rng,
                     const doku_generate_opts *o, double deadline,
                     uint8_t *puzzle, doku_generate_result *res, int *late)
{
    const doku_shape *s = g->s;
    if (o->pattern) {
        for (int c = 0; c < s->ncells; c++)
            puzzle[c] = o->pattern[c] ? g->fill[c] : 0;
        doku_search_opts so = {2, o->check_budget == UINT64_MAX ? 0 : o->check_budget,
                               deadline > 0 ? deadline - clock_monotonic_seconds() : 0, 0};
        if (deadline > 0 && so.time_budget <= 0)
            so.time_budget = 1e-9;
        doku_search_result r;
        doku_status st = doku_search(g->solver, puzzle, (size_t)doku_shape_cells(g->s), &so, NULL, NULL, NULL, &r);
        if (st != DOKU_OK && st != DOKU_GAVE_UP)
            return -1;
        if (st == DOKU_GAVE_UP && deadline > 0 && clock_monotonic_seconds() > deadline)
            *late = 1;
        res->symmetry = DOKU_SYM_NONE;
        res->minimal = 0;
        if (r.solutions != 1 || st == DOKU_GAVE_UP)
            return 0;
        if (!o->minimal)
            return 1;
        /* minimal with a pattern: the givens are fixed, so the puzzle is
         * accepted only if each of them is proven needed */
        int m = pattern_minimal(g, o, deadline, puzzle, late);
        res->minimal = m == 1;
        return m;
    }
    doku_reduce_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.target_givens = o->minimal ? 0 : o->min_givens;
    ro.symmetry = o->symmetry;
    ro.qqwing_level = o->qqwing_level;
    ro.check_budget = o->check_budget;
    doku_reduce_result rr;
    doku_status st = gen_reduce(g, rng, g->fill, NULL, &ro, deadline, puzzle, &rr, late);
    if (st != DOKU_OK)
        return -1;
    res->symmetry = rr.symmetry;
    res->minimal = rr.minimal;
    if (*late) {
        /* What a cut-short sweep left depends on the clock: never
         * accept it, so output stays a function of seed and options. */
        return 0;
    }
    if (o->minimal && !rr.minimal)
        return 0; /* a check ran out of budget: minimality unproven */
    return 1;
}

doku_status doku_generate(doku_generator *g, uint64_t seed,
                          const doku_generate_opts *opts, uint8_t *puzzle,
                          uint8_t *solution, size_t ncells, doku_generate_result *res)
{
    doku_generate_result dummy;
    if (!res)
        res = &dummy;
    memset(res, 0, sizeof *res);
    if (!g || !puzzle || ncells != (size_t)g->ncells)
        return DOKU_ERR_ARG;
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    if (opts)
        o = *opts;
    const doku_shape *s = g->s;
    if ((unsigned)o.symmetry >= DOKU_SYM_COUNT ||
        (unsigned)o.qqwing_level > DOKU_QQWING_EXPERT || o.min_givens < 0 ||
        o.max_givens < 0 || o.min_givens > s->ncells ||
        o.max_givens > s->ncells ||
        (o.max_givens && o.min_givens > o.max_givens) || !(o.time_budget >= 0))
        return DOKU_ERR_ARG;
    uint64_t max_attempts = o.max_attempts ? o.max_attempts : 1000;
    double deadline = o.time_budget > 0 ? clock_monotonic_seconds() + o.time_budget : 0;
    doku_rng rng;
    doku_rng_seed(&rng, seed);
    res->best_givens = s->ncells + 1;
    res->best_qqwing_level = DOKU_QQWING_ANY;
    int late = 0; /* the time budget ran out */
    while (res->attempts < max_attempts) {
        if (deadline > 0 && res->attempts > 0 && clock_monotonic_seconds() > deadline)
            break;
        res->attempts++;
        int r = gen_fill(g, &rng, deadline, g->fill);
        if (r == -2)
            break; /* the fill itself ran past the budget */
        if (r < 0)
            return DOKU_ERR_NOMEM;
        if (r == 0)
            return DOKU_ERR_SHAPE;
        r = candidate(g, &rng, &o, deadline, puzzle, res, &late);
        if (r < 0)
            return DOKU_ERR_NOMEM;
        if (r == 0) {
            if (late)
                break;
            continue;
        }
        int givens = 0;
        for (int c = 0; c < s->ncells; c++)
            givens += puzzle[c] != 0;
        if (givens < res->best_givens)
            res->best_givens = givens;
        if ((o.max_givens && givens > o.max_givens) ||
            (o.min_givens && givens < o.min_givens))
            continue;
        doku_qqwing_level lv = DOKU_QQWING_ANY;
        if (o.qqwing_level != DOKU_QQWING_ANY) {
            lv = gen_level(g, puzzle, DOKU_QQWING_INTERMEDIATE);
            res->best_qqwing_level = lv;
            if (lv != o.qqwing_level)
                continue;
        }
        if (o.filter) {
            /* the filter is told the time left, so a judgement that can
             * outlast a short budget (a hard range) stops with it */
            doku_filter_call call = {s, puzzle, g->fill, (size_t)s->ncells, 0};
            if (deadline > 0) {
                call.seconds_left = deadline - clock_monotonic_seconds();
                if (call.seconds_left <= 0)
                    call.seconds_left = 1e-9; /* spent, but still a budget */
            }
            bool ok = false;
            doku_status fst = o.filter(o.filter_user, &call, &ok);
            if (fst == DOKU_GAVE_UP)
                break;
            if (fst != DOKU_OK)
                return fst; /* no verdict (DOKU_ERR_NOMEM...): the run stops */
            if (!ok)
                continue;
        }
        res->found = 1;
        res->givens = givens;
        res->qqwing_level = lv;
        if (solution)
            memcpy(solution, g->fill, (size_t)s->ncells);
        return DOKU_OK;
    }
    if (res->best_givens > s->ncells)
        res->best_givens = 0;
    return DOKU_GAVE_UP;
}
