/*
 * test_board16.c — the board16 fast path (n <= 16) against the generic
 * engine: the same solution counts (0, 1, >= 2, and exact counts for a
 * limit N) and valid solutions, on samples of the shared large sets and on
 * random puzzles of every box shape and variant up to 16x16; every compiled
 * build (portable, AVX2, AVX-512) must build the same search tree; budgets and
 * the callback behave as doku_search promises.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "search/search_internal.h"
#include "testutil.h"

static uint64_t next_rand(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

typedef struct outcome {
    uint64_t solutions, nodes;
} outcome;

/* Every solution passed to the callback is checked against the givens. */
typedef struct check_ctx {
    const doku_shape *s;
    const uint8_t *givens;
    uint64_t seen;
    uint8_t *prev;    /* the previous solution: consecutive ones differ */
} check_ctx;

static int check_solution(void *user, const uint8_t *sol)
{
    check_ctx *c = user;
    int nc = doku_shape_cells(c->s);
    assert_true(doku_verify_solution(c->s, c->givens, sol, (size_t)doku_shape_cells(c->s)));
    if (c->seen)
        assert_memory_not_equal(c->prev, sol, (size_t)nc);
    memcpy(c->prev, sol, (size_t)nc);
    c->seen++;
    return 0;
}

static outcome run(doku_solver *sv, const doku_shape *s, const uint8_t *g, uint64_t limit,
                   unsigned flags)
{
    int nc = doku_shape_cells(s);
    doku_search_opts o = {0};
    o.limit = limit;
    o.flags = flags;
    doku_search_result r;
    uint8_t *sol = calloc((size_t)nc, 1);
    check_ctx c = {s, g, 0, malloc((size_t)nc)};
    assert_int_equal(doku_search(sv, g, (size_t)nc, &o, sol, check_solution, &c, &r), DOKU_OK);
    assert_int_equal(c.seen, r.solutions);
    if (r.solutions)
        assert_true(doku_verify_solution(s, g, sol, (size_t)doku_shape_cells(s)));
    free(sol);
    free(c.prev);
    return (outcome){r.solutions, r.nodes};
}

/* Counts g with board16 (both builds) and the generic engine; they must
 * agree. @return the count. */
static uint64_t compare(doku_solver *sv, const doku_shape *s, const uint8_t *g, uint64_t limit)
{
    assert_non_null(sv->board16);
    sv->board16_on = 1; /* whatever the CPU: doku_search uses board16 */
    board16_set_variant(sv->board16, BOARD16_PORTABLE);
    outcome p = run(sv, s, g, limit, 0);
    outcome ge = run(sv, s, g, limit, DOKU_SEARCH_GENERIC);
    assert_int_equal(p.solutions, ge.solutions);
    /* Every build the CPU runs (AVX2, AVX-512): same code, other
     * instructions, so the same tree. */
    static const int variants[] = {BOARD16_AVX2, BOARD16_AVX512, -1};
    for (int v = 0; v < 3; v++) {
        if (board16_set_variant(sv->board16, variants[v]) == BOARD16_PORTABLE)
            continue;
        outcome a = run(sv, s, g, limit, 0);
        assert_int_equal(a.solutions, ge.solutions);
        assert_int_equal(p.nodes, a.nodes);
    }
    board16_set_variant(sv->board16, -1);
    return p.solutions;
}

