/*
 * test_format_search.c — the search records (doku_format_search,
 * doku_format_solution) on the paths the line-format cases of
 * test_io_records leave: a solve record that lists its solutions (each
 * streamed first, then the rest and the end) in the grid, hexadoku, JSON,
 * CSV and line formats, with the listing cut at its output limit and a
 * listing that found nothing; the ANSI colour grid (givens bold, solved
 * digits cyan, conflicting cells red); count and check records drawn as
 * grids; the conflicts of an invalid puzzle in JSON; and the records
 * refused. On a 4x4 whose two solutions are known.
 *
 * Black-box: only the public header.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "doku_records.h"
#include "testutil.h"

/* 1..4 / .... / .... / ...1 has exactly these two solutions */
static const uint8_t PUZ[16] = {1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
static const uint8_t TWO[32] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1,
                                1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2};
static const doku_search_result FOUND2 = {2, 17, 3};
static const doku_search_result GAVE_UP = {0, 100, 50}; /* with DOKU_GAVE_UP */

#define GRID_PUZ "+-----+-----+\n| 1 . | . 4 |\n| . . | . . |\n+-----+-----+\n" \
                 "| . . | . . |\n| . . | . 1 |\n+-----+-----+\n"

typedef struct fixture {
    doku_shape *s;
    doku_source src;
    doku_buf b;
} fixture;

static int setup(void **state)
{
    static fixture f;
    memset(&f, 0, sizeof f);
    if (doku_shape_create_simple(4, 0, &f.s) != DOKU_OK)
        return -1;
    doku_source src = {"in.txt", 7, 0, f.s, PUZ, NULL, DOKU_SYMBOLS_AUTO};
    f.src = src;
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    doku_buf_free(&f->b);
    doku_shape_free(f->s);
    return 0;
}

static doku_record_opts opts(doku_format format, int stats)
{
    doku_record_opts o;
    memset(&o, 0, sizeof o);
    o.format = format;
    o.stats = stats;
    return o;
}

/* The record r written into f's buffer (reset first), which must
 * succeed. @return the text, owned by f. */
static const char *formatted(fixture *f, const doku_source *src, const doku_record_opts *o,
                             const doku_search_record *r)
{
    doku_buf_reset(&f->b);
    assert_int_equal(doku_format_search(&f->b, src, o, r), DOKU_OK);
    return f->b.data;
}

/* A listing of both solutions, streamed one by one by
 * doku_format_solution (or, streamed 0, both in the record), its end
 * last: the same text either way. */
static const char *listing_as(fixture *f, const doku_record_opts *o, size_t cut_mib, int streamed)
{
    doku_buf_reset(&f->b);
    for (int i = 0; i < 2 && streamed; i++)
        assert_int_equal(doku_format_solution(&f->b, &f->src, o, (size_t)i, TWO + 16 * i), DOKU_OK);
    doku_search_record r;
    memset(&r, 0, sizeof r);
    r.command = DOKU_CMD_SOLVE;
    r.result = &FOUND2;
    r.limit = 10;
    r.list = 1;
    r.solutions = streamed ? NULL : TWO;
    r.nsolutions = 2;
    char cut[64];
    snprintf(cut, sizeof cut, "stopped at %zu MiB of output", cut_mib);
    r.cut = cut_mib ? cut : NULL;
    r.time_ms = 1.25;
    assert_int_equal(doku_format_search(&f->b, &f->src, o, &r), DOKU_OK);
    return f->b.data;
}

static const char *listing(fixture *f, const doku_record_opts *o, size_t cut_mib)
{
    static char both[2048];
    snprintf(both, sizeof both, "%s", listing_as(f, o, cut_mib, 0));
    const char *streamed = listing_as(f, o, cut_mib, 1);
    assert_string_equal(streamed, both);
    return streamed;
}

