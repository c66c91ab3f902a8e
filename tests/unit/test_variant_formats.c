/*
 * test_variant_formats.c — the variant puzzles' text forms: doku's text
 * format, f-puzzles JSON and links, SudokuPad links (fpuzzles, scl, ctc),
 * SudokuWiki and compact killer strings.
 *
 * - every kind written and read back gives the same model (text: the
 *   same list in order; f-puzzles and SudokuPad: the same constraints,
 *   grouped by kind), with givens, solution, X and jigsaw regions;
 * - what a format cannot carry is refused naming the constraint;
 * - real links (tests/fixtures/variants/links) read, or are refused by
 *   name;
 * - bad input names the field and the cells.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doku_constraints.h"
#include "io/io_internal.h"
#include "testutil.h"

static uint16_t C(int r, int c) { return (uint16_t)((r - 1) * 9 + (c - 1)); }

typedef struct con {
    doku_constraint_kind kind;
    int np;
    int params[4];
    int nc;
    uint16_t cells[12];
} con;

/* One of each kind that f-puzzles carries, well formed on 9x9. */
static const con *every_kind(size_t *count)
{
    static con list[32];
    size_t k = 0;
#define ADD(kind_, np_, p_, nc_, ...)                                                          \
    do {                                                                                       \
        con *x = &list[k++];                                                                   \
        x->kind = kind_;                                                                       \
        x->np = np_;                                                                           \
        memcpy(x->params, (int[4])p_, sizeof x->params);                                       \
        x->nc = nc_;                                                                           \
        uint16_t cs_[12] = {__VA_ARGS__};                                                      \
        memcpy(x->cells, cs_, sizeof x->cells);                                                \
    } while (0)
#define P(...) {__VA_ARGS__}
    ADD(DOKU_CON_CAGE, 1, P(15), 3, C(1, 1), C(1, 2), C(2, 1));
    ADD(DOKU_CON_CAGE, 0, P(0), 2, C(5, 5), C(5, 6));
    ADD(DOKU_CON_LITTLE_KILLER, 1, P(20), 8, C(1, 2), C(2, 3), C(3, 4), C(4, 5), C(5, 6),
        C(6, 7), C(7, 8), C(8, 9));
    ADD(DOKU_CON_LITTLE_KILLER, 1, P(12), 3, C(1, 3), C(2, 2), C(3, 1));
    ADD(DOKU_CON_SANDWICH, 1, P(10), 9, C(3, 1), C(3, 2), C(3, 3), C(3, 4), C(3, 5), C(3, 6),
        C(3, 7), C(3, 8), C(3, 9));
    ADD(DOKU_CON_SANDWICH, 1, P(0), 9, C(1, 4), C(2, 4), C(3, 4), C(4, 4), C(5, 4), C(6, 4),
        C(7, 4), C(8, 4), C(9, 4));
    ADD(DOKU_CON_XSUM, 1, P(25), 9, C(9, 7), C(8, 7), C(7, 7), C(6, 7), C(5, 7), C(4, 7),
        C(3, 7), C(2, 7), C(1, 7));
    ADD(DOKU_CON_XSUM, 1, P(11), 9, C(4, 9), C(4, 8), C(4, 7), C(4, 6), C(4, 5), C(4, 4),
        C(4, 3), C(4, 2), C(4, 1));
    ADD(DOKU_CON_REGION, 0, P(0), 4, C(2, 2), C(2, 8), C(8, 2), C(8, 8));
    ADD(DOKU_CON_THERMO, 0, P(0), 4, C(6, 1), C(6, 2), C(7, 3), C(7, 4));
    ADD(DOKU_CON_ARROW, 1, P(1), 3, C(9, 1), C(9, 2), C(9, 3));
    ADD(DOKU_CON_ARROW, 1, P(2), 5, C(5, 1), C(5, 2), C(6, 3), C(7, 2), C(8, 1));
    ADD(DOKU_CON_WHISPER, 0, P(0), 3, C(2, 5), C(2, 6), C(3, 6));
    ADD(DOKU_CON_WHISPER, 1, P(4), 2, C(1, 8), C(2, 9));
    ADD(DOKU_CON_RENBAN, 0, P(0), 3, C(8, 4), C(8, 5), C(8, 6));
    ADD(DOKU_CON_PALINDROME, 0, P(0), 4, C(4, 2), C(4, 3), C(5, 3), C(6, 4));
    ADD(DOKU_CON_BETWEEN, 0, P(0), 3, C(9, 5), C(9, 6), C(9, 7));
    ADD(DOKU_CON_REGION_SUM, 0, P(0), 3, C(3, 8), C(3, 9), C(4, 9));
    ADD(DOKU_CON_KROPKI_WHITE, 0, P(0), 2, C(7, 5), C(7, 6));
    ADD(DOKU_CON_KROPKI_BLACK, 0, P(0), 2, C(6, 8), C(7, 8));
    ADD(DOKU_CON_X, 0, P(0), 2, C(8, 8), C(8, 9));
    ADD(DOKU_CON_V, 0, P(0), 2, C(9, 8), C(9, 9));
    ADD(DOKU_CON_QUADRUPLE, 2, P(1, 2), 4, C(1, 5), C(1, 6), C(2, 5), C(2, 6));
    ADD(DOKU_CON_EVEN, 0, P(0), 1, C(4, 4));
    ADD(DOKU_CON_ODD, 0, P(0), 1, C(6, 6));
    ADD(DOKU_CON_MINIMUM, 0, P(0), 1, C(3, 3));
    ADD(DOKU_CON_MAXIMUM, 0, P(0), 1, C(7, 7));
    ADD(DOKU_CON_KROPKI_WHITE_ALL, 0, P(0), 0, 0);
    ADD(DOKU_CON_KROPKI_BLACK_ALL, 0, P(0), 0, 0);
    ADD(DOKU_CON_X_ALL, 0, P(0), 0, 0);
    ADD(DOKU_CON_V_ALL, 0, P(0), 0, 0);
    ADD(DOKU_CON_ANTI_KNIGHT, 0, P(0), 0, 0);
#undef ADD
#undef P
    *count = k;
    return list;
}

