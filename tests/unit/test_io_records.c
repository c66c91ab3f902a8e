/*
 * test_io_records.c — the record writers of the generator and the logic
 * engine (doku_format_generate, _reduce, _logic) in every format, on a
 * 4x4 whose answers are known: the fields each format carries, the
 * vocabulary of statuses and verdicts, the CSV columns against their
 * header, and that every grid-layout record reads back to the puzzle
 * (and solution) it was written from. The CLI's golden tests see these
 * writers through the commands; here each is pinned at the library.
 *
 * Black-box: only the public header.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "doku_parse.h"
#include "doku_records.h"
#include "testutil.h"

/* 4x4, 2x2 boxes: a puzzle with one solution, six givens in rot180. */
static const uint8_t PUZ[16] = {1, 0, 0, 4, 0, 4, 0, 0, 0, 0, 4, 0, 4, 0, 0, 1};
static const uint8_t SOL[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};

static doku_record_opts opts(doku_format f)
{
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = f;
    return ro;
}

/* Feeds text to a 4x4 reader; @return the number of puzzles read into
 * out (up to max), asserting no error record. */
static int read_back(const char *text, uint8_t out[][16], int max)
{
    doku_reader_opts o = {4, DOKU_SYMBOLS_AUTO};
    doku_reader *r = tu_reader_from_text(&o, text);
    doku_record rec;
    int k = 0;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        if (rec.kind != DOKU_RECORD_PUZZLE)
            fail_msg("line %zu: %s in\n%s", rec.line, rec.message, text);
        assert_true(k < max);
        assert_int_equal(rec.n, 4);
        memcpy(out[k++], rec.cells, 16);
    }
    doku_reader_free(r);
    return k;
}

/* The number of comma-separated fields of a CSV line without quotes. */
static int csv_fields(const char *line)
{
    int k = 1;
    for (const char *p = line; *p && *p != '\n'; p++)
        k += *p == ',';
    return k;
}

static void test_generate_records(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    doku_generate_result gr;
    memset(&gr, 0, sizeof gr);
    gr.found = 1;
    gr.givens = 6;
    gr.qqwing_level = DOKU_QQWING_EASY;
    gr.symmetry = DOKU_SYM_ROT180;
    gr.minimal = 1;
    /* index is 0-based; records number puzzles from 1 */
    doku_generate_record rec = {2, 12345, PUZ, SOL, &gr, 0, 1, 42, DOKU_DIFFICULTY_HARD};
    doku_buf b = {0};
    doku_record_opts ro = opts(DOKU_FORMAT_JSON);
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "{\"index\":3,\"seed\":\"12345\",\"master_seed\":\"42\",\"n\":4,"
                                "\"puzzle\":\"1..4.4....4.4..1\",\"solution\":\"1234341221434321\","
                                "\"givens\":6,\"symmetry\":\"rot180\",\"minimal\":true,"
                                "\"difficulty\":\"hard\",\"qqwing_level\":\"easy\"}\n");
    /* a full grid has no symmetry, level or minimality to report */
    doku_buf_reset(&b);
    rec.full = 1;
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
    assert_null(strstr(b.data, "symmetry"));
    assert_null(strstr(b.data, "level"));
    assert_null(strstr(b.data, "difficulty"));
    assert_non_null(strstr(b.data, "\"givens\":6}"));
    rec.full = 0;

    /* CSV: the row has as many fields as its header */
    doku_buf_reset(&b);
    ro = opts(DOKU_FORMAT_CSV);
    assert_int_equal(doku_format_csv_header(&b, DOKU_CMD_GENERATE, &ro, 1), DOKU_OK);
    assert_string_equal(b.data, "index,puzzle,solution,givens,symmetry,difficulty,qqwing_level,minimal,seed,"
                                "master_seed\n");
    int head = csv_fields(b.data);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "3,1..4.4....4.4..1,1234341221434321,6,rot180,hard,easy,yes,12345,42\n");
    assert_int_equal(csv_fields(b.data), head);

    /* line: the puzzle, then its solution when asked for */
    doku_buf_reset(&b);
    ro = opts(DOKU_FORMAT_LINE);
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "1..4.4....4.4..1 1234341221434321\n");
    doku_buf_reset(&b);
    rec.with_solution = 0;
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "1..4.4....4.4..1\n");
    rec.with_solution = 1;

    /* every grid layout: a '#' header naming what was made, and text
     * that reads back as the puzzle, then the solution */
    static const doku_format grids[] = {DOKU_FORMAT_GRID, DOKU_FORMAT_TOKENS, DOKU_FORMAT_HEX,
                                        DOKU_FORMAT_LEWIS};
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
        doku_buf_reset(&b);
        ro = opts(grids[i]);
        assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_OK);
        assert_non_null(strstr(b.data, "# puzzle 3: 6 givens, symmetry rot180, hard, qqwing level "
                                       "easy, minimal\n"));
        uint8_t got[3][16];
        assert_int_equal(read_back(b.data, got, 3), 2);
        assert_memory_equal(got[0], PUZ, 16);
        assert_memory_equal(got[1], SOL, 16);
    }
    /* the symbols asked for are the line's alphabet */
    doku_buf_reset(&b);
    ro = opts(DOKU_FORMAT_LINE);
    rec.with_solution = 0;
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_A_Z, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "A..D.D....D.D..A\n");

    assert_int_equal(doku_format_generate(NULL, s, DOKU_SYMBOLS_AUTO, &ro, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_format_generate(&b, s, DOKU_SYMBOLS_AUTO, &ro, NULL), DOKU_ERR_ARG);
    doku_buf_free(&b);
    doku_shape_free(s);
}

