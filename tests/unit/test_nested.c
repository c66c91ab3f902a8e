/*
 * test_nested.c — Sudoku Explainer's nested forcing chains (ER 9.5+): the
 * famous hardest puzzles get their published SE ratings, every step of
 * their solve is checked against the solution, and a time limit stops a
 * nested search with a known lower bound.
 *
 * The ratings are public facts (SE 1.2.1's ER as published, and as SE
 * 1.2.1 built from source gave them step by step on this machine). The
 * default set takes about 10 s of CPU in a Release build (25 s in the
 * -Werror test build); under the sanitizers (DOKU_SANITIZED) only AI
 * Escargot runs, and Golden Nugget (about 29 s alone) only with
 * DOKU_TEST_SLOW=1.
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
#include "testutil.h"

typedef struct famous {
    const char *name, *puzzle;
    double er;
    int slow; /* 0 always, 1 not under the sanitizers, 2 DOKU_TEST_SLOW only */
} famous;

static const famous FAMOUS[] = {
    {"AI Escargot", "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", 10.5, 0},
    {"Platinum Blonde", ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...", 10.6, 1},
    {"Arto Inkala 2012", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 10.7, 1},
    {"Easter Monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", 11.6, 1},
    {"Golden Nugget", ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....", 11.9, 2},
};

typedef struct sound_ctx {
    const uint8_t *sol;
    int bad, nested, trial;
} sound_ctx;

static int check_step(void *user, const doku_step *st)
{
    sound_ctx *c = user;
    if (st->technique == DOKU_TECH_NESTED_FORCING) {
        c->nested++;
        assert_true(st->rating >= 9.5);
    }
    if (st->technique == DOKU_TECH_TRIAL)
        c->trial++;
    for (size_t i = 0; i < st->nplacements; i++)
        if (c->sol[st->placements[i].cell] != st->placements[i].digit) {
            print_error("unsound placement: %s\n", st->text);
            c->bad++;
        }
    for (size_t i = 0; i < st->neliminations; i++)
        if (c->sol[st->eliminations[i].cell] == st->eliminations[i].digit) {
            print_error("unsound elimination: %s\n", st->text);
            c->bad++;
        }
    return 0;
}

static int cells_of(const char *p, uint8_t *cells)
{
    for (int i = 0; i < 81; i++) {
        if (!p[i])
            return -1;
        cells[i] = (uint8_t)(p[i] >= '1' && p[i] <= '9' ? p[i] - '0' : 0);
    }
    return 0;
}

static int level_wanted(int slow)
{
    if (slow == 2)
        return getenv("DOKU_TEST_SLOW") != NULL;
    if (slow == 1)
        return getenv("DOKU_SANITIZED") == NULL;
    return 1;
}

/* The published ER of each famous puzzle, no trial step, every step sound. */
static void test_famous_ratings(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    for (size_t k = 0; k < sizeof FAMOUS / sizeof FAMOUS[0]; k++) {
        const famous *f = &FAMOUS[k];
        if (!level_wanted(f->slow)) {
            print_message("%s: skipped (slow; see the file's comment)\n", f->name);
            continue;
        }
        uint8_t cells[81], sol[81];
        assert_int_equal(cells_of(f->puzzle, cells), 0);
        doku_search_opts so = {0};
        doku_search_result r;
        so.limit = 2;
        assert_int_equal(doku_search(sv, cells, (size_t)doku_shape_cells(s), &so, sol, NULL, NULL, &r), DOKU_OK);
        assert_int_equal(r.solutions, 1);
        sound_ctx c = {sol, 0, 0, 0};
        doku_rating rt;
        assert_int_equal(doku_logic_load(lg, cells, (size_t)doku_shape_cells(s)), DOKU_OK);
        assert_int_equal(doku_logic_run(lg, check_step, &c, &rt, NULL, 0), DOKU_OK);
        print_message("%s: ER %.1f (published %.1f), %d nested steps\n", f->name, rt.er, f->er, c.nested);
        assert_true(rt.solved);
        assert_int_equal(c.bad, 0);
        assert_int_equal(c.trial, 0);
        assert_true(c.nested > 0);
        assert_int_equal((int)(rt.er * 10 + 0.5), (int)(f->er * 10 + 0.5));
    }
    doku_logic_free(lg);
    doku_solver_free(sv);
    doku_shape_free(s);
}

/* Easter Monster's first step is SE's: a level-2 contradiction (forcing
 * chains inside the walks), r5c9<>6, rated 9.5 + 1.3 for a complexity of
 * 375 nodes (SE 1.2.1: "w/375 nodes", inner chains' lengths included). */
static void test_first_step(void **state)
{
    (void)state;
    doku_shape *s;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    uint8_t cells[81];
    assert_int_equal(cells_of(FAMOUS[3].puzzle, cells), 0);
    assert_int_equal(doku_logic_load(lg, cells, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_step st;
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    assert_int_equal(st.technique, DOKU_TECH_NESTED_FORCING);
    assert_int_equal((int)(st.rating * 10 + 0.5), 108);
    assert_int_equal(st.nplacements, 0);
    assert_int_equal(st.neliminations, 1);
    assert_int_equal(st.eliminations[0].cell, 4 * 9 + 8);
    assert_int_equal(st.eliminations[0].digit, 6);
    assert_non_null(strstr(st.text, "(+ Forcing Chains)"));
    doku_logic_free(lg);
    doku_shape_free(s);
}

/* A time limit inside a nested search: no step, and the lower bound is at
 * least the first nested level's 9.5. */
static void test_timeout_floor(void **state)
{
    (void)state;
    doku_shape *s;
    doku_logic *lg;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    uint8_t cells[81];
    assert_int_equal(cells_of(FAMOUS[4].puzzle, cells), 0);
    /* the first step takes ~0.07 s of CPU since the inner rules are
     * filtered and memoised: shorter limits until one cuts it short */
    static const double limits[] = {0.3, 0.1, 0.05, 0.03, 0.02, 0.01};
    doku_status r = DOKU_OK;
    for (size_t i = 0; i < sizeof limits / sizeof limits[0] && r == DOKU_OK; i++) {
        assert_int_equal(doku_logic_load(lg, cells, (size_t)doku_shape_cells(s)), DOKU_OK);
        assert_int_equal(doku_logic_set_time_limit(lg, limits[i]), DOKU_OK);
        doku_step st;
        r = doku_logic_next(lg, &st);
    }
    assert_int_equal(r, DOKU_GAVE_UP);
    double at = doku_logic_gave_up_at(lg);
    print_message("Golden Nugget, first step, a short limit: gave up at ER >= %.1f\n", at);
    assert_true(at >= 9.0); /* the (+) level at least; 9.5+ once nested */
    assert_true(at <= 11.0);
    assert_true(doku_logic_gave_up_at(NULL) == 0.0);
    doku_logic_free(lg);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_step),
        cmocka_unit_test(test_timeout_floor),
        cmocka_unit_test(test_famous_ratings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