/* "kind p... | cells..." of constraint i. */
static void describe(const doku_constraints *cs, size_t i, char *buf, size_t cap)
{
    doku_constraint c;
    assert_int_equal(doku_constraints_get(cs, i, &c), DOKU_OK);
    size_t len = (size_t)snprintf(buf, cap, "%s", doku_constraint_kind_key(c.kind));
    for (size_t k = 0; k < c.nparams; k++)
        len += (size_t)snprintf(buf + len, cap - len, " %d", c.params[k]);
    len += (size_t)snprintf(buf + len, cap - len, " |");
    for (size_t k = 0; k < c.ncells; k++)
        len += (size_t)snprintf(buf + len, cap - len, " %u", c.cells[k]);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The constraints of cs as sorted descriptions (ordered: as listed). */
static char (*descriptions(const doku_constraints *cs, int sorted))[200]
{
    size_t n = doku_constraints_count(cs);
    char(*d)[200] = calloc(n + 1, sizeof *d);
    for (size_t i = 0; i < n; i++)
        describe(cs, i, d[i], sizeof d[i]);
    if (sorted)
        qsort(d, n, sizeof *d, cmp_str);
    return d;
}

static void assert_same_model(const doku_constraints *a, const doku_constraints *b, int sorted)
{
    assert_int_equal(doku_constraints_count(a), doku_constraints_count(b));
    char(*da)[200] = descriptions(a, sorted), (*db)[200] = descriptions(b, sorted);
    for (size_t i = 0; i < doku_constraints_count(a); i++)
        assert_string_equal(da[i], db[i]);
    free(da);
    free(db);
    const doku_shape *sa = doku_constraints_shape(a), *sb = doku_constraints_shape(b);
    assert_int_equal(doku_shape_n(sa), doku_shape_n(sb));
    assert_int_equal(doku_shape_variants(sa), doku_shape_variants(sb));
    assert_int_equal(doku_shape_has_regions(sa), doku_shape_has_regions(sb));
    assert_int_equal(doku_shape_unit_count(sa), doku_shape_unit_count(sb));
    for (int u = 0; u < doku_shape_unit_count(sa); u++)
        assert_memory_equal(doku_shape_unit_cells(sa, u), doku_shape_unit_cells(sb, u),
                            (size_t)doku_shape_n(sa) * sizeof(uint16_t));
}

/* Writes cs in f and reads it back; the caller frees the puzzle. */
static doku_variant_puzzle *round_trip(const doku_constraints *cs, const uint8_t *givens,
                                       const uint8_t *solution, doku_variant_format f)
{
    doku_buf out = {0};
    char msg[300];
    doku_status st = doku_variant_write(&out, cs, givens, solution, f, msg, sizeof msg);
    if (st != DOKU_OK)
        fprintf(stderr, "write %d: %s\n", (int)f, msg);
    assert_int_equal(st, DOKU_OK);
    assert_int_equal(doku_variant_format_guess(out.data, out.len), f);
    doku_variant_puzzle *p = NULL;
    st = doku_variant_puzzle_read(out.data, out.len, &p, msg, sizeof msg);
    if (st != DOKU_OK)
        fprintf(stderr, "read back %d: %s\n%.*s\n", (int)f, msg, (int)out.len, out.data);
    assert_int_equal(st, DOKU_OK);
    doku_buf_free(&out);
    return p;
}

static doku_constraints *build(const doku_shape *sh, const con *list, size_t n, int skip_kind)
{
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    for (size_t i = 0; i < n; i++) {
        if ((int)list[i].kind == skip_kind)
            continue;
        doku_status st = doku_constraints_add(cs, list[i].kind, list[i].cells, (size_t)list[i].nc,
                                              list[i].params, (size_t)list[i].np);
        if (st != DOKU_OK)
            fprintf(stderr, "%s\n", doku_constraints_error(cs));
        assert_int_equal(st, DOKU_OK);
    }
    return cs;
}

static void test_every_kind_round_trips(void **state)
{
    (void)state;
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_X, &sh), DOKU_OK);
    size_t n;
    const con *list = every_kind(&n);
    uint8_t givens[81] = {0}, solution[81];
    givens[C(5, 5)] = 7;
    givens[C(9, 9)] = 3;
    for (int i = 0; i < 81; i++)
        solution[i] = (uint8_t)((i % 9 * 3 + i / 9 + i / 27) % 9 + 1);
    /* the text format: everything, greater-than too, in order */
    doku_constraints *cs = build(sh, list, n, -1);
    uint16_t gt[2] = {C(1, 9), C(9, 1)};
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_GREATER, gt, 2, NULL, 0), DOKU_OK);
    doku_variant_puzzle *p = round_trip(cs, givens, solution, DOKU_VARIANT_FORMAT_TEXT);
    assert_same_model(cs, doku_variant_puzzle_constraints(p), 0);
    assert_memory_equal(doku_variant_puzzle_givens(p), givens, 81);
    assert_memory_equal(doku_variant_puzzle_solution(p), solution, 81);
    doku_variant_puzzle_free(p);
    doku_constraints_free(cs);
    /* f-puzzles JSON, f-puzzles and SudokuPad links: all but greater-than */
    cs = build(sh, list, n, -1);
    static const doku_variant_format fp[] = {DOKU_VARIANT_FORMAT_JSON, DOKU_VARIANT_FORMAT_FPUZZLES,
                                             DOKU_VARIANT_FORMAT_SUDOKUPAD};
    for (size_t f = 0; f < 3; f++) {
        p = round_trip(cs, givens, solution, fp[f]);
        assert_same_model(cs, doku_variant_puzzle_constraints(p), 1);
        assert_memory_equal(doku_variant_puzzle_givens(p), givens, 81);
        assert_memory_equal(doku_variant_puzzle_solution(p), solution, 81);
        doku_variant_puzzle_free(p);
    }
    doku_constraints_free(cs);
    doku_shape_free(sh);
}

