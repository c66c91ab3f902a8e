/*
 * test_shape.c — the geometry model: unit tables, peers, variants, jigsaw
 * validation, names, conflicts and solution verification.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "doku.h"
#include "testutil.h"

static int cell(int n, int r, int c) { return (r - 1) * n + (c - 1); }

static void test_classic(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_shape_n(s), 9);
    assert_int_equal(doku_shape_cells(s), 81);
    assert_int_equal(doku_shape_unit_count(s), 27);
    assert_true(doku_shape_is_classic9(s));
    for (int c = 0; c < 81; c++) {
        int k, p;
        doku_shape_cell_units(s, c, &k);
        doku_shape_peers(s, c, &p);
        assert_int_equal(k, 3);
        assert_int_equal(p, 20);
    }
    /* Box 5 (index 4) is rows 4-6, columns 4-6. */
    const uint16_t *b = doku_shape_unit_cells(s, 18 + 4);
    assert_int_equal(doku_shape_unit_kind(s, 22), DOKU_UNIT_BOX);
    assert_int_equal(b[0], cell(9, 4, 4));
    assert_int_equal(b[8], cell(9, 6, 6));
    char name[32];
    assert_int_equal(doku_shape_unit_name(s, 22, name, sizeof name, NULL), DOKU_OK);
    assert_string_equal(name, "box 5");
    size_t len = 0;
    assert_int_equal(doku_cell_name(s, cell(9, 4, 7), name, sizeof name, &len), DOKU_OK);
    assert_string_equal(name, "r4c7");
    assert_int_equal(len, 4);
    assert_int_equal(doku_shape_describe(s, name, sizeof name, NULL), DOKU_OK);
    assert_string_equal(name, "9x9, 3x3 boxes");
    doku_shape_free(s);
}

static void test_boxes(void **state)
{
    (void)state;
    const int n[] = {4, 6, 8, 10, 12, 15, 16, 20, 25, 36, 64};
    const int r[] = {2, 2, 2, 2, 3, 3, 4, 4, 5, 6, 8};
    for (size_t i = 0; i < sizeof n / sizeof *n; i++) {
        int br, bc;
        assert_int_equal(doku_default_box(n[i], &br, &bc), DOKU_OK);
        assert_int_equal(br, r[i]);
        assert_int_equal(bc, n[i] / r[i]);
        doku_shape *s;
        assert_int_equal(doku_shape_create_simple(n[i], 0, &s), DOKU_OK);
        assert_int_equal(doku_shape_unit_count(s), 3 * n[i]);
        /* Every cell is in exactly one box. */
        int seen[4096] = {0};
        for (int u = 2 * n[i]; u < 3 * n[i]; u++)
            for (int k = 0; k < n[i]; k++)
                seen[doku_shape_unit_cells(s, u)[k]]++;
        for (int c = 0; c < n[i] * n[i]; c++)
            assert_int_equal(seen[c], 1);
        doku_shape_free(s);
    }
    /* An explicit 3x2 box on 6x6: boxes are 3 rows tall. */
    doku_shape_spec spec = {0};
    spec.box_rows = 3;
    spec.box_cols = 2;
    doku_shape *s;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    const uint16_t *b0 = doku_shape_unit_cells(s, 12);
    assert_int_equal(b0[2], cell(6, 2, 1));
    assert_int_equal(b0[5], cell(6, 3, 2));
    doku_shape_free(s);
    int br, bc;
    assert_int_equal(doku_default_box(7, &br, &bc), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(7, 0, &s), DOKU_ERR_SHAPE);
    assert_null(s);
    assert_int_equal(doku_shape_create_simple(65, 0, &s), DOKU_ERR_SHAPE);
    spec.box_rows = 2;
    spec.box_cols = 2;
    spec.n = 9;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
}

