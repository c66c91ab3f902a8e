/*
 * test_fixtures.c — every puzzle of tests/fixtures/puzzles, the data set
 * that travels with the repository (no ../shared needed).
 *
 * Each file is `puzzle:count:solution[:extra]` lines under a `#!` line
 * naming the shape (tests/fixtures/README.md). Every puzzle is counted by
 * the default engine and by the generic engine, and on 9x9 and up to
 * 16x16 by each build (ISA tier) of the fast path the CPU can run (a
 * build it cannot run is reported SKIPPED by name); the counts must be the
 * recorded ones and the solution, verified by the rules module, the
 * recorded one. The SE-rated lines and the variant puzzles also go
 * through the logic engine: sound steps, the recorded solution, and the
 * published rating on most of them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "doku_parse.h"
#include "search/search_internal.h"
#include "testutil.h"

static int sanitized(void)
{
    return getenv("DOKU_SANITIZED") != NULL;
}

/* The `#!` line: n=N, variants=x,hyper, fields=er|regions. */
typedef struct fixture_shape {
    int n;
    unsigned variants;
    int regions_field;     /* 4th field is the region map */
    int er_field;          /* 4th field is the published SE rating */
} fixture_shape;

static void parse_header(const char *line, fixture_shape *fs)
{
    memset(fs, 0, sizeof *fs);
    const char *p = strstr(line, "n=");
    assert_non_null(p);
    fs->n = atoi(p + 2);
    if ((p = strstr(line, "variants=")) != NULL) {
        for (p += 9; *p && *p != ' ';) {
            size_t len = strcspn(p, ", ");
            if (len == 1 && p[0] == 'x')
                fs->variants |= DOKU_VARIANT_X;
            else if (len == 5 && strncmp(p, "hyper", 5) == 0)
                fs->variants |= DOKU_VARIANT_HYPER;
            else
                fail_msg("unknown variant in %s", line);
            p += len + (p[len] == ',');
        }
    }
    fs->regions_field = strstr(line, "fields=regions") != NULL;
    fs->er_field = strstr(line, "fields=er") != NULL;
}

/* One line split into its fields (in place). */
typedef struct fixture_line {
    char *puzzle, *count, *solution, *extra;
} fixture_line;

static void split_line(char *line, fixture_line *fl)
{
    char *f[4] = {line, NULL, NULL, NULL};
    for (int k = 1; k < 4; k++) {
        char *c = f[k - 1] ? strchr(f[k - 1], ':') : NULL;
        if (c) {
            *c = '\0';
            f[k] = c + 1;
        }
    }
    assert_non_null(f[1]);
    assert_non_null(f[2]);
    fl->puzzle = f[0];
    fl->count = f[1];
    fl->solution = f[2];
    fl->extra = f[3];
}

/* Creates the shape of one line (jigsaw: from its region field). */
static doku_shape *line_shape(const fixture_shape *fs, const fixture_line *fl)
{
    doku_shape_spec spec = {0};
    uint8_t regions[DOKU_MAX_CELLS];
    spec.n = fs->n;
    spec.variants = fs->variants;
    if (fs->regions_field) {
        const char *map = fl->extra;
        assert_non_null(map);
        if (map[0] == 'k') {
            spec.keep_boxes = 1;
            map++;
        }
        assert_int_equal((int)strlen(map), fs->n * fs->n);
        for (int i = 0; i < fs->n * fs->n; i++)
            regions[i] = (uint8_t)(map[i] - '1');
        spec.regions = regions;
    }
    doku_shape *s = NULL;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    return s;
}

