/*
 * test_wrong_entry.c — doku_find_wrong_entry and its sentence: a unique
 * minimal puzzle with one given mistyped (no duplicate to point at) gets
 * that given named with the digit its solution has, on every board
 * size (emptying it would leave several solutions: that alone would not
 * tell); a
 * grid with a solution names nothing; a budget gives up cleanly.
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

static uint64_t count(doku_solver *sv, const uint8_t *cells)
{
    doku_search_opts o = {2, 0, 0, 0};
    doku_search_result r;
    assert_int_equal(doku_search(sv, cells, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, NULL, NULL, NULL, &r), DOKU_OK);
    return r.solutions;
}

/* A unique puzzle of the shape: its first solution of the empty grid,
 * thinned cell by cell while one solution is left. sol receives the
 * solution. */
static void unique_puzzle(doku_solver *sv, int ncells, uint8_t *puz, uint8_t *sol)
{
    doku_search_opts o = {1, 0, 0, 0};
    doku_search_result r;
    memset(puz, 0, (size_t)ncells);
    assert_int_equal(doku_search(sv, puz, (size_t)doku_shape_cells(doku_solver_shape(sv)), &o, sol, NULL, NULL, &r), DOKU_OK);
    assert_int_equal(r.solutions, 1);
    memcpy(puz, sol, (size_t)ncells);
    /* a stride prime to the sizes used spreads the removals */
    for (int k = 0, c = 0; k < ncells; k++, c = (c + 7) % ncells) {
        uint8_t keep = puz[c];
        puz[c] = 0;
        if (count(sv, puz) != 1)
            puz[c] = keep;
    }
}

/* Changes one given of puz to a digit its peers do not hold (so no
 * duplicate shows) that leaves no solution. @return the cell, or -1. */
static int mistype(const doku_shape *s, doku_solver *sv, uint8_t *puz)
{
    int n = doku_shape_n(s), ncells = n * n;
    for (int c = 0; c < ncells; c++) {
        if (!puz[c])
            continue;
        uint8_t keep = puz[c];
        for (int d = 1; d <= n; d++) {
            if (d == keep)
                continue;
            puz[c] = (uint8_t)d;
            if (tu_conflicts(s, puz, NULL, 0) == 0 && count(sv, puz) == 0)
                return c;
        }
        puz[c] = keep;
    }
    return -1;
}

