/*
 * test_wrong_entry_variant.c — doku_constraints_find_wrong_entry on real
 * variant puzzles of Interactive Sudoku Solver's examples (MIT licence,
 * tests/fixtures/variants/logic_small.tsv): a killer without givens, a
 * thermo with givens, a puzzle mixing anti-king, anti-knight,
 * non-consecutive and strict kropki dots, and a 4x4 thermo whose givens
 * leave several solutions. A player's wrong entry that breaks no rule in
 * sight is named exactly, with the digit of the solution; a mistyped
 * given gets the cells an independent brute force says mend the grid; a
 * grid with solutions names nothing; a tiny budget gives up clean.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "doku.h"
#include "doku_constraints.h"

/* ISS's "Killer": cages only, no givens. */
static const char KILLER[] =
    ".Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4"
    ".Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8"
    ".Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6"
    ".Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1"
    ".Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8"
    ".Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3"
    ".Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7"
    ".Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9";
static const char KILLER_SOL[] =
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289";

/* ISS's "Thermo": four thermometers and eight givens. */
static const char THERMO[] =
    ".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9"
    ".Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6"
    ".Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4";
static const char THERMO_SOL[] =
    "847632519295471386631598247129743865486259173753816924368924751974185632512367498";

/* ISS's "I just like colours": five kinds of constraint, no givens. */
static const char MIXED[] =
    ".AntiKing .AntiKnight .AntiConsecutive .BlackDot~R2C2~R2C3 .BlackDot~R3C5~R3C6"
    " .BlackDot~R1C8~R1C9 .BlackDot~R2C7~R3C7 .BlackDot~R4C5~R5C5 .BlackDot~R5C3~R5C4"
    " .BlackDot~R1C4~R2C4 .BlackDot~R6C1~R7C1 .BlackDot~R7C1~R7C2 .BlackDot~R8C4~R8C5"
    " .BlackDot~R7C6~R8C6 .BlackDot~R6C6~R6C7 .BlackDot~R5C8~R6C8 .BlackDot~R3C9~R4C9"
    " .BlackDot~R8C9~R9C9 .BlackDot~R9C7~R9C8 .StrictKropki";
static const char MIXED_SOL[] =
    "372615948948372615615948372837261594594837261261594837483726159159483726726159483";

typedef struct fixture {
    doku_variant_puzzle *p;
    const doku_constraints *cs;
    const doku_shape *s;
    int n;
    size_t ncells;
} fixture;

static fixture load(const char *text)
{
    fixture f;
    char msg[256];
    assert_int_equal(doku_variant_puzzle_read(text, strlen(text), &f.p, msg, sizeof msg),
                     DOKU_OK);
    f.cs = doku_variant_puzzle_constraints(f.p);
    f.s = doku_variant_puzzle_shape(f.p);
    f.n = doku_shape_n(f.s);
    f.ncells = (size_t)doku_shape_cells(f.s);
    return f;
}

static void cells_of(const char *grid, uint8_t *cells, size_t ncells)
{
    assert_int_equal(strlen(grid), ncells);
    for (size_t c = 0; c < ncells; c++)
        cells[c] = grid[c] == '.' ? 0 : (uint8_t)(grid[c] - '0');
}

static uint64_t count(const fixture *f, const uint8_t *cells)
{
    doku_search_opts o = {2, 0, 0, 0};
    doku_search_result r;
    assert_int_equal(doku_constraints_search(f->cs, cells, f->ncells, &o, NULL, NULL, NULL, &r),
                     DOKU_OK);
    return r.solutions;
}

/* No duplicate in a unit and no constraint broken by the filled cells:
 * nothing in sight says which entry is wrong. */
static void assert_nothing_in_sight(const fixture *f, const uint8_t *cells)
{
    size_t k = 1, m = 1;
    assert_int_equal(doku_find_conflicts(f->s, cells, f->ncells, NULL, 0, &k), DOKU_OK);
    assert_int_equal(k, 0);
    assert_int_equal(doku_constraints_check(f->cs, cells, f->ncells, NULL, 0, &m), DOKU_OK);
    assert_int_equal(m, 0);
}

/* A player's grid: the givens, the solution's digits on every cell whose
 * index is a multiple of stride, and wrong (a digit) at cell bad. Checks
 * that exactly bad is named, with the solution's digit, and the sentence. */
static void check_entry(const char *puzzle, const char *solution, int stride, int bad,
                        uint8_t wrong, const char *sentence)
{
    fixture f = load(puzzle);
    uint8_t cells[81], sol[81], marks[81];
    cells_of(solution, sol, f.ncells);
    memcpy(cells, doku_variant_puzzle_givens(f.p), f.ncells);
    for (size_t c = 0; c < f.ncells; c += (size_t)stride)
        cells[c] = sol[c];
    assert_int_equal(count(&f, cells), 1); /* the right entries keep one solution */
    assert_int_not_equal(wrong, sol[bad]);
    cells[bad] = wrong;
    assert_nothing_in_sight(&f, cells);
    doku_wrong_entry w;
    assert_int_equal(doku_constraints_find_wrong_entry(f.cs, cells, f.ncells, 0, marks, &w),
                     DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_DIGIT);
    assert_int_equal(w.suspects, 1);
    assert_int_equal(w.value, sol[bad]);
    for (size_t c = 0; c < f.ncells; c++)
        assert_int_equal(marks[c], c == (size_t)bad);
    doku_buf text = {0};
    assert_int_equal(doku_format_wrong_entry(&text, f.s, cells, f.ncells, DOKU_SYMBOLS_AUTO, marks,
                                             &w),
                     DOKU_OK);
    assert_string_equal(text.data, sentence);
    doku_buf_free(&text);
    doku_variant_puzzle_free(f.p);
}