/* Searches with limit and checks the outcome against the recorded count. */
static void check_count(doku_solver *sv, const doku_shape *s, const uint8_t *givens,
                        unsigned flags, uint64_t count, int at_least,
                        const uint8_t *expect)
{
    int nc = doku_shape_cells(s);
    uint8_t sol[DOKU_MAX_CELLS];
    doku_search_opts o = {0};
    doku_search_result r;
    o.flags = flags;
    o.limit = at_least ? count : count + 1;
    assert_int_equal(doku_search(sv, givens, (size_t)nc, &o, sol, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, count);
    if (count >= 1)
        assert_true(doku_verify_solution(s, givens, sol, (size_t)doku_shape_cells(s)));
    if (count == 1 && !at_least)
        assert_memory_equal(sol, expect, (size_t)nc);
}

/* Runs the logic engine; the path must end in the recorded solution.
 * Without nested (the variant files, which check the path, not a
 * rating), SE's nested forcing chains are left out: the hardest of those
 * puzzles take a minute there, the trial step a millisecond. */
static double rate(const doku_shape *s, const uint8_t *givens, const uint8_t *expect, int nested)
{
    doku_logic *lg;
    doku_logic_opts o = {0};
    assert_int_equal(doku_parse_techniques("all", &o.techniques, NULL), DOKU_OK);
    if (!nested)
        o.techniques &= ~((uint64_t)1 << DOKU_TECH_NESTED_FORCING);
    assert_int_equal(doku_logic_create(s, &o, &lg), DOKU_OK);
    assert_int_equal(doku_logic_load(lg, givens, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_rating rt;
    assert_int_equal(doku_logic_run(lg, NULL, NULL, &rt, NULL, 0), DOKU_OK);
    assert_true(rt.solved);
    assert_memory_equal(doku_logic_cells(lg), expect, (size_t)doku_shape_cells(s));
    doku_logic_free(lg);
    return rt.er;
}

/* The fast-path builds (ISA tiers) to try; the ones this CPU cannot run
 * are reported SKIPPED by name, once. */
static const doku_isa tiers[] = {DOKU_ISA_PORTABLE, DOKU_ISA_SSE42, DOKU_ISA_AVX2,
                                 DOKU_ISA_AVX512};
#define NTIERS (sizeof tiers / sizeof tiers[0])

static void report_tiers(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    for (size_t t = 0; t < NTIERS; t++)
        if (!doku_isa_supported(tiers[t]))
            print_message("[  SKIPPED ] fast-path build %s: not runnable on this CPU\n",
                          doku_isa_name(tiers[t]));
}

typedef struct file_stats {
    size_t puzzles, rated, er_exact, er_within;
} file_stats;

static void check_file(const char *name, file_stats *st)
{
    char path[512];
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, name), NULL);
    assert_non_null(text);
    char **lines;
    size_t nl = tu_lines(text, &lines, 0);
    fixture_shape fs = {0};
    report_tiers();
    memset(st, 0, sizeof *st);

    for (size_t i = 0; i < nl; i++) {
        if (strncmp(lines[i], "#!", 2) == 0) {
            parse_header(lines[i], &fs);
            continue;
        }
        if (lines[i][0] == '#' || lines[i][0] == '\0')
            continue;
        assert_true(fs.n > 0);
        fixture_line fl;
        split_line(lines[i], &fl);
        int nc = fs.n * fs.n;
        uint8_t givens[DOKU_MAX_CELLS], expect[DOKU_MAX_CELLS];
        assert_int_equal((int)strlen(fl.puzzle), nc);
        assert_int_equal(tu_cells_from_text(fl.puzzle, nc, givens), 0);
        char *end;
        uint64_t count = strtoull(fl.count, &end, 10);
        int at_least = *end == '+';
        if (count == 1 && !at_least)
            assert_int_equal(tu_cells_from_text(fl.solution, nc, expect), 0);
        doku_shape *s = line_shape(&fs, &fl);
        doku_solver *sv;
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        check_count(sv, s, givens, 0, count, at_least, expect);
        check_count(sv, s, givens, DOKU_SEARCH_GENERIC, count, at_least, expect);
        /* Each build on every puzzle; under a sanitizer (10x slower) on
         * every fourth. The 9x9 and <= 16x16 fast paths only: other
         * shapes have no builds to choose. */
        for (size_t t = 0; t < NTIERS && (sv->classic9 || sv->board16) &&
                           (!sanitized() || st->puzzles % 4 == 0); t++) {
            if (!doku_isa_supported(tiers[t]))
                continue;
            assert_int_equal(doku_solver_set_isa(sv, tiers[t]), DOKU_OK);
            /* board16 also in its portable build, which doku_search does
             * not choose by itself (slower than the generic engine). */
            if (sv->board16)
                sv->board16_on = 1;
            check_count(sv, s, givens, 0, count, at_least, expect);
        }
        /* Logic: every rated line (every third under a sanitizer), and the
         * first four of a 9x9 variant file (the generated minimal variant
         * puzzles need forcing nets: seconds each). */
        int logic = fs.er_field ? !sanitized() || st->puzzles % 3 == 0
                                : (fs.variants || fs.regions_field) && st->puzzles < 4;
        if (count == 1 && !at_least && fs.n == 9 && logic) {
            double er = rate(s, givens, expect, fs.er_field);
            if (fs.er_field) {
                assert_non_null(fl.extra);
                double ref = atof(fl.extra);
                int diff = (int)((er - ref) * 10 + (er >= ref ? 0.5 : -0.5));
                st->rated++;
                st->er_exact += diff == 0;
                st->er_within += diff >= -5 && diff <= 5;
            }
        }
        doku_solver_free(sv);
        doku_shape_free(s);
        st->puzzles++;
    }
    assert_true(st->puzzles >= 3);
    free(lines);
    free(text);
}

#define FIXTURE_TEST(fn, file)            \
    static void fn(void **state)          \
    {                                     \
        (void)state;                      \
        file_stats st;                    \
        check_file(file, &st);            \
    }

FIXTURE_TEST(test_classic9_17clue, "puzzles/classic9_17clue.txt")
FIXTURE_TEST(test_classic9_top1465, "puzzles/classic9_top1465.txt")
FIXTURE_TEST(test_classic9_hardest, "puzzles/classic9_hardest.txt")
FIXTURE_TEST(test_classic9_hardest_1905, "puzzles/classic9_hardest_1905.txt")
FIXTURE_TEST(test_classic9_multi, "puzzles/classic9_multi.txt")
FIXTURE_TEST(test_classic9_tdoku, "puzzles/classic9_tdoku.txt")
FIXTURE_TEST(test_4x4, "puzzles/4x4.txt")
FIXTURE_TEST(test_6x6, "puzzles/6x6.txt")
FIXTURE_TEST(test_12x12, "puzzles/12x12.txt")
FIXTURE_TEST(test_16x16, "puzzles/16x16.txt")
FIXTURE_TEST(test_25x25, "puzzles/25x25.txt")
FIXTURE_TEST(test_x9, "puzzles/x9.txt")
FIXTURE_TEST(test_hyper9, "puzzles/hyper9.txt")
FIXTURE_TEST(test_xhyper9, "puzzles/xhyper9.txt")
FIXTURE_TEST(test_x16, "puzzles/x16.txt")
FIXTURE_TEST(test_hyper16, "puzzles/hyper16.txt")
FIXTURE_TEST(test_jigsaw9, "puzzles/jigsaw9.txt")

/* The SE-rated lines: the logic engine's ER against the published one, on
 * the same thresholds as the full-data test in test_logic. */
static void test_classic9_rated(void **state)
{
    (void)state;
    file_stats st;
    check_file("puzzles/classic9_rated.txt", &st);
    print_message("rated: %zu, ER exact %zu, within 0.5 %zu\n", st.rated, st.er_exact,
                  st.er_within);
    assert_true(st.rated >= 30);
    assert_true(st.er_exact * 100 >= st.rated * 85);
    assert_true(st.er_within * 100 >= st.rated * 93);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic9_17clue),  cmocka_unit_test(test_classic9_top1465),
        cmocka_unit_test(test_classic9_hardest), cmocka_unit_test(test_classic9_hardest_1905),
        cmocka_unit_test(test_classic9_multi),   cmocka_unit_test(test_classic9_tdoku),
        cmocka_unit_test(test_classic9_rated),   cmocka_unit_test(test_4x4),
        cmocka_unit_test(test_6x6),              cmocka_unit_test(test_12x12),
        cmocka_unit_test(test_16x16),            cmocka_unit_test(test_25x25),
        cmocka_unit_test(test_x9),               cmocka_unit_test(test_hyper9),
        cmocka_unit_test(test_xhyper9),          cmocka_unit_test(test_x16),
        cmocka_unit_test(test_hyper16),          cmocka_unit_test(test_jigsaw9),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
