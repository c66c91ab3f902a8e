/*
 * test_gen_fast9.c — the generator's classic 9x9 fast paths against the
 * shape-generic ones they stand in for: the level logic (level9.c), the
 * grid filler (grid9.c), the unavoidable-set refutation (unavoid.c) and
 * the one-search uniqueness checks (search_except)
 * must change nothing but speed. Each comparison runs the same generator
 * twice, once with the fast path switched off in its (internal) struct.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "doku.h"
#include "testutil.h"
#include "generate/gen_internal.h"

static doku_shape *classic9(void)
{
    doku_shape_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.n = 9;
    sp.box_rows = 3;
    sp.box_cols = 3;
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create(&sp, &s), DOKU_OK);
    return s;
}

/* A random sub-puzzle of grid: each cell kept with probability keep/81. */
static void random_subset(doku_rng *rng, const uint8_t *grid, int keep, uint8_t *p)
{
    for (int c = 0; c < 81; c++)
        p[c] = (int)doku_rng_below(rng, 81) < keep ? grid[c] : 0;
}

/* The level of the generic logic capped as gen_level caps it. */
static doku_qqwing_level capped(doku_qqwing_level exact, doku_qqwing_level max)
{
    if (exact == DOKU_QQWING_ANY || exact <= max)
        return exact;
    return max == DOKU_QQWING_SIMPLE ? DOKU_QQWING_EASY
         : max == DOKU_QQWING_EASY ? DOKU_QQWING_INTERMEDIATE : exact;
}

static void test_levels_agree(void **state)
{
    (void)state;
    doku_shape *s = classic9();
    doku_generator *g;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_non_null(g->l9);
    doku_rng rng;
    doku_rng_seed(&rng, 2026);
    uint8_t grid[81], p[81], base[81];
    int seen[DOKU_QQWING_EXPERT + 1] = {0};
    /* generated puzzles of every class, and neighbours of them: random
     * givens of the solution added, one or two taken away, and random
     * sub-puzzles of the grid */
    for (int i = 0; i < 1200; i++) {
        if (i % 10 == 0) {
            doku_generate_opts o;
            memset(&o, 0, sizeof o);
            o.qqwing_level = (doku_qqwing_level)(DOKU_QQWING_SIMPLE + (i / 10) % 4);
            doku_generate_result r;
            assert_int_equal(doku_generate(g, doku_seed_derive(3, (uint64_t)i), &o, base, grid, (size_t)doku_shape_cells(s), &r),
                             DOKU_OK);
            assert_true(r.found);
        }
        memcpy(p, base, 81);
        int kind = i % 10;
        if (kind >= 1 && kind <= 4) {
            for (int k = (int)doku_rng_below(&rng, 8); k >= 0; k--) {
                int c = (int)doku_rng_below(&rng, 81);
                p[c] = grid[c];
            }
        } else if (kind >= 5 && kind <= 7) {
            for (int k = kind - 4; k > 0; k--)
                p[doku_rng_below(&rng, 81)] = 0;
        } else if (kind >= 8) {
            random_subset(&rng, grid, 22 + (int)doku_rng_below(&rng, 50), p);
        }
        /* doku_generator_qqwing_level is the shape-generic logic */
        doku_qqwing_level exact = tu_qqwing(g, p, (size_t)doku_shape_cells(s));
        seen[exact]++;
        for (int max = DOKU_QQWING_SIMPLE; max <= DOKU_QQWING_INTERMEDIATE; max++)
            assert_int_equal(gen_level(g, p, (doku_qqwing_level)max),
                             capped(exact, (doku_qqwing_level)max));
    }
    /* the sample reaches every class */
    for (int lv = DOKU_QQWING_SIMPLE; lv <= DOKU_QQWING_EXPERT; lv++)
        assert_true(seen[lv] > 20);
    /* givens in conflict (a digit twice in a row, column or box): ANY */
    for (int pair = 0; pair < 3; pair++) {
        static const int peer_of_0[3] = {8, 72, 20}; /* row, column, box */
        memcpy(p, grid, 81);
        p[peer_of_0[pair]] = p[0];
        assert_int_equal(tu_qqwing(g, p, (size_t)doku_shape_cells(s)), DOKU_QQWING_ANY);
        for (int max = DOKU_QQWING_SIMPLE; max <= DOKU_QQWING_INTERMEDIATE; max++)
            assert_int_equal(gen_level(g, p, (doku_qqwing_level)max), DOKU_QQWING_ANY);
    }
    doku_generator_free(g);
    doku_shape_free(s);
}

