/*
 * test_contracts.c — regressions of the contract defects issue 18 listed:
 * each public call refuses what its comment says it refuses (with the
 * documented status) instead of silently taking it as "none" or a
 * default, and keeps the promise its options make (a pattern with
 * minimal=1 is minimal).
 *
 * Black-box: only the public header.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "doku_parse.h"
#include "doku_records.h"

static doku_shape *shape9(void)
{
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    return s;
}

/* Solutions of p up to limit, with no budget. */
static uint64_t count(doku_solver *sv, const uint8_t *p, uint64_t limit)
{
    doku_search_opts o = {limit, 0, 0, 0};
    doku_search_result r;
    assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, NULL, NULL, NULL, &r), DOKU_OK);
    return r.solutions;
}

/* A pattern with minimal=1 used to give found=1, minimal=0: the flag was
 * dropped. Now a dense pattern (never minimal) is never accepted, and a
 * minimal puzzle's own pattern gives puzzles proven minimal. */
static void test_pattern_minimal(void **state)
{
    (void)state;
    doku_shape *s = shape9();
    doku_generator *g;
    doku_solver *sv;
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t pat[81], p[81];
    for (int c = 0; c < 81; c++)
        pat[c] = (uint8_t)((c / 9 + c % 9) % 3 != 0);
    doku_generate_opts o;
    memset(&o, 0, sizeof o);
    o.pattern = pat;
    o.minimal = 1;
    o.max_attempts = 5;
    doku_generate_result r;
    assert_int_equal(doku_generate(g, 11, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_GAVE_UP);
    assert_false(r.found);
    assert_int_equal(r.attempts, 5);

    /* the pattern of a minimal puzzle, with the same seed: the first full
     * grid is the same, so that very puzzle comes back, proven minimal */
    doku_generate_opts m;
    memset(&m, 0, sizeof m);
    m.minimal = 1;
    assert_int_equal(doku_generate(g, 3, &m, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_OK);
    assert_true(r.found && r.minimal);
    assert_int_equal(r.attempts, 1);
    for (int c = 0; c < 81; c++)
        pat[c] = p[c] != 0;
    assert_int_equal(doku_generate(g, 3, &o, p, NULL, (size_t)doku_shape_cells(s), &r), DOKU_OK);
    assert_true(r.found);
    assert_true(r.minimal);
    assert_int_equal(count(sv, p, 2), 1);
    for (int c = 0; c < 81; c++) {
        assert_int_equal(p[c] != 0, pat[c]);
        if (!p[c])
            continue;
        uint8_t keep = p[c];
        p[c] = 0;
        assert_int_equal(count(sv, p, 2), 2); /* every given is needed */
        p[c] = keep;
    }
    doku_solver_free(sv);
    doku_generator_free(g);
    doku_shape_free(s);
}

/* The reader reads sides 4..64: n = 1..3 used to be accepted and then
 * every line rejected with "expected 4 on one line, or rows of 2". */
static void test_reader_side(void **state)
{
    (void)state;
    doku_reader *r = (doku_reader *)1;
    for (int n = 1; n < 4; n++) {
        doku_reader_opts o = {n, DOKU_SYMBOLS_AUTO};
        assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
        assert_null(r);
    }
    doku_reader_opts o = {4, DOKU_SYMBOLS_AUTO};
    assert_int_equal(doku_reader_create(&o, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, "1234341221434321", 16), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    doku_reader_free(r);
    o.symbols = (doku_symbols)4;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
}

/* An out-of-range alphabet is refused by every call that takes one. */
static void test_symbols_range(void **state)
{
    (void)state;
    doku_shape *s = shape9();
    uint8_t cells[81] = {5};
    uint64_t cands[81];
    char buf[256];
    for (unsigned bad = 4; bad < 300; bad += 37) {
        doku_symbols sym = (doku_symbols)bad;
        assert_int_equal(doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL,
                                           DOKU_FORMAT_LINE, sym, 0, buf, sizeof buf, NULL),
                         DOKU_ERR_ARG);
        assert_string_equal(buf, "");
        assert_int_equal(doku_parse_pencil("1", 9, sym, cells, cands, (size_t)9 * (size_t)9, NULL, 0), DOKU_ERR_ARG);
        assert_int_equal(doku_symbol(9, sym, 1), '.');
        doku_buf b = {0};
        doku_record_opts ro;
        memset(&ro, 0, sizeof ro);
        doku_source src = {"x", 1, 0, s, cells, NULL, sym};
        doku_search_result res = {1, 1, 0};
        doku_search_record sr;
        memset(&sr, 0, sizeof sr);
        sr.command = DOKU_CMD_COUNT;
        sr.result = &res;
        sr.limit = 2;
        assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_ERR_ARG);
        assert_int_equal(doku_format_invalid(&b, DOKU_CMD_SOLVE, &src, &ro, "no"), DOKU_ERR_ARG);
        doku_reduce_record rr = {"invalid", "no", NULL, 1, NULL};
        assert_int_equal(doku_format_reduce(&b, &src, &ro, &rr), DOKU_ERR_ARG);
        assert_int_equal(b.len, 0); /* nothing written */
        src.symbols = DOKU_SYMBOLS_AUTO;
        ro.format = (doku_format)(bad + DOKU_FORMAT_CSV_GRID + 1);
        assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_ERR_ARG);
        ro.format = DOKU_FORMAT_JSON;
        assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_OK);
        assert_true(b.len > 0);
        doku_buf_free(&b);
    }
    doku_shape_free(s);
}