/* Up to max puzzles of a shared one-line file (every step-th line). */
static void compare_file(const char *rel, int n, int step, int max, const uint64_t *limits,
                         int nlimits, int *seen)
{
    char path[1024];
    char *text = tu_read_file(tu_data_path(path, sizeof path, rel), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(n, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t *g = malloc((size_t)n * (size_t)n);
    int done = 0;
    for (size_t i = 0; i < nl && done < max; i += (size_t)step) {
        if (tu_cells_from_text(lines[i], n * n, g) != 0)
            continue;
        for (int k = 0; k < nlimits; k++) {
            uint64_t c = compare(sv, s, g, limits[k]);
            seen[c == 0 ? 0 : c == 1 ? 1 : 2]++;
        }
        done++;
    }
    assert_true(done > 0);
    free(g);
    free(lines);
    free(text);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_blue(void **state)
{
    (void)state;
    int seen[3] = {0};
    const uint64_t lim[] = {1, 2};
    /* Two of the hardest 16x16 (the generic engine takes ~0.1 s each). */
    compare_file("large/16x16_blue_ultimate15.txt", 16, 7, 2, lim, 2, seen);
    assert_int_equal(seen[1], 4);
}

static void test_lewis16(void **state)
{
    (void)state;
    int seen[3] = {0};
    const uint64_t lim[] = {1, 2, 7};
    char rel[64];
    for (int f = 35; f <= 55; f += 5) {
        snprintf(rel, sizeof rel, "large/lewis_general/lewis16x16_fill%d.txt", f);
        compare_file(rel, 16, 23, 4, lim, 3, seen);
    }
    assert_true(seen[2] > 0);
}

static void test_1to9only(void **state)
{
    (void)state;
    int seen[3] = {0};
    const uint64_t lim[] = {2};
    compare_file("large/16x16_1to9only_all.txt", 16, 29, 9, lim, 1, seen);
    assert_true(seen[1] > 0);
}

/* Random puzzles of one shape: a full grid from the generic engine,
 * relabelled, some givens kept, sometimes one given changed (often no
 * solution); counted with limits 1, 2 and 5 by both engines. */
static void compare_random(const doku_shape_spec *spec, int rounds, int *seen)
{
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create(spec, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    /* doku_search leaves shapes with extra units (X, hyper, jigsaw) to the
     * generic engine; here board16 is made to take them. */
    int extra = !sv->board16;
    if (extra)
        assert_int_equal(board16_create(s, 1, &sv->board16), DOKU_OK);
    int n = doku_shape_n(s), nc = doku_shape_cells(s);
    uint8_t *full = calloc((size_t)nc, 1), *g = malloc((size_t)nc);
    uint8_t *blank = calloc((size_t)nc, 1);
    doku_search_opts o = {0};
    o.flags = DOKU_SEARCH_GENERIC;
    doku_search_result r;
    assert_int_equal(doku_search(sv, blank, (size_t)nc, &o, full, NULL, NULL, &r), DOKU_OK);
    if (r.solutions == 0) {
        /* No grid at all (6x6 X + hyper, some jigsaw layouts with boxes):
         * a blank puzzle is all there is (board16 would take long to
         * refute it without locked candidates on extra units). */
        if (!extra)
            assert_int_equal(compare(sv, s, blank, 2), 0);
        seen[0]++;
        goto out;
    }
    /* The empty grid itself: at least 5 solutions for n >= 3. (With
     * extra units board16 may search a blank grid for long.) */
    if (!extra)
        assert_int_equal(compare(sv, s, blank, 5), n < 3 ? 1 : 5);
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ (uint64_t)nc * 977u ^ spec->variants;
    for (int round = 0; round < rounds; round++) {
        uint8_t perm[17];
        for (int d = 0; d <= n; d++)
            perm[d] = (uint8_t)d;
        for (int d = n; d > 1; d--) {
            int j = 1 + (int)(next_rand(&seed) % (uint64_t)d);
            uint8_t t = perm[d];
            perm[d] = perm[j];
            perm[j] = t;
        }
        /* Keep 25-75% of the cells (40-75% with extra units). */
        uint64_t keep = (extra ? 40 : 25) + next_rand(&seed) % (extra ? 36 : 51);
        for (int i = 0; i < nc; i++)
            g[i] = next_rand(&seed) % 100 < keep ? perm[full[i]] : 0;
        if (round % 3 == 2) {
            int i = (int)(next_rand(&seed) % (uint64_t)nc);
            g[i] = (uint8_t)(1 + next_rand(&seed) % (uint64_t)n);
        }
        for (uint64_t lim = 1; lim <= 5; lim += 1 + (lim == 2)) {
            uint64_t c = compare(sv, s, g, lim);
            seen[c == 0 ? 0 : c == 1 ? 1 : 2]++;
        }
    }
out:
    free(full);
    free(g);
    free(blank);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_box_shapes(void **state)
{
    (void)state;
    static const int shapes[][3] = {
        {4, 2, 2},  {6, 2, 3},  {6, 3, 2},  {8, 2, 4},   {8, 4, 2},   {9, 3, 3},
        {10, 2, 5}, {12, 3, 4}, {12, 4, 3}, {12, 2, 6},  {15, 3, 5},  {15, 5, 3},
        {16, 4, 4}, {16, 2, 8}, {16, 8, 2}, {14, 2, 7},
    };
    int seen[3] = {0};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        doku_shape_spec spec = {0};
        spec.n = shapes[i][0];
        spec.box_rows = shapes[i][1];
        spec.box_cols = shapes[i][2];
        /* 9x9 without variants is the classic fast path: make it X. */
        if (spec.n == 9)
            spec.variants = DOKU_VARIANT_X;
        compare_random(&spec, spec.n >= 15 ? 9 : 15, seen);
    }
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

static void test_variants(void **state)
{
    (void)state;
    int seen[3] = {0};
    static const int sizes[] = {4, 6, 8, 9, 12, 16};
    static const unsigned vars[] = {DOKU_VARIANT_X, DOKU_VARIANT_HYPER,
                                    DOKU_VARIANT_X | DOKU_VARIANT_HYPER};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (size_t v = 0; v < sizeof vars / sizeof vars[0]; v++) {
            doku_shape *probe;
            if (doku_shape_create_simple(sizes[i], vars[v], &probe) != DOKU_OK)
                continue; /* variant not defined for this size */
            doku_shape_free(probe);
            doku_shape_spec spec = {0};
            spec.n = sizes[i];
            spec.variants = vars[v];
            compare_random(&spec, sizes[i] >= 12 ? 6 : 12, seen);
        }
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
}

static void test_jigsaw(void **state)
{
    (void)state;
    char path[1024];
    char *text =
        tu_read_file(tu_data_path(path, sizeof path, "variants/jigsaw9_valid_layouts_iss.txt"), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    int seen[3] = {0};
    for (size_t li = 1; li < nl && li < 40; li += 13)
        for (int keep = 0; keep < 2; keep++) {
            uint8_t regions[81];
            for (int i = 0; i < 81; i++)
                regions[i] = (uint8_t)(lines[li][i] - '1');
            doku_shape_spec spec = {0};
            spec.n = 9;
            spec.regions = regions;
            spec.keep_boxes = keep;
            doku_shape *s;
            if (doku_shape_create(&spec, &s) != DOKU_OK)
                continue;
            doku_shape_free(s);
            compare_random(&spec, 12, seen);
        }
    assert_true(seen[1] > 0 || seen[2] > 0);
    free(lines);
    free(text);
}

static void test_budget_and_callback(void **state)
{
    (void)state;
    char path[1024];
    char *text =
        tu_read_file(tu_data_path(path, sizeof path, "large/16x16_blue_ultimate15.txt"), NULL);
    assert_non_null(text);
    char **lines;
    tu_lines(text, &lines, 1);
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(16, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_non_null(sv->board16);
    sv->board16_on = 1;
    uint8_t g[256];
    assert_int_equal(tu_cells_from_text(lines[0], 256, g), 0);
    doku_search_opts o = {0};
    doku_search_result r;
    /* A node budget far below what the puzzle needs: an honest give-up. */
    o.limit = 2;
    o.node_budget = 50;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_GAVE_UP);
    assert_true(r.nodes <= 51);
    /* A tiny time budget also ends it. */
    o.node_budget = 0;
    o.time_budget = 1e-6;
    doku_status st = doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r);
    assert_true(st == DOKU_GAVE_UP || (st == DOKU_OK && r.solutions == 1));
    /* The empty grid, limit 1000, stopped by the callback at 3. */
    uint8_t blank[256] = {0};
    check_ctx c = {s, blank, 0, malloc(256)};
    o.time_budget = 0;
    o.limit = 3;
    assert_int_equal(doku_search(sv, blank, (size_t)doku_shape_cells(s), &o, NULL, check_solution, &c, &r), DOKU_OK);
    assert_int_equal(r.solutions, 3);
    assert_int_equal(c.seen, 3);
    /* A value above n is refused. */
    g[5] = 17;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    free(c.prev);
    free(lines);
    free(text);
    doku_solver_free(sv);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blue),        cmocka_unit_test(test_lewis16),
        cmocka_unit_test(test_1to9only),    cmocka_unit_test(test_box_shapes),
        cmocka_unit_test(test_variants),    cmocka_unit_test(test_jigsaw),
        cmocka_unit_test(test_budget_and_callback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
