/*
 * test_search.c — the search entry point against data with known answers:
 * tdoku's test puzzles (counts and solutions), the hardest 16x16 set
 * (unique), the variant puzzles (stored solutions), and budgets.
 * Every solution is checked by doku_verify_solution, which shares no code
 * with the solvers.
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
#include "testutil.h"

static void run_limit(doku_solver *sv, const uint8_t *givens, uint64_t limit,
                      unsigned flags, uint8_t *sol, doku_search_result *res)
{
    doku_search_opts o = {0};
    o.limit = limit;
    o.flags = flags;
    assert_int_equal(doku_search(sv, givens, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, sol, NULL, NULL, res), DOKU_OK);
}

/* The classic shape of side n and a solver on it (both asserted made). */
static void open_simple(int n, doku_shape **s, doku_solver **sv)
{
    assert_int_equal(doku_shape_create_simple(n, 0, s), DOKU_OK);
    assert_int_equal(doku_solver_create(*s, sv), DOKU_OK);
}

static void close_solver(doku_shape *s, doku_solver *sv)
{
    doku_solver_free(sv);
    doku_shape_free(s);
}

/* A data file's lines without comments (the test is skipped without the
 * data folder); the caller frees *text and *lines. */
static size_t data_lines(const char *rel, char **text, char ***lines)
{
    char path[512];
    *text = tu_read_file(tu_data_path(path, sizeof path, rel), NULL);
    assert_non_null(*text);
    return tu_lines(*text, lines, 1);
}

static void check_tdoku_file(unsigned flags)
{
    char *text, **lines;
    size_t nl = data_lines("sudoku9/tdoku_test_puzzles", &text, &lines);
    assert_true(nl >= 40);
    doku_shape *s;
    doku_solver *sv;
    open_simple(9, &s, &sv);
    for (size_t i = 0; i < nl; i++) {
        uint8_t givens[81], expect[81], sol[81];
        assert_int_equal(tu_cells_from_text(lines[i], 81, givens), 0);
        assert_int_equal(lines[i][81], ':');
        int count = atoi(lines[i] + 82);
        const char *exp = strchr(lines[i] + 82, ':');
        doku_search_result r;
        run_limit(sv, givens, 2, flags, sol, &r);
        assert_int_equal(r.solutions, count > 2 ? 2 : count);
        /* The exact count, proven by a limit one above it. */
        run_limit(sv, givens, (uint64_t)count + 1, flags, NULL, &r);
        assert_int_equal(r.solutions, count);
        if (count >= 1) {
            assert_true(doku_verify_solution(s, givens, sol, (size_t)doku_shape_cells(s)));
            if (count == 1) {
                assert_non_null(exp);
                assert_int_equal(tu_cells_from_text(exp + 1, 81, expect), 0);
                assert_memory_equal(sol, expect, 81);
            }
        }
    }
    close_solver(s, sv);
    free(lines);
    free(text);
}

static void test_tdoku_puzzles(void **state)
{
    (void)state;
    check_tdoku_file(0);
    check_tdoku_file(DOKU_SEARCH_GENERIC);
}

static void test_blue_16x16_unique(void **state)
{
    (void)state;
    char *text, **lines;
    size_t nl = data_lines("large/16x16_blue_ultimate15.txt", &text, &lines);
    assert_int_equal(nl, 15);
    doku_shape *s;
    doku_solver *sv;
    open_simple(16, &s, &sv);
    for (size_t i = 0; i < nl; i++) {
        uint8_t givens[256], sol[256];
        assert_int_equal(tu_cells_from_text(lines[i], 256, givens), 0);
        doku_search_result r;
        run_limit(sv, givens, 2, 0, sol, &r);
        assert_int_equal(r.solutions, 1);
        assert_true(doku_verify_solution(s, givens, sol, (size_t)doku_shape_cells(s)));
    }
    close_solver(s, sv);
    free(lines);
    free(text);
}

/* Stored ISS solutions: digits for 9x9, letters A=1.. for 16x16. */
static int iss_solution(const char *text, int n, uint8_t *out)
{
    for (int i = 0; i < n * n; i++) {
        char ch = text[i];
        if (n <= 9 && ch >= '1' && ch <= '9')
            out[i] = (uint8_t)(ch - '0');
        else if (n > 9 && ch >= 'A' && ch <= 'Z')
            out[i] = (uint8_t)(ch - 'A' + 1);
        else
            return -1;
    }
    return 0;
}

