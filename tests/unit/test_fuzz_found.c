/*
 * test_fuzz_found.c — one regression test per defect the fuzz targets
 * (fuzz/, docs/RELIABILITY.md) found in the library.
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
#include "doku_records.h"
#include "testutil.h"

/* fuzz_records: a 4x4 (2x2 boxes) written in the hexadoku layout was
 * "43 14" per row, which reads back as the numbers 43 and 14; and a row
 * of empties "****" read as a frame line. */
static void test_hex_narrow_boxes_read_back(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    const uint8_t grids[2][16] = {
        {4, 3, 1, 4, 3, 3, 3, 3, 1, 0, 1, 4, 3, 3, 3, 3},
        {0},
    };
    for (int g = 0; g < 2; g++) {
        char text[128];
        size_t len = 0;
        doku_format_cells(s, grids[g], (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_HEX,
                                       DOKU_SYMBOLS_AUTO, 0, text, sizeof text, &len);
        assert_true(len > 0 && len < sizeof text);
        assert_int_equal(text[len - 1], '\n');
        doku_reader_opts o = {4, DOKU_SYMBOLS_1_9A_Z};
        doku_reader *r = tu_reader_from_text(&o, text);
        doku_record rec;
        assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
        assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
        assert_memory_equal(rec.cells, grids[g], 16);
        doku_reader_free(r);
    }
    doku_shape_free(s);
}

/* fuzz_records: a NaN or infinite time or rating was written into JSON
 * as nan / inf, which is no JSON; it is null now. */
static void test_json_non_finite_numbers(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    uint8_t cells[16] = {1};
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    ro.stats = 1;
    doku_source src = {"f", 1, 0, s, cells, NULL, DOKU_SYMBOLS_AUTO};
    doku_search_result res = {0, 1, 0};
    doku_search_record sr;
    memset(&sr, 0, sizeof sr);
    sr.command = DOKU_CMD_COUNT;
    sr.result = &res;
    sr.limit = 2;
    sr.time_ms = NAN;
    doku_buf b = {0};
    assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_OK);
    assert_non_null(strstr(b.data, "\"time_ms\":null"));
    doku_buf_reset(&b);

    doku_step st;
    memset(&st, 0, sizeof st);
    st.name = "x";
    st.text = "x";
    st.rating = INFINITY;
    assert_int_equal(doku_format_step(&b, s, &st, DOKU_FORMAT_JSON, 0), DOKU_OK);
    assert_non_null(strstr(b.data, "\"rating\":null"));
    assert_null(strstr(b.data, "inf"));
    doku_buf_free(&b);
    doku_shape_free(s);
}

/* fuzz_records: doku_format_reduce wrote the caller's status string raw
 * into JSON (a control byte or a quote made the record no JSON) and CSV
 * (a comma shifted the fields); it is escaped as every other string. */
static void test_reduce_status_escaped(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    uint8_t cells[16] = {1, 2, 3, 4};
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    doku_source src = {"f", 1, 0, s, cells, NULL, DOKU_SYMBOLS_AUTO};
    doku_reduce_result rr;
    memset(&rr, 0, sizeof rr);
    rr.givens = 4;
    doku_reduce_record rec = {"a\"b,\x1f", "why", NULL, 4, NULL};
    doku_buf b = {0};
    ro.format = DOKU_FORMAT_JSON;
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"a\\\"b,\\u001f\",\"error\":\"why\""));
    doku_buf_reset(&b);
    rec.reduced = cells;
    rec.result = &rr;
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, "\"status\":\"a\\\"b,\\u001f\",\"reduced\":"));
    doku_buf_reset(&b);
    ro.format = DOKU_FORMAT_CSV;
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, ",\"a\"\"b,\x1f\",1234"));
    doku_buf_reset(&b);
    /* the plain status words are written as before */
    rec.status = "reduced";
    assert_int_equal(doku_format_reduce(&b, &src, &ro, &rec), DOKU_OK);
    assert_non_null(strstr(b.data, ",reduced,1234"));
    doku_buf_free(&b);
    doku_shape_free(s);
}

/* fuzz_pencil: a HoDoKu line whose empty cell r9c3 keeps one candidate
 * (1) read back from its candidate grid with r9c3 filled. The harness
 * expected the cell empty; the format cannot say so: a candidate grid
 * writes one candidate and a filled cell alike (as HoDoKu and SE do),
 * and a one-candidate token reads as a filled cell. Pinned here: the
 * candidates survive, and the only change is that cell filled with its
 * candidate. */