/* The global rules without dots, and a jigsaw on 6x6 and a 16x16. */
static void test_globals_and_shapes_round_trip(void **state)
{
    (void)state;
    static const doku_constraint_kind globals[] = {DOKU_CON_ANTI_KING, DOKU_CON_NON_CONSECUTIVE,
                                                   DOKU_CON_DISJOINT_GROUPS};
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    for (size_t i = 0; i < 3; i++)
        assert_int_equal(doku_constraints_add(cs, globals[i], NULL, 0, NULL, 0), DOKU_OK);
    for (int f = DOKU_VARIANT_FORMAT_TEXT; f <= DOKU_VARIANT_FORMAT_JSON; f++) {
        if (f == DOKU_VARIANT_FORMAT_ISS || f == DOKU_VARIANT_FORMAT_SUDOKUWIKI ||
            f == DOKU_VARIANT_FORMAT_KILLER)
            continue;
        doku_variant_puzzle *p = round_trip(cs, NULL, NULL, (doku_variant_format)f);
        assert_same_model(cs, doku_variant_puzzle_constraints(p), 1);
        doku_variant_puzzle_free(p);
    }
    doku_constraints_free(cs);
    doku_shape_free(sh);

    /* 6x6 jigsaw with a cage */
    static const uint8_t jig[36] = {0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 2, 1, 3,
                                    4, 4, 2, 3, 3, 3, 4, 4, 5, 5, 3, 3, 4, 4, 5, 5, 5, 5};
    doku_shape_spec spec = {.n = 6, .regions = jig};
    assert_int_equal(doku_shape_create(&spec, &sh), DOKU_OK);
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    uint16_t cage[3] = {0, 1, 7};
    int sum = 6;
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_CAGE, cage, 3, &sum, 1), DOKU_OK);
    for (int f = DOKU_VARIANT_FORMAT_TEXT; f <= DOKU_VARIANT_FORMAT_JSON; f++) {
        if (f == DOKU_VARIANT_FORMAT_ISS || f == DOKU_VARIANT_FORMAT_SUDOKUWIKI ||
            f == DOKU_VARIANT_FORMAT_KILLER)
            continue;
        doku_variant_puzzle *p = round_trip(cs, NULL, NULL, (doku_variant_format)f);
        assert_same_model(cs, doku_variant_puzzle_constraints(p), 1);
        doku_variant_puzzle_free(p);
    }
    doku_constraints_free(cs);
    doku_shape_free(sh);

    /* 16x16: cells and digits above 9 */
    assert_int_equal(doku_shape_create_simple(16, 0, &sh), DOKU_OK);
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    uint16_t th[3] = {255, 254, 253};
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_THERMO, th, 3, NULL, 0), DOKU_OK);
    uint8_t givens[256] = {0};
    givens[17] = 16;
    givens[200] = 10;
    for (int f = DOKU_VARIANT_FORMAT_TEXT; f <= DOKU_VARIANT_FORMAT_JSON; f++) {
        if (f == DOKU_VARIANT_FORMAT_ISS || f == DOKU_VARIANT_FORMAT_SUDOKUWIKI ||
            f == DOKU_VARIANT_FORMAT_KILLER)
            continue;
        doku_variant_puzzle *p = round_trip(cs, givens, NULL, (doku_variant_format)f);
        assert_same_model(cs, doku_variant_puzzle_constraints(p), 1);
        assert_memory_equal(doku_variant_puzzle_givens(p), givens, 256);
        doku_variant_puzzle_free(p);
    }
    doku_constraints_free(cs);
    doku_shape_free(sh);
}