static void test_variant_puzzles(void **state)
{
    (void)state;
    char *text, **lines;
    size_t nl = data_lines("variants/iss_variant_puzzles.tsv", &text, &lines);
    int checked = 0;
    for (size_t i = 0; i < nl; i++) {
        char *f[8] = {0};
        int nf = 0;
        for (char *p = lines[i]; nf < 8;) {
            f[nf++] = p;
            char *t = strchr(p, '\t');
            if (!t)
                break;
            *t = '\0';
            p = t + 1;
        }
        if (nf < 5 || strcmp(f[0], "variant") == 0)
            continue;
        int n = atoi(f[1]);
        unsigned variants = 0;
        if (strstr(f[0], "iagonal") || strstr(f[0], "X") || strstr(f[0], "x"))
            variants |= DOKU_VARIANT_X;
        if (strstr(f[0], "indoku") || strstr(f[0], "yper"))
            variants |= DOKU_VARIANT_HYPER;
        /* ISS's 16x16 Windoku is doku's hyper: windows of box size at
         * 1 + k(side+1), the last row/column free (docs/ARCHITECTURE.md). */
        uint8_t regions[81];
        doku_shape_spec spec = {0};
        spec.n = n;
        spec.variants = variants;
        if (f[3][0]) {
            assert_int_equal((int)strlen(f[3]), n * n);
            /* ISS ids are arbitrary symbols: renumber by first appearance. */
            char ids[64] = {0};
            int nid = 0;
            for (int c = 0; c < n * n; c++) {
                int k = 0;
                while (k < nid && ids[k] != f[3][c])
                    k++;
                if (k == nid)
                    ids[nid++] = f[3][c];
                regions[c] = (uint8_t)k;
            }
            spec.regions = regions;
            spec.keep_boxes = 1;
        }
        doku_shape *s;
        doku_solver *sv;
        assert_int_equal(doku_shape_create(&spec, &s), DOKU_OK);
        assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
        uint8_t givens[256], expect[256], sol[256];
        assert_int_equal(tu_cells_from_text(f[2], n * n, givens), 0);
        assert_int_equal(iss_solution(f[4], n, expect), 0);
        doku_search_result r;
        run_limit(sv, givens, 2, 0, sol, &r);
        assert_int_equal(r.solutions, 1);
        assert_true(doku_verify_solution(s, givens, sol, (size_t)doku_shape_cells(s)));
        assert_memory_equal(sol, expect, (size_t)(n * n));
        checked++;
        close_solver(s, sv);
    }
    assert_int_equal(checked, 8);
    free(lines);
    free(text);
}

static int count_cb(void *user, const uint8_t *sol)
{
    (void)sol;
    (*(int *)user)++;
    return 0;
}

static void test_empty_4x4_count(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    open_simple(4, &s, &sv);
    uint8_t givens[16] = {0};
    doku_search_opts o = {0};
    o.limit = 1000;
    doku_search_result r;
    int seen = 0;
    assert_int_equal(doku_search(sv, givens, (size_t)doku_shape_cells(s), &o, NULL, count_cb, &seen, &r), DOKU_OK);
    assert_int_equal(r.solutions, 288); /* the number of 4x4 Sudoku grids */
    assert_int_equal(seen, 288);
    close_solver(s, sv);
}

