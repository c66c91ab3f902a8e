/*
 * test_rating_filter.c — the rating filter (doku_rating_filter) against a
 * full grading: for generated candidates and many ER ranges (open and
 * closed, low and high, with and without a required technique), the
 * filter must accept exactly the puzzles whose full doku_logic_run rating
 * lies in the range. This is
 * what makes its shortcuts (early verdicts, singles-closure start, singles
 * tail) safe.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "testutil.h"

typedef struct graded {
    uint8_t cells[81];
    double er;
    int solved;
    unsigned counts[DOKU_TECH_COUNT];
} graded;

/* n candidates of class `level` (ANY or EXPERT), fully graded. */
static graded *make_candidates(const doku_shape *s, int n, doku_qqwing_level level, uint64_t seed)
{
    doku_generator *g = NULL;
    doku_logic *lg = NULL;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    graded *v = calloc((size_t)n, sizeof *v);
    assert_non_null(v);
    doku_generate_opts go;
    memset(&go, 0, sizeof go);
    go.qqwing_level = level;
    for (int i = 0; i < n; i++) {
        doku_generate_result r;
        assert_int_equal(doku_generate(g, doku_seed_derive(seed, (uint64_t)i), &go, v[i].cells,
                                       NULL, (size_t)doku_shape_cells(s), &r),
                         DOKU_OK);
        assert_true(r.found);
        doku_rating rt;
        assert_int_equal(doku_logic_load(lg, v[i].cells, (size_t)doku_shape_cells(s)), DOKU_OK);
        assert_int_equal(doku_logic_run(lg, NULL, NULL, &rt, NULL, 0), DOKU_OK);
        v[i].er = rt.er;
        v[i].solved = rt.solved;
        for (int t = 0; t < DOKU_TECH_COUNT; t++)
            v[i].counts[t] = doku_logic_technique_count(lg, (doku_technique)t);
    }
    doku_logic_free(lg);
    doku_generator_free(g);
    return v;
}

static int expected(const graded *p, double min, double max, uint64_t require)
{
    if (!p->solved || p->er < min - 1e-9 || (max >= 0 && p->er > max + 1e-9))
        return 0;
    if (!require)
        return 1;
    for (int t = 0; t < DOKU_TECH_COUNT; t++)
        if (((require >> t) & 1) && p->counts[t])
            return 1;
    return 0;
}

/* Checks one band on every candidate. @return how many it accepted. */
static int check_band(const doku_shape *s, const graded *v, int n, double min, double max,
                      uint64_t require)
{
    doku_rating_filter_opts bo = {min, max, require};
    doku_rating_filter *b = NULL;
    assert_int_equal(doku_rating_filter_create(s, &bo, &b), DOKU_OK);
    int acc = 0;
    for (int i = 0; i < n; i++) {
        int want = expected(&v[i], min, max, require);
        int got = tu_filter(b, s, v[i].cells);
        if (got != want)
            fail_msg("band %.1f..%.1f require %llx: candidate %d (er %.1f) got %d want %d", min,
                     max, (unsigned long long)require, i, v[i].er, got, want);
        acc += got;
    }
    uint64_t judged = 0, accepted = 0;
    doku_rating_filter_stats(b, &judged, &accepted, NULL);
    assert_int_equal(judged, (uint64_t)n);
    assert_int_equal(accepted, (uint64_t)acc);
    doku_rating_filter_free(b);
    return acc;
}

#define T(x) (1ull << (x))

static void test_filter_matches_full_grading(void **state)
{
    (void)state;
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    enum { NE = 100, NA = 40 };
    graded *ex = make_candidates(s, NE, DOKU_QQWING_EXPERT, 11);
    graded *any = make_candidates(s, NA, DOKU_QQWING_ANY, 12);
    /* hard open bands: some accepted, some not */
    int a7 = check_band(s, ex, NE, 7.0, -1, 0);
    assert_true(a7 > 0 && a7 < NE);
    check_band(s, ex, NE, 8.3, -1, 0);
    check_band(s, ex, NE, 4.0, -1, 0);
    /* closed bands: the tail decides */
    assert_true(check_band(s, ex, NE, 7.0, 7.2, 0) > 0);
    assert_true(check_band(s, ex, NE, 4.0, 6.0, 0) > 0);
    check_band(s, ex, NE, 3.5, 4.5, 0);
    check_band(s, ex, NE, 8.0, 9.0, 0);
    /* low bands (no shortcut start) on easy and hard candidates */
    assert_true(check_band(s, any, NA, 0, 2.5, 0) > 0);
    check_band(s, any, NA, 1.2, 3.4, 0);
    check_band(s, any, NA, 2.4, 4.0, 0);
    check_band(s, ex, NE, 0, -1, 0);
    /* required techniques: early ones turn the shortcuts off */
    check_band(s, ex, NE, 0, -1, T(DOKU_TECH_X_WING));
    check_band(s, any, NA, 0, -1, T(DOKU_TECH_POINTING) | T(DOKU_TECH_CLAIMING));
    check_band(s, ex, NE, 0, -1, T(DOKU_TECH_AIC));
    check_band(s, ex, NE, 7.0, -1, T(DOKU_TECH_AIC) | T(DOKU_TECH_XY_CYCLE));
    check_band(s, ex, NE, 4.0, 6.0, T(DOKU_TECH_XY_WING));
    check_band(s, any, NA, 0, -1, T(DOKU_TECH_NAKED_SINGLE));
    /* late techniques only: the start skips (also on easy candidates) */
    check_band(s, any, NA, 0, -1, T(DOKU_TECH_XY_WING) | T(DOKU_TECH_SKYSCRAPER));
    check_band(s, any, NA, 0, 3.0, T(DOKU_TECH_UNIQUE_RECTANGLE));
    check_band(s, ex, NE, 1.0, 4.4, T(DOKU_TECH_XY_WING) | T(DOKU_TECH_XYZ_WING));
    free(ex);
    free(any);
    doku_shape_free(s);
}