static void assert_refused(const doku_constraints *cs, doku_variant_format f, const char *want)
{
    doku_buf out = {0};
    char msg[300];
    assert_int_equal(doku_variant_write(&out, cs, NULL, NULL, f, msg, sizeof msg),
                     DOKU_ERR_VARIANT);
    assert_int_equal(out.len, 0);
    if (!strstr(msg, want))
        fprintf(stderr, "message: %s\n", msg);
    assert_non_null(strstr(msg, want));
    doku_buf_free(&out);
}

static void test_writers_refuse_by_name(void **state)
{
    (void)state;
    doku_shape *sh;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    doku_constraints *cs;
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    uint16_t gt[2] = {C(1, 1), C(1, 2)};
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_GREATER, gt, 2, NULL, 0), DOKU_OK);
    assert_refused(cs, DOKU_VARIANT_FORMAT_FPUZZLES, "greater-than at r1c1 r1c2");
    assert_refused(cs, DOKU_VARIANT_FORMAT_KILLER, "greater-than");
    assert_refused(cs, DOKU_VARIANT_FORMAT_SUDOKUWIKI, "greater-than");
    doku_constraints_free(cs);
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_X_ALL, NULL, 0, NULL, 0), DOKU_OK);
    assert_refused(cs, DOKU_VARIANT_FORMAT_JSON, "all X given");
    doku_constraints_free(cs);
    /* a little killer on part of a diagonal */
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    uint16_t lk[2] = {C(2, 2), C(3, 3)};
    int sum = 5;
    assert_int_equal(doku_constraints_add(cs, DOKU_CON_LITTLE_KILLER, lk, 2, &sum, 1), DOKU_OK);
    assert_refused(cs, DOKU_VARIANT_FORMAT_SUDOKUPAD, "whole diagonal");
    doku_constraints_free(cs);
    doku_shape_free(sh);
}

/* HS_KILLERS-like killer of ISS's collections in the compact form, read,
 * written in both killer strings and read back. */
