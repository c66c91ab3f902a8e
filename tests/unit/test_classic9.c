/*
 * test_classic9.c — the classic 9x9 fast path against the generic engine:
 * on a sample of every shared 9x9 data set (the multi-solution serg set
 * included) both must find the same number of solutions for limits 1, 2
 * and a counting limit, and the same set of solutions; every instruction-set
 * build of the fast path the CPU can run is checked (portable, AVX2, and the
 * default choice, AVX-512 where present), with a callback (every grid built)
 * and without (counting only). Budgets, callbacks and bad givens
 * are checked on the fast path too. `make check-data` runs the whole sets.
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
#include "search/search_except.h"
#include "search/search_internal.h"
#include "testutil.h"

typedef struct sol_buf {
    uint8_t v[600 * 81];
    size_t n;
} sol_buf;

static int collect(void *user, const uint8_t *sol)
{
    sol_buf *b = user;
    if (b->n < 600)
        memcpy(b->v + b->n * 81, sol, 81);
    b->n++;
    return 0;
}

static int cmp81(const void *a, const void *b) { return memcmp(a, b, 81); }

static void search(doku_solver *sv, const uint8_t *g, uint64_t limit, unsigned flags,
                   sol_buf *buf, doku_search_result *r)
{
    doku_search_opts o = {0};
    o.limit = limit;
    o.flags = flags;
    buf->n = 0;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, NULL, collect, buf, r), DOKU_OK);
    assert_int_equal(buf->n, r->solutions);
}

/* Compares the engines on every step-th puzzle of a data file. */
static void compare_file(const char *rel, size_t step, int variant)
{
    static sol_buf fast, gen;
    char path[512];
    char *text = tu_read_file(tu_data_path(path, sizeof path, rel), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    assert_true(nl > 0);
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_non_null(sv->classic9);
    /* A CPU without the requested extension (or a build off x86-64) falls
     * back to a lesser build; the comparison below holds for any of them. */
    int got = classic9_set_variant(sv->classic9, variant);
    if (variant == CLASSIC9_PORTABLE)
        assert_int_equal(got, CLASSIC9_PORTABLE);
    static const uint64_t limits[] = {1, 2, 500};
    size_t checked = 0;
    for (size_t i = 0; i < nl; i += step) {
        uint8_t g[81];
        assert_int_equal(tu_cells_from_text(lines[i], 81, g), 0);
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            doku_search_result fr, gr;
            search(sv, g, limits[k], 0, &fast, &fr);
            search(sv, g, limits[k], DOKU_SEARCH_GENERIC, &gen, &gr);
            assert_int_equal(fr.solutions, gr.solutions);
            assert_true(fr.solutions >= 1);
            assert_true(fr.nodes >= 1 + fr.guesses);
            for (size_t j = 0; j < fast.n && j < 600; j++)
                assert_true(doku_verify_solution(s, g, fast.v + j * 81, (size_t)doku_shape_cells(s)));
            /* Without a callback no grid is wanted: the fast path may count
             * near the leaves without building solutions; same count. */
            doku_search_opts o = {0};
            o.limit = limits[k];
            doku_search_result cr;
            assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &cr), DOKU_OK);
            assert_int_equal(cr.solutions, gr.solutions);
            if (fr.solutions < limits[k] && fast.n <= 600) {
                /* The search was exhaustive: the same solutions, as sets. */
                qsort(fast.v, fast.n, 81, cmp81);
                qsort(gen.v, gen.n, 81, cmp81);
                assert_memory_equal(fast.v, gen.v, fast.n * 81);
            }
        }
        checked++;
    }
    assert_true(checked >= 20);
    doku_solver_free(sv);
    doku_shape_free(s);
    free(lines);
    free(text);
}

static void test_17_clue(void **state)
{
    (void)state;
    compare_file("sudoku9/puzzles2_17_clue_dev", 197, -1);
    compare_file("sudoku9/puzzles2_17_clue_dev", 503, CLASSIC9_PORTABLE);
    compare_file("sudoku9/puzzles2_17_clue_dev", 499, CLASSIC9_AVX2);
}