static void test_reduce_records(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    doku_reduce_result rr;
    memset(&rr, 0, sizeof rr);
    rr.givens = 6;
    rr.minimal = 1;
    rr.symmetry = DOKU_SYM_NONE;
    doku_source src = {"in.txt", 7, 0, s, SOL, "# c", DOKU_SYMBOLS_AUTO};
    doku_reduce_record rec = {"reduced", NULL, PUZ, 16, &rr};
    doku_buf b = {0};
    doku_record_opts ro = opts(DOKU_FORMAT_JSON);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "{\"file\":\"in.txt\",\"line\":7,\"n\":4,\"shape\":\"4x4, 2x2 boxes\","
                                "\"puzzle\":\"1234341221434321\",\"comment\":\"# c\","
                                "\"status\":\"reduced\",\"reduced\":\"1..4.4....4.4..1\","
                                "\"givens\":6,\"symmetry\":\"none\",\"minimal\":true}\n");
    /* reduced, but not down to the target: the puzzle and why */
    rec.status = "above_target";
    rec.message = "target 4 not reached";
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"above_target\",\"reduced\":\"1..4.4....4.4..1\""));
    assert_non_null(strstr(b.data, "\"error\":\"target 4 not reached\"}\n"));

    /* CSV, reduced and failed alike, has the header's columns */
    ro = opts(DOKU_FORMAT_CSV);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_csv_header(&b, DOKU_CMD_REDUCE, &ro, 0), DOKU_OK);
    assert_string_equal(b.data, "file,line,status,reduced,givens,symmetry,minimal,message\n");
    int head = csv_fields(b.data);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "in.txt,7,above_target,1..4.4....4.4..1,6,none,yes,"
                                "target 4 not reached\n");
    assert_int_equal(csv_fields(b.data), head);
    doku_reduce_record bad = {"not_unique", "2 solutions", NULL, 6, NULL};
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &bad), DOKU_OK);
    assert_string_equal(b.data, "in.txt,7,not_unique,,,,,2 solutions\n");
    assert_int_equal(csv_fields(b.data), head);

    /* JSON failure: the status and the reason, no puzzle */
    ro = opts(DOKU_FORMAT_JSON);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &bad), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"not_unique\",\"error\":\"2 solutions\"}\n"));
    assert_null(strstr(b.data, "\"reduced\""));

    /* line: the reduced puzzle with the input's comment; a failure is a
     * '#' line naming the place */
    ro = opts(DOKU_FORMAT_LINE);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "1..4.4....4.4..1 # c\n");
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &bad), DOKU_OK);
    assert_string_equal(b.data, "# in.txt:7: not_unique: 2 solutions\n");

    /* grid: a header saying how far it got, the grid reads back */
    ro = opts(DOKU_FORMAT_GRID);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "6 givens (from 16), minimal, above the target"));
    uint8_t got[2][16];
    assert_int_equal(read_back(b.data, got, 2), 1);
    assert_memory_equal(got[0], PUZ, 16);

    /* a record without its status or shape is refused */
    rec.status = NULL;
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_ERR_ARG);
    rec.status = "reduced";
    doku_source none = {"in.txt", 7, 0, NULL, NULL, NULL, DOKU_SYMBOLS_AUTO};
    assert_int_equal(doku_format_reduce(&b, &none, &ro, &rec), DOKU_ERR_ARG);
    doku_buf_free(&b);
    doku_shape_free(s);
}

