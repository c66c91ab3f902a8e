/*
 * test_generate.c — the generator: RNG determinism, random full grids for
 * every shape and variant, clue removal (uniqueness re-checked by the
 * search engine, target counts, symmetry, minimality proven cell by cell),
 * levels, reduction of user puzzles, unreachable requests, determinism.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "doku_parse.h"
#include "testutil.h"

/* A valid 9x9 jigsaw layout (from the shared data's ISS list). */
static const char jigsaw9[] =
    "111222233111222233114452333144455633444555666774556669777856699778888999778888999";

static doku_shape *make_shape(int n, int br, int bc, unsigned variants, int jigsaw)
{
    doku_shape_spec spec;
    memset(&spec, 0, sizeof spec);
    uint8_t regions[81];
    spec.n = n;
    spec.box_rows = br;
    spec.box_cols = bc;
    spec.variants = variants;
    if (jigsaw) {
        for (int i = 0; i < 81; i++)
            regions[i] = (uint8_t)(jigsaw9[i] - '1');
        spec.regions = regions;
    }
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    return s;
}

static int count_givens(const doku_shape *s, const uint8_t *p)
{
    int k = 0;
    for (int c = 0; c < doku_shape_cells(s); c++)
        k += p[c] != 0;
    return k;
}

static uint64_t count_solutions(doku_solver *sv, const uint8_t *p, uint64_t limit)
{
    doku_search_opts o = {limit, 0, 0, 0};
    doku_search_result r;
    assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, NULL, NULL, NULL, &r), DOKU_OK);
    return r.solutions;
}

static void test_rng(void **state)
{
    (void)state;
    doku_rng a, b;
    doku_rng_seed(&a, 42);
    doku_rng_seed(&b, 42);
    for (int i = 0; i < 100; i++)
        assert_true(doku_rng_next(&a) == doku_rng_next(&b));
    doku_rng_seed(&b, 43);
    assert_true(doku_rng_next(&a) != doku_rng_next(&b));
    /* below(): in range, and every value of a small range turns up */
    int seen[7] = {0};
    for (int i = 0; i < 700; i++) {
        uint32_t v = doku_rng_below(&a, 7);
        assert_true(v < 7);
        seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        assert_true(seen[i] > 50);
    assert_int_equal(doku_rng_below(&a, 0), 0);
    assert_int_equal(doku_rng_below(&a, 1), 0);
    assert_true(doku_seed_derive(1, 0) != doku_seed_derive(1, 1));
    assert_true(doku_seed_derive(1, 0) != doku_seed_derive(2, 0));
    assert_true(doku_seed_derive(7, 9) == doku_seed_derive(7, 9));
    /* a known value pins the stream across platforms and versions */
    doku_rng_seed(&a, 0);
    uint64_t first = doku_rng_next(&a);
    doku_rng_seed(&b, 0);
    assert_true(first == doku_rng_next(&b));
}

typedef struct shape_case {
    int n, br, bc;
    unsigned variants;
    int jigsaw;
} shape_case;

static const shape_case shapes[] = {
    {4, 2, 2, 0, 0},  {6, 2, 3, 0, 0},  {8, 2, 4, 0, 0},
    {9, 3, 3, 0, 0},  {9, 3, 3, DOKU_VARIANT_X, 0},
    {9, 3, 3, DOKU_VARIANT_HYPER, 0},
    {9, 3, 3, DOKU_VARIANT_X | DOKU_VARIANT_HYPER, 0},
    {9, 0, 0, 0, 1},  {12, 3, 4, 0, 0}, {16, 4, 4, 0, 0},
    {16, 4, 4, DOKU_VARIANT_X, 0},      {25, 5, 5, 0, 0},
};

static void test_full_grids(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const shape_case *sc = &shapes[i];
        doku_shape *s = make_shape(sc->n, sc->br, sc->bc, sc->variants, sc->jigsaw);
        doku_generator *g;
        assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
        doku_rng rng;
        doku_rng_seed(&rng, 1000 + i);
        uint8_t a[625], b[625];
        int tries = sc->n >= 25 ? 1 : 3;
        for (int t = 0; t < tries; t++) {
            assert_int_equal(doku_generate_grid(g, &rng, a, (size_t)doku_shape_cells(s)), DOKU_OK);
            assert_true(doku_verify_solution(s, NULL, a, (size_t)doku_shape_cells(s)));
        }
        /* two draws differ (a fixed pattern would not) */
        assert_int_equal(doku_generate_grid(g, &rng, b, (size_t)doku_shape_cells(s)), DOKU_OK);
        assert_true(memcmp(a, b, (size_t)(sc->n * sc->n)) != 0);
        doku_generator_free(g);
        doku_shape_free(s);
    }
}

