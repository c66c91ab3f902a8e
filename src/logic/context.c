/*
 * context.c — the logic context's life: create, load a puzzle (givens or
 * pencil marks), read the grid, apply the step the engine found, free.
 *
 * Design: everything a context needs that depends only on the shape is
 * the shape's (its box-first tables) or allocated once here; loading a
 * puzzle resets the grid and nothing else, so one context serves any
 * number of puzzles of its shape. The grid is the shared candidate-grid
 * kernel (cands.c): loading and placing follow its one convention.
 */
#include "variant_internal.h"
#include "chain_internal.h"
#include "../util/clock.h"

#include <stdlib.h>
#include <string.h>

/* A context for shape; with cs, for cs's shape plus the units its
 * constraints add (the shape argument is then NULL). */
static doku_status create(const doku_shape *shape, const doku_constraints *cs,
                          const doku_logic_opts *opts, doku_logic **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    /* a technique bit past the list names nothing: refused, not ignored */
    if ((!shape && !cs) || (opts && (opts->techniques & ~((1ull << DOKU_TECH_COUNT) - 1))))
        return DOKU_ERR_ARG;
    doku_logic *L = calloc(1, sizeof *L);
    if (!L)
        return DOKU_ERR_NOMEM;
    if (cs) {
        if (logic_variant_init(L, cs) != DOKU_OK) {
            doku_logic_free(L);
            return DOKU_ERR_NOMEM;
        }
        shape = L->var->shape ? L->var->shape : doku_constraints_shape(cs);
    }
    L->shape = shape;
    L->n = shape->n;
    L->nc = shape->ncells;
    L->nunits = shape->nunits;
    L->allowed = (opts && opts->techniques) ? (opts->techniques | LOGIC_SINGLES_MASK) : LOGIC_SE_MASK;
    L->uniq_opt = opts ? opts->uniqueness : 0;
    L->no_trial = opts ? opts->no_trial : 0;
    L->search_nodes = (opts && opts->search_nodes) ? opts->search_nodes : DOKU_LOGIC_SEARCH_NODES;
    if (L->no_trial)
        L->allowed &= ~LOGIC_TB(DOKU_TECH_TRIAL);
    /* the grid is the shared kernel's (cands.h); finders read val and
     * cand through L, aliases of its arrays */
    doku_status gst = cands_init(&L->grid, shape, NULL);
    L->val = L->grid.val;
    L->cand = L->grid.cand;
    L->pos = calloc((size_t)L->nunits * (size_t)L->n, sizeof(lmask));
    L->solution = calloc((size_t)L->nc, 1);
    logic_geometry_init(L);
    if (gst != DOKU_OK || !L->pos || !L->solution || logic_memo_alloc(L) != 0 ||
        doku_solver_create(shape, &L->solver) != DOKU_OK || logic_chain_ws_create(L) != 0) {
        doku_logic_free(L);
        return DOKU_ERR_NOMEM;
    }
    *out = L;
    return DOKU_OK;
}

doku_status doku_logic_create(const doku_shape *shape, const doku_logic_opts *opts,
                              doku_logic **out)
{
    if (!shape && out)
        *out = NULL;
    return shape ? create(shape, NULL, opts, out) : DOKU_ERR_ARG;
}

doku_status doku_logic_create_variant(const doku_constraints *cs, const doku_logic_opts *opts,
                                      doku_logic **out)
{
    if (!cs && out)
        *out = NULL;
    return cs ? create(NULL, cs, opts, out) : DOKU_ERR_ARG;
}

const doku_constraints *doku_logic_constraints(const doku_logic *L)
{
    return L && L->var ? L->var->cs : NULL;
}

void doku_logic_free(doku_logic *L)
{
    if (!L)
        return;
    logic_chain_ws_free(L);
    doku_solver_free(L->solver);
    cands_free(&L->grid);
    free(L->pos);
    free(L->solution);
    free(L->plane);
    free(L->memo);
    free(L->snapcand);
    free(L->snapval);
    free(L->uver);
    free(L->umemo);
    free(L->cmemo_cand);
    free(L->cmemo_val);
    free(L->hot);
    free(L->step.place.v);
    free(L->step.elim.v);
    free(L->step.proof.v);
    free(L->step.text);
    free(L->tmp.v);
    logic_variant_free(L); /* last: the extended shape is the context's */
    free(L);
}

