/*
 * test_generic_sparse.c — the generic engine on empty, sparse and
 * near-empty unsatisfiable grids of large and variant shapes, the inputs
 * whose searches used to run for minutes (an empty 25x25 hyper grid, an
 * empty 64x64 grid). Each must end within a node budget far above what it
 * needs, without giving up, with a verified solution or a proof of none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "testutil.h"

/* Far above what any case here needs (a few thousand to ~60,000 nodes),
 * far below a hang: these grids used to exceed it by orders. */
enum { BUDGET = 1000000 };

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

typedef struct shape_case {
    int br, bc;
    unsigned variants;
} shape_case;

static doku_shape *make_shape(const shape_case *sc)
{
    doku_shape_spec spec = {0};
    spec.box_rows = sc->br;
    spec.box_cols = sc->bc;
    spec.variants = sc->variants;
    doku_shape *s;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    return s;
}

/* Searches g with a node budget; @return the solution count (asserting
 * the search did not give up and that a solution found is valid). */
static uint64_t solve(doku_solver *sv, const doku_shape *s, const uint8_t *g,
                      uint64_t limit, uint8_t *sol)
{
    doku_search_opts o = {0};
    o.limit = limit;
    o.node_budget = BUDGET;
    doku_search_result r;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r), DOKU_OK);
    if (r.solutions)
        assert_true(doku_verify_solution(s, g, sol, (size_t)doku_shape_cells(s)));
    return r.solutions;
}

static const shape_case EMPTY_CASES[] = {
    {3, 3, DOKU_VARIANT_HYPER},
    {4, 4, DOKU_VARIANT_HYPER},
    {4, 4, DOKU_VARIANT_X | DOKU_VARIANT_HYPER},
    {4, 5, DOKU_VARIANT_HYPER},
    {4, 6, DOKU_VARIANT_HYPER},
    {5, 5, DOKU_VARIANT_HYPER},
    {5, 5, DOKU_VARIANT_X | DOKU_VARIANT_HYPER},
    {4, 7, DOKU_VARIANT_HYPER},
    {6, 6, 0},
    {7, 7, DOKU_VARIANT_X},
    {8, 8, 0},
    {8, 8, DOKU_VARIANT_X},
    {2, 32, 0},
    {4, 16, 0},
};

static void test_empty_grids_of_big_and_hyper_shapes(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof EMPTY_CASES / sizeof EMPTY_CASES[0]; i++) {
        doku_shape *s = make_shape(&EMPTY_CASES[i]);
        doku_solver *sv;
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        int nc = doku_shape_cells(s);
        uint8_t *g = calloc((size_t)nc, 1), *sol = malloc((size_t)nc);
        assert_int_equal(solve(sv, s, g, 1, sol), 1);
        free(g);
        free(sol);
        doku_solver_free(sv);
        doku_shape_free(s);
    }
}

/* A solution of the empty grid with its digits relabelled, thinned to
 * `keep` random givens: satisfiable, sparse, different per seed. */
static void sparse_from_solution(doku_solver *sv, const doku_shape *s, int keep,
                                 uint64_t seed, uint8_t *g)
{
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint8_t *full = malloc((size_t)nc), perm[65];
    memset(g, 0, (size_t)nc);
    assert_int_equal(solve(sv, s, g, 1, full), 1);
    for (int d = 1; d <= n; d++)
        perm[d] = (uint8_t)d;
    for (int d = n; d > 1; d--) {
        int j = 1 + (int)(next_rand(&seed) % (uint64_t)d);
        uint8_t t = perm[d];
        perm[d] = perm[j];
        perm[j] = t;
    }
    for (int k = 0; k < keep; k++) {
        int c = (int)(next_rand(&seed) % (uint64_t)nc);
        g[c] = perm[full[c]];
    }
    free(full);
}

static void test_sparse_givens_from_a_solution(void **state)
{
    (void)state;
    static const struct {
        shape_case sc;
        int keep;
    } cases[] = {
        {{5, 5, DOKU_VARIANT_HYPER}, 40},
        {{4, 6, DOKU_VARIANT_HYPER}, 30},
        {{5, 5, 0}, 60},
        {{6, 6, 0}, 50},
        {{7, 7, DOKU_VARIANT_X}, 40},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_shape *s = make_shape(&cases[i].sc);
        doku_solver *sv;
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        int nc = doku_shape_cells(s);
        uint8_t *g = malloc((size_t)nc), *sol = malloc((size_t)nc);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            sparse_from_solution(sv, s, cases[i].keep, seed * 7919 + i, g);
            assert_int_equal(solve(sv, s, g, 1, sol), 1);
        }
        free(g);
        free(sol);
        doku_solver_free(sv);
        doku_shape_free(s);
    }
}

/* Near-empty and unsatisfiable without two equal givens in a unit: digit
 * 1 is kept out of box 0's other rows and columns, so it must go to box
 * 0's last cell, which holds a 2. */
static void test_near_empty_unsatisfiable(void **state)
{
    (void)state;
    static const shape_case cases[] = {
        {4, 4, 0}, {5, 5, 0}, {5, 5, DOKU_VARIANT_HYPER}, {8, 8, 0}, {6, 6, DOKU_VARIANT_X},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_shape *s = make_shape(&cases[i]);
        doku_solver *sv;
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        int n = doku_shape_n(s), nc = doku_shape_cells(s), br = cases[i].br, bc = cases[i].bc;
        uint8_t *g = calloc((size_t)nc, 1);
        /* Rows 1..br-1 of box 0 get a 1 in box-columns 1.. (one per box);
         * columns 0..bc-2 get a 1 in box-rows 1.. (one per box). */
        for (int r = 1; r < br; r++)
            g[r * n + r * bc + (r % bc)] = 1;
        for (int c = 0; c < bc - 1; c++)
            g[((c + 1) * br + (c % br)) * n + c] = 1;
        g[bc - 1] = 2;
        doku_conflict cf;
        assert_int_equal(tu_conflicts(s, g, &cf, 1), 0);
        uint8_t *sol = malloc((size_t)nc);
        assert_int_equal(solve(sv, s, g, 2, sol), 0);
        free(sol);
        free(g);
        doku_solver_free(sv);
        doku_shape_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_grids_of_big_and_hyper_shapes),
        cmocka_unit_test(test_sparse_givens_from_a_solution),
        cmocka_unit_test(test_near_empty_unsatisfiable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
