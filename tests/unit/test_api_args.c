/*
 * test_api_args.c — the public boundary holds: every function of doku.h
 * is called with NULL pointers, out-of-range indexes, unknown enum values
 * and bad sizes, and must answer with its documented status or "none"
 * value — never read out of bounds or crash (this runs under ASan+UBSan
 * in `make test`). tests/abi/exports.sh checks that every function doku.h
 * declares is named in this file.
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
#include "doku_constraints.h"
#include "doku_records.h"
#include "doku_variant_gen.h"

/* Fixed fixtures for the calls that need valid objects besides the bad
 * argument under test. */
typedef struct world {
    doku_shape *s9, *s4;
    uint8_t empty9[81], bad9[81], full9[81];
} world;

static const char *solved9 =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static int setup(void **state)
{
    static world w;
    memset(&w, 0, sizeof w);
    if (doku_shape_create_simple(9, 0, &w.s9) != DOKU_OK ||
        doku_shape_create_simple(4, 0, &w.s4) != DOKU_OK)
        return -1;
    for (int i = 0; i < 81; i++) {
        w.full9[i] = (uint8_t)(solved9[i] - '0');
        w.bad9[i] = i == 40 ? 10 : 0; /* a value above n */
    }
    *state = &w;
    return 0;
}

static int teardown(void **state)
{
    world *w = *state;
    doku_shape_free(w->s9);
    doku_shape_free(w->s4);
    return 0;
}

static void test_version_status(void **state)
{
    (void)state;
    assert_string_equal(doku_version(), DOKU_VERSION_STRING);
    assert_int_equal(doku_version_number(), DOKU_VERSION_NUMBER);
    assert_int_equal(DOKU_VERSION_NUMBER, DOKU_VERSION_MAJOR * 10000 +
                                              DOKU_VERSION_MINOR * 100 + DOKU_VERSION_PATCH);
    assert_string_equal(doku_status_string((doku_status)99), "unknown status");
    assert_string_equal(doku_status_string((doku_status)-1), "unknown status");
    assert_string_equal(doku_status_string(DOKU_ERR_ARG), "invalid argument");
}

static void test_shape_create(void **state)
{
    (void)state;
    doku_shape *s = (doku_shape *)&s; /* must be reset to NULL */
    doku_shape_spec spec = {0};
    assert_int_equal(doku_shape_create(NULL, &s), DOKU_ERR_ARG);
    assert_null(s);
    assert_int_equal(doku_shape_create(&spec, NULL), DOKU_ERR_ARG);
    spec.n = -4;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    assert_null(s);
    spec.n = DOKU_MAX_N + 1;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    spec.n = 9;
    spec.box_rows = 2;
    spec.box_cols = 4;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    spec.box_rows = -3;
    spec.box_cols = -3;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    spec.box_rows = spec.box_cols = 0;
    spec.variants = 1u << 7;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_VARIANT);
    spec.variants = 0;
    uint8_t regions[81];
    memset(regions, 0, sizeof regions); /* one region of 81 cells */
    spec.regions = regions;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_REGIONS);
    for (int i = 0; i < 81; i++)
        regions[i] = (uint8_t)(i / 9 + 200); /* ids out of range */
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_REGIONS);
    assert_null(s);
    assert_int_equal(doku_shape_create_simple(9, 0, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_shape_create_simple(0, 0, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(-9, 0, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(1000, 0, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(7, 0, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(9, 0xff00u, &s), DOKU_ERR_VARIANT);
    doku_shape_free(NULL);
    int br = 7, bc = 7;
    assert_int_equal(doku_default_box(9, NULL, &bc), DOKU_ERR_ARG);
    assert_int_equal(doku_default_box(9, &br, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_default_box(-1, &br, &bc), DOKU_ERR_SHAPE);
    assert_int_equal(doku_default_box(7, &br, &bc), DOKU_ERR_SHAPE);
    assert_int_equal(doku_default_box(12, &br, &bc), DOKU_OK);
    assert_int_equal(br * 10 + bc, 34);
}

static void test_shape_accessors(void **state)
{
    world *w = *state;
    assert_int_equal(doku_shape_n(NULL), 0);
    assert_int_equal(doku_shape_cells(NULL), 0);
    assert_int_equal(doku_shape_box_rows(NULL), 0);
    assert_int_equal(doku_shape_box_cols(NULL), 0);
    assert_int_equal(doku_shape_variants(NULL), 0);
    assert_int_equal(doku_shape_has_regions(NULL), 0);
    assert_int_equal(doku_shape_is_classic9(NULL), 0);
    assert_int_equal(doku_shape_unit_count(NULL), 0);
    int units = doku_shape_unit_count(w->s9);
    assert_int_equal(units, 27);
    const int bad_units[] = {-1, units, units + 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_units / sizeof bad_units[0]; i++) {
        int u = bad_units[i];
        assert_int_equal(doku_shape_unit_kind(w->s9, u), DOKU_UNIT_NONE);
        assert_int_equal(doku_shape_unit_ordinal(w->s9, u), -1);
        assert_null(doku_shape_unit_cells(w->s9, u));
        char buf[16] = "x";
        size_t len = 7;
        assert_int_equal(doku_shape_unit_name(w->s9, u, buf, sizeof buf, &len), DOKU_ERR_ARG);
        assert_string_equal(buf, "");
        assert_int_equal(len, 0);
    }
    assert_int_equal(doku_shape_unit_kind(NULL, 0), DOKU_UNIT_NONE);
    assert_int_equal(doku_shape_unit_ordinal(NULL, 0), -1);
    assert_null(doku_shape_unit_cells(NULL, 0));
    assert_int_equal(doku_shape_unit_kind(w->s9, 26), DOKU_UNIT_BOX);
    const int bad_cells[] = {-1, 81, 4096, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof bad_cells / sizeof bad_cells[0]; i++) {
        int c = bad_cells[i], count = 5;
        assert_null(doku_shape_cell_units(w->s9, c, &count));
        assert_int_equal(count, 0);
        count = 5;
        assert_null(doku_shape_peers(w->s9, c, &count));
        assert_int_equal(count, 0);
        assert_null(doku_shape_peers(w->s9, c, NULL));
        char buf[16] = "x";
        assert_int_equal(doku_cell_name(w->s9, c, buf, sizeof buf, NULL), DOKU_ERR_ARG);
        assert_string_equal(buf, "");
    }
    int count = 5;
    assert_null(doku_shape_cell_units(NULL, 0, &count));
    assert_int_equal(count, 0);
    assert_null(doku_shape_peers(NULL, 0, &count));
    assert_non_null(doku_shape_peers(w->s9, 80, &count));
    assert_int_equal(count, 20);
    assert_non_null(doku_shape_cell_units(w->s9, 0, NULL));
    char buf[64];
    size_t len = 0;
    assert_int_equal(doku_shape_unit_name(NULL, 0, buf, sizeof buf, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_shape_unit_name(w->s9, 0, NULL, 10, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_shape_unit_name(w->s9, 0, NULL, 0, &len), DOKU_OK);
    assert_int_equal(len, 5); /* "row 1" */
    assert_int_equal(doku_cell_name(NULL, 0, buf, sizeof buf, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_cell_name(w->s9, 0, NULL, 10, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_cell_name(w->s9, 80, buf, 3, &len), DOKU_OK);
    assert_int_equal(len, 4); /* cut: "r9" */
    assert_string_equal(buf, "r9");
    assert_int_equal(doku_shape_describe(NULL, buf, sizeof buf, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_shape_describe(w->s9, NULL, 10, &len), DOKU_ERR_ARG);
    assert_int_equal(doku_shape_describe(w->s9, NULL, 0, &len), DOKU_OK);
    assert_true(len > 0);
    assert_int_equal(doku_shape_describe(w->s9, buf, sizeof buf, NULL), DOKU_OK);
}

static void test_rules(void **state)
{
    world *w = *state;
    doku_conflict c[2];
    size_t k = 9;
    assert_int_equal(doku_find_conflicts(NULL, w->empty9, 81, c, 2, &k), DOKU_ERR_ARG);
    assert_int_equal(k, 0);
    assert_int_equal(doku_find_conflicts(w->s9, NULL, 81, c, 2, &k), DOKU_ERR_ARG);
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, 81, NULL, 2, &k), DOKU_ERR_ARG);
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, 81, NULL, 0, &k), DOKU_OK);
    assert_int_equal(k, 0);
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, 81, NULL, 0, NULL), DOKU_OK);
    assert_int_equal(doku_find_conflicts(w->s9, w->bad9, 81, c, 2, &k), DOKU_ERR_ARG);
    /* the length of the cell array is checked against the shape */
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, 80, NULL, 0, &k), DOKU_ERR_ARG);
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, 16, NULL, 0, &k), DOKU_ERR_ARG);
    assert_int_equal(doku_find_conflicts(w->s9, w->empty9, SIZE_MAX, NULL, 0, &k), DOKU_ERR_ARG);
    doku_buf b = {0};
    uint8_t marks[81] = {0};
    assert_int_equal(doku_format_conflicts(NULL, w->s9, w->empty9, 81, DOKU_SYMBOLS_AUTO, 3, NULL, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, NULL, w->empty9, 81, DOKU_SYMBOLS_AUTO, 3, NULL, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, w->s9, NULL, 81, DOKU_SYMBOLS_AUTO, 3, marks, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->empty9, 81, (doku_symbols)99, 3, NULL, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->empty9, 81, (doku_symbols)-1, 3, NULL, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->bad9, 81, DOKU_SYMBOLS_AUTO, 3, marks, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->empty9, 64, DOKU_SYMBOLS_AUTO, 3, marks, &k),
                     DOKU_ERR_ARG);
    assert_int_equal(b.len, 0);
    /* DOKU_ERR_NOMEM is an allocation failure (test_nomem), never a bad argument */
    /* No conflict: 0 and nothing written; max 0 or huge is not an error. */
    k = 9;
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->empty9, 81, DOKU_SYMBOLS_AUTO, 0, marks, &k),
                     DOKU_OK);
    assert_int_equal(k, 0);
    assert_int_equal(doku_format_conflicts(&b, w->s9, w->empty9, 81, DOKU_SYMBOLS_AUTO, SIZE_MAX,
                                           NULL, NULL),
                     DOKU_OK);
    assert_int_equal(b.len, 0);
    /* Two 5s in row 1, max 0: counted, marked, described only as "more". */
    uint8_t two[81] = {0};
    two[0] = two[4] = 5;
    assert_int_equal(doku_format_conflicts(&b, w->s9, two, 81, DOKU_SYMBOLS_AUTO, 0, marks, &k),
                     DOKU_OK);
    assert_int_equal(k, 1);
    assert_string_equal(b.data, "; and 1 more");
    assert_int_equal(marks[0] + marks[4], 2);
    doku_buf_reset(&b);
    assert_int_equal(doku_format_conflicts(&b, w->s9, two, 81, DOKU_SYMBOLS_AUTO, SIZE_MAX, NULL, &k),
                     DOKU_OK);
    assert_int_equal(k, 1);
    assert_string_equal(b.data, "r1c1 and r1c5 both hold 5 in row 1");
    doku_buf_free(&b);
    assert_false(doku_verify_solution(NULL, NULL, w->full9, 81));
    assert_false(doku_verify_solution(w->s9, NULL, NULL, 81));
    assert_true(doku_verify_solution(w->s9, NULL, w->full9, 81));
    assert_false(doku_verify_solution(w->s9, NULL, w->full9, 80));
    assert_false(doku_verify_solution(w->s9, NULL, w->full9, 0));
    assert_false(doku_verify_solution(w->s9, w->bad9, w->full9, 81));
    assert_false(doku_verify_solution(w->s9, NULL, w->bad9, 81));
}