static void test_killer_strings(void **state)
{
    (void)state;
    const char *compact =
        "G<<L<K<L<^G>^>^E^^>^IJ<G^<G^>^^I^<>^HC<C^<B^N^^G^<>^>^^E^<DF<^PG^<>^^J<^^<H<<>^>^";
    assert_int_equal(doku_variant_format_guess(compact, strlen(compact)),
                     DOKU_VARIANT_FORMAT_KILLER);
    doku_variant_puzzle *p;
    char msg[300];
    assert_int_equal(doku_variant_puzzle_read(compact, strlen(compact), &p, msg, sizeof msg),
                     DOKU_OK);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    doku_search_opts o = {.limit = 2};
    doku_search_result r;
    uint8_t empty[81] = {0};
    assert_int_equal(doku_constraints_search(cs, empty, 81, &o, NULL, NULL, NULL, &r), DOKU_OK);
    assert_int_equal((int)r.solutions, 1);
    static const doku_variant_format fs[] = {DOKU_VARIANT_FORMAT_KILLER,
                                             DOKU_VARIANT_FORMAT_SUDOKUWIKI,
                                             DOKU_VARIANT_FORMAT_SUDOKUPAD};
    for (size_t f = 0; f < 3; f++) {
        doku_variant_puzzle *q = round_trip(cs, NULL, NULL, fs[f]);
        assert_same_model(cs, doku_variant_puzzle_constraints(q), 1);
        doku_variant_puzzle_free(q);
    }
    /* and the compact form written is the input (heads first in row order) */
    doku_buf out = {0};
    assert_int_equal(doku_variant_write(&out, cs, NULL, NULL, DOKU_VARIANT_FORMAT_KILLER, msg,
                                        sizeof msg), DOKU_OK);
    assert_int_equal(out.len, 81);
    doku_buf_free(&out);
    doku_variant_puzzle_free(p);
    /* a head of 0 is a cage without a sum, as ISS reads it */
    const char *zero =
        "Z<<<<W<<<^0<<>^X<T>^j>>>^>^c^^<<>>^T^<<<^>>>^^S<<^<<0^>^L<<<^^<^>^U<>>^Q>>>^>>>>^";
    assert_int_equal(doku_variant_puzzle_read(zero, strlen(zero), &p, msg, sizeof msg), DOKU_OK);
    doku_variant_puzzle_free(p);
    /* SudokuWiki: X and a cell outside every cage */
    char wiki[600] = "3x3:d:k:";
    for (int i = 0; i < 81; i++)
        snprintf(wiki + strlen(wiki), sizeof wiki - strlen(wiki), "%04d:",
                 i == 80 ? 0 : (i / 9 < 8 ? 45 * 256 + i / 9 + 1 : 36 * 256 + 9));
    assert_int_equal(doku_variant_format_guess(wiki, strlen(wiki)), DOKU_VARIANT_FORMAT_SUDOKUWIKI);
    assert_int_equal(doku_variant_puzzle_read(wiki, strlen(wiki), &p, msg, sizeof msg), DOKU_OK);
    assert_int_equal(doku_constraints_count(doku_variant_puzzle_constraints(p)), 9);
    assert_int_equal(doku_shape_variants(doku_variant_puzzle_shape(p)), DOKU_VARIANT_X);
    doku_variant_puzzle_free(p);
    /* a loop of arrows */
    char loop[82];
    memset(loop, 'A', 81);
    loop[81] = 0;
    loop[0] = '>';
    loop[1] = '<';
    assert_int_equal(doku_variant_puzzle_read(loop, 81, &p, msg, sizeof msg), DOKU_ERR_PARSE);
    assert_non_null(strstr(msg, "loop"));
}

static void expect_error(const char *text, const char *want1, const char *want2)
{
    doku_variant_puzzle *p = (doku_variant_puzzle *)1;
    char msg[400];
    doku_status st = doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg);
    if (st != DOKU_ERR_PARSE || !strstr(msg, want1) || (want2 && !strstr(msg, want2)))
        fprintf(stderr, "input: %.80s\nmessage: %s\n", text, msg);
    assert_int_equal(st, DOKU_ERR_PARSE);
    assert_null(p);
    assert_non_null(strstr(msg, want1));
    if (want2)
        assert_non_null(strstr(msg, want2));
}

#define GRID9 "\"size\":9,\"grid\":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]]"