static void test_listing_every_format(void **state)
{
    fixture *f = *state;
    doku_record_opts o = opts(DOKU_FORMAT_GRID, 0);
    assert_string_equal(listing(f, &o, 0),
                        "in.txt:7: solutions (4x4, 2x2 boxes)\n"
                        "solution 1:\n"
                        "+-----+-----+\n| 1 2 | 3 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n"
                        "| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n+-----+-----+\n"
                        "solution 2:\n"
                        "+-----+-----+\n| 1 2 | 3 4 |\n| 4 3 | 2 1 |\n+-----+-----+\n"
                        "| 2 1 | 4 3 |\n| 3 4 | 1 2 |\n+-----+-----+\n"
                        "2 solutions\n\n");
    /* cut at the output limit, with statistics */
    o.stats = 1;
    const char *t = listing(f, &o, 3);
    assert_non_null(strstr(t, "+-----+-----+\nseveral solutions (at least 2; stopped at 3 MiB of "
                              "output)\nnodes 17, guesses 3, 1.250 ms\n\n"));

    /* hexadoku: the notes are comments, the grids read back in order */
    o = opts(DOKU_FORMAT_HEX, 0);
    t = listing(f, &o, 0);
    assert_true(!strncmp(t, "# in.txt:7: solutions (4x4, 2x2 boxes)\n# solution 1:\n1234\n", 58));
    assert_non_null(strstr(t, "# solution 2:\n"));
    assert_non_null(strstr(t, "# 2 solutions\n\n"));
    doku_reader_opts ro = {4, DOKU_SYMBOLS_AUTO};
    doku_reader *r = tu_reader_from_text(&ro, t);
    doku_record rec;
    for (int k = 0; k < 2; k++) {
        assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
        assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
        assert_memory_equal(rec.cells, TWO + 16 * k, 16);
    }
    assert_int_equal(doku_reader_next(r, &rec), DOKU_DONE);
    doku_reader_free(r);

    o = opts(DOKU_FORMAT_JSON, 1);
    assert_string_equal(listing(f, &o, 3),
                        "{\"file\":\"in.txt\",\"line\":7,\"n\":4,\"shape\":\"4x4, 2x2 boxes\","
                        "\"puzzle\":\"1..4...........1\",\"solutions\":["
                        "[[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,1]],"
                        "[[1,2,3,4],[4,3,2,1],[2,1,4,3],[3,4,1,2]]],"
                        "\"status\":\"multiple\",\"solutions_found\":2,\"capped\":true,"
                        "\"message\":\"stopped at 3 MiB of output\","
                        "\"stats\":{\"nodes\":17,\"guesses\":3,\"time_ms\":1.250}}\n");
    o = opts(DOKU_FORMAT_CSV, 1);
    assert_string_equal(listing(f, &o, 3),
                        "in.txt,7,solution,1,1234341221434321,,,,\n"
                        "in.txt,7,solution,2,1234432121433412,,,,\n"
                        "in.txt,7,multiple,>=2,,17,3,1.250,"
                        "several solutions (at least 2; stopped at 3 MiB of output)\n");
    o = opts(DOKU_FORMAT_CSV, 0);
    assert_string_equal(listing(f, &o, 0), "in.txt,7,solution,1,1234341221434321,\n"
                                           "in.txt,7,solution,2,1234432121433412,\n"
                                           "in.txt,7,multiple,2,,\n");
    o = opts(DOKU_FORMAT_LINE, 1);
    assert_string_equal(listing(f, &o, 0), "1234341221434321\n1234432121433412\n"
                                           "# in.txt:7: 2 solutions\n"
                                           "# nodes 17, guesses 3, 1.250 ms\n");
}

/* A listing that gave up before any solution (no timeout to name): the
 * puzzle instead of solutions, and the reason. */