static void test_pencil_one_candidate_reads_filled(void **state)
{
    (void)state;
    static const char line[] =
        ":0400:5:3+7+6.2+8.+19+1+2+93.+6+8.+7+5+48+7+9+13+6+2+86+3...+7+2+12+1+5+86+7..3+7+9"
        "+42+1+3+68+5.+32+1+8..+3+6+68+7.+32+1.+4.+5+0+67.+2+38:446:r2c8<>5 r7c7<>5::";
    doku_reader *r = tu_reader_from_text(NULL, line);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    const uint64_t *cands = doku_reader_candidates(r);
    assert_non_null(cands);
    const int cell = 8 * 9 + 2; /* r9c3, the "+0" */
    assert_int_equal(rec.cells[cell], 0);
    assert_int_equal(cands[cell], 1);
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_buf b = {0};
    assert_int_equal(doku_format_pencil(&b, s, rec.cells, cands, (size_t)doku_shape_cells(s), 1), DOKU_OK);
    doku_reader_opts o = {9, DOKU_SYMBOLS_1_9A_Z};
    doku_reader *r2 = tu_reader_from_text(&o, b.data);
    doku_record back;
    assert_int_equal(doku_reader_next(r2, &back), DOKU_OK);
    assert_int_equal(back.kind, DOKU_RECORD_PUZZLE);
    const uint64_t *back_cands = doku_reader_candidates(r2);
    assert_non_null(back_cands);
    assert_memory_equal(back_cands, cands, 81 * sizeof *cands);
    for (int i = 0; i < 81; i++)
        assert_int_equal(back.cells[i], i == cell ? 1 : rec.cells[i]);
    doku_buf_free(&b);
    doku_reader_free(r2);
    doku_reader_free(r);
    doku_shape_free(s);
}

/* fuzz_reader: a 16x16 grid of numbers that turned into a pencil-mark
 * grid (row 14's "B") and then held a number above 16 (row 4's "30")
 * gave its error and then a puzzle anyway, whose cells after the bad
 * one were never written (uninitialised memory, values above n). Now
 * the error is the grid's only record, and it names the number. */
static void test_pencil_grid_error_emits_no_puzzle(void **state)
{
    (void)state;
    static const char *const rows[] = {
        " .  4  .  9  .  2  .  .  .  .  .  6  . 13  . 10",
        "11  . 10  . 13  .  .  .  4  .  .  . 14  . 15  .",
        " .  3  .  5  .  .  .  1  .  7  .  .  .  4  . 12",
        " 6  .  1  .  .  .  8  . 30  .  9  .  .  .  5  .",
        " . 12  .  .  .  6  .  8  .  1  . 15  .  .  .  5",
        " 4  .  .  . 11  . 12  .  3  .  7  .  2  .  .  .",
        " .  .  .  3  . 10  .  7  . 14  .  4  .  1  .  .",
        " .  .  8  . 15  .  4  . 12  .  5  .  7  . 11  .",
        " .  .  . 16  . 12  .  6  .  9  . 11  .  2  .  .",
        " 9  .  .  .  1  . 13  .  2  . 15  . 16  .  .  .",
        " . 11  .  .  . 14  .  3  . 10  .  5  .  .  .  7",
        "12  .  4  .  .  .  5  .  7  .  1  .  .  .  6  .",
        " . 13  .  8  .  .  . 10  .  3  .  .  . 11  . 16",
        " 5  . 15  .  6  .  .  .  9  .  .  .  1  .  B  .",
        " .  9  .  2  .  8  .  .  .  .  .  7  .  6  . 14",
        " 1  .  6  . 12  . 14  .  .  . 13  .  9  .  7  . ",
    };
    doku_reader *r = tu_reader_from_lines(NULL, rows, sizeof rows / sizeof rows[0]);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_ERROR);
    assert_int_equal(rec.line, 4);
    assert_non_null(strstr(rec.message, "30"));
    assert_int_equal(doku_reader_next(r, &rec), DOKU_DONE);
    doku_reader_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_narrow_boxes_read_back),
        cmocka_unit_test(test_json_non_finite_numbers),
        cmocka_unit_test(test_reduce_status_escaped),
        cmocka_unit_test(test_pencil_one_candidate_reads_filled),
        cmocka_unit_test(test_pencil_grid_error_emits_no_puzzle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