static void test_bad_input_names_field_and_cells(void **state)
{
    (void)state;
    expect_error("{" GRID9 ",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"50\"}]}",
                 "killercage[0]", "killer cage 50 at r1c1 r1c2: no 2 distinct digits");
    expect_error("{" GRID9 ",\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C3\"]]}]}",
                 "thermometer[0]", "r1c1 and r1c3 are not adjacent");
    expect_error("{" GRID9 ",\"killercage\":[{\"cells\":[\"R1C1\",\"R10C1\"]}]}", "killercage[0]",
                 "'R10C1' is not a cell of the 9x9 grid");
    expect_error("{" GRID9 ",\"clone\":[{\"cells\":[\"R1C1\"],\"cloneCells\":[\"R2C2\"]}],"
                 "\"skyscraper\":[{\"cell\":\"R0C1\",\"value\":\"3\"}]}",
                 "doku does not support: clone, skyscraper", NULL);
    expect_error("{" GRID9 ",\"negative\":[\"sum\"]}", "negative", "'sum'");
    expect_error("{" GRID9 ",\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}",
                 "difference[0]", "value 3");
    expect_error("{" GRID9 ",\"line\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}", "line (a cosmetic line", NULL);
    expect_error("{\"size\":9,\"grid\":[]}", "grid", "9 rows");
    expect_error("{" GRID9 ",\"littlekillersum\":[{\"cell\":\"R3C3\",\"direction\":\"DR\",\"value\":\"5\"}]}",
                 "littlekillersum[0]", "not beside the grid");
    expect_error("https://sudokupad.app/someone/a-puzzle", "kept on SudokuPad's server", NULL);
    expect_error("https://www.f-puzzles.com/?load=@@@", "no lz-string", NULL);
    expect_error("https://f-puzzles.com/?id=y82pttpx", "kept on f-puzzles' server", NULL);
    expect_error("{\"cells\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                 "\"lines\":[{\"wayPoints\":[[0.5,0.5],[0.5,2.5]],\"color\":\"#67F067\"}]}",
                 "SudokuPad lines[0]", "from r1c1");
    expect_error("{\"cells\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                 "\"foglight\":[[0,0]]}", "'foglight'", NULL);
    expect_error("3x3:d:k:1:2", "SudokuWiki killer string", "after r1c2");
}

/* SudokuPad's own JSON, plain (ctc) and zipped (scl), built as SudokuPad
 * writes it: killer cages, metadata cages, dots, X/V, the diagonals. */
static void test_sudokupad_native(void **state)
{
    (void)state;
    const char *zipped =
        "{id:'t',ce:[[{v:1},,,],[,,,],[,,,],[,,,]],"
        "ca:[{ce:[[0,1],[0,2]],v:'5',c:#0},{v:'title: Test \\'quoted\\''},{v:'solution: 1234341221434321'}],"
        "o:[{ct:[1.5,2],w:0.3,h:0.3,r:t,c2:#0,c1:#0},{ct:[3,0.5],w:0.25,h:0.25,te:'V'}],"
        "l:[{wp:[[0,0],[4,4]],c:34BBE6,th:2},{wp:[[4,0],[0,4]],c:34BBE6,th:2}]}";
    doku_buf lz = {0};
    io_buf_puts(&lz, "https://sudokupad.app/scl");
    assert_int_equal(io_lz_compress_b64(zipped, strlen(zipped), &lz), DOKU_OK);
    assert_int_equal(doku_variant_format_guess(lz.data, lz.len), DOKU_VARIANT_FORMAT_SUDOKUPAD);
    doku_variant_puzzle *p;
    char msg[300];
    doku_status st = doku_variant_puzzle_read(lz.data, lz.len, &p, msg, sizeof msg);
    if (st != DOKU_OK)
        fprintf(stderr, "%s\n", msg);
    assert_int_equal(st, DOKU_OK);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    assert_int_equal(doku_shape_n(doku_variant_puzzle_shape(p)), 4);
    assert_int_equal(doku_shape_variants(doku_variant_puzzle_shape(p)), DOKU_VARIANT_X);
    assert_int_equal(doku_variant_puzzle_givens(p)[0], 1);
    assert_non_null(doku_variant_puzzle_solution(p));
    assert_string_equal(doku_variant_puzzle_title(p), "Test 'quoted'");
    assert_null(doku_variant_puzzle_author(p));
    char(*d)[200] = descriptions(cs, 1);
    assert_int_equal(doku_constraints_count(cs), 3);
    assert_string_equal(d[0], "black | 5 6");
    assert_string_equal(d[1], "cage 5 | 1 2");
    assert_string_equal(d[2], "v | 8 12"); /* on the line under row 3 */
    free(d);
    doku_variant_puzzle_free(p);
    doku_buf_free(&lz);
    /* ctc: the same document unzipped */
    const char *plain = "{\"cells\":[[{\"value\":2},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                        "\"cages\":[{\"cells\":[[3,2],[3,3]],\"value\":7}]}";
    io_buf_puts(&lz, "https://sudokupad.app/?puzzle=ctc");
    assert_int_equal(io_lz_compress_b64(plain, strlen(plain), &lz), DOKU_OK);
    assert_int_equal(doku_variant_puzzle_read(lz.data, lz.len, &p, msg, sizeof msg), DOKU_OK);
    assert_int_equal(doku_constraints_count(doku_variant_puzzle_constraints(p)), 1);
    assert_int_equal(doku_variant_puzzle_givens(p)[0], 2);
    doku_variant_puzzle_free(p);
    doku_buf_free(&lz);
}