/* The engine's real steps on PUZ, written by every logic record. */
static void test_logic_records(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    assert_int_equal(doku_logic_load(lg, PUZ, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_source src = {"in.txt", 7, 0, s, PUZ, NULL, DOKU_SYMBOLS_AUTO};

    /* hint: the first step, as a sentence and as JSON */
    doku_step st;
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_HINT;
    rec.status = DOKU_OK;
    rec.step = &st;
    rec.logic = lg;
    doku_buf b = {0};
    doku_record_opts ro = opts(DOKU_FORMAT_LINE);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "(1.2) Hidden Single: in box 2, 1 can only go in r2c3\n");
    doku_buf_reset(&b);
    ro = opts(DOKU_FORMAT_JSON);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"step\",\"solved\":false,\"step\":{"
                                   "\"technique\":\"Hidden Single\",\"key\":\"hidden-single\","
                                   "\"rating\":1.2,\"placements\":[{\"cell\":\"r2c3\",\"digit\":1}]"));
    /* no step: each of doku_logic_next's answers has its own words */
    static const struct {
        doku_status next;
        const char *json, *line;
    } none[] = {
        {DOKU_DONE, "stuck", "no step found with the allowed techniques\n"},
        {DOKU_NO_SOLUTION, "broken", "no step: the grid is broken (a cell or a digit has no place left)\n"},
        {DOKU_GAVE_UP, "gave_up", "no step: the budget (--timeout) ran out during the search\n"},
        {DOKU_ERR_NOMEM, "out_of_memory", "no step: out of memory during the search\n"},
    };
    rec.step = NULL;
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        rec.status = none[i].next;
        ro = opts(DOKU_FORMAT_LINE);
        doku_buf_reset(&b);
        assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
        assert_string_equal(b.data, none[i].line);
        ro = opts(DOKU_FORMAT_JSON);
        doku_buf_reset(&b);
        assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
        char want[64];
        snprintf(want, sizeof want, "\"status\":\"%s\"", none[i].json);
        assert_non_null(strstr(b.data, want));
        assert_non_null(strstr(b.data, "\"step\":null}"));
        assert_true((none[i].next == DOKU_GAVE_UP) == (strstr(b.data, "\"timed_out\":true") != NULL));
    }

    /* explain: the steps of the whole solve, numbered, and the rating */
    assert_int_equal(doku_logic_load(lg, PUZ, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_buf steps = {0};
    int k = 0;
    while (doku_logic_next(lg, &st) == DOKU_OK) {
        assert_int_equal(doku_format_step(&steps, s, &st, DOKU_FORMAT_LINE, ++k), DOKU_OK);
        assert_int_equal(doku_logic_apply(lg), DOKU_OK);
    }
    assert_true(doku_logic_solved(lg));
    assert_int_equal(doku_logic_load(lg, PUZ, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_rating rt;
    assert_int_equal(doku_logic_run(lg, NULL, NULL, &rt, NULL, 0), DOKU_OK);
    assert_int_equal((int)rt.steps, k);
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_EXPLAIN;
    rec.rating = &rt;
    rec.steps = steps.data;
    rec.steps_len = steps.len;
    rec.logic = lg;
    ro = opts(DOKU_FORMAT_LINE);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_true(!strncmp(b.data, "1..4.4....4.4..1\n   1. (1.2) Hidden Single: in box 2", 52));
    char tail[96];
    snprintf(tail, sizeof tail, "solved in %d steps: ER %.1f, EP %.1f, ED %.1f (%s)\n", k, rt.er,
             rt.ep, rt.ed, doku_difficulty_name(rt.difficulty));
    assert_non_null(strstr(b.data, tail));

    /* grade: the technique counts add up to the steps, in JSON and CSV */
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_GRADE;
    rec.rating = &rt;
    rec.logic = lg;
    ro = opts(DOKU_FORMAT_JSON);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    char want[160];
    snprintf(want, sizeof want, "\"techniques\":{\"full-house\":%u,\"hidden-single\":%u,\"trial\":%u}",
             doku_logic_technique_count(lg, DOKU_TECH_FULL_HOUSE),
             doku_logic_technique_count(lg, DOKU_TECH_HIDDEN_SINGLE),
             doku_logic_technique_count(lg, DOKU_TECH_TRIAL));
    assert_non_null(strstr(b.data, want));
    assert_int_equal(doku_logic_technique_count(lg, DOKU_TECH_FULL_HOUSE) +
                         doku_logic_technique_count(lg, DOKU_TECH_HIDDEN_SINGLE) +
                         doku_logic_technique_count(lg, DOKU_TECH_TRIAL),
                     k);
    assert_non_null(strstr(b.data, "\"status\":\"solved\",\"solved\":true,\"er\":10.0,"));
    ro = opts(DOKU_FORMAT_CSV);
    ro.history = 1;
    rec.history = "iiTfffffff";
    rec.time_ms = 1.5;
    doku_buf_reset(&b);
    assert_int_equal(doku_format_csv_header(&b, DOKU_CMD_GRADE, &ro, 0), DOKU_OK);
    int head = csv_fields(b.data);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "in.txt,7,1..4.4....4.4..1,solved,yes,10.0,1.2,1.2,extreme,"
                                "Trial and Error,iiTfffffff,1.500,\n");
    assert_int_equal(csv_fields(b.data), head);
    /* a puzzle the engine never ran on: the verdict instead of a rating */
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_GRADE;
    rec.verdict = DOKU_CHECK_MULTIPLE;
    rec.message = "2 solutions";
    ro = opts(DOKU_FORMAT_JSON);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"multiple\",\"message\":\"2 solutions\"}\n"));
    ro = opts(DOKU_FORMAT_CSV);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "in.txt,7,1..4.4....4.4..1,multiple,,,,,,,2 solutions\n");

    /* a grade or explain record needs its rating */
    rec.verdict = DOKU_CHECK_UNIQUE;
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_ERR_ARG);
    doku_buf_free(&steps);
    doku_buf_free(&b);
    doku_logic_free(lg);
    doku_shape_free(s);
}