static void test_search(void **state)
{
    world *w = *state;
    doku_solver *sv = (doku_solver *)&sv;
    assert_int_equal(doku_solver_create(NULL, &sv), DOKU_ERR_ARG);
    assert_null(sv);
    assert_int_equal(doku_solver_create(w->s9, NULL), DOKU_ERR_ARG);
    doku_solver_free(NULL);
    assert_int_equal(doku_solver_create(w->s9, &sv), DOKU_OK);
    assert_ptr_equal(doku_solver_shape(sv), w->s9);
    assert_null(doku_solver_shape(NULL));
    doku_search_result res;
    doku_search_opts o = {0};
    /* a cell array of another length is refused, not read */
    assert_int_equal(doku_search(sv, w->empty9, 80, NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search(sv, w->empty9, 82, NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search_candidates(sv, w->empty9, NULL, 16, NULL, NULL, NULL, NULL, &res),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_search(NULL, w->empty9, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search(sv, NULL, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search(sv, w->empty9, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_search(sv, w->bad9, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    o.time_budget = -1;
    assert_int_equal(doku_search(sv, w->empty9, (size_t)doku_shape_cells(w->s9), &o, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    o.time_budget = NAN;
    assert_int_equal(doku_search(sv, w->empty9, (size_t)doku_shape_cells(w->s9), &o, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    o.time_budget = 0;
    uint8_t sol[81];
    assert_int_equal(doku_search(sv, w->full9, (size_t)doku_shape_cells(w->s9), &o, sol, NULL, NULL, &res), DOKU_OK);
    assert_int_equal(res.solutions, 1);
    uint64_t marks[81];
    for (int c = 0; c < 81; c++)
        marks[c] = 0x1FF;
    assert_int_equal(doku_search_candidates(NULL, w->empty9, marks, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search_candidates(sv, NULL, marks, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search_candidates(sv, w->bad9, marks, (size_t)doku_shape_cells(w->s9), NULL, NULL, NULL, NULL, &res), DOKU_ERR_ARG);
    assert_int_equal(doku_search_candidates(sv, w->full9, marks, (size_t)doku_shape_cells(w->s9), &o, NULL, NULL, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_search_candidates(sv, w->full9, NULL, (size_t)doku_shape_cells(w->s9), &o, sol, NULL, NULL, &res), DOKU_OK);
    assert_int_equal(res.solutions, 1);
    /* the wrong-entry finder and its sentence */
    uint8_t flags[81];
    doku_wrong_entry we;
    assert_int_equal(doku_find_wrong_entry(NULL, w->full9, (size_t)doku_shape_cells(w->s9), 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, NULL, (size_t)doku_shape_cells(w->s9), 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, (size_t)doku_shape_cells(w->s9), 0, NULL, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, (size_t)doku_shape_cells(w->s9), 0, flags, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->bad9, (size_t)doku_shape_cells(w->s9), 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, (size_t)doku_shape_cells(w->s9), -1, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, (size_t)doku_shape_cells(w->s9), NAN, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, (size_t)doku_shape_cells(w->s9), 0, flags, &we), DOKU_OK);
    assert_int_equal(doku_find_wrong_entry(sv, w->full9, 16, 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(we.suspects, 0); /* solved: nothing is wrong */
    doku_buf text = {0};
    assert_int_equal(doku_format_wrong_entry(NULL, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, NULL, w->full9, (size_t)doku_shape_cells(NULL), DOKU_SYMBOLS_AUTO, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, NULL, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), (doku_symbols)9, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, NULL, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, flags, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, w->bad9, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_format_wrong_entry(&text, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), DOKU_SYMBOLS_AUTO, flags, &we), DOKU_OK);
    assert_int_equal(text.len, 0); /* nothing named, nothing written */
    doku_buf_free(&text);
    /* SIMD tiers: NULL solver, values outside the enum, unknown names. */
    assert_int_equal(doku_solver_set_isa(NULL, DOKU_ISA_AUTO), DOKU_ERR_ARG);
    assert_int_equal(doku_solver_set_isa(sv, (doku_isa)-1), DOKU_ERR_ARG);
    assert_int_equal(doku_solver_set_isa(sv, (doku_isa)99), DOKU_ERR_ARG);
    assert_int_equal(doku_solver_isa(NULL), DOKU_ISA_PORTABLE);
    assert_int_equal(doku_generator_set_isa(NULL, DOKU_ISA_AUTO), DOKU_ERR_ARG);
    assert_int_equal(doku_isa_supported((doku_isa)99), 0);
    assert_int_equal(doku_isa_supported((doku_isa)-1), 0);
    assert_null(doku_isa_name((doku_isa)-1));
    doku_isa isa = DOKU_ISA_AVX2;
    assert_int_equal(doku_isa_from_name(NULL, &isa), DOKU_ERR_ARG);
    assert_int_equal(doku_isa_from_name("portable", NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_isa_from_name("", &isa), DOKU_ERR_PARSE);
    assert_int_equal(isa, DOKU_ISA_AVX2); /* untouched */
    assert_int_equal(doku_isa_from_name("portable", &isa), DOKU_OK);
    assert_int_equal(isa, DOKU_ISA_PORTABLE);
    doku_solver_free(sv);
}

static void test_reader(void **state)
{
    (void)state;
    doku_reader *r = (doku_reader *)&r;
    doku_reader_opts o = {0};
    assert_int_equal(doku_reader_create(NULL, NULL), DOKU_ERR_ARG);
    o.n = -1;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
    assert_null(r);
    o.n = DOKU_MAX_N + 1;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
    o.n = 0;
    o.symbols = (doku_symbols)42;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
    o.symbols = (doku_symbols)-1;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_ERR_ARG);
    doku_reader_free(NULL);
    assert_int_equal(doku_reader_push_line(NULL, "1", 1), DOKU_ERR_ARG);
    assert_int_equal(doku_reader_finish(NULL), DOKU_ERR_ARG);
    doku_record rec;
    assert_int_equal(doku_reader_next(NULL, &rec), DOKU_ERR_ARG);
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, NULL, 5), DOKU_ERR_ARG);
    assert_int_equal(doku_reader_push_line(r, NULL, 0), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, solved9, 81), DOKU_OK);
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    assert_int_equal(doku_reader_next(r, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_null(doku_reader_candidates(r)); /* no pencil marks in a plain line */
    assert_null(doku_reader_candidates(NULL));
    doku_reader_free(r);
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    assert_null(doku_reader_candidates(r)); /* nothing returned yet */
    {
        const char *k = NULL, *v = NULL;
        assert_int_equal(doku_reader_meta(NULL, 0, &k, &v), DOKU_ERR_ARG);
        assert_int_equal(doku_reader_meta(r, 0, NULL, &v), DOKU_ERR_ARG);
        assert_int_equal(doku_reader_meta(r, 0, &k, NULL), DOKU_ERR_ARG);
        assert_int_equal(doku_reader_meta(r, 0, &k, &v), DOKU_DONE); /* nothing returned yet */
    }
    doku_reader_free(r);
}

static void test_format(void **state)
{
    world *w = *state;
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_AUTO, 0), '.');
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_AUTO, -5), '.');
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_AUTO, 1000), '.');
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_A_Z, 27), '.');
    assert_int_equal(doku_symbol(9, (doku_symbols)77, 3), '.'); /* unknown alphabet */
    assert_int_equal(doku_symbol(-1, DOKU_SYMBOLS_AUTO, 10), '.'); /* no such side */
    assert_int_equal(doku_symbol(9, DOKU_SYMBOLS_AUTO, 10), '.');  /* above n */
    char buf[256] = "x";
    size_t len = 7;
    assert_int_equal(doku_format_cells(NULL, w->full9, 81, NULL, NULL, DOKU_FORMAT_LINE,
                                       DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, &len),
                     DOKU_ERR_ARG);
    assert_string_equal(buf, "");
    assert_int_equal(len, 0);
    assert_int_equal(doku_format_cells(w->s9, NULL, 81, NULL, NULL, DOKU_FORMAT_LINE,
                                       DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, &len),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_cells(w->s9, w->full9, 81, NULL, NULL, DOKU_FORMAT_LINE,
                                       DOKU_SYMBOLS_AUTO, 0, NULL, 10, &len),
                     DOKU_ERR_ARG);
    /* the cell array's length must be the shape's */
    assert_int_equal(doku_format_cells(w->s9, w->full9, 80, NULL, NULL, DOKU_FORMAT_LINE,
                                       DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, &len),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_cells(w->s9, w->full9, 81, NULL, NULL, (doku_format)99,
                                       DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, &len),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_format_cells(w->s9, w->full9, 81, NULL, NULL, (doku_format)-1,
                                       DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, NULL),
                     DOKU_ERR_ARG);
    for (int f = DOKU_FORMAT_LINE; f <= DOKU_FORMAT_CSV_GRID; f++)
        assert_int_equal(doku_format_cells(w->s9, w->bad9, 81, NULL, NULL, (doku_format)f,
                                           DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, &len),
                         DOKU_ERR_ARG);
    assert_int_equal(doku_format_cells(w->s9, w->full9, 81, NULL, NULL, DOKU_FORMAT_LINE,
                                       DOKU_SYMBOLS_AUTO, 0, NULL, 0, &len),
                     DOKU_OK);
    assert_int_equal(len, 81);
    assert_int_equal(doku_format_cells(w->s9, w->full9, 81, NULL, NULL, DOKU_FORMAT_LINE,
                                       (doku_symbols)99, 0, buf, sizeof buf, &len),
                     DOKU_ERR_ARG);
}

static void test_rng_symmetry_difficulty(void **state)
{
    world *w = *state;
    doku_rng_seed(NULL, 1);
    assert_int_equal(doku_rng_next(NULL), 0);
    assert_int_equal(doku_rng_below(NULL, 100), 0);
    doku_rng r;
    doku_rng_seed(&r, 0);
    assert_int_equal(doku_rng_below(&r, 0), 0);
    assert_true(doku_rng_below(&r, 7) < 7);
    assert_int_equal(doku_seed_derive(1, 2), doku_seed_derive(1, 2));
    (void)doku_rng_next(&r);
    assert_string_equal(doku_symmetry_name((doku_symmetry)-1), "?");
    assert_string_equal(doku_symmetry_name((doku_symmetry)DOKU_SYM_COUNT), "?");
    doku_symmetry sym;
    assert_int_equal(doku_parse_symmetry(NULL, &sym, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_symmetry("rot180", NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_symmetry("spiral", &sym, NULL), DOKU_ERR_PARSE);
    assert_false(doku_symmetry_holds(NULL, DOKU_SYM_ROT180, w->full9, 81));
    assert_false(doku_symmetry_holds(w->s9, DOKU_SYM_ROT180, NULL, 81));
    assert_false(doku_symmetry_holds(w->s9, (doku_symmetry)99, w->full9, 81));
    assert_false(doku_symmetry_holds(w->s9, (doku_symmetry)-2, w->full9, 81));
    assert_true(doku_symmetry_holds(w->s9, DOKU_SYM_ROT180, w->full9, 81));
    assert_false(doku_symmetry_holds(w->s9, DOKU_SYM_ROT180, w->full9, 82));
    assert_string_equal(doku_qqwing_level_name((doku_qqwing_level)-1), "?");
    assert_string_equal(doku_qqwing_level_name((doku_qqwing_level)99), "?");
    doku_qqwing_level q;
    doku_difficulty d;
    assert_int_equal(doku_parse_difficulty(NULL, &d, &q, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_difficulty("easy", NULL, &q, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_difficulty("easy", &d, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_difficulty("impossible", &d, &q, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_qqwing_level(NULL, &q, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_qqwing_level("hard", &q, NULL), DOKU_ERR_PARSE);
}

static void test_generator(void **state)
{
    world *w = *state;
    doku_generator *g = (doku_generator *)&g;
    assert_int_equal(doku_generator_create(NULL, &g), DOKU_ERR_ARG);
    assert_null(g);
    assert_int_equal(doku_generator_create(w->s4, NULL), DOKU_ERR_ARG);
    doku_generator_free(NULL);
    assert_int_equal(doku_generator_create(w->s9, &g), DOKU_OK);
    doku_qqwing_level lv = DOKU_QQWING_EXPERT;
    assert_int_equal(doku_generator_qqwing_level(NULL, w->empty9, 81, &lv), DOKU_ERR_ARG);
    assert_int_equal(lv, DOKU_QQWING_ANY);
    assert_int_equal(doku_generator_qqwing_level(g, NULL, 81, &lv), DOKU_ERR_ARG);
    assert_int_equal(doku_generator_qqwing_level(g, w->empty9, 81, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_generator_qqwing_level(g, w->bad9, 81, &lv), DOKU_ERR_ARG);
    assert_int_equal(doku_generator_qqwing_level(g, w->empty9, 80, &lv), DOKU_ERR_ARG);
    assert_int_equal(doku_generator_qqwing_level(g, w->full9, 81, &lv), DOKU_OK);
    assert_int_equal(lv, DOKU_QQWING_SIMPLE);
    doku_rng rng;
    doku_rng_seed(&rng, 3);
    uint8_t grid[81], puzzle[81];
    assert_int_equal(doku_generate_grid(NULL, &rng, grid, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid(g, NULL, grid, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid(g, &rng, NULL, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid(g, &rng, grid, 16), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid_timed(g, &rng, 1.0, grid, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_generate(g, 1, NULL, grid, NULL, 80, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, w->full9, NULL, 80, NULL, grid, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid_timed(NULL, &rng, 0, grid, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid_timed(g, &rng, -1, grid, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid_timed(g, &rng, NAN, grid, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_generate_grid(g, &rng, grid, (size_t)doku_shape_cells(w->s9)), DOKU_OK);

    doku_reduce_opts ro = {0};
    doku_reduce_result rr;
    assert_int_equal(doku_reduce(NULL, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), NULL, puzzle, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, NULL, grid, NULL, (size_t)doku_shape_cells(w->s9), NULL, puzzle, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, NULL, NULL, (size_t)doku_shape_cells(w->s9), NULL, puzzle, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), NULL, NULL, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, w->bad9, NULL, (size_t)doku_shape_cells(w->s9), NULL, puzzle, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_reduce(g, &rng, w->full9, w->bad9, (size_t)doku_shape_cells(w->s9), NULL, puzzle, &rr), DOKU_ERR_ARG);
    ro.symmetry = (doku_symmetry)99;
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), &ro, puzzle, &rr), DOKU_ERR_ARG);
    ro.symmetry = DOKU_SYM_NONE;
    ro.qqwing_level = (doku_qqwing_level)-3;
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, 81, &ro, puzzle, &rr), DOKU_ERR_ARG);
    ro.qqwing_level = DOKU_QQWING_ANY;
    ro.target_givens = -1;
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), &ro, puzzle, &rr), DOKU_ERR_ARG);
    ro.target_givens = 82;
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), &ro, puzzle, &rr), DOKU_ERR_ARG);
    ro.target_givens = 40;
    assert_int_equal(doku_reduce(g, &rng, grid, NULL, (size_t)doku_shape_cells(w->s9), &ro, puzzle, NULL), DOKU_OK);

    doku_generate_opts go = {0};
    doku_generate_result gr;
    assert_int_equal(doku_generate(NULL, 1, NULL, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    assert_int_equal(doku_generate(g, 1, NULL, NULL, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.symmetry = (doku_symmetry)DOKU_SYM_COUNT;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.symmetry = DOKU_SYM_NONE;
    go.qqwing_level = (doku_qqwing_level)5;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, 81, &gr), DOKU_ERR_ARG);
    go.qqwing_level = DOKU_QQWING_ANY;
    go.min_givens = -1;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.min_givens = 0;
    go.max_givens = 82;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.min_givens = 40;
    go.max_givens = 30;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.min_givens = go.max_givens = 0;
    go.time_budget = -2;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), &gr), DOKU_ERR_ARG);
    go.time_budget = NAN;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), NULL), DOKU_ERR_ARG);
    go.time_budget = 0;
    assert_int_equal(doku_generate(g, 1, &go, puzzle, NULL, (size_t)doku_shape_cells(w->s9), NULL), DOKU_OK);
    doku_generator_free(g);
}

static void test_logic(void **state)
{
    world *w = *state;
    assert_string_equal(doku_technique_name((doku_technique)-1), "?");
    assert_string_equal(doku_technique_name(DOKU_TECH_COUNT), "?");
    assert_string_equal(doku_technique_key((doku_technique)-1), "?");
    assert_string_equal(doku_technique_key(DOKU_TECH_COUNT), "?");
    assert_int_equal(doku_technique_symbol((doku_technique)-7), '?');
    assert_int_equal(doku_technique_symbol(DOKU_TECH_COUNT), '?');
    uint64_t mask = 0;
    doku_parse_error pe;
    assert_int_equal(doku_parse_techniques(NULL, &mask, &pe), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_techniques("singles", NULL, &pe), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_techniques("singles,nonsense", &mask, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_techniques("x-wing,nonsense", &mask, &pe), DOKU_ERR_PARSE);
    assert_int_equal(pe.col, 8);

    doku_logic *lg = (doku_logic *)&lg;
    assert_int_equal(doku_logic_create(NULL, NULL, &lg), DOKU_ERR_ARG);
    assert_null(lg);
    assert_int_equal(doku_logic_create(w->s9, NULL, NULL), DOKU_ERR_ARG);
    doku_logic_free(NULL);
    doku_step st;
    assert_int_equal(doku_logic_load(NULL, w->empty9, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load_candidates(NULL, w->empty9, NULL, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_next(NULL, &st), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_apply(NULL), DOKU_ERR_ARG);
    assert_false(doku_logic_solved(NULL));
    assert_null(doku_logic_cells(NULL));
    assert_null(doku_logic_candidates(NULL));
    assert_int_equal(doku_logic_run(NULL, NULL, NULL, NULL, NULL, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_technique_count(NULL, DOKU_TECH_HIDDEN_SINGLE), 0);
    assert_int_equal(doku_logic_set_time_limit(NULL, 1.0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_set_work_limit(NULL, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_work(NULL), 0);
    assert_true(doku_logic_gave_up_at(NULL) == 0.0);

    assert_int_equal(doku_logic_create(w->s9, NULL, &lg), DOKU_OK);
    uint64_t cands[81];
    for (int i = 0; i < 81; i++)
        cands[i] = 0x1ff;
    assert_int_equal(doku_logic_load(lg, NULL, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load(lg, w->empty9, 80), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load_candidates(lg, w->empty9, cands, 256, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load(lg, w->bad9, (size_t)doku_shape_cells(w->s9)), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load_candidates(lg, NULL, cands, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load_candidates(lg, w->empty9, NULL, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_load_candidates(lg, w->bad9, cands, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_next(lg, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_apply(lg), DOKU_ERR_ARG); /* no step found yet */
    assert_int_equal(doku_logic_set_time_limit(lg, -1.0), DOKU_ERR_ARG);
    assert_int_equal(doku_logic_set_time_limit(lg, NAN), DOKU_ERR_ARG);
    uint8_t puzzle[81];
    memcpy(puzzle, w->full9, sizeof puzzle);
    puzzle[0] = puzzle[40] = 0;
    assert_int_equal(doku_logic_load(lg, puzzle, (size_t)doku_shape_cells(w->s9)), DOKU_OK);
    assert_int_equal(doku_logic_technique_count(lg, DOKU_TECH_FULL_HOUSE), 0);
    char hist[4];
    doku_rating rt;
    assert_int_equal(doku_logic_run(lg, NULL, NULL, NULL, NULL, 10), DOKU_OK);
    assert_int_equal(doku_logic_load(lg, puzzle, (size_t)doku_shape_cells(w->s9)), DOKU_OK);
    assert_int_equal(doku_logic_run(lg, NULL, NULL, &rt, hist, sizeof hist), DOKU_OK);
    assert_true(rt.solved);
    assert_int_equal(rt.steps, 2);
    assert_int_equal(doku_logic_technique_count(lg, DOKU_TECH_FULL_HOUSE), 2);
    assert_int_equal(doku_logic_technique_count(lg, (doku_technique)-1), 0);
    assert_int_equal(doku_logic_technique_count(lg, DOKU_TECH_COUNT), 0);
    assert_int_equal(doku_logic_technique_count(lg, (doku_technique)1000000), 0);
    assert_string_equal(hist, "ff");
    doku_logic_free(lg);

    assert_string_equal(doku_difficulty_name((doku_difficulty)-1), "?");
    assert_string_equal(doku_difficulty_name((doku_difficulty)99), "?");
    assert_int_equal(doku_difficulty_of(NAN, 1), DOKU_DIFFICULTY_UNSOLVED);
    assert_int_equal(doku_difficulty_of(1e300, 1), DOKU_DIFFICULTY_EXTREME);
    assert_int_equal(doku_difficulty_of(INFINITY, 1), DOKU_DIFFICULTY_EXTREME);
    assert_int_equal(doku_difficulty_of(-1e300, 1), DOKU_DIFFICULTY_EASY);
    assert_int_equal(doku_difficulty_of(2.0, 0), DOKU_DIFFICULTY_UNSOLVED);
}

static void test_band(void **state)
{
    world *w = *state;
    doku_rating_filter *b = (doku_rating_filter *)&b;
    doku_rating_filter_opts o = {0};
    o.min = 1.0;
    o.max = 2.0;
    assert_int_equal(doku_rating_filter_create(NULL, &o, &b), DOKU_ERR_ARG);
    assert_null(b);
    assert_int_equal(doku_rating_filter_create(w->s9, NULL, &b), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_create(w->s9, &o, NULL), DOKU_ERR_ARG);
    o.min = NAN;
    assert_int_equal(doku_rating_filter_create(w->s9, &o, &b), DOKU_ERR_ARG);
    o.min = 3.0;
    assert_int_equal(doku_rating_filter_create(w->s9, &o, &b), DOKU_ERR_ARG);
    o.min = 1.0;
    doku_rating_filter_free(NULL);
    uint64_t judged = 9, accepted = 9, steps = 9;
    doku_rating_filter_stats(NULL, &judged, &accepted, &steps);
    assert_int_equal(judged + accepted + steps, 0);
    doku_rating_filter_stats(NULL, NULL, NULL, NULL);
    doku_filter_call call = {w->s9, w->full9, NULL, 81, 0};
    bool ok = true;
    assert_int_equal(doku_rating_filter_accept(NULL, &call, &ok), DOKU_ERR_ARG);
    assert_false(ok);
    assert_int_equal(doku_rating_filter_create(w->s9, &o, &b), DOKU_OK);
    assert_int_equal(doku_rating_filter_accept(b, NULL, &ok), DOKU_ERR_ARG);
    assert_int_equal(doku_rating_filter_accept(b, &call, NULL), DOKU_ERR_ARG);
    call.puzzle = NULL;
    assert_int_equal(doku_rating_filter_accept(b, &call, &ok), DOKU_ERR_ARG);
    call.puzzle = w->full9;
    call.seconds_left = -1;
    assert_int_equal(doku_rating_filter_accept(b, &call, &ok), DOKU_ERR_ARG);
    call.seconds_left = NAN;
    assert_int_equal(doku_rating_filter_accept(b, &call, &ok), DOKU_ERR_ARG);
    call.seconds_left = 0;
    call.ncells = 80;
    assert_int_equal(doku_rating_filter_accept(b, &call, &ok), DOKU_ERR_ARG);
    uint8_t four[16] = {0};
    doku_filter_call other = {w->s4, four, NULL, 16, 0}; /* another size */
    assert_int_equal(doku_rating_filter_accept(b, &other, &ok), DOKU_ERR_ARG);
    /* a grid the engine rejects is a rejection, not an error */
    call.ncells = 81;
    call.puzzle = w->bad9;
    assert_int_equal(doku_rating_filter_accept(b, &call, &ok), DOKU_OK);
    assert_false(ok);
    doku_rating_filter_stats(b, &judged, NULL, NULL);
    /* doku_reduce_rated: doku_reduce's arguments, an out-flag, attempts >= 0 */
    doku_generator *g = NULL;
    assert_int_equal(doku_generator_create(w->s9, &g), DOKU_OK);
    uint8_t out[81];
    int rated = 7;
    assert_int_equal(doku_reduce_rated(g, b, 1, 2, w->full9, NULL, 81, NULL, out, NULL, NULL),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_reduce_rated(g, b, 1, -1, w->full9, NULL, 81, NULL, out, NULL, &rated),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_reduce_rated(NULL, b, 1, 2, w->full9, NULL, 81, NULL, out, NULL, &rated),
                     DOKU_ERR_ARG);
    assert_int_equal(rated, 0);
    assert_int_equal(doku_reduce_rated(g, b, 1, 2, NULL, NULL, 81, NULL, out, NULL, &rated),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_reduce_rated(g, b, 1, 2, w->full9, NULL, 80, NULL, out, NULL, &rated),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_reduce_rated(g, NULL, 1, 0, w->full9, NULL, 81, NULL, out, NULL, &rated),
                     DOKU_OK);
    assert_int_equal(rated, 1);
    doku_generator_free(g);
    doku_rating_filter_free(b);
}

static void test_formatters(void **state)
{
    world *w = *state;
    doku_buf b = {0};
    assert_int_equal(doku_buf_append(NULL, "x", 1), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append(&b, NULL, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append(&b, NULL, 0), DOKU_OK);
    assert_int_equal(doku_buf_append_json_string(NULL, "x"), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_append_csv_field(NULL, "x"), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_printf(NULL, "%d", 1), DOKU_ERR_ARG);
    assert_int_equal(doku_buf_printf(&(doku_buf){0}, NULL), DOKU_ERR_ARG);
    {
        /* short text goes through the stack copy, long text is printed
         * straight into the buffer: both must append exactly */
        doku_buf pb = {0};
        assert_int_equal(doku_buf_printf(&pb, "r%dc%d", 4, 7), DOKU_OK);
        assert_string_equal(pb.data, "r4c7");
        assert_int_equal(doku_buf_printf(&pb, "%0600d|", 5), DOKU_OK);
        assert_int_equal((int)pb.len, 4 + 601);
        assert_int_equal(pb.data[4 + 599], '5');
        assert_int_equal(pb.data[4 + 600], '|');
        assert_int_equal(pb.data[pb.len], '\0');
        doku_buf_free(&pb);
    }
    doku_buf_reset(NULL);
    doku_buf_free(NULL);

    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    assert_int_equal(doku_format_csv_header(NULL, DOKU_CMD_SOLVE, &ro, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_csv_header(&b, DOKU_CMD_SOLVE, NULL, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_csv_header(&b, (doku_command)99, &ro, 0), DOKU_ERR_ARG);

    doku_source src;
    memset(&src, 0, sizeof src);
    assert_int_equal(doku_format_invalid(NULL, DOKU_CMD_SOLVE, &src, &ro, "why"), DOKU_ERR_ARG);
    assert_int_equal(doku_format_invalid(&b, DOKU_CMD_SOLVE, NULL, &ro, "why"), DOKU_ERR_ARG);
    assert_int_equal(doku_format_invalid(&b, DOKU_CMD_SOLVE, &src, NULL, "why"), DOKU_ERR_ARG);
    assert_int_equal(doku_format_invalid(&b, DOKU_CMD_SOLVE, &src, &ro, NULL), DOKU_ERR_ARG);

    doku_search_record sr;
    memset(&sr, 0, sizeof sr);
    sr.command = DOKU_CMD_SOLVE;
    assert_int_equal(doku_format_search(NULL, &src, &ro, &sr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, NULL, &ro, &sr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_ERR_ARG); /* no shape */
    src.shape = w->s9;
    src.cells = w->full9;
    assert_int_equal(doku_format_search(&b, &src, NULL, &sr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &src, &ro, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_ERR_ARG); /* no result */
    sr.command = (doku_command)99;
    assert_int_equal(doku_format_search(&b, &src, &ro, &sr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_solution(NULL, &src, &ro, 0, w->full9), DOKU_ERR_ARG);
    assert_int_equal(doku_format_solution(&b, NULL, &ro, 0, w->full9), DOKU_ERR_ARG);
    assert_int_equal(doku_format_solution(&b, &src, NULL, 0, w->full9), DOKU_ERR_ARG);
    assert_int_equal(doku_format_solution(&b, &src, &ro, 0, NULL), DOKU_ERR_ARG);

    doku_step st;
    memset(&st, 0, sizeof st);
    assert_int_equal(doku_format_step(NULL, w->s9, &st, DOKU_FORMAT_LINE, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_step(&b, NULL, &st, DOKU_FORMAT_LINE, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_step(&b, w->s9, NULL, DOKU_FORMAT_LINE, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(NULL, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), NULL, DOKU_EXCHANGE_SDK), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, NULL, w->full9, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_SDK), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, w->s9, NULL, (size_t)doku_shape_cells(w->s9), NULL, DOKU_EXCHANGE_FPUZZLES), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), NULL, (doku_exchange)99), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, w->s9, w->full9, (size_t)doku_shape_cells(w->s9), NULL, (doku_exchange)-1), DOKU_ERR_ARG);
    assert_int_equal(doku_format_exchange(&b, NULL, NULL, (size_t)doku_shape_cells(NULL), NULL, DOKU_EXCHANGE_OPENSUDOKU_TAIL), DOKU_OK);
    assert_int_equal(doku_format_pencil(NULL, w->s9, w->full9, NULL, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_pencil(&b, NULL, w->full9, NULL, (size_t)doku_shape_cells(NULL), 0), DOKU_ERR_ARG);
    assert_int_equal(doku_format_pencil(&b, w->s9, NULL, NULL, (size_t)doku_shape_cells(w->s9), 1), DOKU_ERR_ARG);
    {
        uint8_t big[81];
        memcpy(big, w->full9, 81);
        big[5] = 10; /* a value above n */
        assert_int_equal(doku_format_pencil(&b, w->s9, big, NULL, (size_t)doku_shape_cells(w->s9), 0), DOKU_ERR_ARG);
    }
    assert_int_equal(doku_format_candidates(NULL, w->s9, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_candidates(&b, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_candidates(&b, w->s9, NULL), DOKU_ERR_ARG);

    doku_logic_record lr;
    memset(&lr, 0, sizeof lr);
    lr.command = DOKU_CMD_GRADE;
    assert_int_equal(doku_format_logic(NULL, &src, &ro, &lr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_logic(&b, NULL, &ro, &lr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_logic(&b, &src, NULL, &lr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_logic(&b, &src, &ro, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_logic(&b, &src, &ro, &lr), DOKU_ERR_ARG); /* no rating */
    lr.command = DOKU_CMD_EXPLAIN;
    assert_int_equal(doku_format_logic(&b, &src, &ro, &lr), DOKU_ERR_ARG);
    lr.command = (doku_command)99;
    assert_int_equal(doku_format_logic(&b, &src, &ro, &lr), DOKU_ERR_ARG);

    uint8_t cells[81];
    uint64_t cands[81];
    char why[64];
    const char *pm = "123456789";
    assert_int_equal(doku_parse_pencil(NULL, 9, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)9 * (size_t)9, why, sizeof why),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_parse_pencil(pm, 9, DOKU_SYMBOLS_AUTO, NULL, cands, (size_t)9 * (size_t)9, why, sizeof why),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_parse_pencil(pm, 9, DOKU_SYMBOLS_AUTO, cells, NULL, (size_t)9 * (size_t)9, why, sizeof why),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_parse_pencil(pm, 0, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)0 * (size_t)0, NULL, 0),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_parse_pencil(pm, DOKU_MAX_N + 1, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)(DOKU_MAX_N + 1) * (size_t)(DOKU_MAX_N + 1), why,
                                       sizeof why), DOKU_ERR_ARG);
    /* a short grid is a parse error with a reason, not a read past the text */
    assert_int_equal(doku_parse_pencil(pm, 9, DOKU_SYMBOLS_AUTO, cells, cands, (size_t)9 * (size_t)9, why, sizeof why),
                     DOKU_ERR_PARSE);
    assert_true(why[0] != '\0');
    /* an unknown alphabet is a bad argument, not a parse error */
    assert_int_equal(doku_parse_pencil(pm, 9, (doku_symbols)77, cells, cands, (size_t)9 * (size_t)9, why, sizeof why),
                     DOKU_ERR_ARG);

    doku_generate_result gres;
    memset(&gres, 0, sizeof gres);
    doku_generate_record gr = {0, 1, w->full9, w->full9, &gres, 0, 0, 0, DOKU_DIFFICULTY_ANY};
    assert_int_equal(doku_format_generate(NULL, w->s9, DOKU_SYMBOLS_AUTO, &ro, &gr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_generate(&b, NULL, DOKU_SYMBOLS_AUTO, &ro, &gr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_generate(&b, w->s9, DOKU_SYMBOLS_AUTO, NULL, &gr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_generate(&b, w->s9, DOKU_SYMBOLS_AUTO, &ro, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_format_generate(&b, w->s9, (doku_symbols)9, &ro, &gr), DOKU_ERR_ARG);
    doku_reduce_record rr;
    memset(&rr, 0, sizeof rr);
    rr.status = "invalid";
    assert_int_equal(doku_format_reduce(NULL, &src, &ro, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_reduce(&b, NULL, &ro, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_reduce(&b, &src, NULL, &rr), DOKU_ERR_ARG);
    assert_int_equal(doku_format_reduce(&b, &src, &ro, NULL), DOKU_ERR_ARG);
    doku_buf_free(&b);
}

static void test_rating_range(void **state)
{
    (void)state;
    double lo = 7, hi = 7;
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_ANY, &lo, &hi), DOKU_ERR_ARG);
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_UNSOLVED, &lo, &hi), DOKU_ERR_ARG);
    assert_int_equal(doku_difficulty_range((doku_difficulty)-1, &lo, &hi), DOKU_ERR_ARG);
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_EASY, NULL, &hi), DOKU_ERR_ARG);
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_EASY, &lo, NULL), DOKU_ERR_ARG);
    assert_float_equal(lo, 7, 0);
    assert_int_equal(doku_difficulty_range(DOKU_DIFFICULTY_EASY, &lo, &hi), DOKU_OK);
    assert_float_equal(lo, 1.0, 1e-9);
}

/* doku_parse.h: every parser refuses NULL text and NULL outputs, with or
 * without an error record (the messages are tests/unit/test_parse.c's). */
static void test_parsers(void **state)
{
    (void)state;
    doku_parse_error e;
    int a, b;
    unsigned v;
    doku_symbols sy;
    uint8_t map[16];
    double lo, hi;
    doku_symmetry sym;
    doku_difficulty d;
    doku_qqwing_level q;
    uint64_t m;
    assert_int_equal(doku_parse_box(NULL, &a, &b, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_variants("x", NULL, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_symbols(NULL, &sy, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_regions("1122112233443344", 16, map, 15, &a, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_regions("1122112233443344", 16, map, 16, NULL, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_rating_range("1-2", &lo, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_clues("5", -3, &a, &b, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_symmetry("none", NULL, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_difficulty("easy", &d, NULL, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_qqwing_level(NULL, &q, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_techniques("singles", NULL, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_required_techniques(NULL, &m, &e), DOKU_ERR_ARG);
    /* a bad value without an error record is still refused */
    assert_int_equal(doku_parse_variants("zz", &v, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("zz", &lo, &hi, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_symmetry("zz", &sym, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_techniques("zz", &m, NULL), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_regions("12", 2, map, 16, &a, NULL), DOKU_ERR_PARSE);
    assert_string_equal(doku_qqwing_level_name(DOKU_QQWING_EXPERT), "expert");
    assert_string_equal(doku_difficulty_name(DOKU_DIFFICULTY_UNSOLVED), "unsolved");
}

/* doku_constraints.h: every call with NULL and out-of-range arguments. */
static void test_constraints(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    doku_constraints *cs = (doku_constraints *)1;
    assert_int_equal(doku_constraints_create(NULL, &cs), DOKU_ERR_ARG);
    assert_null(cs);
    assert_int_equal(doku_constraints_create(s, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_create(s, &cs), DOKU_OK);
    uint16_t cells[2] = {0, 1};
    int sum = 3;
    assert_int_equal(doku_constraints_add(NULL, DOKU_CON_CAGE, cells, 2, &sum, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, NULL, 2, &sum, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, cells, 2, NULL, 1), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_NONE, cells, 2, NULL, 0), DOKU_ERR_ARG);
    assert_string_equal(doku_constraints_error(NULL), "");
    assert_int_equal(doku_constraints_count(NULL), 0);
    doku_constraint c;
    assert_int_equal(doku_constraints_get(NULL, 0, &c), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_get(cs, 0, &c), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, cells, 2, &sum, 1), DOKU_OK);
    assert_int_equal(doku_constraints_get(cs, 0, NULL), DOKU_ERR_ARG);
    assert_null(doku_constraints_shape(NULL));
    assert_ptr_equal(doku_constraints_shape(cs), s);
    assert_string_equal(doku_constraint_kind_name((doku_constraint_kind)-1), "unknown constraint");
    assert_string_equal(doku_constraint_kind_key((doku_constraint_kind)99), "");
    assert_int_equal(doku_constraint_kind_from_key(NULL), DOKU_CON_NONE);
    uint8_t g[81] = {0};
    doku_search_result r;
    doku_search_opts bad = {.time_budget = -1};
    assert_int_equal(doku_constraints_search(NULL, g, 81, NULL, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_search(cs, NULL, 81, NULL, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_search(cs, g, 81, NULL, NULL, NULL, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_search(cs, g, 81, &bad, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_search(cs, g, 80, NULL, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    g[5] = 10;
    assert_int_equal(doku_constraints_search(cs, g, 81, NULL, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    size_t count = 7, len = 7;
    assert_int_equal(doku_constraints_check(cs, g, 81, NULL, 0, &count), DOKU_ERR_ARG);
    assert_int_equal(count, 0);
    g[5] = 0;
    assert_int_equal(doku_constraints_check(NULL, g, 81, NULL, 0, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_check(cs, NULL, 81, NULL, 0, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_check(cs, g, 16, NULL, 0, NULL), DOKU_ERR_ARG);
    /* the wrong-entry finder under constraints: the classic call's checks */
    uint8_t flags[81];
    doku_wrong_entry we = {3, DOKU_WRONG_SOME, 4};
    assert_int_equal(doku_constraints_find_wrong_entry(NULL, g, 81, 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(we.suspects, 0);
    assert_int_equal(we.kind, DOKU_WRONG_NONE);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, NULL, 81, 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, 0, NULL, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, 0, flags, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 80, 0, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, -1, flags, &we), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, NAN, flags, &we), DOKU_ERR_ARG);
    g[5] = 10;
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, 0, flags, &we), DOKU_ERR_ARG);
    g[5] = 0;
    /* an empty grid has solutions: nothing is wrong, every mark cleared */
    memset(flags, 1, sizeof flags);
    assert_int_equal(doku_constraints_find_wrong_entry(cs, g, 81, 0, flags, &we), DOKU_OK);
    assert_int_equal(we.suspects, 0);
    assert_int_equal(we.kind, DOKU_WRONG_NONE);
    for (int i = 0; i < 81; i++)
        assert_int_equal(flags[i], 0);
    doku_violation v = {5, -1, -1};
    char buf[64];
    assert_int_equal(doku_violation_text(NULL, g, &v, buf, sizeof buf, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_violation_text(cs, g, NULL, buf, sizeof buf, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_violation_text(cs, g, &v, buf, sizeof buf, &len), DOKU_ERR_ARG);
    assert_int_equal(len, 0);
    assert_string_equal(buf, "");
    assert_int_equal(doku_constraint_text(NULL, 0, buf, sizeof buf, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraint_text(cs, 9, buf, sizeof buf, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_constraint_text(cs, 0, NULL, 4, NULL), DOKU_ERR_ARG);
    doku_variant_puzzle *p = (doku_variant_puzzle *)1;
    assert_int_equal(doku_variant_puzzle_read(NULL, 3, &p, NULL, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_puzzle_read("size 9", 6, NULL, NULL, 0), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_puzzle_read("", 0, &p, buf, sizeof buf), DOKU_ERR_PARSE);
    assert_null(p);
    assert_null(doku_variant_puzzle_shape(NULL));
    assert_null(doku_variant_puzzle_givens(NULL));
    assert_null(doku_variant_puzzle_constraints(NULL));
    assert_null(doku_variant_puzzle_solution(NULL));
    assert_null(doku_variant_puzzle_title(NULL));
    assert_null(doku_variant_puzzle_author(NULL));
    doku_variant_puzzle_free(NULL);
    assert_int_equal(doku_variant_format_guess(NULL, 5), DOKU_VARIANT_FORMAT_NONE);
    doku_buf out = {0};
    assert_int_equal(doku_variant_write(NULL, cs, NULL, NULL, DOKU_VARIANT_FORMAT_TEXT, NULL, 0),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_variant_write(&out, NULL, NULL, NULL, DOKU_VARIANT_FORMAT_TEXT, buf,
                                        sizeof buf), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_write(&out, cs, NULL, NULL, (doku_variant_format)99, buf,
                                        sizeof buf), DOKU_ERR_ARG);
    assert_int_equal(out.len, 0);
    assert_int_equal(doku_variant_write(&out, cs, NULL, NULL, DOKU_VARIANT_FORMAT_RECORD, buf,
                                        sizeof buf), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_write_titled(NULL, cs, NULL, NULL, "t", "a",
                                               DOKU_VARIANT_FORMAT_TEXT, buf, sizeof buf),
                     DOKU_ERR_ARG);
    assert_int_equal(doku_variant_write_titled(&out, NULL, NULL, NULL, NULL, NULL,
                                               DOKU_VARIANT_FORMAT_TEXT, buf, sizeof buf),
                     DOKU_ERR_ARG);
    assert_int_equal(out.len, 0);
    assert_int_equal(doku_constraints_write_json(NULL, cs), DOKU_ERR_ARG);
    assert_int_equal(doku_constraints_write_json(&out, NULL), DOKU_ERR_ARG);
    assert_int_equal(out.len, 0);
    assert_int_equal(doku_constraints_write_json(&out, cs), DOKU_OK);
    assert_true(out.len >= 2 && out.data[0] == '[' && out.data[out.len - 1] == ']');
    doku_buf_free(&out);
    doku_logic *vl = (doku_logic *)1;
    assert_int_equal(doku_logic_create_variant(NULL, NULL, &vl), DOKU_ERR_ARG);
    assert_null(vl);
    assert_int_equal(doku_logic_create_variant(cs, NULL, NULL), DOKU_ERR_ARG);
    assert_null(doku_logic_constraints(NULL));
    assert_int_equal(doku_logic_create_variant(cs, NULL, &vl), DOKU_OK);
    assert_ptr_equal(doku_logic_constraints(vl), cs);
    doku_logic_free(vl);
    doku_constraints_free(NULL);
    doku_constraints_free(cs);
    doku_shape_free(s);
}

static void test_variant_gen(void **state)
{
    (void)state;
    doku_shape *s;
    doku_generator *g;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_generator_create(s, &g), DOKU_OK);
    doku_constraints *cs = (doku_constraints *)1;
    uint8_t giv[81];
    assert_int_equal(doku_variant_generate(NULL, 1, NULL, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_null(cs);
    assert_int_equal(doku_variant_generate(g, 1, NULL, NULL, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_generate(g, 1, NULL, &cs, NULL, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_variant_generate(g, 1, NULL, &cs, giv, NULL, 16, NULL), DOKU_ERR_ARG);
    doku_vgen_opts o = {.min_cage = 3};
    assert_int_equal(doku_variant_generate(g, 1, &o, &cs, giv, NULL, 81, NULL), DOKU_ERR_ARG);
    assert_string_equal(doku_vgen_set_name((doku_vgen_set)-1), "");
    unsigned v;
    doku_vgen_set set;
    int named;
    int lo, hi;
    assert_int_equal(doku_parse_vgen_variants(NULL, &v, &set, &named, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_vgen_variants("x", NULL, &set, &named, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_vgen_variants("x", &v, &set, NULL, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_cage_size(NULL, 9, &lo, &hi, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_cage_size("2-5", -1, &lo, &hi, NULL), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_cage_size("2-5", 9, NULL, &hi, NULL), DOKU_ERR_ARG);
    doku_generator_free(g);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_status),
        cmocka_unit_test(test_rating_range),
        cmocka_unit_test_setup_teardown(test_formatters, setup, teardown),
        cmocka_unit_test(test_shape_create),
        cmocka_unit_test_setup_teardown(test_shape_accessors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rules, setup, teardown),
        cmocka_unit_test_setup_teardown(test_search, setup, teardown),
        cmocka_unit_test(test_reader),
        cmocka_unit_test_setup_teardown(test_format, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rng_symmetry_difficulty, setup, teardown),
        cmocka_unit_test_setup_teardown(test_generator, setup, teardown),
        cmocka_unit_test_setup_teardown(test_logic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_band, setup, teardown),
        cmocka_unit_test(test_parsers),
        cmocka_unit_test(test_constraints),
        cmocka_unit_test(test_variant_gen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