/* Titles and authors: read from every form that has them, written back
 * where the format has a place (text, f-puzzles JSON and links, the
 * SudokuPad link), left out of the killer strings. */
static void test_titles_and_authors(void **state)
{
    (void)state;
    const char *text = "size 4\ntitle Little \"thermo\", \xc3\xa9t\xc3\xa9  # a comment\n"
                       "author Ann Setter\nthermo r1c1 r1c2 r2c2\n";
    doku_variant_puzzle *p, *q;
    char msg[300];
    assert_int_equal(doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg), DOKU_OK);
    assert_string_equal(doku_variant_puzzle_title(p), "Little \"thermo\", \xc3\xa9t\xc3\xa9");
    assert_string_equal(doku_variant_puzzle_author(p), "Ann Setter");
    static const doku_variant_format forms[] = {DOKU_VARIANT_FORMAT_TEXT, DOKU_VARIANT_FORMAT_JSON,
                                                DOKU_VARIANT_FORMAT_FPUZZLES,
                                                DOKU_VARIANT_FORMAT_SUDOKUPAD};
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        doku_buf out = {0};
        assert_int_equal(doku_variant_write_titled(&out, doku_variant_puzzle_constraints(p), NULL,
                                                   NULL, doku_variant_puzzle_title(p),
                                                   doku_variant_puzzle_author(p), forms[f], msg,
                                                   sizeof msg),
                         DOKU_OK);
        assert_int_equal(doku_variant_puzzle_read(out.data, out.len, &q, msg, sizeof msg), DOKU_OK);
        assert_string_equal(doku_variant_puzzle_title(q), doku_variant_puzzle_title(p));
        assert_string_equal(doku_variant_puzzle_author(q), "Ann Setter");
        doku_variant_puzzle_free(q);
        doku_buf_free(&out);
    }
    /* a line break in a title stays on one line; without them nothing is written */
    doku_buf out = {0};
    assert_int_equal(doku_variant_write_titled(&out, doku_variant_puzzle_constraints(p), NULL, NULL,
                                               "two\nlines", NULL, DOKU_VARIANT_FORMAT_TEXT, msg,
                                               sizeof msg),
                     DOKU_OK);
    assert_non_null(strstr(out.data, "title two lines\n"));
    assert_null(strstr(out.data, "author"));
    doku_buf_free(&out);
    doku_variant_puzzle_free(p);
    /* f-puzzles: the keys, or SudokuPad's cells-less cages */
    const char *fp = "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                     "\"cage\":[{\"value\":\"title: Caged\"},{\"value\":\"author: Bo\"}]}";
    assert_int_equal(doku_variant_puzzle_read(fp, strlen(fp), &p, msg, sizeof msg), DOKU_OK);
    assert_string_equal(doku_variant_puzzle_title(p), "Caged");
    assert_string_equal(doku_variant_puzzle_author(p), "Bo");
    doku_variant_puzzle_free(p);
    /* SudokuPad's own JSON: its metadata */
    const char *sp = "{\"cells\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"
                     "\"metadata\":{\"title\":\"Meta\",\"author\":\"Cy\"}}";
    assert_int_equal(doku_variant_puzzle_read(sp, strlen(sp), &p, msg, sizeof msg), DOKU_OK);
    assert_string_equal(doku_variant_puzzle_title(p), "Meta");
    assert_string_equal(doku_variant_puzzle_author(p), "Cy");
    doku_variant_puzzle_free(p);
    /* doku's JSON record: its comment is the title */
    const char *rec = "{\"n\":4,\"puzzle\":\"................\",\"comment\":\"Rec\",\"constraints\":[]}";
    assert_int_equal(doku_variant_puzzle_read(rec, strlen(rec), &p, msg, sizeof msg), DOKU_OK);
    assert_string_equal(doku_variant_puzzle_title(p), "Rec");
    assert_null(doku_variant_puzzle_author(p));
    doku_variant_puzzle_free(p);
    assert_null(doku_variant_puzzle_title(NULL));
    assert_null(doku_variant_puzzle_author(NULL));
}