/* Feeds text (lines) to a reader with no size given; @return 1 with the
 * first record a puzzle of n cells equal to cells, and *meta_out the
 * "key=value;" list of its metadata (cap bytes). */
static int reads_as(const char *text, int n, const uint8_t *cells, char *meta_out, size_t cap)
{
    doku_reader *r = tu_reader_from_text(NULL, text);
    doku_record rec;
    int ok = doku_reader_next(r, &rec) == DOKU_OK && rec.kind == DOKU_RECORD_PUZZLE && rec.n == n &&
             !memcmp(rec.cells, cells, (size_t)n * (size_t)n);
    size_t at = 0;
    const char *k, *v;
    meta_out[0] = '\0';
    for (size_t i = 0; ok && doku_reader_meta(r, i, &k, &v) == DOKU_OK; i++)
        at += (size_t)snprintf(meta_out + at, at < cap ? cap - at : 0, "%s=%s;", k, v);
    doku_reader_free(r);
    return ok;
}

/* Every exchange format writes what it can hold and reads back to the
 * same cells (and the metadata it carries); a shape it cannot hold is
 * DOKU_ERR_SHAPE with nothing written. */
static void test_exchange_round_trips(void **state)
{
    (void)state;
    static const char *const meta[] = {"author", "A. Setter", "name", "Test", "comment", "c1",
                                       "level", "hard", NULL};
    static const char P9[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    uint8_t c9[81];
    for (int i = 0; i < 81; i++)
        c9[i] = (uint8_t)(P9[i] == '.' ? 0 : P9[i] - '0');
    doku_shape *s9;
    assert_int_equal(doku_shape_create_simple(9, 0, &s9), DOKU_OK);
    doku_buf b = {0};
    char got[512];

    assert_int_equal(doku_format_exchange(&b, s9, c9, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_SDK), DOKU_OK);
    assert_true(!strncmp(b.data, "#A A. Setter\n#C c1\n#L hard\n4...3....\n", 36));
    assert_true(reads_as(b.data, 9, c9, got, sizeof got));
    assert_string_equal(got, "author=A. Setter;comment=c1;level=hard;");

    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, s9, c9, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_SUDOKUWIKI), DOKU_OK);
    assert_string_equal(b.data, "https://www.sudokuwiki.org/sudoku.htm?bd="
                                "400030000000600800000000001000050090080000600070200000"
                                "000102700503000040900000000\n");
    assert_true(reads_as(b.data, 9, c9, got, sizeof got));

    static const doku_exchange links[] = {DOKU_EXCHANGE_FPUZZLES, DOKU_EXCHANGE_SUDOKUPAD};
    for (size_t i = 0; i < 2; i++) {
        doku_buf_reset(&b);
        assert_int_equal(doku_format_exchange(&b, s9, c9, (size_t)doku_shape_cells(s9), meta, links[i]), DOKU_OK);
        assert_true(!strncmp(b.data, i ? "https://sudokupad.app/fpuzzles" : "https://www.f-puzzles.com/?load=",
                             i ? 30 : 32));
        assert_true(reads_as(b.data, 9, c9, got, sizeof got));
        assert_string_equal(got, "name=Test;author=A. Setter;");
    }

    /* OpenSudoku: a collection is its head, one line per game, its tail */
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, NULL, NULL, (size_t)doku_shape_cells(NULL), meta, DOKU_EXCHANGE_OPENSUDOKU_HEAD),
                     DOKU_OK);
    assert_int_equal(doku_format_exchange(&b, s9, c9, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_OPENSUDOKU), DOKU_OK);
    assert_int_equal(doku_format_exchange(&b, NULL, NULL, (size_t)doku_shape_cells(NULL), meta, DOKU_EXCHANGE_OPENSUDOKU_TAIL),
                     DOKU_OK);
    assert_non_null(strstr(b.data, "<game data=\"4000300000006008000000000010000500900800006000702"));
    assert_true(reads_as(b.data, 9, c9, got, sizeof got));
    assert_non_null(strstr(got, "name=Test;"));
    assert_non_null(strstr(got, "author=A. Setter;"));
    assert_non_null(strstr(got, "level=hard;"));

    /* a 6x6: SudokuWiki and OpenSudoku are 9x9 only; the rest hold it */
    doku_shape *s6;
    assert_int_equal(doku_shape_create_simple(6, 0, &s6), DOKU_OK);
    uint8_t c6[36] = {1, 0, 0, 0, 0, 0, 0, 2};
    c6[35] = 6;
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, s6, c6, (size_t)doku_shape_cells(s6), meta, DOKU_EXCHANGE_SUDOKUWIKI), DOKU_ERR_SHAPE);
    assert_int_equal(doku_format_exchange(&b, s6, c6, (size_t)doku_shape_cells(s6), meta, DOKU_EXCHANGE_OPENSUDOKU), DOKU_ERR_SHAPE);
    assert_int_equal(b.len, 0);
    assert_int_equal(doku_format_exchange(&b, s6, c6, (size_t)doku_shape_cells(s6), NULL, DOKU_EXCHANGE_FPUZZLES), DOKU_OK);
    assert_true(reads_as(b.data, 6, c6, got, sizeof got));
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, s6, c6, (size_t)doku_shape_cells(s6), NULL, DOKU_EXCHANGE_SDK), DOKU_OK);
    assert_string_equal(b.data, "1.....\n.2....\n......\n......\n......\n.....6\n");
    assert_true(reads_as(b.data, 6, c6, got, sizeof got));
    assert_string_equal(got, "");

    /* a jigsaw: the f-puzzles link carries its regions */
    uint8_t reg[81];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            reg[r * 9 + c] = (uint8_t)((r / 3) * 3 + c / 3);
    reg[0] = 1; /* r1c1 and r1c4 trade regions */
    reg[3] = 0;
    doku_shape_spec sp = {9, 0, 0, 0, reg, 0};
    doku_shape *sj;
    assert_int_equal(doku_shape_create(&sp, &sj), DOKU_OK);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, sj, c9, (size_t)doku_shape_cells(sj), NULL, DOKU_EXCHANGE_FPUZZLES), DOKU_OK);
    assert_true(reads_as(b.data, 9, c9, got, sizeof got));
    assert_string_equal(got, "regions=211122333111222333111222333444555666444555666444555666"
                             "777888999777888999777888999;");
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, sj, c9, (size_t)doku_shape_cells(sj), NULL, DOKU_EXCHANGE_SUDOKUWIKI), DOKU_ERR_SHAPE);

    /* f-puzzles: no hyper windows, no side above 16 */
    doku_shape *sh, *s25;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_HYPER, &sh), DOKU_OK);
    assert_int_equal(doku_shape_create_simple(25, 0, &s25), DOKU_OK);
    uint8_t c25[625] = {0};
    assert_int_equal(doku_format_exchange(&b, sh, c9, (size_t)doku_shape_cells(sh), NULL, DOKU_EXCHANGE_FPUZZLES), DOKU_ERR_SHAPE);
    assert_int_equal(doku_format_exchange(&b, s25, c25, (size_t)doku_shape_cells(s25), NULL, DOKU_EXCHANGE_FPUZZLES), DOKU_ERR_SHAPE);
    assert_int_equal(b.len, 0);
    /* a value above n, an unknown format */
    c6[5] = 7;
    assert_int_equal(doku_format_exchange(&b, s6, c6, (size_t)doku_shape_cells(s6), NULL, DOKU_EXCHANGE_SDK), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, s9, c9, (size_t)doku_shape_cells(s9), NULL, (doku_exchange)99), DOKU_ERR_ARG);
    doku_buf_free(&b);
    doku_shape_free(s25);
    doku_shape_free(sh);
    doku_shape_free(sj);
    doku_shape_free(s6);
    doku_shape_free(s9);
}