static void test_killer_entry(void **state)
{
    (void)state;
    /* entries on every fourth cell, r5c5 (a 9) entered as 3: its cage of
     * 17 is open and no unit repeats the 3 */
    check_entry(KILLER, KILLER_SOL, 4, 40, 3,
                "r5c5 holds 3, which no solution has; with 9 there the grid has one solution");
}

static void test_thermo_entry(void **state)
{
    (void)state;
    /* r5c2, fifth of its thermometer's six cells (an 8), entered as 7:
     * within the bulb-to-tip range, no neighbour on the line filled;
     * entries on every tenth cell */
    check_entry(THERMO, THERMO_SOL, 10, 37, 7,
                "r5c2 holds 7, which no solution has; with 8 there the grid has one solution");
}

static void test_mixed_entry(void **state)
{
    (void)state;
    /* r9c9 (a 3, black dot with r8c9) entered as 4, entries on every
     * fourth cell: no king's or knight's move, neighbour or unit reaches
     * a 4 or a digit a dot or non-consecutive rule forbids beside it */
    check_entry(MIXED, MIXED_SOL, 4, 80, 4,
                "r9c9 holds 4, which no solution has; with 3 there the grid has one solution");
}

/* A mistyped given of the thermo (r9c8's 9 typed as 7): the suspects are
 * exactly the filled cells that, by brute force over their digits and
 * emptiness, leave one solution: r9c8 alone, mended by 9. */
static void test_thermo_mistyped_given(void **state)
{
    (void)state;
    fixture f = load(THERMO);
    uint8_t cells[81], marks[81];
    memcpy(cells, doku_variant_puzzle_givens(f.p), 81);
    assert_int_equal(cells[8 * 9 + 7], 9);
    cells[8 * 9 + 7] = 7;
    assert_nothing_in_sight(&f, cells);
    assert_int_equal(count(&f, cells), 0);
    doku_wrong_entry w;
    assert_int_equal(doku_constraints_find_wrong_entry(f.cs, cells, 81, 0, marks, &w), DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_DIGIT);
    size_t expected = 0;
    for (int c = 0; c < 81; c++) {
        int mends = 0;
        uint8_t keep = cells[c];
        for (int d = 0; keep && d <= f.n && !mends; d++) {
            if (d == keep)
                continue;
            cells[c] = (uint8_t)d;
            mends = count(&f, cells) == 1;
        }
        cells[c] = keep;
        assert_int_equal(marks[c], mends);
        expected += (size_t)mends;
    }
    assert_int_equal(w.suspects, expected);
    /* here no other given mends it: r9c8 alone, with its 9 */
    assert_int_equal(w.suspects, 1);
    assert_int_equal(marks[8 * 9 + 7], 1);
    assert_int_equal(w.value, 9);
    doku_variant_puzzle_free(f.p);
}

/* Givens with several solutions and a wrong entry: no one cell gives one
 * solution, so the suspects are the cells without which the rest has
 * solutions (DOKU_WRONG_SOME). The 4x4 thermo of tests/cli/fixtures
 * without its r4c2 given, r2c1 entered as 4 where every solution has 1:
 * only emptying r2c1 brings solutions back. */
static void test_some_without_unique(void **state)
{
    (void)state;
    fixture f = load("size 4\nthermo r1c1 r1c2 r2c2\ncage 6 r3c1 r4c1\n"
                     "givens ..3. 4..2 2... ....\n");
    uint8_t cells[16], marks[16];
    memcpy(cells, doku_variant_puzzle_givens(f.p), 16);
    assert_int_equal(count(&f, cells), 0);
    doku_wrong_entry w;
    assert_int_equal(doku_constraints_find_wrong_entry(f.cs, cells, 16, 0, marks, &w), DOKU_OK);
    assert_int_equal(w.kind, DOKU_WRONG_SOME);
    assert_int_equal(w.suspects, 1);
    assert_int_equal(w.value, 0);
    for (int c = 0; c < 16; c++)
        assert_int_equal(marks[c], c == 4);
    cells[4] = 0;
    assert_int_equal(count(&f, cells), 2);
    doku_variant_puzzle_free(f.p);
}

/* A grid with solutions names nothing (every mark cleared); a budget too
 * small for the scan gives up with nothing marked and out zeroed. */
static void test_nothing_and_budget(void **state)
{
    (void)state;
    fixture f = load(KILLER);
    uint8_t cells[81], marks[81];
    memset(cells, 0, sizeof cells);
    memset(marks, 7, sizeof marks);
    doku_wrong_entry w;
    assert_int_equal(doku_constraints_find_wrong_entry(f.cs, cells, 81, 0, marks, &w), DOKU_OK);
    assert_int_equal(w.suspects, 0);
    assert_int_equal(w.kind, DOKU_WRONG_NONE);
    for (int c = 0; c < 81; c++)
        assert_int_equal(marks[c], 0);
    cells_of(KILLER_SOL, cells, 81);
    cells[40] = 3;
    memset(marks, 7, sizeof marks);
    assert_int_equal(doku_constraints_find_wrong_entry(f.cs, cells, 81, 1e-9, marks, &w),
                     DOKU_GAVE_UP);
    assert_int_equal(w.suspects, 0);
    assert_int_equal(w.kind, DOKU_WRONG_NONE);
    for (int c = 0; c < 81; c++)
        assert_int_equal(marks[c], 0);
    doku_variant_puzzle_free(f.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_killer_entry),
        cmocka_unit_test(test_thermo_entry),
        cmocka_unit_test(test_mixed_entry),
        cmocka_unit_test(test_thermo_mistyped_given),
        cmocka_unit_test(test_some_without_unique),
        cmocka_unit_test(test_nothing_and_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