/* Same seed, fast paths on and off: the same grids and puzzles. */
static void test_same_output(void **state)
{
    (void)state;
    doku_shape *s = classic9();
    doku_generator *g;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    level9 *l9 = g->l9;
    int *uv_left = g->uv_left;
    for (int lv = DOKU_QQWING_ANY; lv <= DOKU_QQWING_EXPERT; lv++) {
        for (int i = 0; i < 6; i++) {
            doku_generate_opts o;
            memset(&o, 0, sizeof o);
            o.qqwing_level = (doku_qqwing_level)lv;
            if (i == 5)
                o.symmetry = DOKU_SYM_ROT180;
            uint8_t a[81], b[81], sa[81], sb[81];
            doku_generate_result ra, rb;
            uint64_t seed = doku_seed_derive(77, (uint64_t)(lv * 10 + i));
            g->l9 = l9;
            g->uv_left = uv_left;
            g->except_on = 1;
            assert_int_equal(doku_generate(g, seed, &o, a, sa, (size_t)doku_shape_cells(s), &ra), DOKU_OK);
            g->l9 = NULL;     /* generic logic and filler */
            g->uv_left = NULL; /* no unavoidable sets */
            g->except_on = 0;  /* one search per other digit */
            assert_int_equal(doku_generate(g, seed, &o, b, sb, (size_t)doku_shape_cells(s), &rb), DOKU_OK);
            assert_true(ra.found && rb.found);
            assert_memory_equal(a, b, 81);
            assert_memory_equal(sa, sb, 81);
            assert_int_equal(ra.attempts, rb.attempts);
        }
    }
    g->l9 = l9;
    g->uv_left = uv_left;
    g->except_on = 1;
    doku_generator_free(g);
    doku_shape_free(s);
}

/* Every refutation by an unavoidable set is a puzzle with two solutions. */
static void test_unavoidable_refutes_only_non_unique(void **state)
{
    (void)state;
    doku_shape *s = classic9();
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    doku_rng rng;
    doku_rng_seed(&rng, 5);
    uint8_t grid[81], p[81];
    int refuted = 0;
    for (int i = 0; i < 40; i++) {
        assert_int_equal(doku_generate_grid(g, &rng, grid, (size_t)doku_shape_cells(s)), DOKU_OK);
        memcpy(p, grid, 81);
        gen_unavoid_build(g, grid, p);
        assert_true(g->uv_on);
        /* empty cells in random order, keeping those whose removal a set
         * refutes: each such removal must leave two solutions */
        for (int k = 0; k < 81; k++) {
            int c = (int)doku_rng_below(&rng, 81);
            if (!p[c])
                continue;
            int cell[1] = {c};
            if (gen_unavoid_remove(g, cell, 1)) {
                uint8_t keep = p[c];
                p[c] = 0;
                doku_search_opts so = {2, 0, 0, 0};
                doku_search_result r;
                assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(s), &so, NULL, NULL, NULL, &r), DOKU_OK);
                assert_int_equal(r.solutions, 2);
                p[c] = keep;
                gen_unavoid_restore(g, cell, 1);
                refuted++;
            } else {
                p[c] = 0;
            }
        }
    }
    assert_true(refuted > 40);
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels_agree),
        cmocka_unit_test(test_same_output),
        cmocka_unit_test(test_unavoidable_refutes_only_non_unique),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