/* Search records (solve, count, check) for each outcome: the status word
 * in JSON, the line text, and CSV rows with their header's columns. */
static void test_search_outcomes(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    /* 1..4 / .... / .... / ...1 has exactly these two solutions */
    static const uint8_t puz[16] = {1, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    static const uint8_t two[32] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1,
                                    1, 2, 3, 4, 4, 3, 2, 1, 2, 1, 4, 3, 3, 4, 1, 2};
    doku_source src = {"in.txt", 7, 0, s, puz, NULL, DOKU_SYMBOLS_AUTO};
    static const doku_search_result found2 = {2, 17, 3}, gave_up = {0, 100, 50},
                                    none = {0, 5, 0};
    static const struct {
        doku_command cmd;
        const doku_search_result *res;
        int list;
        uint64_t limit;
        const char *reason;
        const char *json, *line, *csv;
    } cases[] = {
        {DOKU_CMD_SOLVE, &found2, 1, 5, NULL, "\"status\":\"multiple\",\"solutions_found\":2,\"capped\":false",
         "1234341221434321\n1234432121433412\n# in.txt:7: 2 solutions\n",
         "in.txt,7,solution,1,1234341221434321,,,,\nin.txt,7,solution,2,1234432121433412,,,,\n"
         "in.txt,7,multiple,2,,17,3,2.500,\n"},
        {DOKU_CMD_SOLVE, &found2, 0, 2, NULL, "\"status\":\"multiple\",\"solutions_found\":2,\"capped\":true",
         "# in.txt:7: several solutions (at least 2)\n", "in.txt,7,multiple,>=2,,17,3,2.500,\n"},
        {DOKU_CMD_SOLVE, &gave_up, 0, 2, NULL, "\"status\":\"gave_up\",\"solutions_found\":0,\"capped\":true",
         "# in.txt:7: gave up after 0.5 s (0 solutions found)\n", "in.txt,7,gave_up,>=0,,100,50,2.500,\n"},
        {DOKU_CMD_SOLVE, &none, 0, 2, "r1c1 and r1c4 both hold 1",
         "\"status\":\"none\",\"solutions_found\":0,\"capped\":false,\"reason\":\"r1c1 and r1c4 both hold 1\"",
         "# in.txt:7: no solution: r1c1 and r1c4 both hold 1\n",
         "in.txt,7,none,0,,5,0,2.500,r1c1 and r1c4 both hold 1\n"},
        {DOKU_CMD_COUNT, &found2, 0, 1000, NULL, "\"status\":\"counted\",\"count\":2,\"capped\":false,\"limit\":1000",
         "2\n", "in.txt,7,counted,2,17,3,2.500,\n"},
        {DOKU_CMD_COUNT, &gave_up, 0, 1000, NULL, "\"status\":\"gave_up\",\"count\":0,\"capped\":true,\"limit\":1000",
         ">=0 (gave up)\n", "in.txt,7,gave_up,>=0,100,50,2.500,\n"},
    };
    doku_buf b = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = cases[i].cmd;
        rec.result = cases[i].res;
        rec.status = cases[i].res == &gave_up ? DOKU_GAVE_UP : DOKU_OK;
        rec.limit = cases[i].limit;
        rec.list = cases[i].list;
        rec.solutions = two;
        rec.nsolutions = cases[i].res->solutions;
        rec.reason = cases[i].reason;
        rec.time_ms = 2.5;
        doku_record_opts ro = opts(DOKU_FORMAT_JSON);
        ro.stats = 1;
        ro.timeout = 0.5;
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        if (!strstr(b.data, cases[i].json))
            fail_msg("case %zu: %s", i, b.data);
        assert_non_null(strstr(b.data, "\"stats\":{\"nodes\":"));
        ro.format = DOKU_FORMAT_LINE;
        ro.stats = 0;
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        assert_string_equal(b.data, cases[i].line);
        ro.format = DOKU_FORMAT_CSV;
        ro.stats = 1;
        doku_buf_reset(&b);
        assert_int_equal(doku_format_csv_header(&b, rec.command, &ro, 0), DOKU_OK);
        int head = csv_fields(b.data);
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        assert_string_equal(b.data, cases[i].csv);
        for (const char *p = b.data; *p; p = strchr(p, '\n') + 1)
            assert_int_equal(csv_fields(p), head);
    }
    /* check: one word per verdict, in every format */
    static const char *const words[] = {"unique", "none", "multiple", "gave_up", "invalid"};
    static const char *const text[] = {"unique", "no solution", "several solutions", "gave up",
                                       "invalid: r1c1 and r1c4 both hold 1"};
    for (int v = DOKU_CHECK_UNIQUE; v <= DOKU_CHECK_CONFLICT; v++) {
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_CHECK;
        rec.result = &found2;
        rec.verdict = (doku_check_verdict)v;
        rec.reason = v == DOKU_CHECK_CONFLICT ? "r1c1 and r1c4 both hold 1" : NULL;
        doku_record_opts ro = opts(DOKU_FORMAT_JSON);
        char want[128];
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        snprintf(want, sizeof want, "\"status\":\"%s\"", words[v]);
        assert_non_null(strstr(b.data, want));
        ro.format = DOKU_FORMAT_LINE;
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        snprintf(want, sizeof want, "in.txt:7: %s\n", text[v]);
        assert_string_equal(b.data, want);
        ro.format = DOKU_FORMAT_CSV;
        doku_buf_reset(&b);
        assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
        snprintf(want, sizeof want, "in.txt,7,%s,%s\n", words[v], rec.reason ? rec.reason : "");
        assert_string_equal(b.data, want);
    }
    doku_buf_free(&b);
    doku_shape_free(s);
}