static void test_variants(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_shape_unit_count(s), 31);
    assert_false(doku_shape_is_classic9(s));
    /* Windows at rows/cols 2-4 and 6-8. */
    const uint16_t *w0 = doku_shape_unit_cells(s, 27), *w3 = doku_shape_unit_cells(s, 30);
    assert_int_equal(doku_shape_unit_kind(s, 27), DOKU_UNIT_WINDOW);
    assert_int_equal(w0[0], cell(9, 2, 2));
    assert_int_equal(w0[8], cell(9, 4, 4));
    assert_int_equal(w3[0], cell(9, 6, 6));
    assert_int_equal(w3[8], cell(9, 8, 8));
    int k;
    doku_shape_cell_units(s, cell(9, 2, 2), &k);
    assert_int_equal(k, 4);
    doku_shape_cell_units(s, cell(9, 5, 5), &k);
    assert_int_equal(k, 3);
    doku_shape_free(s);

    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_X | DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_shape_unit_count(s), 33);
    int p;
    doku_shape_peers(s, cell(9, 1, 1), &p);
    assert_int_equal(p, 26);
    doku_shape_cell_units(s, cell(9, 5, 5), &k);
    assert_int_equal(k, 5); /* row, column, box, both diagonals */
    char d[64];
    assert_int_equal(doku_shape_describe(s, d, sizeof d, NULL), DOKU_OK);
    assert_string_equal(d, "9x9, 3x3 boxes+x+hyper");
    doku_shape_free(s);

    assert_int_equal(doku_shape_create_simple(16, DOKU_VARIANT_HYPER, &s), DOKU_OK);
    assert_int_equal(doku_shape_unit_count(s), 48 + 9);
    doku_shape_free(s);
    assert_int_equal(doku_shape_create_simple(9, 1u << 7, &s), DOKU_ERR_VARIANT);
}

static void test_jigsaw(void **state)
{
    (void)state;
    /* A 5x5 jigsaw (no box factorisation): rows shifted into bands. */
    uint8_t reg[25];
    for (int i = 0; i < 25; i++)
        reg[i] = (uint8_t)(i / 5);
    doku_shape_spec spec = {0};
    spec.n = 5;
    spec.regions = reg;
    doku_shape *s;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    assert_true(doku_shape_has_regions(s));
    assert_int_equal(doku_shape_box_rows(s), 0);
    assert_int_equal(doku_shape_unit_count(s), 15);
    assert_int_equal(doku_shape_unit_kind(s, 10), DOKU_UNIT_REGION);
    doku_shape_free(s);
    reg[0] = 1; /* region 0 now has 4 cells, region 1 has 6 */
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_REGIONS);
    reg[0] = 7; /* id out of range */
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_REGIONS);
    /* Keeping boxes needs a box shape. */
    reg[0] = 0;
    spec.keep_boxes = 1;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
}

static void test_conflicts_and_verify(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    uint8_t g[81] = {0};
    g[cell(9, 1, 1)] = 4;
    g[cell(9, 2, 2)] = 4;  /* same box only */
    g[cell(9, 1, 9)] = 4;  /* same row as r1c1 */
    doku_conflict c[8];
    assert_int_equal(tu_conflicts(s, g, c, 8), 2);
    assert_int_equal(c[0].cell_a, cell(9, 1, 1));
    assert_int_equal(c[0].cell_b, cell(9, 1, 9));
    assert_int_equal(doku_shape_unit_kind(s, c[0].unit), DOKU_UNIT_ROW);
    assert_int_equal(c[1].cell_b, cell(9, 2, 2));
    assert_int_equal(doku_shape_unit_kind(s, c[1].unit), DOKU_UNIT_BOX);
    assert_int_equal(c[1].digit, 4);
    g[5] = 10;
    assert_int_equal(tu_conflicts(s, g, c, 8), -1);

    static const char *sol =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    uint8_t v[81];
    for (int i = 0; i < 81; i++)
        v[i] = (uint8_t)(sol[i] - '0');
    assert_true(doku_verify_solution(s, NULL, v, (size_t)doku_shape_cells(s)));
    uint8_t given[81] = {0};
    given[0] = 5;
    assert_true(doku_verify_solution(s, given, v, (size_t)doku_shape_cells(s)));
    given[0] = 6;
    assert_false(doku_verify_solution(s, given, v, (size_t)doku_shape_cells(s)));
    uint8_t t = v[0];
    v[0] = v[1];
    v[1] = t;
    assert_false(doku_verify_solution(s, NULL, v, (size_t)doku_shape_cells(s)));
    doku_shape_free(s);
}

/* Issue 18: a one-cell grid is refused with a status (the engines would
 * recurse forever on it); the smallest supported side, 2, solves. */
