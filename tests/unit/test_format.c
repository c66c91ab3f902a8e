/*
 * test_format.c — the public record writers (doku_format_*): the growable
 * buffer and its escaping, records of every search command in every
 * format, a step with its key and proof, the candidate grid, pencil-mark
 * parsing in each alphabet, and NULL arguments answered with a status.
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
#include "doku_parse.h"
#include "doku_records.h"
#include "testutil.h"

static const char *puzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

static void load(uint8_t *cells)
{
    assert_int_equal(tu_cells_from_text(puzzle, 81, cells), 0);
}

static void test_buf_escaping(void **state)
{
    (void)state;
    doku_buf b = {0};
    assert_int_equal(doku_buf_append_json_string(&b, "a\"b\\c\n\x01\xe9"), DOKU_OK);
    assert_string_equal(b.data, "\"a\\\"b\\\\c\\n\\u0001\\u00e9\"");
    doku_buf_reset(&b);
    assert_int_equal(b.len, 0);
    assert_int_equal(doku_buf_append_csv_field(&b, "x,\"y\""), DOKU_OK);
    assert_string_equal(b.data, "\"x,\"\"y\"\"\"");
    doku_buf_reset(&b);
    assert_int_equal(doku_buf_append_csv_field(&b, "plain"), DOKU_OK);
    assert_string_equal(b.data, "plain");
    assert_int_equal(doku_buf_append(NULL, "x", 1), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append(&b, NULL, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append_json_string(NULL, "x"), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append_csv_field(NULL, "x"), DOKU_ERR_ARG);
    doku_buf_free(&b);
    doku_buf_free(NULL);
    doku_buf_reset(NULL);
}

static void test_search_records(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_solver *sv;
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t cells[81], sol[81];
    load(cells);
    doku_search_opts so = {2, 0, 0, 0};
    doku_search_result res;
    assert_int_equal(doku_search(sv, cells, (size_t)doku_shape_cells(s), &so, sol, NULL, NULL, &res), DOKU_OK);
    assert_int_equal(res.solutions, 1);

    doku_source src = {"p.txt", 3, 0, s, cells, "", DOKU_SYMBOLS_1_9A_Z};
    doku_record_opts ro = {DOKU_FORMAT_JSON, 0, 0, 0, 0};
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_SOLVE;
    rec.result = &res;
    rec.limit = 2;
    rec.solutions = sol;
    rec.nsolutions = 1;
    doku_buf b = {0};
    assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "{\"file\":\"p.txt\",\"line\":3,\"n\":9,"));
    assert_non_null(strstr(b.data, "\"status\":\"unique\",\"solutions_found\":1,\"capped\":false"));
    assert_non_null(strstr(b.data, "\"solution\":[[4,1,7,3,6,9,8,2,5],"));
    assert_int_equal(b.data[b.len - 1], '\n');

    doku_buf_reset(&b);
    ro.format = DOKU_FORMAT_LINE;
    assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
    assert_int_equal(b.len, 82);

    doku_buf_reset(&b);
    ro.format = DOKU_FORMAT_CSV;
    rec.command = DOKU_CMD_COUNT;
    assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "p.txt,3,counted,1,\n");

    doku_buf_reset(&b);
    rec.command = DOKU_CMD_CHECK;
    rec.verdict = DOKU_CHECK_MULTIPLE;
    ro.format = DOKU_FORMAT_LINE;
    assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_OK);
    assert_string_equal(b.data, "p.txt:3: several solutions\n");

    doku_buf_reset(&b);
    doku_source bad = {"p.txt", 4, 7, NULL, NULL, NULL, DOKU_SYMBOLS_AUTO};
    ro.format = DOKU_FORMAT_JSON;
    assert_int_equal(doku_format_invalid(&b, DOKU_CMD_COUNT, &bad, &ro, "too short"), DOKU_OK);
    assert_string_equal(b.data, "{\"file\":\"p.txt\",\"line\":4,\"column\":7,"
                                "\"status\":\"invalid\",\"error\":\"too short\"}\n");

    doku_buf_reset(&b);
    assert_int_equal(doku_format_csv_header(&b, DOKU_CMD_COUNT, &ro, 0), DOKU_OK);
    assert_string_equal(b.data, "file,line,status,count,message\n");

    /* NULLs and missing parts are statuses, not crashes */
    assert_int_equal(doku_format_search(NULL, &src, &ro, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, NULL, &ro, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &src, NULL, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &src, &ro, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &bad, &ro, &rec), DOKU_ERR_ARG);
    rec.command = DOKU_CMD_SOLVE;
    rec.result = NULL;
    assert_int_equal(doku_format_search(&b, &src, &ro, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_format_invalid(&b, DOKU_CMD_SOLVE, &bad, &ro, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_csv_header(NULL, DOKU_CMD_SOLVE, &ro, 0), DOKU_ERR_ARG);
    doku_buf_free(&b);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_step_and_candidates(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_logic *lg;
    assert_int_equal(doku_logic_create(s, NULL, &lg), DOKU_OK);
    uint8_t cells[81];
    load(cells);
    assert_int_equal(doku_logic_load(lg, cells, (size_t)doku_shape_cells(s)), DOKU_OK);
    doku_step st;
    assert_int_equal(doku_logic_next(lg, &st), DOKU_OK);
    doku_buf b = {0};
    assert_int_equal(doku_format_step(&b, s, &st, DOKU_FORMAT_JSON, 0), DOKU_OK);
    char want[64];
    snprintf(want, sizeof want, "\"key\":\"%s\"", doku_technique_key(st.technique));
    assert_non_null(strstr(b.data, want));
    assert_non_null(strstr(b.data, "\"proof\":[{\"cell\":\"r"));
    doku_buf_reset(&b);
    assert_int_equal(doku_format_step(&b, s, &st, DOKU_FORMAT_LINE, 12), DOKU_OK);
    assert_memory_equal(b.data, "  12. (", 7);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_candidates(&b, s, lg), DOKU_OK);
    /* nine rows and two blank lines between the box bands */
    int lines = 0;
    for (size_t i = 0; i < b.len; i++)
        lines += b.data[i] == '\n';
    assert_int_equal(lines, 11);
    assert_int_equal(doku_format_step(&b, NULL, &st, DOKU_FORMAT_JSON, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_step(&b, s, NULL, DOKU_FORMAT_JSON, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_candidates(&b, s, NULL), DOKU_ERR_ARG);
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_GRADE;
    doku_source src = {"p.txt", 1, 0, s, cells, NULL, DOKU_SYMBOLS_AUTO};
    doku_record_opts ro = {DOKU_FORMAT_JSON, 0, 0, 0, 0};
    assert_int_equal(doku_format_logic(&b, &src, &ro, &rec), DOKU_ERR_ARG); /* no rating */
    doku_buf_free(&b);
    doku_logic_free(lg);
    doku_shape_free(s);
}

static void test_pencil(void **state)
{
    (void)state;
    uint8_t cells[16];
    uint64_t cands[16];
    char why[128];
    const char *grid = "1 234 234 234\n234 234 234 234\n234 234 234 234\n234 234 234 4";
    assert_int_equal(doku_parse_pencil(grid, 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, why, sizeof why),
                     DOKU_OK);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cells[1], 0);
    assert_int_equal(cands[1], 0xe);
    assert_int_equal(cells[15], 4);
    /* the same grid in the A-Z alphabet, and in 0-9A-Z where 0 is a digit */
    const char *letters = "A BCD BCD BCD BCD BCD BCD BCD BCD BCD BCD BCD BCD BCD BCD D";
    assert_int_equal(doku_parse_pencil(letters, 4, DOKU_SYMBOLS_A_Z, cells, cands, (size_t)4 * (size_t)4, why,
                                       sizeof why), DOKU_OK);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cands[1], 0xe);
    const char *zero = "0 123 123 123 123 123 123 123 123 123 123 123 123 123 123 3";
    assert_int_equal(doku_parse_pencil(zero, 4, DOKU_SYMBOLS_0_9A_Z, cells, cands, (size_t)4 * (size_t)4, why,
                                       sizeof why), DOKU_OK);
    assert_int_equal(cells[0], 1);
    assert_int_equal(cells[15], 4);
    assert_int_equal(doku_parse_pencil("1 2 3", 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, why,
                                       sizeof why), DOKU_ERR_PARSE);
    assert_string_equal(why, "found 3 cells, expected 16");
    assert_int_equal(doku_parse_pencil("5", 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, NULL, 0),
                     DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_pencil(NULL, 4, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)4 * (size_t)4, why, sizeof why),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_parse_pencil(grid, 0, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)0 * (size_t)0, why, sizeof why),
                     DOKU_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_buf_escaping),
        cmocka_unit_test(test_search_records),
        cmocka_unit_test(test_step_and_candidates),
        cmocka_unit_test(test_pencil),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