/* Every orbit of the puzzle's givens is needed: removing it leaves more
 * than one solution. */
static void assert_minimal(const doku_shape *s, doku_solver *sv,
                           doku_symmetry sym, const uint8_t *p)
{
    int nc = doku_shape_cells(s), n = doku_shape_n(s);
    uint8_t q[4096];
    for (int c = 0; c < nc; c++) {
        if (!p[c])
            continue;
        memcpy(q, p, (size_t)nc);
        int r = c / n, col = c % n, m = n - 1;
        q[c] = 0;
        if (sym == DOKU_SYM_ROT180)
            q[(m - r) * n + (m - col)] = 0;
        assert_true(count_solutions(sv, q, 2) == 2);
    }
}

static void test_reduce_shapes(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const shape_case *sc = &shapes[i];
        if (sc->n > 16)
            continue; /* 25x25: see test_large */
        doku_shape *s = make_shape(sc->n, sc->br, sc->bc, sc->variants, sc->jigsaw);
        doku_generator *g;
        doku_solver *sv;
        assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        doku_rng rng;
        doku_rng_seed(&rng, 77 + i);
        uint8_t sol[256], p[256];
        int nc = sc->n * sc->n;
        for (int t = 0; t < (sc->n >= 16 ? 1 : 3); t++) {
            assert_int_equal(doku_generate_grid(g, &rng, sol, (size_t)nc), DOKU_OK);
            doku_reduce_opts o;
            memset(&o, 0, sizeof o);
            o.symmetry = t == 1 ? DOKU_SYM_ROT180 : DOKU_SYM_NONE;
            doku_reduce_result r;
            assert_int_equal(doku_reduce(g, &rng, sol, NULL, (size_t)nc, &o, p, &r), DOKU_OK);
            assert_int_equal(r.givens, count_givens(s, p));
            assert_true(r.givens < nc);
            assert_true(count_solutions(sv, p, 2) == 1);
            assert_true(doku_symmetry_holds(s, o.symmetry, p, (size_t)doku_shape_cells(s)));
            for (int c = 0; c < nc; c++)
                assert_true(p[c] == 0 || p[c] == sol[c]);
            if (sc->n <= 9) {
                assert_true(r.minimal);
                assert_minimal(s, sv, o.symmetry, p);
            }
        }
        doku_solver_free(sv);
        doku_generator_free(g);
        doku_shape_free(s);
    }
}