static void test_budget_gives_up(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    open_simple(25, &s, &sv);
    uint8_t givens[625] = {0};
    doku_search_opts o = {0};
    o.limit = 1000000;
    o.node_budget = 50;
    doku_search_result r;
    assert_int_equal(doku_search(sv, givens, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_GAVE_UP);
    assert_true(r.nodes <= 51);
    close_solver(s, sv);
}

static void test_conflicting_givens_have_no_solution(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    open_simple(9, &s, &sv);
    uint8_t givens[81] = {0};
    givens[0] = 5;
    givens[80 - 8] = 5; /* r9c1: same column */
    doku_search_result r;
    run_limit(sv, givens, 2, 0, NULL, &r);
    assert_int_equal(r.solutions, 0);
    doku_conflict c[4];
    assert_int_equal(tu_conflicts(s, givens, c, 4), 1);
    assert_int_equal(c[0].cell_a, 0);
    assert_int_equal(c[0].cell_b, 72);
    assert_int_equal(doku_shape_unit_kind(s, c[0].unit), DOKU_UNIT_COL);
    givens[0] = 10;
    assert_int_equal(doku_search(sv, givens, (size_t)doku_shape_cells(s), NULL, NULL, NULL, NULL, &r), DOKU_ERR_ARG);
    close_solver(s, sv);
}

/* Pencil marks restrict the search: on the empty 4x4 grid (288 grids)
 * r1c1 limited to {1} leaves a quarter, {1,2} half; every solution keeps
 * each cell's digit among its marks; a cell with no mark left has none. */
typedef struct marks_seen {
    const uint64_t *cands;
    int count, outside;
} marks_seen;

static int marks_cb(void *user, const uint8_t *sol)
{
    marks_seen *m = user;
    m->count++;
    for (int c = 0; c < 16; c++)
        if (!(m->cands[c] >> (sol[c] - 1) & 1))
            m->outside++;
    return 0;
}

static void test_pencil_marks_restrict(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    open_simple(4, &s, &sv);
    uint8_t givens[16] = {0};
    uint64_t cands[16];
    for (int c = 0; c < 16; c++)
        cands[c] = 0xF;
    doku_search_opts o = {0};
    o.limit = 1000;
    doku_search_result r;
    marks_seen m = {cands, 0, 0};
    assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, marks_cb, &m, &r), DOKU_OK);
    assert_int_equal(r.solutions, 288);
    cands[0] = 0x1;
    m.count = 0;
    assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, marks_cb, &m, &r), DOKU_OK);
    assert_int_equal(r.solutions, 72);
    cands[0] = 0x3;
    cands[5] = 0xC; /* r2c2 only 3 or 4 */
    m.count = 0;
    assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, marks_cb, &m, &r), DOKU_OK);
    assert_int_equal(m.count, (int)r.solutions);
    assert_true(r.solutions > 0 && r.solutions < 144);
    assert_int_equal(m.outside, 0);
    cands[9] = 0; /* r3c2: nothing left */
    assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 0);
    /* NULL marks: doku_search itself */
    assert_int_equal(doku_search_candidates(sv, givens, NULL, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 288);
    /* a given's mask is not read */
    givens[0] = 2;
    for (int c = 0; c < 16; c++)
        cands[c] = 0xF;
    cands[0] = 0;
    assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 72);
    close_solver(s, sv);
}

/* Marks on a cell the givens settle: r1 = 1 2 3 . forces r1c4 to 4
 * before any mark is read. Marks that allow 4 there leave the 12 grids
 * with that first row; marks without it leave none. Both engines (the
 * board16 fast path and the generic one) answer alike. */
static void test_pencil_marks_on_forced_cell(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    open_simple(4, &s, &sv);
    uint8_t givens[16] = {1, 2, 3, 0};
    uint64_t cands[16];
    for (unsigned flags = 0; flags <= DOKU_SEARCH_GENERIC; flags += DOKU_SEARCH_GENERIC) {
        for (int c = 0; c < 16; c++)
            cands[c] = 0xF;
        doku_search_opts o = {0};
        o.limit = 100;
        o.flags = flags;
        doku_search_result r;
        cands[3] = 0x8;
        assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
        assert_int_equal(r.solutions, 12);
        cands[3] = 0x1;
        assert_int_equal(doku_search_candidates(sv, givens, cands, (size_t)doku_shape_cells(s), &o, NULL, NULL, NULL, &r), DOKU_OK);
        assert_int_equal(r.solutions, 0);
    }
    close_solver(s, sv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tdoku_puzzles),
        cmocka_unit_test(test_blue_16x16_unique),
        cmocka_unit_test(test_variant_puzzles),
        cmocka_unit_test(test_empty_4x4_count),
        cmocka_unit_test(test_budget_gives_up),
        cmocka_unit_test(test_conflicting_givens_have_no_solution),
        cmocka_unit_test(test_pencil_marks_restrict),
        cmocka_unit_test(test_pencil_marks_on_forced_cell),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
