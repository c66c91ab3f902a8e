/*
 * test_vgen.c — generated variant puzzles (include/doku_variant_gen.h):
 * every killer and constraint set the generator makes is unique by the
 * engine (a limit-2 count of exactly 1), its solution is the one
 * returned and passes the independent checker (variant_checker.c), a
 * killer has no givens and cages of distinct digits within the size
 * range covering the grid, a seed makes the same puzzle again, and the
 * arguments and parsers refuse what they document.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku_variant_gen.h"
#include "variant_checker.h"

/* Generates one puzzle and checks everything the header promises of it.
 * Copies its constraints' cells and params into sig (a signature for
 * the reproducibility test) when sig is not NULL. */
static void generate_and_judge(const doku_shape *s, doku_generator *g, uint64_t seed,
                               const doku_vgen_opts *o, unsigned long *sig)
{
    int n = doku_shape_n(s), nc = n * n;
    doku_constraints *cs = NULL;
    uint8_t givens[256], sol[256], found[256];
    doku_vgen_result r;
    assert_int_equal(doku_variant_generate(g, seed, o, &cs, givens, sol, (size_t)nc, &r), DOKU_OK);
    assert_non_null(cs);
    assert_int_equal(r.found, 1);
    assert_int_equal(r.constraints, doku_constraints_count(cs));
    /* unique by the engine, and its solution is the one returned */
    doku_search_opts so = {2, 0, 0, 0};
    doku_search_result sr;
    assert_int_equal(doku_constraints_search(cs, givens, (size_t)nc, &so, found, NULL, NULL, &sr),
                     DOKU_OK);
    assert_int_equal(sr.solutions, 1);
    assert_memory_equal(found, sol, (size_t)nc);
    /* the independent checker: units and every constraint */
    const char *why = vc_check(cs, sol);
    if (why)
        fail_msg("seed %llu: %s", (unsigned long long)seed, why);
    int ng = 0;
    for (int c = 0; c < nc; c++) {
        if (givens[c]) {
            assert_int_equal(givens[c], sol[c]);
            ng++;
        }
    }
    assert_int_equal(ng, r.givens);
    if (r.found && o->band) {
        assert_true(r.guesses >= o->min_guesses);
        assert_true(r.guesses <= o->max_guesses);
    }
    uint8_t covered[256] = {0};
    unsigned long h = 0;
    for (size_t i = 0; i < doku_constraints_count(cs); i++) {
        doku_constraint k;
        assert_int_equal(doku_constraints_get(cs, i, &k), DOKU_OK);
        h = h * 31 + (unsigned long)k.kind;
        for (size_t j = 0; j < k.ncells; j++)
            h = h * 131 + k.cells[j];
        for (size_t j = 0; j < k.nparams; j++)
            h = h * 7 + (unsigned long)k.params[j];
        if (o->set != DOKU_VGEN_KILLER)
            continue;
        /* a killer: cages only, within the size range, covering once */
        assert_int_equal(k.kind, DOKU_CON_CAGE);
        int lo = o->min_cage ? o->min_cage : 2, hi = o->max_cage ? o->max_cage : 5;
        assert_true((int)k.ncells >= lo && (int)k.ncells <= hi);
        assert_int_equal(k.nparams, 1);
        for (size_t j = 0; j < k.ncells; j++) {
            assert_int_equal(covered[k.cells[j]], 0);
            covered[k.cells[j]] = 1;
        }
    }
    if (o->set == DOKU_VGEN_KILLER) {
        assert_int_equal(ng, 0);
        for (int c = 0; c < nc; c++)
            assert_int_equal(covered[c], 1);
    }
    if (sig)
        *sig = h * 1000003u + sol[0] + sol[nc - 1] * 10u;
    doku_constraints_free(cs);
}