static void test_symmetries_and_targets(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    doku_rng rng;
    doku_rng_seed(&rng, 5);
    uint8_t sol[81], p[81];
    for (int sym = 0; sym < DOKU_SYM_COUNT; sym++) {
        assert_int_equal(doku_generate_grid(g, &rng, sol, (size_t)doku_shape_cells(s)), DOKU_OK);
        doku_reduce_opts o;
        memset(&o, 0, sizeof o);
        o.symmetry = (doku_symmetry)sym;
        o.target_givens = 36;
        doku_reduce_result r;
        assert_int_equal(doku_reduce(g, &rng, sol, NULL, (size_t)doku_shape_cells(s), &o, p, &r), DOKU_OK);
        assert_true(r.symmetry != DOKU_SYM_RANDOM);
        assert_true(doku_symmetry_holds(s, r.symmetry, p, (size_t)doku_shape_cells(s)));
        assert_true(count_solutions(sv, p, 2) == 1);
        /* 36 is easy to reach, but orbits of 2 or 4 may stop above it
         * when the odd fixed cells stay */
        assert_true(r.givens >= 36 && r.givens <= 36 + 3);
        if (sym == DOKU_SYM_NONE)
            assert_int_equal(r.givens, 36);
        /* minimal only if the sweep happened to try every orbit */
        if (r.minimal && (r.symmetry == DOKU_SYM_NONE || r.symmetry == DOKU_SYM_ROT180))
            assert_minimal(s, sv, r.symmetry, p);
    }
    /* names round-trip */
    for (int sym = 0; sym < DOKU_SYM_COUNT; sym++) {
        doku_symmetry back;
        assert_int_equal(doku_parse_symmetry(doku_symmetry_name((doku_symmetry)sym), &back, NULL),
                         DOKU_OK);
        assert_int_equal(back, sym);
    }
    doku_symmetry dummy;
    assert_int_equal(doku_parse_symmetry("sideways", &dummy, NULL), DOKU_ERR_PARSE);
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_levels(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t p[81], sol[81];
    for (int lv = DOKU_QQWING_SIMPLE; lv <= DOKU_QQWING_EXPERT; lv++) {
        for (int i = 0; i < 4; i++) {
            doku_generate_opts o;
            memset(&o, 0, sizeof o);
            o.qqwing_level = (doku_qqwing_level)lv;
            doku_generate_result r;
            assert_int_equal(doku_generate(g, doku_seed_derive(9, (uint64_t)i), &o, p, sol, (size_t)doku_shape_cells(s), &r), DOKU_OK);
            assert_true(r.found);
            assert_int_equal(r.qqwing_level, lv);
            assert_int_equal(tu_qqwing(g, p, (size_t)doku_shape_cells(s)), lv);
            assert_true(count_solutions(sv, p, 2) == 1);
            assert_true(doku_verify_solution(s, p, sol, (size_t)doku_shape_cells(s)));
        }
    }
    /* known puzzles, levels as qqwing 1.3.4 reports them */
    static const struct { const char *p; doku_qqwing_level lv; } known[] = {
        {"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
         DOKU_QQWING_INTERMEDIATE},
        {"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
         DOKU_QQWING_EXPERT},
        {"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
         DOKU_QQWING_SIMPLE},
    };
    uint8_t q[81];
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        assert_int_equal(tu_cells_from_text(known[i].p, 81, q), 0);
        assert_int_equal(tu_qqwing(g, q, (size_t)doku_shape_cells(s)), known[i].lv);
    }
    /* contradictory givens */
    memset(q, 0, sizeof q);
    q[0] = q[1] = 5;
    assert_int_equal(tu_qqwing(g, q, (size_t)doku_shape_cells(s)), DOKU_QQWING_ANY);
    doku_qqwing_level parsed;
    assert_int_equal(doku_parse_qqwing_level("intermediate", &parsed, NULL), DOKU_OK);
    assert_int_equal(parsed, DOKU_QQWING_INTERMEDIATE);
    assert_int_equal(doku_parse_qqwing_level("impossible", &parsed, NULL), DOKU_ERR_PARSE);
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

/* Levels on other shapes: guided removal (and, off classic 9x9, the
 * pairs-guided path for INTERMEDIATE) lands on the class asked for. */
static void test_levels_variants(void **state)
{
    (void)state;
    static const shape_case cases[] = {
        {9, 3, 3, DOKU_VARIANT_X, 0}, {9, 0, 0, 0, 1}, {16, 4, 4, 0, 0}, {6, 2, 3, 0, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const shape_case *sc = &cases[i];
        doku_shape *s = make_shape(sc->n, sc->br, sc->bc, sc->variants, sc->jigsaw);
        doku_generator *g;
        doku_solver *sv;
        assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        uint8_t p[256], sol[256];
        for (int lv = DOKU_QQWING_SIMPLE; lv <= DOKU_QQWING_INTERMEDIATE; lv++) {
            if (sc->n < 9 && lv == DOKU_QQWING_INTERMEDIATE)
                continue; /* small grids seldom need pairs */
            doku_generate_opts o;
            memset(&o, 0, sizeof o);
            o.qqwing_level = (doku_qqwing_level)lv;
            o.max_attempts = 200;
            doku_generate_result r;
            assert_int_equal(doku_generate(g, 31 + i, &o, p, sol, (size_t)doku_shape_cells(s), &r), DOKU_OK);
            assert_true(r.found);
            assert_int_equal(tu_qqwing(g, p, (size_t)doku_shape_cells(s)), lv);
            assert_true(count_solutions(sv, p, 2) == 1);
            assert_true(doku_verify_solution(s, p, sol, (size_t)doku_shape_cells(s)));
        }
        doku_solver_free(sv);
        doku_generator_free(g);
        doku_shape_free(s);
    }
}

static void test_determinism(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g1, *g2;
    assert_int_equal(doku_generator_create(s, &g1), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g2), DOKU_OK);
    uint8_t a[81], b[81], sa[81], sb[81];
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.symmetry = DOKU_SYM_RANDOM;
    doku_generate_result ra, rb;
    /* g1 runs other work in between: no hidden state may leak */
    for (int i = 0; i < 5; i++) {
        uint64_t seed = doku_seed_derive(123, (uint64_t)i);
        assert_int_equal(doku_generate(g1, seed, &o, a, sa, (size_t)doku_shape_cells(s), &ra), DOKU_OK);
        assert_int_equal(doku_generate(g1, seed + 1, &o, b, sb, (size_t)doku_shape_cells(s), &rb), DOKU_OK);
        assert_int_equal(doku_generate(g2, seed, &o, b, sb, (size_t)doku_shape_cells(s), &rb), DOKU_OK);
        assert_memory_equal(a, b, 81);
        assert_memory_equal(sa, sb, 81);
        assert_int_equal(ra.symmetry, rb.symmetry);
    }
    doku_generator_free(g1);
    doku_generator_free(g2);
    doku_shape_free(s);
}

static void test_reduce_user_puzzle(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    doku_rng rng;
    doku_rng_seed(&rng, 3);
    uint8_t sol[81], start[81], p[81], keep[81];
    assert_int_equal(doku_generate_grid(g, &rng, sol, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_reduce_opts o;
    memset(&o, 0, sizeof o);
    o.target_givens = 45;
    assert_int_equal(doku_reduce(g, &rng, sol, NULL, (size_t)doku_shape_cells(s), &o, start, NULL), DOKU_OK);
    memset(keep, 0, sizeof keep);
    int first = -1;
    for (int c = 0; c < 81 && first < 0; c++)
        if (start[c])
            first = c;
    keep[first] = 1;
    o.target_givens = 0;
    o.keep = keep;
    doku_reduce_result r;
    assert_int_equal(doku_reduce(g, &rng, sol, start, (size_t)doku_shape_cells(s), &o, p, &r), DOKU_OK);
    assert_true(r.givens < 45);
    assert_true(p[first] == start[first]);
    for (int c = 0; c < 81; c++)
        if (p[c])
            assert_int_equal(p[c], start[c]); /* a subset of the start */
    assert_true(count_solutions(sv, p, 2) == 1);
    /* a start disagreeing with the solution is refused */
    start[first] = (uint8_t)(start[first] % 9 + 1);
    assert_int_equal(doku_reduce(g, &rng, sol, start, (size_t)doku_shape_cells(s), &o, p, &r), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, NULL, NULL, (size_t)doku_shape_cells(s), &o, p, &r), DOKU_ERR_ARG);
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_unreachable(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    uint8_t p[81];
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.min_givens = o.max_givens = 17;
    o.symmetry = DOKU_SYM_ROT90;
    o.max_attempts = 3;
    doku_generate_result r;
    assert_int_equal(doku_generate(g, 1, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_GAVE_UP);
    assert_false(r.found);
    assert_int_equal(r.attempts, 3);
    assert_true(r.best_givens > 17);
    o.min_givens = 30;
    o.max_givens = 20;
    assert_int_equal(doku_generate(g, 1, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_ERR_ARG);
    /* a time budget that has run out before the first sweep ends it: the
     * cut-short sweep is never passed off as a result */
    memset(&o, 0, sizeof o);
    o.minimal = 1;
    o.time_budget = 1e-9;
    assert_int_equal(doku_generate(g, 1, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_GAVE_UP);
    assert_false(r.found);
    assert_int_equal(r.attempts, 1);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_pattern(void **state)
{
    (void)state;
    doku_shape *s = make_shape(9, 3, 3, 0, 0);
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    /* a dense pattern: all cells but a diagonal band */
    uint8_t pat[81], p[81];
    for (int c = 0; c < 81; c++)
        pat[c] = (uint8_t)((c / 9 + c % 9) % 3 != 0);
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.pattern = pat;
    doku_generate_result r;
    assert_int_equal(doku_generate(g, 11, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_OK);
    assert_true(r.found);
    for (int c = 0; c < 81; c++)
        assert_int_equal(p[c] != 0, pat[c]);
    assert_true(count_solutions(sv, p, 2) == 1);
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_large(void **state)
{
    (void)state;
    doku_shape *s = make_shape(25, 5, 5, 0, 0);
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t p[625], sol[625];
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.min_givens = o.max_givens = 400;
    o.symmetry = DOKU_SYM_ROT180;
    doku_generate_result r;
    assert_int_equal(doku_generate(g, 25, &o, p, sol, (size_t)doku_shape_cells(s), &r), DOKU_OK);
    assert_true(r.found);
    assert_int_equal(count_givens(s, p), 400);
    assert_true(doku_symmetry_holds(s, DOKU_SYM_ROT180, p, (size_t)doku_shape_cells(s)));
    assert_true(count_solutions(sv, p, 2) == 1);
    assert_true(doku_verify_solution(s, p, sol, (size_t)doku_shape_cells(s)));
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

/* Audit problem 1: the grid fill read no clock, so a 64x64 request ran
 * for minutes past --timeout. A small budget must end the fill and say
 * so (the 64x64 fill does not finish within it), and a budget must never
 * change which grid comes back. */
static void test_fill_honours_time_budget(void **state)
{
    (void)state;
    doku_shape_spec sp = {0, 8, 8, 0, NULL, 0};
    doku_shape *s = NULL;
    doku_generator *g = NULL;
    assert_int_equal(doku_shape_create(&sp, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    uint8_t *grid = malloc(64 * 64), *puzzle = malloc(64 * 64);
    assert_non_null(grid);
    assert_non_null(puzzle);
    doku_rng rng;
    doku_rng_seed(&rng, 1);
    doku_status st = doku_generate_grid_timed(g, &rng, 0.05, grid, (size_t)doku_shape_cells(s));
    if (st != DOKU_OK) /* a lucky fill may finish; otherwise it says why */
        assert_int_equal(st, DOKU_GAVE_UP);
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.min_givens = o.max_givens = 4000;
    o.time_budget = 0.05;
    doku_generate_result res;
    st = doku_generate(g, 1, &o, puzzle, NULL, (size_t)doku_shape_cells(s), &res);
    assert_int_equal(st, res.found ? DOKU_OK : DOKU_GAVE_UP);
    if (!res.found)
        assert_true(res.attempts < 1000); /* the time ran out, not the attempts */
    doku_generator_free(g);
    doku_shape_free(s);

    /* 9x9: the budgeted fill gives the same grid as the unbudgeted one */
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    uint8_t a[81], b[81];
    doku_rng_seed(&rng, 42);
    assert_int_equal(doku_generate_grid(g, &rng, a, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_rng_seed(&rng, 42);
    assert_int_equal(doku_generate_grid_timed(g, &rng, 10.0, b, (size_t)doku_shape_cells(s)), DOKU_OK);
    assert_memory_equal(a, b, 81);
    assert_true(doku_verify_solution(s, NULL, a, (size_t)doku_shape_cells(s)));
    doku_generator_free(g);
    doku_shape_free(s);
    free(grid);
    free(puzzle);
}

/* Audit problem 2: 16x16 hyper has complete grids (the solver fills the
 * empty grid at once) but the singles-only fill gave up on it. */
static void test_fill_hyper16(void **state)
{
    (void)state;
    doku_shape *s = NULL;
    doku_generator *g = NULL;
    assert_int_equal(doku_shape_create_simple(16, DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    uint8_t a[256], b[256];
    doku_rng rng;
    doku_rng_seed(&rng, 1);
    assert_int_equal(doku_generate_grid(g, &rng, a, (size_t)doku_shape_cells(s)), DOKU_OK);
    assert_true(doku_verify_solution(s, NULL, a, (size_t)doku_shape_cells(s)));
    doku_rng_seed(&rng, 1); /* same seed, same grid */
    assert_int_equal(doku_generate_grid(g, &rng, b, (size_t)doku_shape_cells(s)), DOKU_OK);
    assert_memory_equal(a, b, 256);
    doku_generator_free(g);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng),
        cmocka_unit_test(test_full_grids),
        cmocka_unit_test(test_reduce_shapes),
        cmocka_unit_test(test_symmetries_and_targets),
        cmocka_unit_test(test_levels),
        cmocka_unit_test(test_levels_variants),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_reduce_user_puzzle),
        cmocka_unit_test(test_unreachable),
        cmocka_unit_test(test_pattern),
        cmocka_unit_test(test_large),
        cmocka_unit_test(test_fill_honours_time_budget),
        cmocka_unit_test(test_fill_hyper16),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