static void test_filter_variants(void **state)
{
    (void)state;
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_X, &s), DOKU_OK);
    enum { N = 24 };
    graded *v = make_candidates(s, N, DOKU_QQWING_EXPERT, 21);
    check_band(s, v, N, 4.0, -1, 0);
    check_band(s, v, N, 4.0, 6.0, 0);
    check_band(s, v, N, 6.5, -1, 0);
    free(v);
    doku_shape_free(s);
}

static void test_filter_arguments(void **state)
{
    (void)state;
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_rating_filter *b = NULL;
    doku_rating_filter_opts bad = {5.0, 4.0, 0}, neg = {-1, -1, 0}, ok = {7.0, -1, 0};
    assert_int_equal(doku_rating_filter_create(s, &bad, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(s, &neg, &b), DOKU_ERR_ARG);
    /* not-a-number bounds pass every "<" test; they must be refused too */
    doku_rating_filter_opts nan_min = {NAN, -1, 0}, nan_max = {7.0, NAN, 0}, inf_min = {INFINITY, -1, 0};
    assert_int_equal(doku_rating_filter_create(s, &nan_min, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(s, &nan_max, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(s, &inf_min, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(NULL, &ok, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(s, &ok, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(s, &ok, &b), DOKU_OK);
    uint8_t conflict[81] = {0};
    conflict[0] = conflict[1] = 5;
    assert_int_equal(tu_filter(b, s, conflict), 0); /* rejected */
    assert_int_equal(tu_filter(b, s, NULL), -DOKU_ERR_ARG);
    doku_rating_filter_free(b);
    doku_rating_filter_free(NULL);
    doku_shape_free(s);
}

/* The named ranges: one table, rising, contiguous in tenths, the last
 * open; found by name, NULL for unknown names and out-of-range indices. */
/* doku_reduce_rated: an accepted result rates inside the range; without a
 * filter it is doku_reduce's result for the same seed. */
static void test_reduce_rated(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    int found = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        uint8_t grid[81], a[81], b[81];
        doku_rng rng;
        doku_rng_seed(&rng, seed);
        assert_int_equal(doku_generate_grid(g, &rng, grid, sizeof grid), DOKU_OK);
        int ok = 0;
        assert_int_equal(doku_reduce_rated(g, NULL, seed, 0, grid, NULL, 81, NULL, a, NULL, &ok),
                         DOKU_OK);
        assert_int_equal(ok, 1);
        doku_rng_seed(&rng, seed);
        assert_int_equal(doku_reduce(g, &rng, grid, NULL, sizeof grid, NULL, b, NULL), DOKU_OK);
        assert_memory_equal(a, b, 81);
        for (int d = DOKU_DIFFICULTY_EASY; d <= DOKU_DIFFICULTY_HARD; d++) {
            doku_rating_filter_opts o = {0};
            assert_int_equal(doku_difficulty_range((doku_difficulty)d, &o.min, &o.max), DOKU_OK);
            doku_rating_filter *f;
            assert_int_equal(doku_rating_filter_create(s, &o, &f), DOKU_OK);
            assert_int_equal(doku_reduce_rated(g, f, seed, 8, grid, NULL, 81, NULL, a, NULL, &ok),
                             DOKU_OK);
            if (ok) {
                doku_rating r;
                assert_int_equal(doku_logic_load(lg, a, sizeof a), DOKU_OK);
                assert_int_equal(doku_logic_run(lg, NULL, NULL, &r, NULL, 0), DOKU_OK);
                assert_int_equal(r.difficulty, d);
                found++;
            }
            doku_rating_filter_free(f);
        }
    }
    assert_true(found > 0);
    doku_logic_free(lg);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_named_ranges(void **state)
{
    (void)state;
    /* the difficulty names cover the scale without gaps, in rising order */
    static const char *const names[] = {"easy", "medium", "hard", "unfair", "extreme"};
    double prev_max = 0;
    for (int d = DOKU_DIFFICULTY_EASY; d <= DOKU_DIFFICULTY_EXTREME; d++) {
        double lo, hi;
        assert_string_equal(doku_difficulty_name((doku_difficulty)d), names[d - 1]);
        assert_int_equal(doku_difficulty_range((doku_difficulty)d, &lo, &hi), DOKU_OK);
        if (d > DOKU_DIFFICULTY_EASY)
            assert_int_equal((int)(prev_max * 10 + 0.5) + 1, (int)(lo * 10 + 0.5));
        /* both ends name the difficulty they belong to */
        assert_int_equal(doku_difficulty_of(lo, 1), d);
        if (hi >= 0)
            assert_int_equal(doku_difficulty_of(hi, 1), d);
        prev_max = hi;
    }
    assert_true(prev_max < 0);
    double lo, hi;
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_HARD, &lo, &hi), DOKU_OK);
    assert_float_equal(lo, 3.5, 1e-9);
    assert_float_equal(hi, 4.6, 1e-9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_filter_matches_full_grading),
        cmocka_unit_test(test_filter_variants),
        cmocka_unit_test(test_filter_arguments),
        cmocka_unit_test(test_named_ranges),
        cmocka_unit_test(test_reduce_rated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
