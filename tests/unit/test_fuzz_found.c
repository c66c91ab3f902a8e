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
        size_t len = doku_format_cells(s, grids[g], NULL, NULL, DOKU_FORMAT_HEX,
                                       DOKU_SYMBOLS_AUTO, 0, text, sizeof text);
        assert_true(len > 0 && len < sizeof text);
        doku_reader_opts o = {4, DOKU_SYMBOLS_1_9A_Z};
        doku_reader *r;
        assert_int_equal(doku_reader_create(&o, &r), DOKU_OK);
        for (char *p = text; *p;) {
            char *e = strchr(p, '\n');
            assert_non_null(e);
            assert_int_equal(doku_reader_push_line(r, p, (size_t)(e - p)), DOKU_OK);
            p = e + 1;
        }
        assert_int_equal(doku_reader_finish(r), DOKU_OK);
        doku_record rec;
        assert_true(doku_reader_next(r, &rec));
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
    doku_search_result res = {0, 1, 0, 0};
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hex_narrow_boxes_read_back),
        cmocka_unit_test(test_json_non_finite_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
