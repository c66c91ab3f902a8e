/*
 * test_parse.c — the doku_parse_* parsers (include/doku_parse.h): good
 * values, bad values with their messages and positions, old spellings
 * with their notes, NULL arguments. The CLI and the server print these
 * messages as they are, so a change here is a change of both.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "doku.h"
#include "doku_parse.h"

static void test_box(void **state)
{
    (void)state;
    doku_parse_error e;
    int r = 0, c = 0;
    assert_int_equal(doku_parse_box("2x3", &r, &c, &e), DOKU_OK);
    assert_int_equal(r, 2);
    assert_int_equal(c, 3);
    assert_string_equal(e.message, "");
    assert_int_equal(doku_parse_box("4X4", &r, &c, NULL), DOKU_OK);
    assert_int_equal(r * c, 16);
    assert_int_equal(doku_parse_box("2y3", &r, &c, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "box '2y3': wants RxC, rows x columns of a box (e.g. 2x3)");
    assert_int_equal(e.col, 2);
    assert_int_equal(doku_parse_box("3x", &r, &c, &e), DOKU_ERR_PARSE);
    assert_int_equal(e.col, 3);
    assert_int_equal(doku_parse_box("9x9", &r, &c, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "box '9x9': a box has 2 to 64 cells (R*C)");
    assert_int_equal(doku_parse_box("1x1", &r, &c, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_box("0x4", &r, &c, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_box(" 2x3", &r, &c, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_box("99999999x1", &r, &c, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_box("", &r, &c, &e), DOKU_ERR_PARSE);
    /* nothing written on an error */
    assert_int_equal(r * c, 16);
    assert_int_equal(doku_parse_box(NULL, &r, &c, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_box("2x3", NULL, &c, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_box("2x3", &r, NULL, &e), DOKU_ERR_ARG);
}

static void test_variants(void **state)
{
    (void)state;
    doku_parse_error e;
    unsigned v = 99;
    assert_int_equal(doku_parse_variants("x,hyper", &v, &e), DOKU_OK);
    assert_int_equal(v, DOKU_VARIANT_X | DOKU_VARIANT_HYPER);
    assert_int_equal(doku_parse_variants("X+windoku", &v, &e), DOKU_OK);
    assert_int_equal(v, DOKU_VARIANT_X | DOKU_VARIANT_HYPER);
    assert_int_equal(doku_parse_variants("none", &v, &e), DOKU_OK);
    assert_int_equal(v, 0);
    assert_int_equal(doku_parse_variants("", &v, &e), DOKU_OK);
    assert_int_equal(v, 0);
    assert_int_equal(doku_parse_variants("x hyper", &v, &e), DOKU_OK);
    assert_int_equal(v, DOKU_VARIANT_X | DOKU_VARIANT_HYPER);
    assert_int_equal(doku_parse_variants("x,foo", &v, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message,
                        "variant list 'x,foo': unknown variant 'foo'; known: x, hyper (windoku), none");
    assert_int_equal(e.col, 3);
    assert_int_equal(doku_parse_variants("x,,hyper", &v, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "variant list 'x,,hyper': an empty item; separate x, hyper "
                                   "(windoku), none by commas");
    assert_int_equal(e.col, 3);
    assert_int_equal(doku_parse_variants("x,", &v, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_variants(NULL, &v, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_variants("x", NULL, &e), DOKU_ERR_ARG);
}

static void test_symbols(void **state)
{
    (void)state;
    doku_parse_error e;
    doku_symbols s = DOKU_SYMBOLS_AUTO;
    assert_int_equal(doku_parse_symbols("0-9A-Z", &s, &e), DOKU_OK);
    assert_int_equal(s, DOKU_SYMBOLS_0_9A_Z);
    assert_int_equal(doku_parse_symbols("auto", &s, &e), DOKU_OK);
    assert_int_equal(s, DOKU_SYMBOLS_AUTO);
    assert_int_equal(doku_parse_symbols("hex", &s, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "symbol set 'hex': wants 1-9A-Z, 0-9A-Z, A-Z or auto");
    assert_int_equal(doku_parse_symbols(NULL, &s, &e), DOKU_ERR_ARG);
}

static void test_regions(void **state)
{
    (void)state;
    doku_parse_error e;
    uint8_t map[DOKU_MAX_CELLS];
    int n = 0;
    /* comments and frame lines are skipped; ids by first appearance */
    static const char framed[] = "# a 4x4 jigsaw\n"
                                 "+-----+\n"
                                 "|b b|a a|\n"
                                 "|b b|a a|\n"
                                 "+-----+\n"
                                 "c,c,d,d\n"
                                 "c c d d\n";
    assert_int_equal(doku_parse_regions(framed, strlen(framed), map, sizeof map, &n, &e), DOKU_OK);
    assert_int_equal(n, 4);
    static const uint8_t want[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
    assert_memory_equal(map, want, 16);
    /* decimal tokens for big ids */
    static const char tokens[] = "10 10 11 11\n10 10 11 11\n12 12 13 13\n12 12 13 13\n";
    assert_int_equal(doku_parse_regions(tokens, strlen(tokens), map, sizeof map, &n, &e), DOKU_OK);
    assert_int_equal(n, 4);
    assert_memory_equal(map, want, 16);
    /* a region of the wrong size is named at its first cell */
    static const char uneven[] = "1123\n1122\n3344\n3344\n";
    assert_int_equal(doku_parse_regions(uneven, strlen(uneven), map, sizeof map, &n, &e),
                     DOKU_ERR_PARSE);
    assert_string_equal(e.message,
                        "region map: region '2' has 3 cells; every region of a 4x4 map needs 4");
    assert_int_equal(e.line, 1);
    assert_int_equal(e.col, 3);
    static const char five[] = "1122\n1122\n3344\n3345\n";
    assert_int_equal(doku_parse_regions(five, strlen(five), map, sizeof map, &n, &e),
                     DOKU_ERR_PARSE);
    assert_string_equal(e.message, "region map: symbol '5' would be region 5, but a 4x4 map has "
                                   "exactly 4 regions");
    assert_int_equal(e.line, 4);
    assert_int_equal(e.col, 4);
    static const char odd[] = "112\n";
    assert_int_equal(doku_parse_regions(odd, strlen(odd), map, sizeof map, &n, &e),
                     DOKU_ERR_PARSE);
    assert_int_equal(e.line, 0);
    assert_non_null(strstr(e.message, "3 region symbols"));
    assert_int_equal(doku_parse_regions("# only\n", 7, map, sizeof map, &n, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "region map: no region symbols found");
    static const char three[] = "1112\n1222\n3334\n3444\n";
    assert_int_equal(doku_parse_regions(three, strlen(three), map, sizeof map, &n, &e),
                     DOKU_OK);
    /* NULLs and a map too small for the text */
    assert_int_equal(doku_parse_regions(NULL, 0, map, sizeof map, &n, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_regions(framed, strlen(framed), NULL, 16, &n, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_regions(framed, strlen(framed), map, 15, &n, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_regions(framed, strlen(framed), map, 16, NULL, &e), DOKU_ERR_ARG);
}

static void test_rating_range(void **state)
{
    (void)state;
    doku_parse_error e;
    double lo = 0, hi = 0;
    assert_int_equal(doku_parse_rating_range("2.0-4.5", &lo, &hi, &e), DOKU_OK);
    assert_float_equal(lo, 2.0, 1e-12);
    assert_float_equal(hi, 4.5, 1e-12);
    assert_int_equal(doku_parse_rating_range("7.0+", &lo, &hi, &e), DOKU_OK);
    assert_float_equal(lo, 7.0, 1e-12);
    assert_true(hi < 0);
    assert_int_equal(doku_parse_rating_range("3", &lo, &hi, &e), DOKU_OK);
    assert_float_equal(hi, 3.0, 1e-12);
    /* a difficulty name is its range */
    assert_int_equal(doku_parse_rating_range("hard", &lo, &hi, &e), DOKU_OK);
    assert_float_equal(lo, 3.5, 1e-12);
    assert_float_equal(hi, 4.6, 1e-12);
    assert_int_equal(doku_parse_rating_range("3.5-x", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "rating range '3.5-x': 'x' is not a number");
    assert_int_equal(e.col, 5);
    assert_int_equal(doku_parse_rating_range("hardest", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "rating range 'hardest': 'hardest' is not a number or a "
                                   "difficulty name (easy, medium, hard, unfair, extreme)");
    assert_int_equal(doku_parse_rating_range("4.5-2", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "rating range '4.5-2': MIN 4.5 is above MAX 2");
    assert_int_equal(doku_parse_rating_range("inf", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("nan", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("1e999", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "rating range '1e999': a rating is a finite number (ER 1.0 "
                                   "to 12)");
    assert_int_equal(doku_parse_rating_range("-1", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("2-1e999", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("2.0-", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("2.0x", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(e.col, 4);
    assert_int_equal(doku_parse_rating_range("", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range("any", &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_rating_range(NULL, &lo, &hi, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_rating_range("1", NULL, &hi, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_rating_range("1", &lo, NULL, &e), DOKU_ERR_ARG);
}

static void test_clues(void **state)
{
    (void)state;
    doku_parse_error e;
    int lo = 0, hi = 0;
    assert_int_equal(doku_parse_clues("25", 81, &lo, &hi, &e), DOKU_OK);
    assert_int_equal(lo, 25);
    assert_int_equal(hi, 25);
    assert_int_equal(doku_parse_clues("22-26", 81, &lo, &hi, &e), DOKU_OK);
    assert_int_equal(lo, 22);
    assert_int_equal(hi, 26);
    assert_int_equal(doku_parse_clues("90", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "clues '90': 90 is more than the 81 cells of the grid");
    assert_int_equal(doku_parse_clues("90", 0, &lo, &hi, &e), DOKU_OK);
    assert_int_equal(doku_parse_clues("5000", 0, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_clues("0", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "clues '0': a puzzle has at least 1 given");
    assert_int_equal(doku_parse_clues("30-20", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "clues '30-20': MIN 30 is above MAX 20");
    assert_int_equal(doku_parse_clues("2x", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "clues '2x': wants N or MIN-MAX (e.g. 25 or 22-26)");
    assert_int_equal(e.col, 2);
    assert_int_equal(doku_parse_clues("20-", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_clues("-3", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_clues("99999999999999999999", 81, &lo, &hi, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_clues("25", -1, &lo, &hi, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_clues(NULL, 81, &lo, &hi, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_clues("25", 81, NULL, &hi, &e), DOKU_ERR_ARG);
}

static void test_symmetry(void **state)
{
    (void)state;
    doku_parse_error e;
    doku_symmetry s = DOKU_SYM_NONE;
    for (int i = 0; i < DOKU_SYM_COUNT; i++) {
        assert_int_equal(doku_parse_symmetry(doku_symmetry_name((doku_symmetry)i), &s, &e),
                         DOKU_OK);
        assert_int_equal(s, i);
    }
    assert_int_equal(doku_parse_symmetry("rotate90", &s, &e), DOKU_OK);
    assert_int_equal(s, DOKU_SYM_ROT90);
    assert_int_equal(doku_parse_symmetry("ROT180", &s, &e), DOKU_OK);
    assert_int_equal(s, DOKU_SYM_ROT180);
    assert_int_equal(doku_parse_symmetry("spiral", &s, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "symmetry 'spiral': wants none, rot180 (rotate180), rot90 "
                                   "(rotate90), mirror, flip, diagonal, antidiagonal or random");
    assert_int_equal(doku_parse_symmetry(NULL, &s, &e), DOKU_ERR_ARG);
}

static void test_difficulty(void **state)
{
    (void)state;
    doku_parse_error e;
    doku_difficulty d = DOKU_DIFFICULTY_ANY;
    doku_qqwing_level q = DOKU_QQWING_EXPERT;
    for (int i = DOKU_DIFFICULTY_ANY; i <= DOKU_DIFFICULTY_EXTREME; i++) {
        assert_int_equal(doku_parse_difficulty(doku_difficulty_name((doku_difficulty)i), &d, &q,
                                               &e), DOKU_OK);
        assert_int_equal(d, i);
        assert_int_equal(q, DOKU_QQWING_ANY);
        assert_string_equal(e.note, "");
    }
    assert_int_equal(doku_parse_difficulty("Hard", &d, &q, &e), DOKU_OK);
    assert_int_equal(d, DOKU_DIFFICULTY_HARD);
    /* qqwing's old names: taken as qqwing's level, with a note */
    assert_int_equal(doku_parse_difficulty("intermediate", &d, &q, &e), DOKU_OK);
    assert_int_equal(d, DOKU_DIFFICULTY_ANY);
    assert_int_equal(q, DOKU_QQWING_INTERMEDIATE);
    assert_non_null(strstr(e.note, "qqwing"));
    assert_string_equal(e.message, "");
    assert_int_equal(doku_parse_difficulty("nightmare", &d, &q, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "difficulty 'nightmare': wants easy, medium, hard, unfair, "
                                   "extreme or any");
    assert_int_equal(doku_parse_difficulty("unsolved", &d, &q, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_difficulty(NULL, &d, &q, &e), DOKU_ERR_ARG);

    assert_int_equal(doku_parse_qqwing_level("expert", &q, &e), DOKU_OK);
    assert_int_equal(q, DOKU_QQWING_EXPERT);
    assert_int_equal(doku_parse_qqwing_level("simple", &q, &e), DOKU_OK);
    assert_int_equal(q, DOKU_QQWING_SIMPLE);
    assert_int_equal(doku_parse_qqwing_level("hard", &q, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "qqwing level 'hard': wants simple, easy, intermediate, "
                                   "expert or any");
    assert_int_equal(doku_parse_qqwing_level("easy", NULL, &e), DOKU_ERR_ARG);
}

static void test_techniques(void **state)
{
    (void)state;
    doku_parse_error e;
    uint64_t m = 0;
    assert_int_equal(doku_parse_techniques("x-wing,Hidden Single", &m, &e), DOKU_OK);
    assert_true(m & ((uint64_t)1 << DOKU_TECH_X_WING));
    assert_int_equal(doku_parse_techniques("x-wing,nonsense", &m, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "technique list 'x-wing,nonsense': unknown technique "
                                   "'nonsense' (see docs/TECHNIQUES.md)");
    assert_int_equal(e.col, 8);
    assert_int_equal(doku_parse_techniques(NULL, &m, &e), DOKU_ERR_ARG);
}

static void test_required_techniques(void **state)
{
    (void)state;
    doku_parse_error e;
    uint64_t m = 0;
    const uint64_t singles = ((uint64_t)1 << DOKU_TECH_FULL_HOUSE) |
                             ((uint64_t)1 << DOKU_TECH_HIDDEN_SINGLE) |
                             ((uint64_t)1 << DOKU_TECH_NAKED_SINGLE);
    /* singles count only when nothing else is named */
    assert_int_equal(doku_parse_required_techniques("x-wing", &m, &e), DOKU_OK);
    assert_int_equal(m, (uint64_t)1 << DOKU_TECH_X_WING);
    assert_int_equal(doku_parse_required_techniques("singles", &m, &e), DOKU_OK);
    assert_int_equal(m, singles);
    /* extended techniques alone: no SE-rated path uses them */
    assert_int_equal(doku_parse_required_techniques("w-wing", &m, &e), DOKU_ERR_PARSE);
    assert_string_equal(e.message, "technique list 'w-wing': only extended techniques, which "
                                   "the SE-style grader does not use");
    assert_int_equal(doku_parse_required_techniques("w-wing,x-wing", &m, &e), DOKU_OK);
    assert_int_equal(doku_parse_required_techniques("bogus", &m, &e), DOKU_ERR_PARSE);
    assert_int_equal(doku_parse_required_techniques(NULL, &m, &e), DOKU_ERR_ARG);
    assert_int_equal(doku_parse_required_techniques("x-wing", NULL, &e), DOKU_ERR_ARG);
}

/* Values are quoted cut to a readable length, control bytes shown as '?'. */
static void test_quoting(void **state)
{
    (void)state;
    doku_parse_error e;
    char longv[300];
    memset(longv, 'q', sizeof longv - 1);
    longv[sizeof longv - 1] = '\0';
    doku_symmetry s;
    assert_int_equal(doku_parse_symmetry(longv, &s, &e), DOKU_ERR_PARSE);
    assert_non_null(strstr(e.message, "qqq...'"));
    assert_true(strlen(e.message) < sizeof e.message);
    assert_int_equal(doku_parse_symmetry("a\tb", &s, &e), DOKU_ERR_PARSE);
    assert_non_null(strstr(e.message, "'a?b'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_box),        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_symbols),    cmocka_unit_test(test_regions),
        cmocka_unit_test(test_rating_range), cmocka_unit_test(test_clues),
        cmocka_unit_test(test_symmetry),   cmocka_unit_test(test_difficulty),
        cmocka_unit_test(test_techniques), cmocka_unit_test(test_required_techniques),
        cmocka_unit_test(test_quoting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