/* OpenSudoku read from the XML other programs write: entities and
 * character references decoded in fields and attributes, a folder's
 * name, a game's note, single-quoted attributes, a tag over lines, and an
 * XML comment between the declaration and <opensudoku> (it was an
 * "unexpected character '<'" error before this test). */
static void test_opensudoku_fields(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<!-- a comment -->",
        "<opensudoku>",
        "  <name>Fish &amp; Chips &lt;3&gt; &#233;t&#xE9; &quot;q&quot; &apos;a&apos; &bogus; &#;</name>",
        "  <folder name='Hard &amp; fast'>",
        "  <game note=\"n&#49;\"",
        "        data='400030000000600800000000001000050090080000600070200000000102700503000040900000000'/>",
        "  </folder>",
        "</opensudoku>",
    };
    doku_reader *r = tu_reader_from_lines(NULL, lines, sizeof lines / sizeof lines[0]);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_int_equal(rec.n, 9);
    assert_int_equal(rec.cells[0], 4);
    assert_int_equal(rec.cells[4], 3);
    assert_int_equal(rec.cells[80], 0);
    const char *k, *v;
    int saw_name = 0, saw_note = 0;
    for (size_t i = 0; doku_reader_meta(r, i, &k, &v) == DOKU_OK; i++) {
        if (!strcmp(k, "name")) {
            /* the folder's name replaces the collection's */
            saw_name = !strcmp(v, "Hard & fast") ||
                       !strcmp(v, "Fish & Chips <3> \xC3\xA9t\xC3\xA9 \"q\" 'a' &bogus; &#;");
        }
        if (!strcmp(k, "note"))
            saw_note = !strcmp(v, "n1");
    }
    assert_true(saw_name);
    assert_true(saw_note);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_DONE);
    doku_reader_free(r);

    /* a game without data, and data that is no grid: errors with places */
    static const char *const bad[] = {"<opensudoku>", "<game note=\"x\"/>", "<game data=\"12x\"/>",
                                      "</opensudoku>"};
    r = tu_reader_from_lines(NULL, bad, sizeof bad / sizeof bad[0]);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_ERROR);
    assert_int_equal(rec.line, 2);
    assert_non_null(strstr(rec.message, "without data"));
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_ERROR);
    assert_int_equal(rec.line, 3);
    assert_non_null(strstr(rec.message, "not all digits"));
    assert_int_equal(doku_reader_next(r, &rec), DOKU_DONE);
    doku_reader_free(r);
}