static void test_magictour(void **state)
{
    (void)state;
    compare_file("sudoku9/puzzles3_magictour_top1465", 7, -1);
    compare_file("sudoku9/puzzles3_magictour_top1465", 29, CLASSIC9_PORTABLE);
    compare_file("sudoku9/puzzles3_magictour_top1465", 31, CLASSIC9_AVX2);
}

static void test_forum_hardest(void **state)
{
    (void)state;
    compare_file("sudoku9/puzzles5_forum_hardest_1905_11+_dev", 331, -1);
    compare_file("sudoku9/puzzles5_forum_hardest_1905_11+_dev", 997, CLASSIC9_PORTABLE);
    compare_file("sudoku9/puzzles6_forum_hardest_1106", 3, -1);
    compare_file("sudoku9/puzzles6_forum_hardest_1106", 11, CLASSIC9_PORTABLE);
    compare_file("sudoku9/puzzles6_forum_hardest_1106", 13, CLASSIC9_AVX2);
}

static void test_serg_multi_solution(void **state)
{
    (void)state;
    compare_file("sudoku9/puzzles7_serg_benchmark", 97, -1);
    compare_file("sudoku9/puzzles7_serg_benchmark", 211, CLASSIC9_PORTABLE);
    compare_file("sudoku9/puzzles7_serg_benchmark", 223, CLASSIC9_AVX2);
}

static const char *hard =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

static int stop_at_first(void *user, const uint8_t *sol)
{
    (void)sol;
    ++*(int *)user;
    return 1;
}

/* Every build of the engine (portable, AVX2, AVX-512 where the CPU has
 * them) reaches the same fixpoints, so the same search tree: the same
 * nodes and guesses, not only the same solutions. The AVX2 and AVX-512
 * builds propagate differently (all boards at once), so this pins them to
 * the portable build's queued engine. */
static void test_variants_same_tree(void **state)
{
    (void)state;
    char path[512];
    char *text = tu_read_file(tu_data_path(path, sizeof path, "sudoku9/puzzles3_magictour_top1465"), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 1);
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    static sol_buf buf;
    for (size_t i = 0; i < nl; i += 5) {
        uint8_t g[81];
        assert_int_equal(tu_cells_from_text(lines[i], 81, g), 0);
        doku_search_result r[3];
        static const int variants[3] = {CLASSIC9_PORTABLE, CLASSIC9_AVX2, -1};
        for (int v = 0; v < 3; v++) {
            classic9_set_variant(sv->classic9, variants[v]);
            search(sv, g, 2, 0, &buf, &r[v]);
        }
        for (int v = 1; v < 3; v++) {
            assert_int_equal(r[v].solutions, r[0].solutions);
            assert_int_equal(r[v].nodes, r[0].nodes);
            assert_int_equal(r[v].guesses, r[0].guesses);
        }
    }
    doku_solver_free(sv);
    doku_shape_free(s);
    free(lines);
    free(text);
}