/* Real links published in public repositories. */
static void test_real_links(void **state)
{
    (void)state;
    char path[1024];
    size_t len;
    char *text = tu_read_file(tu_fixture_path(path, sizeof path, "variants/links/real_links.txt"), &len);
    assert_non_null(text);
    char **lines;
    size_t n = tu_lines(text, &lines, 1);
    assert_int_equal(n, 4);
    int want_ok[4] = {1, 1, 1, 0};
    for (size_t i = 0; i < n; i++) {
        doku_variant_puzzle *p;
        char msg[300];
        doku_status st = doku_variant_puzzle_read(lines[i], strlen(lines[i]), &p, msg, sizeof msg);
        if (!want_ok[i]) {
            assert_int_equal(st, DOKU_ERR_PARSE);
            assert_non_null(strstr(msg, "background image"));
            continue;
        }
        assert_int_equal(st, DOKU_OK);
        if (i == 0) {
            /* the killer: unique */
            doku_search_opts o = {.limit = 2};
            doku_search_result r;
            const doku_constraints *cs = doku_variant_puzzle_constraints(p);
            assert_int_equal(doku_constraints_count(cs), 17);
            assert_int_equal(doku_constraints_search(cs, doku_variant_puzzle_givens(p), 81, &o,
                                                     NULL, NULL, NULL, &r), DOKU_OK);
            assert_int_equal((int)r.solutions, 1);
        }
        doku_variant_puzzle_free(p);
    }
    free(lines);
    free(text);
}

static void test_format_guess(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        doku_variant_format f;
    } cases[] = {
        {"# a comment\nsize 9\ncage 5 r1c1 r1c2\n", DOKU_VARIANT_FORMAT_TEXT},
        {".Cage~15~R1C1~R1C2", DOKU_VARIANT_FORMAT_ISS},
        {"{\"size\":4,\"grid\":[]}", DOKU_VARIANT_FORMAT_JSON},
        {"{\"puzzle\":\"1234\",\"n\":4}", DOKU_VARIANT_FORMAT_NONE},
        {"see https://www.f-puzzles.com/?load=N4Ig", DOKU_VARIANT_FORMAT_FPUZZLES},
        {"https://sudokupad.app/user/slug", DOKU_VARIANT_FORMAT_SUDOKUPAD},
        {"1.......2.......3.......4.......5.......6.......7.......8.......9.......1.......2",
         DOKU_VARIANT_FORMAT_NONE},
        {"# size 9 cage\n1234", DOKU_VARIANT_FORMAT_NONE},
        {"", DOKU_VARIANT_FORMAT_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_int_equal(doku_variant_format_guess(cases[i].text, strlen(cases[i].text)),
                         cases[i].f);
    assert_int_equal(doku_variant_format_guess(NULL, 3), DOKU_VARIANT_FORMAT_NONE);
    doku_buf out = {0};
    assert_int_equal(doku_variant_write(NULL, NULL, NULL, NULL, DOKU_VARIANT_FORMAT_TEXT, NULL, 0),
                     DOKU_ERR_ARG);
    doku_shape *sh;
    doku_constraints *cs;
    assert_int_equal(doku_shape_create_simple(9, 0, &sh), DOKU_OK);
    assert_int_equal(doku_constraints_create(sh, &cs), DOKU_OK);
    assert_int_equal(doku_variant_write(&out, cs, NULL, NULL, DOKU_VARIANT_FORMAT_ISS, NULL, 0),
                     DOKU_ERR_ARG);
    doku_constraints_free(cs);
    doku_shape_free(sh);
    doku_buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_kind_round_trips),
        cmocka_unit_test(test_globals_and_shapes_round_trip),
        cmocka_unit_test(test_writers_refuse_by_name),
        cmocka_unit_test(test_killer_strings),
        cmocka_unit_test(test_bad_input_names_field_and_cells),
        cmocka_unit_test(test_sudokupad_native),
        cmocka_unit_test(test_real_links),
        cmocka_unit_test(test_titles_and_authors),
        cmocka_unit_test(test_format_guess),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