/* doku_parse_pencil names the place and the cell of what it refuses. */
static void test_parse_pencil_errors(void **state)
{
    (void)state;
    uint8_t cells[16];
    uint64_t cands[16];
    char why[128];
    static const struct {
        const char *text;
        const char *why;
    } cases[] = {
        {"12 34 1 2\n3 % 4 1\n", "2:3: unexpected character '%' in r2c2"},
        {"12 34 1 2\n3 5 4 1\n", "2:3: '5' (5) is too large for 4x4 in r2c2"},
        {"1 2 3 4 1 2 3 4 1 2 3 4 1 2 3 4 1", "1:33: more than 16 cells"},
        {"1 2 3 4", "found 4 cells, expected 16"},
        {"1 2 . 4", "1:5: r1c3 has no candidates"},
        {"1 2 3 4\n1 2 3 4\n1 0 3 4", "3:3: r3c2 has no candidates"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(doku_parse_pencil(cases[i].text, 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, why,
                                           sizeof why),
                         DOKU_ERR_PARSE);
        assert_string_equal(why, cases[i].why);
    }
    /* a one-symbol token is a filled cell, a longer one its candidates */
    assert_int_equal(doku_parse_pencil("1 234 234 234 234 234 234 234 234 234 234 234 234 234 234 2",
                                       4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, why, sizeof why),
                     DOKU_OK);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cands[0], 1);
    assert_int_equal(cells[1], 0);
    assert_int_equal(cands[1], 0xE);
    assert_int_equal(cells[15], 2);
    /* no room for the reason: the status alone */
    assert_int_equal(doku_parse_pencil("z", 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, NULL, 0),
                     DOKU_ERR_PARSE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generate_records),
        cmocka_unit_test(test_reduce_records),
        cmocka_unit_test(test_logic_records),
        cmocka_unit_test(test_exchange_round_trips),
        cmocka_unit_test(test_search_outcomes),
        cmocka_unit_test(test_opensudoku_fields),
        cmocka_unit_test(test_parse_pencil_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
