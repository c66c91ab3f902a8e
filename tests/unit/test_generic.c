/*
 * test_generic.c — the generic search engine on every shape and variant:
 * counts checked against a deliberately naive backtracking counter written
 * here (it shares nothing with the engine but the unit table), solutions of
 * large and oddly boxed grids, the limit/callback semantics across
 * restarts, and the budgets.
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

/* A small deterministic generator for the tests' own choices. */
static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Plain backtracking over the peer lists: slow, obviously right. */
static uint64_t naive_count(const doku_shape *s, uint8_t *g, int from, uint64_t limit)
{
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    while (from < nc && g[from])
        from++;
    if (from == nc)
        return 1;
    int np;
    const uint16_t *peers = doku_shape_peers(s, from, &np);
    uint64_t total = 0;
    for (int d = 1; d <= n && total < limit; d++) {
        int ok = 1;
        for (int i = 0; i < np && ok; i++)
            ok = g[peers[i]] != d;
        if (!ok)
            continue;
        g[from] = (uint8_t)d;
        total += naive_count(s, g, from + 1, limit - total);
        g[from] = 0;
    }
    return total;
}

static uint64_t doku_count(doku_solver *sv, const uint8_t *g, uint64_t limit, uint8_t *sol)
{
    doku_search_opts o = {0};
    o.limit = limit;
    doku_search_result r;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, sol, NULL, NULL, &r), DOKU_OK);
    return r.solutions;
}

/* Random puzzles from a relabelled full grid, some with one given changed
 * (often no solution), counted by both the engine and the naive counter. */