static void check_size(int n)
{
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(n, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    int ncells = n * n;
    uint8_t *puz = malloc((size_t)ncells), *sol = malloc((size_t)ncells);
    uint8_t *marks = malloc((size_t)ncells);
    unique_puzzle(sv, ncells, puz, sol);
    int bad = mistype(s, sv, puz);
    assert_true(bad >= 0);
    doku_wrong_entry w;
    assert_int_equal(doku_find_wrong_entry(sv, puz, ncells, 0, marks, &w), DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_DIGIT);
    assert_true(w.suspects >= 1);
    assert_int_equal(marks[bad], 1);
    size_t marked = 0;
    for (int c = 0; c < ncells; c++) {
        assert_true(marks[c] <= 1);
        assert_true(!marks[c] || puz[c]); /* only filled cells are blamed */
        marked += marks[c];
    }
    assert_int_equal(marked, w.suspects);
    doku_buf text = {0};
    assert_int_equal(doku_format_wrong_entry(&text, s, puz, (size_t)doku_shape_cells(s), DOKU_SYMBOLS_AUTO, marks, &w), DOKU_OK);
    char name[16];
    assert_int_equal(doku_cell_name(s, bad, name, sizeof name, NULL), DOKU_OK);
    assert_non_null(strstr(text.data, name));
    if (w.suspects == 1) {
        /* the digit the solution has there, in the grid's own symbols */
        assert_int_equal(w.value, sol[bad]);
        char want[160], had[8], right[8];
        snprintf(had, sizeof had, n > 35 ? "%d" : "%c",
                 n > 35 ? puz[bad] : doku_symbol(n, DOKU_SYMBOLS_AUTO, puz[bad]));
        snprintf(right, sizeof right, n > 35 ? "%d" : "%c",
                 n > 35 ? sol[bad] : doku_symbol(n, DOKU_SYMBOLS_AUTO, sol[bad]));
        snprintf(want, sizeof want,
                 "%s holds %s, which no solution has; with %s there the grid has one solution",
                 name, had, right);
        assert_string_equal(text.data, want);
    }
    doku_buf_free(&text);

    /* a player's grid: the puzzle, a few right entries and one wrong one
     * where no duplicate shows; without it, one solution */
    puz[bad] = sol[bad];
    int wrong = -1;
    for (int c = 0, k = 0; c < ncells; c++) {
        if (puz[c])
            continue;
        if (k++ % 3) {
            puz[c] = sol[c];
            continue;
        }
        for (int d = 1; wrong < 0 && d <= n; d++) {
            if (d == sol[c])
                continue;
            puz[c] = (uint8_t)d;
            if (tu_conflicts(s, puz, NULL, 0) == 0 && count(sv, puz) == 0)
                wrong = c;
            else
                puz[c] = 0;
        }
    }
    assert_true(wrong >= 0);
    assert_int_equal(doku_find_wrong_entry(sv, puz, ncells, 0, marks, &w), DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_DIGIT);
    assert_int_equal(marks[wrong], 1);
    if (w.suspects == 1)
        assert_int_equal(w.value, sol[wrong]);
    free(puz);
    free(sol);
    free(marks);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_mistyped_given_is_named(void **state)
{
    (void)state;
    static const int sizes[] = {4, 6, 9, 12, 16};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        check_size(sizes[i]);
}

/* The classic sentence, word for word: a 17-given puzzle with a wrong 6
 * added in r1c2 (its solution has 1 there). */
static void test_sentence_of_one_suspect(void **state)
{
    (void)state;
    static const char *grid =
        "46....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t cells[81], marks[81];
    for (int c = 0; c < 81; c++)
        cells[c] = grid[c] == '.' ? 0 : (uint8_t)(grid[c] - '0');
    doku_wrong_entry w;
    assert_int_equal(doku_find_wrong_entry(sv, cells, (size_t)doku_shape_cells(s), 10, marks, &w), DOKU_OK);
    assert_int_equal(w.suspects, 1);
    assert_int_equal(w.value, 1);
    doku_buf text = {0};
    assert_int_equal(doku_format_wrong_entry(&text, s, cells, (size_t)doku_shape_cells(s), DOKU_SYMBOLS_AUTO, marks, &w), DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_DIGIT);
    assert_string_equal(text.data, "r1c2 holds 6, which no solution has; with 1 there the grid has "
                                   "one solution");
    doku_buf_free(&text);

    doku_solver_free(sv);
    doku_shape_free(s);
}

/* Several suspects: every one listed up to four, then "(or more)". */
static void test_sentence_of_several(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    uint8_t cells[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}, marks[16] = {0};
    doku_wrong_entry w = {2, DOKU_WRONG_DIGIT, 0};
    marks[0] = marks[5] = 1;
    doku_buf text = {0};
    assert_int_equal(doku_format_wrong_entry(&text, s, cells, (size_t)doku_shape_cells(s), DOKU_SYMBOLS_AUTO, marks, &w), DOKU_OK);
    assert_string_equal(text.data, "a filled cell is wrong: with another digit in any one of r1c1 "
                                   "or r2c2 the grid has one solution");
    doku_buf_reset(&text);
    for (int c = 0; c < 6; c++)
        marks[c] = 1;
    w.suspects = 6;
    w.kind = DOKU_WRONG_SOME;
    assert_int_equal(doku_format_wrong_entry(&text, s, cells, (size_t)doku_shape_cells(s), DOKU_SYMBOLS_AUTO, marks, &w), DOKU_OK);
    assert_string_equal(text.data, "a filled cell is wrong: without any one of r1c1, r1c2, r1c3, "
                                   "r1c4 (or more) the grid has solutions");
    doku_buf_free(&text);
    doku_shape_free(s);
}

/* A grid with a solution has nothing wrong; an empty budget gives up
 * with nothing marked. */
static void test_nothing_to_name_and_budget(void **state)
{
    (void)state;
    doku_shape *s;
    doku_solver *sv;
    assert_int_equal(doku_shape_create_simple(16, 0, &s), DOKU_OK);
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t puz[256], sol[256], marks[256];
    unique_puzzle(sv, 256, puz, sol);
    doku_wrong_entry w;
    memset(marks, 7, sizeof marks);
    assert_int_equal(doku_find_wrong_entry(sv, puz, (size_t)doku_shape_cells(s), 0, marks, &w), DOKU_OK);
    assert_int_equal(w.suspects, 0);
    for (int c = 0; c < 256; c++)
        assert_int_equal(marks[c], 0);
    assert_true(mistype(s, sv, puz) >= 0);
    assert_int_equal(doku_find_wrong_entry(sv, puz, (size_t)doku_shape_cells(s), 1e-9, marks, &w), DOKU_GAVE_UP);
    assert_int_equal(w.suspects, 0);
    for (int c = 0; c < 256; c++)
        assert_int_equal(marks[c], 0);
    doku_solver_free(sv);
    doku_shape_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mistyped_given_is_named),
        cmocka_unit_test(test_sentence_of_one_suspect),
        cmocka_unit_test(test_sentence_of_several),
        cmocka_unit_test(test_nothing_to_name_and_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