static doku_status load_common(doku_logic *L, const uint8_t *cells)
{
    int n = L->n;
    for (int c = 0; c < L->nc; c++)
        if (cells[c] > n)
            return DOKU_ERR_ARG;
    size_t conflicts = 0;
    if (doku_find_conflicts(L->shape, cells, (size_t)L->nc, NULL, 0, &conflicts) != DOKU_OK ||
        conflicts)
        return DOKU_ERR_ARG;
    if (L->var && logic_variant_broken_givens(L, cells))
        return DOKU_ERR_ARG;
    if (!cands_load(&L->grid, cells)) {
        /* an open cell without candidates (the givens do not conflict):
         * cands_load stopped there; place the givens one by one instead,
         * and doku_logic_next reports the dead cell */
        cands_clear(&L->grid);
        for (int c = 0; c < L->nc; c++)
            if (cells[c])
                cands_set(&L->grid, c, cells[c] - 1);
    }
    if (L->var)
        logic_variant_loaded(L);
    L->step.valid = 0;
    /* memos are sound across puzzles, but would let the work a run spends
     * (and so where a work limit stops it) depend on earlier puzzles */
    logic_memo_reset(L);
    chain_child_forget(L);
    L->deadline = 0; /* a limit belongs to the puzzle it was set for */
    L->work = 0;
    L->work_limit = 0;
    if (L->var)
        L->var->spent = 0;
    L->timed_out = 0;
    return DOKU_OK;
}

static void solve_for_reference(doku_logic *L, const uint8_t *cells)
{
    if (L->var) {
        logic_variant_reference(L, cells);
        return;
    }
    doku_search_opts o = {0};
    doku_search_result r;
    o.limit = 2;
    o.node_budget = L->search_nodes; /* nodes, never seconds: see doku.h */
    L->has_solution = 0;
    L->unique = 0;
    doku_status st = doku_search(L->solver, cells, (size_t)L->nc, &o, L->solution, NULL, NULL, &r);
    if ((st == DOKU_OK || st == DOKU_GAVE_UP) && r.solutions >= 1) {
        L->has_solution = 1;
        L->unique = (r.solutions == 1 && st == DOKU_OK);
    }
}

doku_status doku_logic_load(doku_logic *L, const uint8_t *cells, size_t ncells)
{
    if (!L || !cells || ncells != (size_t)L->nc)
        return DOKU_ERR_ARG;
    doku_status st = load_common(L, cells);
    if (st != DOKU_OK)
        return st;
    solve_for_reference(L, cells);
    return DOKU_OK;
}

doku_status doku_logic_load_candidates(doku_logic *L, const uint8_t *cells,
                                       const uint64_t *cands, size_t ncells, int unique_known)
{
    if (!L || !cells || !cands || ncells != (size_t)L->nc)
        return DOKU_ERR_ARG;
    doku_status st = load_common(L, cells);
    if (st != DOKU_OK)
        return st;
    for (int c = 0; c < L->nc; c++)
        if (!L->val[c])
            L->cand[c] &= cands[c];
    /* A reference solution that respects the pencil marks: search on the
     * filled cells, accept it only if it agrees with every mark. */
    solve_for_reference(L, cells);
    if (L->has_solution)
        for (int c = 0; c < L->nc; c++)
            if (!L->val[c] && !(L->cand[c] & LBIT(L->solution[c])))
                L->has_solution = 0;
    L->unique = unique_known ? 1 : 0;
    return DOKU_OK;
}

bool doku_logic_solved(const doku_logic *L)
{
    if (!L)
        return false;
    return L->grid.filled == L->nc;
}

const uint8_t *doku_logic_cells(const doku_logic *L) { return L ? L->val : NULL; }
const uint64_t *doku_logic_candidates(const doku_logic *L) { return L ? L->cand : NULL; }

doku_status doku_logic_apply(doku_logic *L)
{
    if (!L || !L->step.valid)
        return DOKU_ERR_ARG;
    lstep *s = &L->step;
    for (size_t i = 0; i < s->elim.n; i++)
        L->cand[s->elim.v[i].cell] &= ~LBIT(s->elim.v[i].digit);
    for (size_t i = 0; i < s->place.n; i++)
        if (!L->val[s->place.v[i].cell]) {
            cands_set(&L->grid, s->place.v[i].cell, s->place.v[i].digit - 1);
            if (L->var)
                logic_variant_placed(L, s->place.v[i].cell, s->place.v[i].digit);
        }
    s->valid = 0;
    return DOKU_OK;
}

doku_status doku_logic_set_time_limit(doku_logic *L, double seconds)
{
    if (!L || !(seconds >= 0))
        return DOKU_ERR_ARG;
    L->timed_out = 0;
    L->deadline = seconds > 0 ? clock_monotonic_seconds() + seconds : 0;
    return DOKU_OK;
}

doku_status doku_logic_set_work_limit(doku_logic *L, uint64_t units)
{
    if (!L)
        return DOKU_ERR_ARG;
    L->timed_out = 0;
    L->work = 0;
    if (L->var)
        L->var->spent = 0;
    L->work_limit = units;
    return DOKU_OK;
}

uint64_t doku_logic_work(const doku_logic *L)
{
    return L ? L->work : 0;
}

double doku_logic_gave_up_at(const doku_logic *L)
{
    return L && L->timed_out ? L->floor / 10.0 : 0.0;
}