/* Runs on one tier: the givens are set up by each build's own code. */
static void budget_callback_and_bad_input(doku_isa isa)
{
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_solver_set_isa(sv, isa), DOKU_OK);
    uint8_t g[81], sol[81];
    assert_int_equal(tu_cells_from_text(hard, 81, g), 0);
    doku_search_opts o = {0};
    doku_search_result r;
    /* A node budget ends the search with DOKU_GAVE_UP. */
    o.limit = 2;
    o.node_budget = 3;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_GAVE_UP);
    assert_true(r.nodes <= 4);
    /* The callback can stop the search: an empty grid has many solutions. */
    uint8_t empty[81] = {0};
    int calls = 0;
    o.node_budget = 0;
    o.limit = 100;
    memset(sol, 0, sizeof sol);
    assert_int_equal(doku_search(sv, empty, (size_t)doku_shape_cells(s), &o, sol, stop_at_first, &calls, &r), DOKU_OK);
    assert_int_equal(calls, 1);
    assert_int_equal(r.solutions, 1);
    assert_true(doku_verify_solution(s, empty, sol, (size_t)doku_shape_cells(s)));
    /* Counting stops exactly at the limit. */
    o.limit = 37;
    assert_int_equal(doku_search(sv, empty, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 37);
    /* Conflicting givens: no solution, solution buffer untouched. */
    g[0] = 1;
    g[1] = 1;
    memset(sol, 0xAA, sizeof sol);
    o.limit = 2;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 0);
    assert_int_equal(sol[0], 0xAA);
    /* Conflicts in a column across bands and in a box: no solution. */
    static const int pairs[][2] = {{0, 36}, {0, 10}, {80, 8}, {40, 44}};
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        uint8_t h[81] = {0};
        h[pairs[k][0]] = 7;
        h[pairs[k][1]] = 7;
        for (unsigned f = 0; f <= DOKU_SEARCH_GENERIC; f += DOKU_SEARCH_GENERIC) {
            o.flags = f;
            assert_int_equal(doku_search(sv, h, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
            assert_int_equal(r.solutions, 0);
        }
        h[pairs[k][1]] = 6;   /* no longer a conflict: many solutions */
        for (unsigned f = 0; f <= DOKU_SEARCH_GENERIC; f += DOKU_SEARCH_GENERIC) {
            o.flags = f;
            assert_int_equal(doku_search(sv, h, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
            assert_int_equal(r.solutions, 2);
        }
    }
    o.flags = 0;
    /* A value above 9 is rejected. */
    g[1] = 10;
    assert_int_equal(doku_search(sv, g, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r), DOKU_ERR_ARG);
    doku_solver_free(sv);
    doku_shape_free(s);
}

/* Each tier the CPU runs; the others are named as skipped. */
static void test_budget_callback_and_bad_input(void **state)
{
    (void)state;
    for (int isa = DOKU_ISA_PORTABLE; isa <= DOKU_ISA_SSE42; isa++) {
        if (!doku_isa_supported((doku_isa)isa)) {
            printf("tier %s: skipped (this CPU lacks it)\n", doku_isa_name((doku_isa)isa));
            continue;
        }
        budget_callback_and_bad_input((doku_isa)isa);
    }
}

/* search_except on one tier: a solution count per (open cell, digit)
 * equal to the number of the puzzle's solutions (from the generic
 * engine) that do not hold that digit there. */
static void search_except_counts(doku_isa isa)
{
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_solver_set_isa(sv, isa), DOKU_OK);
    static sol_buf all;
    uint8_t g[81];
    assert_int_equal(tu_cells_from_text(hard, 81, g), 0);
    doku_search_result r;
    /* the unique puzzle, then with givens taken out until it has several
     * (but at most 600) solutions */
    for (int round = 0; round < 2; round++) {
        for (int c = 0; round == 1 && c < 81; c++) {
            if (!g[c])
                continue;
            g[c] = 0;
            search(sv, g, 601, DOKU_SEARCH_GENERIC, &all, &r);
            if (all.n > 1)
                break;
        }
        search(sv, g, 601, DOKU_SEARCH_GENERIC, &all, &r);
        assert_true(round == 0 ? all.n == 1 : all.n > 1 && all.n <= 600);
        for (int c = 0; c < 81; c++) {
            if (g[c])
                continue;
            for (int d = 1; d <= 9; d++) {
                uint64_t want = 0;
                for (size_t j = 0; j < all.n; j++)
                    want += all.v[j * 81 + c] != d;
                doku_search_opts o = {0};
                o.limit = 601;
                assert_int_equal(search_except(sv, g, c, d, &o, &r), DOKU_OK);
                assert_int_equal(r.solutions, want);
            }
        }
    }
    /* refused: a given cell, a digit out of range, the generic engine, a
     * solver without the classic 9x9 engine */
    int given = 0;
    while (!g[given])
        given++;
    doku_search_opts o = {0};
    assert_int_equal(search_except(sv, g, given, 1, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(sv, g, 0 == given ? 1 : 0, 0, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(sv, g, 81, 1, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(sv, g, -1, 1, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(sv, g, 0 == given ? 1 : 0, 10, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(NULL, g, 0 == given ? 1 : 0, 1, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(search_except(sv, NULL, 0 == given ? 1 : 0, 1, &o, &r), DOKU_ERR_ARG);
    o.flags = DOKU_SEARCH_GENERIC;
    assert_int_equal(search_except(sv, g, 0 == given ? 1 : 0, 1, &o, &r), DOKU_ERR_ARG);
    doku_shape *s16;
    doku_solver *sv16;
    assert_int_equal(doku_shape_create_simple(16, 0, &s16), DOKU_OK);
    assert_int_equal(doku_solver_create(s16, &sv16), DOKU_OK);
    uint8_t empty[256] = {0};
    o.flags = 0;
    assert_int_equal(search_except(sv16, empty, 0, 1, &o, &r), DOKU_ERR_ARG);
    doku_solver_free(sv16);
    doku_shape_free(s16);
    doku_solver_free(sv);
    doku_shape_free(s);
}

/* Each tier the CPU runs; the others are named as skipped. */
static void test_search_except(void **state)
{
    (void)state;
    for (int isa = DOKU_ISA_PORTABLE; isa <= DOKU_ISA_SSE42; isa++) {
        if (!doku_isa_supported((doku_isa)isa)) {
            printf("tier %s: skipped (this CPU lacks it)\n", doku_isa_name((doku_isa)isa));
            continue;
        }
        search_except_counts((doku_isa)isa);
    }
}

/* Forcing a tier: taken when the CPU has it (and reported back), refused
 * otherwise; a generator's searches take it too. The library reads no
 * environment: DOKU_ISA is the programs' (common/isa_env.c). */
static void test_isa_choice(void **state)
{
    (void)state;
    doku_shape *s, *s16, *s25;
    doku_solver *sv, *sv16, *sv25;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_shape_create_simple(16, 0, &s16), DOKU_OK);
    assert_int_equal(doku_shape_create_simple(25, 0, &s25), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_solver_create(s16, &sv16), DOKU_OK);
    assert_int_equal(doku_solver_create(s25, &sv25), DOKU_OK);
    doku_isa best = doku_solver_isa(sv);
    assert_true(doku_isa_supported(best));
    for (int isa = DOKU_ISA_PORTABLE; isa <= DOKU_ISA_SSE42; isa++) {
        const char *name = doku_isa_name((doku_isa)isa);
        doku_isa named = DOKU_ISA_AUTO;
        assert_int_equal(doku_isa_from_name(name, &named), DOKU_OK);
        assert_int_equal(named, isa);
        if (!doku_isa_supported((doku_isa)isa)) {
            assert_int_equal(doku_solver_set_isa(sv, (doku_isa)isa), DOKU_ERR_ARG);
            assert_int_equal(doku_solver_isa(sv), best); /* unchanged */
            printf("tier %s: skipped (this CPU lacks it)\n", name);
            continue;
        }
        assert_int_equal(doku_solver_set_isa(sv, (doku_isa)isa), DOKU_OK);
        assert_int_equal(doku_solver_isa(sv), isa);
        assert_int_equal(doku_solver_set_isa(sv16, (doku_isa)isa), DOKU_OK);
        /* board16 has no SSE4.2 build: that request runs its portable one */
        assert_int_equal(doku_solver_isa(sv16), isa == DOKU_ISA_SSE42 ? DOKU_ISA_PORTABLE : isa);
        /* The generic engine is plain C whatever is asked. */
        assert_int_equal(doku_solver_set_isa(sv25, (doku_isa)isa), DOKU_OK);
        assert_int_equal(doku_solver_isa(sv25), DOKU_ISA_PORTABLE);
    }
    assert_int_equal(doku_solver_set_isa(sv, DOKU_ISA_AUTO), DOKU_OK);
    assert_int_equal(doku_solver_isa(sv), best);
    assert_int_equal(doku_solver_set_isa(NULL, DOKU_ISA_AUTO), DOKU_ERR_ARG);
    assert_int_equal(doku_solver_set_isa(sv, (doku_isa)7), DOKU_ERR_ARG);
    assert_null(doku_isa_name((doku_isa)7));
    doku_isa named;
    assert_int_equal(doku_isa_from_name("sse9", &named), DOKU_ERR_PARSE);
    assert_int_equal(doku_isa_from_name(NULL, &named), DOKU_ERR_ARG);
    /* The environment is not the library's: a new solver runs the best tier. */
    doku_solver *e;
    assert_int_equal(setenv("DOKU_ISA", "portable", 1), 0);
    assert_int_equal(doku_solver_create(s, &e), DOKU_OK);
    assert_int_equal(doku_solver_isa(e), best);
    doku_solver_free(e);
    assert_int_equal(unsetenv("DOKU_ISA"), 0);
    /* A generator's tier: the same puzzles on the portable build as on the
     * best one; a tier the CPU lacks, or no generator, is refused. */
    doku_generator *g[2];
    uint8_t made[2][81];
    for (int k = 0; k < 2; k++) {
        assert_int_equal(doku_generator_create(s, &g[k]), DOKU_OK);
        if (k)
            assert_int_equal(doku_generator_set_isa(g[k], DOKU_ISA_PORTABLE), DOKU_OK);
        doku_generate_result gr;
        assert_int_equal(doku_generate(g[k], 11, NULL, made[k], NULL, 81, &gr), DOKU_OK);
    }
    assert_memory_equal(made[0], made[1], 81);
    assert_int_equal(doku_generator_set_isa(NULL, DOKU_ISA_AUTO), DOKU_ERR_ARG);
    assert_int_equal(doku_generator_set_isa(g[0], (doku_isa)7), DOKU_ERR_ARG);
    for (int isa = DOKU_ISA_AVX2; isa <= DOKU_ISA_SSE42; isa++)
        if (!doku_isa_supported((doku_isa)isa))
            assert_int_equal(doku_generator_set_isa(g[0], (doku_isa)isa), DOKU_ERR_ARG);
    doku_generator_free(g[0]);
    doku_generator_free(g[1]);
    doku_solver_free(sv);
    doku_solver_free(sv16);
    doku_solver_free(sv25);
    doku_shape_free(s);
    doku_shape_free(s16);
    doku_shape_free(s25);
}

/* The build choice as a function of what a CPU can run, for CPUs this
 * machine is not: the best allowed by default, a forced build when
 * allowed, else the best below it; never one the CPU lacks. */
static void test_pick_variant(void **state)
{
    (void)state;
    const unsigned none = 0, v2 = CPU_CAN_SSE42, avx2 = CPU_CAN_SSE42 | CPU_CAN_AVX2,
                   avx512 = CPU_CAN_SSE42 | CPU_CAN_AVX2 | CPU_CAN_AVX512F;
    static const int wanted[] = {-1, CLASSIC9_PORTABLE, CLASSIC9_SSE42, CLASSIC9_AVX2, CLASSIC9_AVX512};
    const struct {
        unsigned can;
        int got[5]; /* per wanted[] */
    } cpus[] = {
        /* baseline x86-64 (or not x86): portable whatever is asked */
        {none, {CLASSIC9_PORTABLE, CLASSIC9_PORTABLE, CLASSIC9_PORTABLE, CLASSIC9_PORTABLE, CLASSIC9_PORTABLE}},
        /* x86-64-v2 */
        {v2, {CLASSIC9_SSE42, CLASSIC9_PORTABLE, CLASSIC9_SSE42, CLASSIC9_SSE42, CLASSIC9_SSE42}},
        /* AVX2 without AVX-512 (Zen 1-3, Haswell to Alder Lake) */
        {avx2, {CLASSIC9_AVX2, CLASSIC9_PORTABLE, CLASSIC9_SSE42, CLASSIC9_AVX2, CLASSIC9_AVX2}},
        /* AVX-512F (Zen 4 and 5, Skylake-SP and later servers) */
        {avx512, {CLASSIC9_AVX512, CLASSIC9_PORTABLE, CLASSIC9_SSE42, CLASSIC9_AVX2, CLASSIC9_AVX512}},
    };
    for (size_t c = 0; c < sizeof cpus / sizeof cpus[0]; c++)
        for (int w = 0; w < 5; w++)
            assert_int_equal(classic9_pick_variant(cpus[c].can, wanted[w]), cpus[c].got[w]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_clue),
        cmocka_unit_test(test_magictour),
        cmocka_unit_test(test_forum_hardest),
        cmocka_unit_test(test_serg_multi_solution),
        cmocka_unit_test(test_variants_same_tree),
        cmocka_unit_test(test_budget_callback_and_bad_input),
        cmocka_unit_test(test_isa_choice),
        cmocka_unit_test(test_pick_variant),
        cmocka_unit_test(test_search_except),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