/* A NaN or negative budget and unknown flag bits are refused, not taken
 * as "none". */
static void test_budgets_and_flags(void **state)
{
    (void)state;
    doku_shape *s = shape9();
    doku_solver *sv;
    doku_generator *g;
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    uint8_t p[81] = {0};
    doku_search_result res;
    const double bad[] = {NAN, -1.0, -INFINITY, -1e-300};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        doku_search_opts so = {1, 0, bad[i], 0};
        assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(s), &so, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
        doku_generate_opts go;
        memset(&go, 0, sizeof go);
        go.time_budget = bad[i];
        doku_generate_result gr;
        assert_int_equal(doku_generate(g, 1, &go, p, NULL, (size_t)doku_shape_cells(s), &gr), DOKU_ERR_ARG);
        doku_rng rng;
        doku_rng_seed(&rng, 1);
        assert_int_equal(doku_generate_grid_timed(g, &rng, bad[i], p, (size_t)doku_shape_cells(s)), DOKU_ERR_ARG);
    }
    for (unsigned bit = 1; bit < 32; bit++) {
        doku_search_opts so = {1, 0, 0, 1u << bit};
        assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(s), &so, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    }
    doku_search_opts so = {1, 0, 0, DOKU_SEARCH_GENERIC};
    assert_int_equal(doku_search(sv, p, (size_t)doku_shape_cells(s), &so, NULL, NULL, NULL, &res), DOKU_OK);
    assert_int_equal(res.solutions, 1);
    doku_generator_free(g);
    doku_solver_free(sv);
    doku_shape_free(s);
}

/* Technique masks with bits past the list name nothing: refused. */
static void test_technique_mask_range(void **state)
{
    (void)state;
    doku_shape *s = shape9();
    doku_logic *lg = (doku_logic *)1;
    doku_rating_filter *f = (doku_rating_filter *)1;
    for (int bit = DOKU_TECH_COUNT; bit < 64; bit++) {
        doku_logic_opts lo;
        memset(&lo, 0, sizeof lo);
        lo.techniques = 1ull << bit;
        assert_int_equal(doku_logic_create(s, &lo, &lg), DOKU_ERR_ARG);
        assert_null(lg);
        doku_rating_filter_opts fo = {3.0, -1, 1ull << bit};
        assert_int_equal(doku_rating_filter_create(s, &fo, &f), DOKU_ERR_ARG);
        assert_null(f);
    }
    uint64_t all;
    assert_int_equal(doku_parse_techniques("extended", &all, NULL), DOKU_OK);
    doku_logic_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.techniques = all;
    assert_int_equal(doku_logic_create(s, &lo, &lg), DOKU_OK);
    doku_logic_free(lg);
    doku_rating_filter_opts fo = {3.0, -1, 1ull << (DOKU_TECH_COUNT - 1)};
    assert_int_equal(doku_rating_filter_create(s, &fo, &f), DOKU_OK);
    doku_rating_filter_free(f);
    doku_shape_free(s);
}

/* doku_symbol checks v against n. */
static void test_symbol_n(void **state)
{
    (void)state;
    assert_int_equal(doku_symbol(4, DOKU_SYMBOLS_1_9A_Z, 4), '4');
    assert_int_equal(doku_symbol(4, DOKU_SYMBOLS_1_9A_Z, 5), '.');
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_1_9A_Z, 10), '.');
    assert_int_equal(doku_symbol(16, DOKU_SYMBOLS_1_9A_Z, 10), 'A');
    assert_int_equal(doku_symbol(16, DOKU_SYMBOLS_0_9A_Z, 16), 'F');
    assert_int_equal(doku_symbol(0, DOKU_SYMBOLS_1_9A_Z, 1), '.');
    assert_int_equal(doku_symbol(-3, DOKU_SYMBOLS_1_9A_Z, 1), '.');
    assert_int_equal(doku_symbol(DOKU_MAX_N + 1, DOKU_SYMBOLS_1_9A_Z, 1), '.');
    assert_int_equal(doku_symbol(64, DOKU_SYMBOLS_1_9A_Z, 36), '.'); /* past the alphabet */
}

/* A NaN rating is no level: UNSOLVED, also when "solved" is claimed. */
static void test_level_nan(void **state)
{
    (void)state;
    assert_int_equal(doku_difficulty_of(NAN, 1), DOKU_DIFFICULTY_UNSOLVED);
    assert_int_equal(doku_difficulty_of(NAN, 0), DOKU_DIFFICULTY_UNSOLVED);
    assert_int_equal(doku_difficulty_of(1.2, 1), DOKU_DIFFICULTY_EASY);
    assert_int_equal(doku_difficulty_of(1.2, 0), DOKU_DIFFICULTY_UNSOLVED);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pattern_minimal),
        cmocka_unit_test(test_reader_side),
        cmocka_unit_test(test_symbols_range),
        cmocka_unit_test(test_budgets_and_flags),
        cmocka_unit_test(test_technique_mask_range),
        cmocka_unit_test(test_symbol_n),
        cmocka_unit_test(test_level_nan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