static void test_degenerate_sizes(void **state)
{
    (void)state;
    doku_shape *s = (doku_shape *)&s;
    doku_shape_spec spec = {0};
    spec.box_rows = spec.box_cols = 1;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    assert_null(s);
    uint8_t one_region[1] = {0};
    spec = (doku_shape_spec){0};
    spec.n = 1;
    spec.regions = one_region;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(1, 0, &s), DOKU_ERR_SHAPE);
    assert_int_equal(doku_shape_create_simple(0, 0, &s), DOKU_ERR_SHAPE);

    /* 2x2 with 1x2 boxes: the Latin squares of order 2, two of them. */
    spec = (doku_shape_spec){0};
    spec.box_rows = 1;
    spec.box_cols = 2;
    assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
    doku_solver *solver;
    assert_int_equal(doku_solver_create(s, &solver), DOKU_OK);
    uint8_t givens[4] = {0}, sol[4];
    doku_search_opts o = {0};
    o.limit = 10;
    doku_search_result r;
    assert_int_equal(doku_search(solver, givens, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 2);
    assert_true(doku_verify_solution(s, NULL, sol, (size_t)doku_shape_cells(s)));
    doku_solver_free(solver);
    doku_shape_free(s);
}

/* Issue 18: X + hyper + jigsaw with the boxes kept puts the centre cell of
 * a 15x15 (3x5 boxes) in seven units; every per-cell table must hold all
 * of them. Checked against a brute-force reading of the unit table. */
static void check_cell_tables(const doku_shape *s)
{
    int n = doku_shape_n(s), nc = doku_shape_cells(s), nu = doku_shape_unit_count(s);
    for (int c = 0; c < nc; c++) {
        int k, np;
        const uint16_t *cu = doku_shape_cell_units(s, c, &k);
        int expect = 0, has_row = 0, has_col = 0;
        for (int u = 0; u < nu; u++) {
            const uint16_t *uc = doku_shape_unit_cells(s, u);
            int in = 0;
            for (int i = 0; i < n; i++)
                in |= uc[i] == c;
            if (!in)
                continue;
            expect++;
            int listed = 0;
            for (int j = 0; j < k; j++)
                listed += cu[j] == u;
            assert_int_equal(listed, 1);
            has_row |= doku_shape_unit_kind(s, u) == DOKU_UNIT_ROW;
            has_col |= doku_shape_unit_kind(s, u) == DOKU_UNIT_COL;
        }
        assert_int_equal(k, expect);
        assert_true(has_row && has_col);
        /* peers: every cell sharing a unit, each once */
        const uint16_t *p = doku_shape_peers(s, c, &np);
        int brute = 0;
        for (int o = 0; o < nc; o++) {
            if (o == c)
                continue;
            int shares = 0;
            for (int j = 0; j < k && !shares; j++) {
                const uint16_t *uc = doku_shape_unit_cells(s, cu[j]);
                for (int i = 0; i < n; i++)
                    shares |= uc[i] == o;
            }
            if (!shares)
                continue;
            brute++;
            int listed = 0;
            for (int i = 0; i < np; i++)
                listed += p[i] == o;
            assert_int_equal(listed, 1);
        }
        assert_int_equal(np, brute);
    }
}

static void test_seven_units(void **state)
{
    (void)state;
    static const int boxes[][2] = {{3, 5}, {5, 3}, {3, 7}, {7, 3}, {5, 7}};
    for (size_t b = 0; b < sizeof boxes / sizeof boxes[0]; b++) {
        int n = boxes[b][0] * boxes[b][1];
        uint8_t regions[DOKU_MAX_CELLS];
        for (int i = 0; i < n * n; i++) /* region r = row r shifted by one */
            regions[i] = (uint8_t)((i / n + (i % n == 0)) % n);
        doku_shape_spec spec = {0};
        spec.box_rows = boxes[b][0];
        spec.box_cols = boxes[b][1];
        spec.variants = DOKU_VARIANT_X | DOKU_VARIANT_HYPER;
        spec.regions = regions;
        spec.keep_boxes = 1;
        doku_shape *s;
        assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
        int centre = (n / 2) * n + n / 2, k;
        doku_shape_cell_units(s, centre, &k);
        assert_int_equal(k, 7);
        check_cell_tables(s);
        /* one duplicate pair in a row is reported once */
        uint8_t g[DOKU_MAX_CELLS] = {0};
        g[centre] = 1;
        g[centre + 1] = 1;
        doku_conflict c[16];
        int found = tu_conflicts(s, g, c, 16);
        int in_row = 0;
        for (int i = 0; i < found; i++)
            in_row += doku_shape_unit_kind(s, c[i].unit) == DOKU_UNIT_ROW;
        assert_int_equal(in_row, 1);
        doku_shape_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classic),
        cmocka_unit_test(test_boxes),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_jigsaw),
        cmocka_unit_test(test_conflicts_and_verify),
        cmocka_unit_test(test_degenerate_sizes),
        cmocka_unit_test(test_seven_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