static void compare_with_naive(const doku_shape_spec *spec, int rounds, double keep_lo)
{
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create(spec, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint8_t *full = calloc((size_t)nc, 1), *g = malloc((size_t)nc), *sol = malloc((size_t)nc);
    uint8_t *blank = calloc((size_t)nc, 1);
    assert_int_equal(doku_count(sv, blank, 1, full), 1);
    assert_true(doku_verify_solution(s, NULL, full, (size_t)doku_shape_cells(s)));
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)nc;
    int seen[3] = {0};
    for (int round = 0; round < rounds; round++) {
        uint8_t perm[DOKU_MAX_N + 1];
        for (int d = 0; d <= n; d++)
            perm[d] = (uint8_t)d;
        for (int d = n; d > 1; d--) {
            int j = 1 + (int)(next_rand(&seed) % (uint64_t)d);
            uint8_t t = perm[d];
            perm[d] = perm[j];
            perm[j] = t;
        }
        double keep = keep_lo + 0.3 * (double)(next_rand(&seed) % 1000) / 1000.0;
        for (int c = 0; c < nc; c++)
            g[c] = (double)(next_rand(&seed) % 1000) / 1000.0 < keep ? perm[full[c]] : 0;
        if (round % 3 == 2) {
            int c = (int)(next_rand(&seed) % (uint64_t)nc);
            g[c] = (uint8_t)(1 + next_rand(&seed) % (uint64_t)n);
        }
        uint64_t want = tu_conflicts(s, g, NULL, 0) ? 0 : naive_count(s, g, 0, 3);
        uint64_t got = doku_count(sv, g, 3, sol);
        assert_int_equal(got, want);
        if (got)
            assert_true(doku_verify_solution(s, g, sol, (size_t)doku_shape_cells(s)));
        seen[got > 2 ? 2 : got]++;
    }
    assert_true(seen[1] + seen[2] > 0);
    free(full);
    free(g);
    free(sol);
    free(blank);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_counts_match_naive_counter(void **state)
{
    (void)state;
    doku_shape_spec spec = {0};
    spec.n = 6; /* 2x3 boxes */
    compare_with_naive(&spec, 200, 0.25);
    spec.variants = DOKU_VARIANT_X;
    compare_with_naive(&spec, 200, 0.25);
    memset(&spec, 0, sizeof spec);
    spec.n = 8;
    spec.box_rows = 4;
    spec.box_cols = 2;
    spec.variants = DOKU_VARIANT_HYPER;
    compare_with_naive(&spec, 100, 0.4);
    memset(&spec, 0, sizeof spec);
    spec.n = 9;
    spec.variants = DOKU_VARIANT_X | DOKU_VARIANT_HYPER;
    compare_with_naive(&spec, 100, 0.45);
}

static void test_jigsaw_counts_match_naive_counter(void **state)
{
    (void)state;
    /* ISS's first valid 9x9 layout: irregular regions without the boxes,
     * then with the boxes kept as well. */
    char path[512];
    char *text = tu_read_file(tu_data_path(path, sizeof path, "variants/jigsaw9_valid_layouts_iss.txt"), NULL);
    assert_non_null(text);
    uint8_t regions[81];
    char ids[81];
    int nid = 0;
    const char *layout = strchr(text, '\n') + 1; /* the first is plain boxes */
    for (int i = 0; i < 81; i++) {
        int k = 0;
        while (k < nid && ids[k] != layout[i])
            k++;
        if (k == nid)
            ids[nid++] = layout[i];
        regions[i] = (uint8_t)k;
    }
    assert_int_equal(nid, 9);
    doku_shape_spec spec = {0};
    spec.n = 9;
    spec.regions = regions;
    compare_with_naive(&spec, 100, 0.45);
    spec.variants = DOKU_VARIANT_X;
    compare_with_naive(&spec, 60, 0.45);
    free(text);
}

/* A valid full grid for R x C boxes: the classic shifted pattern. */
static void pattern_grid(int br, int bc, uint8_t *g)
{
    int n = br * bc;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            g[r * n + c] = (uint8_t)(((r % br) * bc + r / br + c) % n + 1);
}

static void solve_thinned_pattern(int br, int bc, double keep)
{
    int n = br * bc, nc = n * n;
    doku_shape_spec spec = {0};
    spec.box_rows = br;
    spec.box_cols = bc;
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t *full = malloc((size_t)nc), *g = malloc((size_t)nc), *sol = malloc((size_t)nc);
    pattern_grid(br, bc, full);
    assert_true(doku_verify_solution(s, NULL, full, (size_t)doku_shape_cells(s)));
    uint64_t seed = 12345u + (uint64_t)nc;
    for (int c = 0; c < nc; c++)
        g[c] = (double)(next_rand(&seed) % 1000) / 1000.0 < keep ? full[c] : 0;
    uint64_t got = doku_count(sv, g, 2, sol);
    assert_true(got >= 1);
    assert_true(doku_verify_solution(s, g, sol, (size_t)doku_shape_cells(s)));
    free(full);
    free(g);
    free(sol);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_odd_boxes_and_large_sides(void **state)
{
    (void)state;
    solve_thinned_pattern(2, 3, 0.4);
    solve_thinned_pattern(3, 4, 0.5);
    solve_thinned_pattern(3, 5, 0.5);
    solve_thinned_pattern(4, 5, 0.6);
    solve_thinned_pattern(5, 5, 0.6);
    solve_thinned_pattern(6, 6, 0.7);
    solve_thinned_pattern(8, 8, 0.8);
}

static void test_empty_grids_solve(void **state)
{
    (void)state;
    static const int sides[] = {4, 6, 8, 9, 10, 12, 16, 25, 36};
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        for (unsigned v = 0; v < 2; v++) {
            doku_shape *s;
            doku_solver *sv;
            assert_int_equal(doku_shape_create_simple(sides[i], v ? DOKU_VARIANT_X : 0, &s), DOKU_OK);
            assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
            int nc = doku_shape_cells(s);
            uint8_t *g = calloc((size_t)nc, 1), *sol = malloc((size_t)nc);
            assert_int_equal(doku_count(sv, g, 2, sol), 2);
            assert_true(doku_verify_solution(s, NULL, sol, (size_t)doku_shape_cells(s)));
            free(g);
            free(sol);
            doku_solver_free(sv);
            doku_shape_free(s);
        }
    }
}

typedef struct collected {
    int count;
    int stop_after;
    uint8_t grids[4][81];
} collected;

static int collect(void *user, const uint8_t *sol)
{
    collected *c = user;
    if (c->count < 4)
        memcpy(c->grids[c->count], sol, 81);
    c->count++;
    return c->stop_after && c->count >= c->stop_after;
}

static void test_limit_and_callback_give_distinct_solutions(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t g[81] = {0}, sol[81];
    g[0] = 1;
    g[40] = 5;
    for (uint64_t limit = 1; limit <= 3; limit++) {
        collected c = {0};
        doku_search_opts o = {0};
        o.limit = limit;
        doku_search_result r;
        assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, sol, collect, &c, &r), DOKU_OK);
        assert_int_equal(r.solutions, limit);
        assert_int_equal(c.count, (int)limit);
        assert_memory_equal(sol, c.grids[0], 81);
        for (int i = 0; i < c.count; i++) {
            assert_true(doku_verify_solution(s, g, c.grids[i], (size_t)doku_shape_cells(s)));
            for (int j = 0; j < i; j++)
                assert_memory_not_equal(c.grids[i], c.grids[j], 81);
        }
    }
    collected c = {0};
    c.stop_after = 2;
    doku_search_opts o = {0};
    o.limit = 10;
    doku_search_result r;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, collect, &c, &r), DOKU_OK);
    assert_int_equal(c.count, 2);
    assert_int_equal(r.solutions, 2);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_budgets_end_hard_searches(void **state)
{
    (void)state;
    /* An empty 36x36 hyper grid is still very hard for the engine (25x25
     * became easy with the ghost windows): both budgets must end the
     * search and say so. */
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(36, DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t g[1296] = {0};
    doku_search_opts o = {0};
    o.limit = 1;
    o.node_budget = 2000;
    doku_search_result r;
    doku_status st = doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r);
    assert_true(st == DOKU_OK || st == DOKU_GAVE_UP);
    if (r.solutions == 0) {
        assert_int_equal(st, DOKU_GAVE_UP);
        assert_true(r.nodes <= 2001);
    }
    o.node_budget = 0;
    o.time_budget = 0.05;
    st = doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r);
    assert_true((st == DOKU_OK && r.solutions == 1) || st == DOKU_GAVE_UP);
    doku_solver_free(sv);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_match_naive_counter),
        cmocka_unit_test(test_jigsaw_counts_match_naive_counter),
        cmocka_unit_test(test_odd_boxes_and_large_sides),
        cmocka_unit_test(test_empty_grids_solve),
        cmocka_unit_test(test_limit_and_callback_give_distinct_solutions),
        cmocka_unit_test(test_budgets_end_hard_searches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