static void test_listing_nothing_found(void **state)
{
    fixture *f = *state;
    doku_search_record r;
    memset(&r, 0, sizeof r);
    r.command = DOKU_CMD_SOLVE;
    r.result = &GAVE_UP;
    r.status = DOKU_GAVE_UP;
    r.limit = 2;
    r.list = 1;
    r.reason = "budget";
    static const struct {
        doku_format format;
        const char *text;
    } cases[] = {
        {DOKU_FORMAT_GRID, "in.txt:7: gave up (0 solutions found) (4x4, 2x2 boxes)\n" GRID_PUZ
                           "  budget\nnodes 100, guesses 50, 0.000 ms\n\n"},
        {DOKU_FORMAT_JSON, "{\"file\":\"in.txt\",\"line\":7,\"n\":4,\"shape\":\"4x4, 2x2 boxes\","
                           "\"puzzle\":\"1..4...........1\",\"solutions\":[],\"status\":\"gave_up\","
                           "\"solutions_found\":0,\"capped\":true,\"reason\":\"budget\","
                           "\"stats\":{\"nodes\":100,\"guesses\":50,\"time_ms\":0.000}}\n"},
        {DOKU_FORMAT_CSV, "in.txt,7,gave_up,>=0,,100,50,0.000,budget\n"},
        {DOKU_FORMAT_LINE, "# in.txt:7: gave up (0 solutions found): budget\n"
                           "# nodes 100, guesses 50, 0.000 ms\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_record_opts o = opts(cases[i].format, 1);
        assert_string_equal(formatted(f, &f->src, &o, &r), cases[i].text);
    }
}

/* A solve that gave up after its first solution (limit 2): one
 * solution, in the singular, and the budget it ran out of. */
static void test_gave_up_after_one(void **state)
{
    fixture *f = *state;
    static const doku_search_result one = {1, 100, 50};
    doku_search_record r;
    memset(&r, 0, sizeof r);
    r.command = DOKU_CMD_SOLVE;
    r.result = &one;
    r.status = DOKU_GAVE_UP;
    r.limit = 2;
    doku_record_opts o = opts(DOKU_FORMAT_LINE, 1);
    o.timeout = 0.5;
    const char *text = formatted(f, &f->src, &o, &r);
    assert_non_null(strstr(text, "in.txt:7: gave up after 0.5 s (1 solution found)"));
    o.timeout = 0;
    assert_non_null(strstr(formatted(f, &f->src, &o, &r), "in.txt:7: gave up (1 solution found)"));
}

#define B(d) "\033[1m" d "\033[0m"   /* a given */
#define C(d) "\033[36m" d "\033[0m"  /* a solved digit */
#define R(d) "\033[1;31m" d "\033[0m" /* a conflicting cell */

/* DOKU_STYLE_COLOR: the unique solution with its givens bold and the
 * digits found cyan; an invalid puzzle with the cells its reason names
 * in red. */
static void test_colour_grids(void **state)
{
    fixture *f = *state;
    static const doku_search_result one = {1, 9, 0};
    doku_search_record r;
    memset(&r, 0, sizeof r);
    r.command = DOKU_CMD_SOLVE;
    r.result = &one;
    r.limit = 2;
    r.solutions = TWO;
    r.nsolutions = 1;
    doku_record_opts o = opts(DOKU_FORMAT_GRID, 0);
    o.style = DOKU_STYLE_COLOR;
    assert_string_equal(formatted(f, &f->src, &o, &r),
                        "in.txt:7: unique solution (4x4, 2x2 boxes)\n"
                        "+-----+-----+\n"
                        "| " B("1") " " C("2") " | " C("3") " " B("4") " |\n"
                        "| " C("3") " " C("4") " | " C("1") " " C("2") " |\n"
                        "+-----+-----+\n"
                        "| " C("2") " " C("1") " | " C("4") " " C("3") " |\n"
                        "| " C("4") " " C("3") " | " C("2") " " B("1") " |\n"
                        "+-----+-----+\n\n");

    uint8_t bad[16];
    memcpy(bad, PUZ, 16);
    bad[1] = 1;
    const uint8_t marks[16] = {1, 1};
    doku_source src = f->src;
    src.cells = bad;
    memset(&r, 0, sizeof r);
    r.command = DOKU_CMD_CHECK;
    r.verdict = DOKU_CHECK_CONFLICT;
    r.reason = "r1c1 and r1c2 both hold 1";
    r.marks = marks;
    assert_string_equal(formatted(f, &src, &o, &r),
                        "in.txt:7: invalid: r1c1 and r1c2 both hold 1 (4x4, 2x2 boxes)\n"
                        "+-----+-----+\n"
                        "| " R("1") " " R("1") " | . " B("4") " |\n"
                        "| . . | . . |\n"
                        "+-----+-----+\n"
                        "| . . | . . |\n"
                        "| . . | . " B("1") " |\n"
                        "+-----+-----+\n\n");
    /* the same in JSON lists every conflict */
    o = opts(DOKU_FORMAT_JSON, 0);
    assert_string_equal(formatted(f, &src, &o, &r),
                        "{\"file\":\"in.txt\",\"line\":7,\"n\":4,\"shape\":\"4x4, 2x2 boxes\","
                        "\"puzzle\":\"11.4...........1\",\"status\":\"invalid\","
                        "\"conflicts\":[{\"cells\":[\"r1c1\",\"r1c2\"],\"digit\":\"1\","
                        "\"unit\":\"row 1\"}],"
                        "\"message\":\"r1c1 and r1c2 both hold 1\"}\n");
}

/* count and check drawn as grids: the verdict in the header, the puzzle */
static void test_count_and_check_grids(void **state)
{
    fixture *f = *state;
    static const doku_search_result capped = {1000, 5, 5};
    static const struct {
        doku_command command;
        const doku_search_result *result;
        doku_check_verdict verdict;
        const char *reason;
        int stats;
        const char *head, *tail;
    } cases[] = {
        {DOKU_CMD_COUNT, &capped, 0, NULL, 0, ">=1000 solutions", "\n"},
        {DOKU_CMD_COUNT, &GAVE_UP, 0, NULL, 1, ">=0 solutions (gave up)",
         "nodes 100, guesses 50, 0.000 ms\n\n"},
        {DOKU_CMD_COUNT, &FOUND2, 0, NULL, 0, "2 solutions", "\n"},
        {DOKU_CMD_CHECK, NULL, DOKU_CHECK_MULTIPLE, "2 found", 0, "several solutions: 2 found", "\n"},
        {DOKU_CMD_CHECK, NULL, DOKU_CHECK_GAVE_UP, NULL, 0, "gave up", "\n"},
        /* a verdict outside the enum is written as invalid */
        {DOKU_CMD_CHECK, NULL, (doku_check_verdict)77, NULL, 0, "invalid", "\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_search_record r;
        memset(&r, 0, sizeof r);
        r.command = cases[i].command;
        r.result = cases[i].result;
        r.status = cases[i].result == &GAVE_UP ? DOKU_GAVE_UP : DOKU_OK;
        r.limit = 1000;
        r.verdict = cases[i].verdict;
        r.reason = cases[i].reason;
        doku_record_opts o = opts(DOKU_FORMAT_GRID, cases[i].stats);
        char want[512];
        snprintf(want, sizeof want, "in.txt:7: %s (4x4, 2x2 boxes)\n" GRID_PUZ "%s", cases[i].head,
                 cases[i].tail);
        assert_string_equal(formatted(f, &f->src, &o, &r), want);
    }
}

static void test_records_refused(void **state)
{
    fixture *f = *state;
    doku_record_opts o = opts(DOKU_FORMAT_LINE, 0);
    doku_search_record r;
    memset(&r, 0, sizeof r);
    r.result = &FOUND2;
    r.command = (doku_command)99;
    doku_buf_reset(&f->b);
    assert_int_equal(doku_format_search(&f->b, &f->src, &o, &r), DOKU_ERR_ARG);
    r.command = DOKU_CMD_SOLVE;
    r.nsolutions = 1; /* and no grids */
    assert_int_equal(doku_format_search(&f->b, &f->src, &o, &r), DOKU_ERR_ARG);
    r.command = DOKU_CMD_COUNT;
    r.result = NULL;
    assert_int_equal(doku_format_search(&f->b, &f->src, &o, &r), DOKU_ERR_ARG);
    assert_int_equal(f->b.len, 0);
    assert_int_equal(doku_format_solution(&f->b, &f->src, &o, 0, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_solution(NULL, &f->src, &o, 0, TWO), DOKU_ERR_ARG);
    doku_source none = f->src;
    none.cells = NULL;
    assert_int_equal(doku_format_solution(&f->b, &none, &o, 0, TWO), DOKU_ERR_ARG);
    assert_int_equal(f->b.len, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_listing_every_format, setup, teardown),
        cmocka_unit_test_setup_teardown(test_listing_nothing_found, setup, teardown),
        cmocka_unit_test_setup_teardown(test_gave_up_after_one, setup, teardown),
        cmocka_unit_test_setup_teardown(test_colour_grids, setup, teardown),
        cmocka_unit_test_setup_teardown(test_count_and_check_grids, setup, teardown),
        cmocka_unit_test_setup_teardown(test_records_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