static void run_set(doku_vgen_set set, int n, unsigned variants, int seeds)
{
    doku_shape *s;
    doku_generator *g;
    assert_int_equal(doku_shape_create_simple(n, variants, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    o.set = set;
    for (int seed = 1; seed <= seeds; seed++)
        generate_and_judge(s, g, (uint64_t)seed, &o, NULL);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_killer_9x9(void **state)
{
    (void)state;
    run_set(DOKU_VGEN_KILLER, 9, 0, 25);
}

static void test_killer_shapes(void **state)
{
    (void)state;
    run_set(DOKU_VGEN_KILLER, 4, 0, 5);
    run_set(DOKU_VGEN_KILLER, 6, 0, 5);
    run_set(DOKU_VGEN_KILLER, 9, DOKU_VARIANT_X, 5);
    run_set(DOKU_VGEN_KILLER, 9, DOKU_VARIANT_HYPER, 3);
}

static void test_killer_cage_sizes_and_effort(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    o.min_cage = 3;
    o.max_cage = 4;
    for (int seed = 1; seed <= 4; seed++)
        generate_and_judge(s, g, (uint64_t)seed, &o, NULL);
    /* a band: reached by merging cages (harder) or by another grid */
    memset(&o, 0, sizeof o);
    o.max_cage = 6;
    o.min_cage = 2;
    o.band = 1;
    o.min_guesses = 11;
    o.max_guesses = 100;
    for (int seed = 1; seed <= 4; seed++)
        generate_and_judge(s, g, (uint64_t)seed, &o, NULL);
    o.min_guesses = o.max_guesses = 0;
    for (int seed = 1; seed <= 3; seed++)
        generate_and_judge(s, g, (uint64_t)seed, &o, NULL);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_sets(void **state)
{
    (void)state;
    run_set(DOKU_VGEN_THERMO, 9, 0, 4);
    run_set(DOKU_VGEN_ARROW, 9, 0, 2);
    run_set(DOKU_VGEN_KROPKI, 9, 0, 6);
    run_set(DOKU_VGEN_XV, 9, 0, 6);
    run_set(DOKU_VGEN_KROPKI, 6, 0, 3);
    run_set(DOKU_VGEN_THERMO, 6, DOKU_VARIANT_X, 3);
}

static void test_seeds_reproduce(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g1, *g2;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g1), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g2), DOKU_OK);
    for (int set = 0; set < DOKU_VGEN_SET_COUNT; set++) {
        doku_vgen_opts o;
        memset(&o, 0, sizeof o);
        o.set = (doku_vgen_set)set;
        unsigned long a, b, c;
        generate_and_judge(s, g1, 77, &o, &a);
        generate_and_judge(s, g1, 78, &o, &c); /* g1 reused in between */
        generate_and_judge(s, g2, 77, &o, &b);
        assert_true(a == b);
        assert_true(a != c);
    }
    doku_generator_free(g1);
    doku_generator_free(g2);
    doku_shape_free(s);
}

static void test_arguments(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_constraints *cs = (doku_constraints *)&cs;
    uint8_t giv[81];
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    assert_int_equal(doku_variant_generate(NULL, 1, NULL, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_null(cs);
    assert_int_equal(doku_variant_generate(g, 1, NULL, NULL, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_generate(g, 1, NULL, &cs, NULL, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_generate(g, 1, NULL, &cs, giv, NULL, 80, NULL), DOKU_ERR_ARG);
    o.set = (doku_vgen_set)DOKU_VGEN_SET_COUNT;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    o.set = DOKU_VGEN_KILLER;
    o.min_cage = 4;
    o.max_cage = 3;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    o.min_cage = 2;
    o.max_cage = 10;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    o.max_cage = 5;
    o.band = 1;
    o.min_guesses = 5;
    o.max_guesses = 4;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    o.band = 0;
    o.time_budget = -1;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    /* a band no grid meets within the attempts: GAVE_UP, nothing out */
    memset(&o, 0, sizeof o);
    o.min_cage = o.max_cage = 2;
    o.band = 1;
    o.min_guesses = 1000000;
    o.max_guesses = UINT64_MAX;
    o.max_attempts = 2;
    doku_vgen_result r;
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, &r), DOKU_GAVE_UP);
    assert_null(cs);
    assert_int_equal(r.found, 0);
    assert_int_equal(r.attempts, 2);
    assert_string_equal(doku_vgen_set_name(DOKU_VGEN_XV), "xv");
    assert_string_equal(doku_vgen_set_name((doku_vgen_set)99), "");
    doku_generator_free(g);
    doku_shape_free(s);
}

/* A filter that refuses the first two puzzles and counts its calls. */
static doku_status refuse_two(void *user, const doku_constraints *cs, const uint8_t *givens,
                              const uint8_t *solution, size_t ncells, bool *accept)
{
    int *calls = user;
    assert_non_null(cs);
    assert_non_null(givens);
    assert_non_null(solution);
    assert_int_equal(ncells, 81);
    *accept = ++*calls > 2;
    return DOKU_OK;
}

static doku_status fail_nomem(void *user, const doku_constraints *cs, const uint8_t *givens,
                              const uint8_t *solution, size_t ncells, bool *accept)
{
    (void)user, (void)cs, (void)givens, (void)solution, (void)ncells, (void)accept;
    return DOKU_ERR_NOMEM;
}

static void test_filter(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    int calls = 0;
    o.filter = refuse_two;
    o.filter_user = &calls;
    doku_constraints *cs;
    uint8_t giv[81];
    doku_vgen_result r;
    assert_int_equal(doku_variant_generate(g, 5, &o, &cs, giv, NULL, 81, &r), DOKU_OK);
    assert_int_equal(calls, 3);
    assert_int_equal(r.attempts, 3);
    doku_constraints_free(cs);
    o.filter = fail_nomem;
    assert_int_equal(doku_variant_generate(g, 5, &o, &cs, giv, NULL, 81, &r), DOKU_ERR_NOMEM);
    assert_null(cs);
    doku_generator_free(g);
    doku_shape_free(s);
}

static void test_parsers(void **state)
{
    (void)state;
    doku_parse_error e;
    unsigned v = 99;
    doku_vgen_set set = DOKU_VGEN_KILLER;
    int named = -1;
    assert_int_equal(doku_parse_vgen_variants("x,Thermo", &v, &set, &named, &e), DOKU_OK);
    assert_int_equal(v, DOKU_VARIANT_X);
    assert_int_equal(set, DOKU_VGEN_THERMO);
    assert_int_equal(named, 1);
    assert_int_equal(doku_parse_vgen_variants("hyper", &v, &set, &named, &e), DOKU_OK);
    assert_int_equal(v, DOKU_VARIANT_HYPER);
    assert_int_equal(named, 0);
    assert_int_equal(set, DOKU_VGEN_THERMO); /* untouched */
    assert_int_equal(doku_parse_vgen_variants("kropki xv", &v, &set, &named, &e), DOKU_ERR_PARSE);
    assert_non_null(strstr(e.message, "'xv' is a second constraint set"));
    assert_int_equal(doku_parse_vgen_variants("x,sandwich", &v, &set, &named, &e), DOKU_ERR_PARSE);
    assert_non_null(strstr(e.message, "unknown variant 'sandwich'"));
    assert_int_equal(e.col, 3);
    int lo = 0, hi = 0;
    assert_int_equal(doku_parse_cage_size("2-6", 9, &lo, &hi, &e), DOKU_OK);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 6);
    assert_int_equal(doku_parse_cage_size("3", 9, &lo, &hi, &e), DOKU_OK);
    assert_int_equal(lo, 3);
    assert_int_equal(hi, 3);
    assert_int_equal(doku_parse_cage_size("2-10", 9, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_non_null(strstr(e.message, "at most 9 cells"));
    assert_int_equal(doku_parse_cage_size("5-2", 9, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_cage_size("0-2", 9, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_cage_size("2-x", 9, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_cage_size(NULL, 9, &lo, &hi, &e), DOKU_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killer_9x9),
        cmocka_unit_test(test_killer_shapes),
        cmocka_unit_test(test_killer_cage_sizes_and_effort),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_seeds_reproduce),
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_filter),
        cmocka_unit_test(test_parsers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
