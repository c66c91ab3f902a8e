/*
 * test_budgets.c — the generator's time budget holds inside a rating-band
 * judgement: `doku generate --size 16 --rating 10.0+ --timeout 0.2` used
 * to take 0.7-2.2 s (up to 14 s under ASan), because the judgement of one
 * candidate, a long logic run, was never interrupted. Not a speed test: the
 * bound is generous (twice the budget plus half a second) and only catches
 * a judgement that runs on past the deadline. It is on the calling
 * thread's CPU time, not the wall clock: the budget is wall time, so on a
 * loaded machine a call gets less CPU before its deadline, never more,
 * while the wall time of the same call can stretch without bound.
 *
 * Black-box: only the public header.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "doku.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Generates with a rating filter under a time budget; checks the call
 * uses at most 2 * budget + 0.5 s of CPU and says why it stopped. */
static void run_band(int n, double min, double budget, uint64_t seeds)
{
    doku_shape *s;
    doku_generator *g;
    doku_rating_filter *f;
    assert_int_equal(doku_shape_create_simple(n, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_rating_filter_opts fo = {min, -1, 0};
    assert_int_equal(doku_rating_filter_create(s, &fo, &f), DOKU_OK);
    uint8_t p[DOKU_MAX_CELLS], sol[DOKU_MAX_CELLS];
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        doku_generate_opts o;
        memset(&o, 0, sizeof o);
        o.filter = doku_rating_filter_accept;
        o.filter_user = f;
        o.time_budget = budget;
        doku_generate_result r;
        double t0 = cpu_now();
        doku_status st = doku_generate(g, seed, &o, p, sol, (size_t)doku_shape_cells(s), &r);
        double cpu = cpu_now() - t0;
        assert_true(cpu < 2 * budget + 0.5);
        if (st == DOKU_OK) {
            assert_true(r.found);
            assert_true(doku_verify_solution(s, p, sol, (size_t)doku_shape_cells(s)));
        } else {
            /* the time ran out, not the default 1000 attempts */
            assert_int_equal(st, DOKU_GAVE_UP);
            assert_false(r.found);
            assert_true(r.attempts < 1000);
        }
    }
    doku_rating_filter_free(f);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_generate_band16(void **state)
{
    (void)state;
    run_band(16, 10.0, 0.2, 4);
}

/* 25x25: one logic step (forcing chains on a big grid) is the longest
 * part of a judgement; the filter hands its deadline to the logic
 * engine, which ends that step too. */
static void test_generate_band25(void **state)
{
    (void)state;
    run_band(25, 10.0, 0.2, 3);
}

static void test_generate_band9(void **state)
{
    (void)state;
    run_band(9, 10.0, 0.2, 3);
}

/* Once the budget has passed, the filter judges no more: a caller that
 * judges directly afterwards (no generator around it) gets a verdict. */
static void test_filter_direct_after(void **state)
{
    (void)state;
    doku_shape *s;
    doku_rating_filter *f;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_rating_filter_opts fo = {1.0, -1, 0};
    assert_int_equal(doku_rating_filter_create(s, &fo, &f), DOKU_OK);
    doku_generator *g;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.filter = doku_rating_filter_accept;
    o.filter_user = f;
    o.time_budget = 5;
    uint8_t p[81], sol[81];
    doku_generate_result r;
    assert_int_equal(doku_generate(g, 7, &o, p, sol, (size_t)doku_shape_cells(s), &r), DOKU_OK);
    assert_true(r.found);
    /* the generator's deadline does not stay on the filter */
    doku_filter_call call = {s, p, sol, 81, 0};
    bool ok = false;
    assert_int_equal(doku_rating_filter_accept(f, &call, &ok), DOKU_OK);
    assert_true(ok);
    doku_generator_free(g);
    doku_rating_filter_free(f);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generate_band16),
        cmocka_unit_test(test_generate_band25),
        cmocka_unit_test(test_generate_band9),
        cmocka_unit_test(test_filter_direct_after),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
