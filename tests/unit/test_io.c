/*
 * test_io.c — the text reader and formatter: every accepted layout, the
 * alphabets, errors with positions, and format round trips.
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

#define MAX_RECS 16

typedef struct got {
    int count;
    doku_record_kind kind[MAX_RECS];
    int n[MAX_RECS];
    uint8_t cells[MAX_RECS][625];
    char comment[MAX_RECS][128];
    char message[MAX_RECS][256];
    size_t line[MAX_RECS], column[MAX_RECS];
} got;

/* Feeds text line by line to a reader with the given options. */
static void read_text(const char *text, int n, doku_symbols sym, got *g)
{
    doku_reader_opts o = {n, sym};
    doku_reader *r;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_OK);
    memset(g, 0, sizeof *g);
    const char *p = text;
    doku_record rec;
    for (;;) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (e || len)
            assert_int_equal(doku_reader_push_line(r, p, len), DOKU_OK);
        while (doku_reader_next(r, &rec) == DOKU_OK) {
            assert_true(g->count < MAX_RECS);
            int i = g->count++;
            g->kind[i] = rec.kind;
            g->n[i] = rec.n;
            g->line[i] = rec.line;
            g->column[i] = rec.column;
            if (rec.kind == DOKU_RECORD_PUZZLE) {
                memcpy(g->cells[i], rec.cells, (size_t)(rec.n * rec.n));
                snprintf(g->comment[i], sizeof g->comment[i], "%s", rec.comment);
            } else {
                snprintf(g->message[i], sizeof g->message[i], "%s", rec.message);
            }
        }
        if (!e)
            break;
        p = e + 1;
    }
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        int i = g->count++;
        g->kind[i] = rec.kind;
        g->line[i] = rec.line;
        g->column[i] = rec.column;
        if (rec.kind == DOKU_RECORD_ERROR)
            snprintf(g->message[i], sizeof g->message[i], "%s", rec.message);
    }
    doku_reader_free(r);
}

static const char *P1 =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

static void expect_p1(const got *g, int i)
{
    uint8_t want[81];
    assert_int_equal(tu_cells_from_text(P1, 81, want), 0);
    assert_int_equal(g->kind[i], DOKU_RECORD_PUZZLE);
    assert_int_equal(g->n[i], 9);
    assert_memory_equal(g->cells[i], want, 81);
}

/* Text as spreadsheets and editors save it (issue 14): BOM, CRLF and
 * CR, ',' ';' and tab fields with empty cells, quoted fields, a column of
 * puzzles with its other fields as the comment, UTF-16 refused. */
static void test_spreadsheet_text(void **state)
{
    (void)state;
    char text[2048] = "\xEF\xBB\xBF";
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            size_t l = strlen(text);
            char ch = P1[r * 9 + c];
            snprintf(text + l, sizeof text - l, "%.*s%s", ch != '.', &ch, c < 8 ? ";" : "\r\n");
        }
    got g;
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    expect_p1(&g, 0);
    /* the same grid with lone CRs and commas, fields quoted */
    char cr[2048] = "";
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            size_t l = strlen(cr);
            char ch = P1[r * 9 + c];
            l += (size_t)snprintf(cr + l, sizeof cr - l, ch == '.' ? "\"\"" : "\"%c\"", ch);
            cr[l++] = c < 8 ? ',' : '\r';
            cr[l] = '\0';
        }
    doku_reader *rd;
    assert_int_equal(doku_reader_create(NULL, &rd), DOKU_OK);
    assert_int_equal(doku_reader_push_line(rd, cr, strlen(cr)), DOKU_OK);
    assert_int_equal(doku_reader_finish(rd), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(rd, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_int_equal(rec.line, 1);
    uint8_t want[81];
    assert_int_equal(tu_cells_from_text(P1, 81, want), 0);
    assert_memory_equal(rec.cells, want, 81);
    doku_reader_free(rd);
    /* a column of puzzles: the other fields, as written, are the comment */
    char col[512];
    snprintf(col, sizeof col, "id;puzzle;note\n7;\"%s\";\"hard; very\"\n", P1);
    read_text(col, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    expect_p1(&g, 0);
    assert_string_equal(g.comment[0], "7;\"hard; very\"");
    assert_int_equal(g.line[0], 2);
    /* a bad field is named with its column */
    read_text("1,2,3,4\n5,6,x y,8\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.line[0], 2);
    assert_int_equal(g.column[0], 5);
    /* UTF-16 is refused once, at 1:1 */
    assert_int_equal(doku_reader_create(NULL, &rd), DOKU_OK);
    assert_int_equal(doku_reader_push_line(rd, "\xFF\xFE" "5\0" "3\0", 6), DOKU_OK);
    assert_int_equal(doku_reader_push_line(rd, "\0" "5\0", 3), DOKU_OK);
    assert_int_equal(doku_reader_finish(rd), DOKU_OK);
    assert_int_equal(doku_reader_next(rd, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_ERROR);
    assert_int_equal(rec.line, 1);
    assert_int_equal(rec.column, 1);
    assert_non_null(strstr(rec.message, "UTF-16"));
    assert_int_equal(doku_reader_next(rd, &rec), DOKU_DONE);
    doku_reader_free(rd);
    /* 4x4 as numbers with empty fields, tab-separated, trailing tabs kept */
    read_text("1\t\t\t\n\t\t3\t\n\t4\t\t\n\t\t\t2\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 4);
    assert_int_equal(g.cells[0][0], 1);
    assert_int_equal(g.cells[0][6], 3);
    assert_int_equal(g.cells[0][15], 2);
}

/* Pencil marks (issue 14): the candidate line and the HoDoKu/SE grids
 * read with their candidates, and doku_format_pencil writes both back. */
static void test_pencil_marks(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, 0, &s), DOKU_OK);
    uint8_t puz[81];
    assert_int_equal(tu_cells_from_text(P1, 81, puz), 0);
    /* givens only: each empty cell gets what its peers leave */
    doku_buf line = {0}, grid = {0};
    assert_int_equal(doku_format_pencil(&line, s, puz, NULL, (size_t)doku_shape_cells(s), 0), DOKU_OK);
    assert_int_equal(line.len, 730);
    assert_int_equal(line.data[0], '.');      /* r1c1 is 4: only '4' */
    assert_int_equal(line.data[3], '4');
    /* drop candidate 1 of r1c2 (characters 9..17) and read it back */
    int first = -1;
    for (int d = 0; d < 9; d++)
        if (line.data[9 + d] != '.') {
            first = d;
            break;
        }
    assert_true(first >= 0);
    line.data[9 + first] = '.';
    doku_reader *r;
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, line.data, 729), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_int_equal(rec.n, 9);
    const uint64_t *c = doku_reader_candidates(r);
    assert_non_null(c);
    assert_false(c[1] & ((uint64_t)1 << first));
    assert_int_equal(rec.cells[0], 4);
    /* the grid of those candidates reads back equal */
    uint64_t cands[81];
    memcpy(cands, c, sizeof cands);
    uint8_t cells[81];
    memcpy(cells, rec.cells, 81);
    assert_int_equal(doku_format_pencil(&grid, s, cells, cands, (size_t)doku_shape_cells(s), 1), DOKU_OK);
    doku_reader_free(r);
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    /* framed as HoDoKu frames it */
    const char *frame = ".-----------.-----------.-----------.";
    assert_int_equal(doku_reader_push_line(r, frame, strlen(frame)), DOKU_OK);
    for (char *p = grid.data; *p;) {
        char *e = strchr(p, '\n');
        assert_int_equal(doku_reader_push_line(r, p, (size_t)(e - p)), DOKU_OK);
        p = e + 1;
    }
    assert_int_equal(doku_reader_push_line(r, frame, strlen(frame)), DOKU_OK);
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_memory_equal(rec.cells, cells, 81);
    assert_non_null(doku_reader_candidates(r));
    assert_memory_equal(doku_reader_candidates(r), cands, sizeof cands);
    doku_reader_free(r);
    /* a cell without candidates is named */
    memset(line.data + 9 * 40, '.', 9);
    got g;
    line.data[729] = '\0';
    read_text(line.data, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_non_null(strstr(g.message[0], "r5c5 has no candidates"));
    doku_buf_free(&line);
    doku_buf_free(&grid);
    doku_shape_free(s);
}

/* Metadata (issue 14): .sdk headers become the next puzzle's fields,
 * doku_format_exchange writes them back, links carry their shape. */
static void test_metadata_and_exchange(void **state)
{
    (void)state;
    doku_reader *r;
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    const char *lines[] = {"#A Jane Doe", "#LHard", "# just a comment", P1};
    for (int i = 0; i < 4; i++)
        assert_int_equal(doku_reader_push_line(r, lines[i], strlen(lines[i])), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    const char *k, *v;
    assert_int_equal(doku_reader_meta(r, 0, &k, &v), DOKU_OK);
    assert_string_equal(k, "author");
    assert_string_equal(v, "Jane Doe");
    assert_int_equal(doku_reader_meta(r, 1, &k, &v), DOKU_OK);
    assert_string_equal(k, "level");
    assert_string_equal(v, "Hard");
    assert_int_equal(doku_reader_meta(r, 2, &k, &v), DOKU_DONE);
    /* written back as .sdk, then as a SudokuWiki and an f-puzzles link */
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(9, DOKU_VARIANT_X, &s), DOKU_OK);
    const char *meta[] = {"author", "Jane Doe", "level", "Hard", "name", "Ünïcode \"title\"", NULL};
    doku_buf b = {0};
    assert_int_equal(doku_format_exchange(&b, s, rec.cells, (size_t)doku_shape_cells(s), meta, DOKU_EXCHANGE_SDK), DOKU_OK);
    assert_non_null(strstr(b.data, "#A Jane Doe\n#L Hard\n4...3....\n"));
    doku_buf_reset(&b);
    assert_int_equal(doku_format_exchange(&b, s, rec.cells, (size_t)doku_shape_cells(s), meta, DOKU_EXCHANGE_SUDOKUWIKI),
                     DOKU_ERR_SHAPE); /* X is no classic 9x9 */
    assert_int_equal(doku_format_exchange(&b, s, rec.cells, (size_t)doku_shape_cells(s), meta, DOKU_EXCHANGE_FPUZZLES), DOKU_OK);
    uint8_t cells[81];
    memcpy(cells, rec.cells, 81);
    doku_reader_free(r);
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, b.data, b.len - 1), DOKU_OK);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_memory_equal(rec.cells, cells, 81);
    int saw_x = 0, saw_name = 0;
    for (size_t i = 0; doku_reader_meta(r, i, &k, &v) == DOKU_OK; i++) {
        if (!strcmp(k, "variant") && !strcmp(v, "x"))
            saw_x = 1;
        if (!strcmp(k, "name") && !strcmp(v, "Ünïcode \"title\""))
            saw_name = 1;
    }
    assert_true(saw_x);
    assert_true(saw_name);
    doku_reader_free(r);
    /* a NUL byte inside an OpenSudoku field (found by fuzz_opensudoku):
     * the field keeps its other bytes, the list stays well formed */
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    static const char x0[] = "<opensudoku><level>ea\0sy</level>";
    static const char x1[] = "<game data=\"530070000600195000098000060800060003400803001700020006060000280000419005000080079\"/>";
    assert_int_equal(doku_reader_push_line(r, x0, sizeof x0 - 1), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, x1, sizeof x1 - 1), DOKU_OK);
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(doku_reader_meta(r, 0, &k, &v), DOKU_OK);
    assert_string_equal(k, "level");
    assert_string_equal(v, "ea sy");
    assert_int_equal(doku_reader_meta(r, 1, &k, &v), DOKU_DONE);
    doku_reader_free(r);
    doku_buf_free(&b);
    doku_shape_free(s);
}

static void test_one_line_with_comments(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text,
             "# a comment line\n%s\n\n%s rated 9.1\tname\n000694f16758 %s 2.5\n%s:1:xyz\n",
             P1, P1, P1, P1);
    for (char *q = strstr(text, "000694f16758 ") + 13; q < strstr(text, "000694f16758 ") + 13 + 81; q++)
        if (*q == '.')
            *q = '0';
    got g;
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 4);
    for (int i = 0; i < 4; i++)
        expect_p1(&g, i);
    assert_string_equal(g.comment[0], "");
    assert_string_equal(g.comment[1], "rated 9.1\tname");
    assert_string_equal(g.comment[2], "000694f16758 2.5");
    assert_string_equal(g.comment[3], ":1:xyz");
    assert_int_equal(g.line[0], 2);
    assert_int_equal(g.line[3], 6);
}

static void test_empty_marks(void **state)
{
    (void)state;
    char text[200];
    snprintf(text, sizeof text, "%s", P1);
    const char marks[] = "0-*_x";
    for (int k = 0; marks[k]; k++) {
        char t[100];
        snprintf(t, sizeof t, "%s", P1);
        for (char *q = t; *q; q++)
            if (*q == '.')
                *q = marks[k];
        got g;
        read_text(t, 0, DOKU_SYMBOLS_AUTO, &g);
        assert_int_equal(g.count, 1);
        expect_p1(&g, 0);
    }
}

static void test_framed_grids(void **state)
{
    (void)state;
    const char *ss =
        "*-----------*\n"
        "|4..|.3.|...|\n"
        "|...|6..|8..|\n"
        "|...|...|..1|\n"
        "|---+---+---|\n"
        "|...|.5.|.9.|\n"
        "|.8.|...|6..|\n"
        "|.7.|2..|...|\n"
        "|---+---+---|\n"
        "|...|1.2|7..|\n"
        "|5.3|...|.4.|\n"
        "|9..|...|...|\n"
        "*-----------*\n";
    got g;
    read_text(ss, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    expect_p1(&g, 0);
    assert_int_equal(g.line[0], 2);

    const char *spaced =
        "+-------+-------+-------+\n"
        "| 4 . . | . 3 . | . . . |\n"
        "| . . . | 6 . . | 8 . . |\n"
        "| . . . | . . . | . . 1 |\n"
        "+-------+-------+-------+\n"
        "| . . . | . 5 . | . 9 . |\n"
        "| . 8 . | . . . | 6 . . |\n"
        "| . 7 . | 2 . . | . . . |\n"
        "+-------+-------+-------+\n"
        "| . . . | 1 . 2 | 7 . . |\n"
        "| 5 . 3 | . . . | . 4 . |\n"
        "| 9 . . | . . . | . . . |\n"
        "+-------+-------+-------+\n";
    read_text(spaced, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    expect_p1(&g, 0);

    const char *sdk =
        "#Agsf\n#DA hard one\n[Puzzle]\n"
        "4...3....\n...6..8..\n........1\n....5..9.\n.8....6..\n.7.2.....\n...1.27..\n5.3....4.\n9........\n"
        "[State]\n123456789\n";
    read_text(sdk, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    expect_p1(&g, 0);
}

static void test_16x16_alphabets(void **state)
{
    (void)state;
    /* 1-9A-G, one line. */
    char line[300] = {0};
    for (int i = 0; i < 256; i++)
        line[i] = '.';
    line[0] = 'G';
    line[1] = '1';
    line[17] = 'A';
    got g;
    read_text(line, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 16);
    assert_int_equal(g.cells[0][0], 16);
    assert_int_equal(g.cells[0][1], 1);
    assert_int_equal(g.cells[0][17], 10);
    /* 0-9A-F with '*' empties: detected because 0 sits beside '*'. */
    for (int i = 0; i < 256; i++)
        line[i] = '*';
    line[0] = '0';
    line[1] = 'F';
    line[2] = '9';
    read_text(line, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.cells[0][0], 1);
    assert_int_equal(g.cells[0][1], 16);
    assert_int_equal(g.cells[0][2], 10);
    /* Letters only: A=1 .. P=16. */
    for (int i = 0; i < 256; i++)
        line[i] = '.';
    line[0] = 'A';
    line[1] = 'P';
    read_text(line, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.cells[0][0], 1);
    assert_int_equal(g.cells[0][1], 16);
    /* Forced alphabet. */
    line[1] = 'B';
    read_text(line, 0, DOKU_SYMBOLS_1_9A_Z, &g);
    assert_int_equal(g.cells[0][0], 10);
    assert_int_equal(g.cells[0][1], 11);
}

static void test_decimal_tokens(void **state)
{
    (void)state;
    /* A 16x16 in the "1-16" layout; the first row has no two-digit value. */
    char text[4096];
    size_t k = 0;
    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++) {
            int v = (r == 0) ? ((c % 3) ? 0 : 1 + (c % 9)) : (c == r ? 16 : (c == 0 ? r : 0));
            if (r == 0 && c == 1)
                v = 0;
            k += (size_t)snprintf(text + k, sizeof text - k, "%s%s", c ? " " : "",
                                  v ? (char[4]){0} : ".");
            if (v)
                k += (size_t)snprintf(text + k - 0, sizeof text - k, "%d", v);
        }
        k += (size_t)snprintf(text + k, sizeof text - k, r == 15 ? " #7\n\n" : "\n");
    }
    got g;
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.kind[0], DOKU_RECORD_PUZZLE);
    assert_int_equal(g.n[0], 16);
    assert_int_equal(g.cells[0][0], 1);
    assert_int_equal(g.cells[0][1 * 16 + 1], 16);
    assert_int_equal(g.cells[0][5 * 16 + 0], 5);
    assert_string_equal(g.comment[0], "7");

    /* Lewis layout: header lines, tabs, -1 empties. */
    const char *lewis =
        "2\n1\n"
        "-1\t2\t-1\t4\n"
        "3\t-1\t1\t-1\n"
        "-1\t-1\t-1\t-1\n"
        "4\t-1\t2\t-1\n";
    read_text(lewis, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 4);
    uint8_t want[16] = {0, 2, 0, 4, 3, 0, 1, 0, 0, 0, 0, 0, 4, 0, 2, 0};
    assert_memory_equal(g.cells[0], want, 16);
}

static void test_small_line_vs_big_row(void **state)
{
    (void)state;
    /* 16 symbols, all <= 4: a 4x4 puzzle. */
    got g;
    read_text("1..4..2..3..4..1\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 4);
    /* 16 lines of 16 with a 'G': one 16x16 grid. */
    char text[400];
    size_t k = 0;
    for (int r = 0; r < 16; r++)
        k += (size_t)snprintf(text + k, sizeof text - k, "%s\n",
                              r == 0 ? "G..............." : "................");
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 16);
    assert_int_equal(g.cells[0][0], 16);
}

static void test_errors_have_positions(void **state)
{
    (void)state;
    got g;
    /* Truncated line, then a good one: both reported, in order. */
    char text[300];
    snprintf(text, sizeof text, "%.80s\n%s\n", P1, P1);
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 2);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.line[0], 1);
    assert_non_null(strstr(g.message[0], "80"));
    expect_p1(&g, 1);
    /* Bad symbol in a 9x9: named with its column. */
    snprintf(text, sizeof text, "%s", P1);
    text[10] = 'Q';
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.column[0], 11);
    assert_non_null(strstr(g.message[0], "'Q'"));
    /* Binary bytes. */
    snprintf(text, sizeof text, "12\x01\x02\xff garbage\n");
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.column[0], 3);
    /* Grid cut short by the end of input. */
    read_text("4...3....\n....6..8.\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_non_null(strstr(g.message[0], "2 of 9"));
    /* Wrong row width inside a grid. */
    read_text("4...3....\n....6..8\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.line[0], 2);
    /* Size mismatch with a forced side. */
    read_text(P1, 16, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    /* Empty input: nothing at all. */
    read_text("", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 0);
}

static void test_megabyte_garbage_line(void **state)
{
    (void)state;
    size_t len = 1 << 20;
    char *big = malloc(len);
    assert_non_null(big);
    for (size_t i = 0; i < len; i++)
        big[i] = (char)("abc;!7 9"[i % 8]);
    doku_reader *r;
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, "x", 1), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, big, len), DOKU_OK);
    doku_record rec;
    int errors = 0;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        assert_int_equal(rec.kind, DOKU_RECORD_ERROR);
        assert_int_equal(rec.line, rec.line == 1 ? 1 : 2);
        errors++;
    }
    assert_true(errors >= 1);
    doku_reader_free(r);
    free(big);
}

static void test_many_records_queue(void **state)
{
    (void)state;
    /* Records pile up when not taken; the queue must keep them all. */
    doku_reader *r;
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    for (int i = 0; i < 100; i++)
        assert_int_equal(doku_reader_push_line(r, P1, 81), DOKU_OK);
    doku_record rec;
    int k = 0;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        assert_int_equal(rec.line, (size_t)k + 1);
        k++;
        if (k == 50)
            for (int i = 0; i < 30; i++)
                assert_int_equal(doku_reader_push_line(r, P1, 81), DOKU_OK);
    }
    assert_int_equal(k, 130);
    doku_reader_free(r);
}

static void round_trip(int n, unsigned variants, doku_format fmt)
{
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(n, variants, &s), DOKU_OK);
    doku_solver *sv;
    assert_int_equal(doku_solver_create(s, &sv), DOKU_OK);
    uint8_t empty[625] = {0}, sol[625], puz[625];
    doku_search_result res;
    assert_int_equal(doku_search(sv, empty, (size_t)doku_shape_cells(s), NULL, sol, NULL, NULL, &res), DOKU_OK);
    assert_int_equal(res.solutions, 1);
    memcpy(puz, sol, (size_t)(n * n));
    for (int i = 0; i < n * n; i += 3)
        puz[i] = 0;
    size_t need = 0;
    doku_format_cells(s, puz, (size_t)doku_shape_cells(s), puz, NULL, fmt, DOKU_SYMBOLS_AUTO,
                                    DOKU_STYLE_MARK_FILLED, NULL, 0, &need);
    char *buf = malloc(need + 1);
    assert_non_null(buf);
    size_t again = 0;
    assert_int_equal(doku_format_cells(s, puz, (size_t)doku_shape_cells(s), puz, NULL, fmt,
                                       DOKU_SYMBOLS_AUTO, DOKU_STYLE_MARK_FILLED, buf, need + 1,
                                       &again),
                     DOKU_OK);
    assert_int_equal(again, need);
    assert_int_equal(strlen(buf), need);
    if (fmt == DOKU_FORMAT_JSON) {
        /* JSON rows: count the numbers back. */
        int k = 0;
        for (char *p = buf; *p; p++)
            if (*p >= '0' && *p <= '9') {
                long v = strtol(p, &p, 10);
                assert_int_equal(v, puz[k++]);
                p--;
            }
        assert_int_equal(k, n * n);
    } else if (fmt == DOKU_FORMAT_CSV) {
        int k = 0;
        for (char *p = buf; *p;) {
            if (*p == ',' || *p == '\n') {
                if (p == buf || p[-1] == ',' || p[-1] == '\n')
                    assert_int_equal(puz[k++], 0);
                p++;
                continue;
            }
            long v = strtol(p, &p, 10);
            assert_int_equal(v, puz[k++]);
        }
        assert_int_equal(k, n * n);
    } else {
        got g;
        read_text(buf, 0, DOKU_SYMBOLS_AUTO, &g);
        assert_int_equal(g.count, 1);
        assert_int_equal(g.kind[0], DOKU_RECORD_PUZZLE);
        assert_int_equal(g.n[0], n);
        assert_memory_equal(g.cells[0], puz, (size_t)(n * n));
    }
    free(buf);
    doku_solver_free(sv);
    doku_shape_free(s);
}

static void test_round_trips(void **state)
{
    (void)state;
    const int sizes[] = {4, 6, 8, 9, 12, 16, 25};
    const doku_format fmts[] = {DOKU_FORMAT_LINE, DOKU_FORMAT_GRID, DOKU_FORMAT_JSON, DOKU_FORMAT_CSV};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t f = 0; f < 4; f++)
            round_trip(sizes[i], 0, fmts[f]);
    round_trip(9, DOKU_VARIANT_X | DOKU_VARIANT_HYPER, DOKU_FORMAT_GRID);
}

/* The large-grid layouts: exact text on a 4x4, and every side reads back. */
static void test_large_grid_writers(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    uint8_t cells[16] = {1, 0, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
    char buf[512];
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_TOKENS, DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, NULL);
    assert_string_equal(buf, "1 . 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 .\n");
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_HEX, DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, NULL);
    /* 2-wide boxes unbroken: "1* 34" would read back as the number 34 */
    assert_string_equal(buf, "1*34\n3412\n\n2143\n432*\n");
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_LEWIS, DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, NULL);
    assert_string_equal(buf, "2\n1\n1\t-1\t3\t4\t\n3\t4\t1\t2\t\n2\t1\t4\t3\t\n4\t3\t2\t-1\t\n");
    doku_shape_free(s);
    const int sizes[] = {4, 6, 8, 9, 12, 16, 25};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        round_trip(sizes[i], 0, DOKU_FORMAT_TOKENS);
        round_trip(sizes[i], 0, DOKU_FORMAT_HEX);
        round_trip(sizes[i], 0, DOKU_FORMAT_LEWIS);
        round_trip(sizes[i], 0, DOKU_FORMAT_CSV_GRID);
    }
}

/* 36x36 in the 0-9A-Z alphabet fits one character per cell: its line
 * (1296 symbols) reads back. */
static void test_line_36_in_0_9A_Z(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(36, 0, &s), DOKU_OK);
    uint8_t cells[1296];
    for (int i = 0; i < 1296; i++)
        cells[i] = (uint8_t)(i % 7 ? (i + i / 36 * 6) % 36 + 1 : 0);
    char buf[1400];
    size_t len = 0;
    assert_int_equal(doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL,
                                       DOKU_FORMAT_LINE, DOKU_SYMBOLS_0_9A_Z, 0, buf, sizeof buf,
                                       &len),
                     DOKU_OK);
    assert_int_equal(len, 1296);
    doku_reader_opts o = {0, DOKU_SYMBOLS_0_9A_Z};
    doku_reader *r;
    assert_int_equal(doku_reader_create(&o, &r), DOKU_OK);
    assert_int_equal(doku_reader_push_line(r, buf, strlen(buf)), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    assert_int_equal(rec.n, 36);
    assert_memory_equal(rec.cells, cells, sizeof cells);
    doku_reader_free(r);
    doku_shape_free(s);
}

/* A complete 0-9A-F grid (a hexadoku solution) reads as hexadoku. */
static void test_full_hexadoku_grid(void **state)
{
    (void)state;
    char text[600];
    size_t k = 0;
    const char *hex = "0123456789ABCDEF";
    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++)
            text[k++] = hex[(c + 4 * (r % 4) + r / 4) % 16];
        text[k++] = '\n';
    }
    text[k] = '\0';
    got g;
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.n[0], 16);
    assert_int_equal(g.cells[0][0], 1);
    assert_int_equal(g.cells[0][15], 16);
}

static void test_grid_text(void **state)
{
    (void)state;
    doku_shape *s;
    assert_int_equal(doku_shape_create_simple(4, 0, &s), DOKU_OK);
    uint8_t cells[16] = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0};
    uint8_t givens[16] = {1};
    char buf[512];
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_GRID, DOKU_SYMBOLS_AUTO, 0, buf, sizeof buf, NULL);
    assert_string_equal(buf,
                        "+-----+-----+\n"
                        "| 1 2 | 3 4 |\n"
                        "| 3 4 | 1 2 |\n"
                        "+-----+-----+\n"
                        "| 2 1 | 4 3 |\n"
                        "| 4 3 | 2 . |\n"
                        "+-----+-----+\n");
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), givens, NULL, DOKU_FORMAT_GRID, DOKU_SYMBOLS_AUTO,
                      DOKU_STYLE_MARK_FILLED, buf, sizeof buf, NULL);
    assert_non_null(strstr(buf, "| [1]  2  |"));
    /* Cut output stays terminated and reports the full length. */
    char small[10];
    size_t need = 0;
    doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_LINE, DOKU_SYMBOLS_AUTO, 0, small, sizeof small, &need);
    assert_int_equal(need, 16);
    assert_int_equal(strlen(small), 9);
    doku_shape_free(s);
}

/* Sides past the one-letter alphabets (36x36 ... 64x64) are written on one
 * line as decimal tokens; that line must read back. */
static void test_token_line_round_trip(void **state)
{
    (void)state;
    const int sides[] = {36, 49, 64};
    for (size_t k = 0; k < sizeof sides / sizeof *sides; k++) {
        int n = sides[k];
        doku_shape *s;
        assert_int_equal(doku_shape_create_simple(n, 0, &s), DOKU_OK);
        uint8_t *cells = malloc((size_t)(n * n));
        assert_non_null(cells);
        for (int i = 0; i < n * n; i++)
            cells[i] = (uint8_t)(i % 5 ? (i * 7 + i / n) % n + 1 : 0);
        const doku_format fmts[] = {DOKU_FORMAT_LINE, DOKU_FORMAT_GRID};
        for (size_t f = 0; f < 2; f++) {
            size_t need = 0;
            doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, fmts[f], DOKU_SYMBOLS_AUTO, 0,
                                            NULL, 0, &need);
            char *buf = malloc(need + 16);
            assert_non_null(buf);
            doku_format_cells(s, cells, (size_t)doku_shape_cells(s), NULL, NULL, fmts[f], DOKU_SYMBOLS_AUTO, 0, buf, need + 1, NULL);
            if (fmts[f] == DOKU_FORMAT_LINE)
                strcat(buf, " #c");
            doku_reader *r;
            assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
            for (char *p = buf; *p;) {
                char *e = strchr(p, '\n');
                size_t len = e ? (size_t)(e - p) : strlen(p);
                assert_int_equal(doku_reader_push_line(r, p, len), DOKU_OK);
                p = e ? e + 1 : p + len;
            }
            assert_int_equal(doku_reader_finish(r), DOKU_OK);
            doku_record rec;
            assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
            assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
            assert_int_equal(rec.n, n);
            assert_memory_equal(rec.cells, cells, (size_t)(n * n));
            if (fmts[f] == DOKU_FORMAT_LINE)
                assert_string_equal(rec.comment, "c");
            assert_int_equal(doku_reader_next(r, &rec), DOKU_DONE);
            doku_reader_free(r);
            free(buf);
        }
        free(cells);
        doku_shape_free(s);
    }
}

/* A number no cell can hold among decimal tokens is named as such, once
 * per grid, and the next grid still reads. */
static void test_bad_decimal_token(void **state)
{
    (void)state;
    const char *text =
        "-1\t2\t-2\t4\n"
        "3\t-1\t1\t-1\n"
        "\n"
        "-1\t2\t-1\t4\n"
        "3\t-1\t1\t-1\n"
        "-1\t-1\t-1\t-1\n"
        "4\t-1\t2\t-1\n";
    got g;
    read_text(text, 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 2);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.line[0], 1);
    assert_int_equal(g.column[0], 6);
    assert_non_null(strstr(g.message[0], "'-2'"));
    assert_int_equal(g.kind[1], DOKU_RECORD_PUZZLE);
    assert_int_equal(g.n[1], 4);
    /* inside a grid: "65" in the second row */
    read_text("1 . 10 .\n. 65 . 2\n", 0, DOKU_SYMBOLS_AUTO, &g);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.kind[0], DOKU_RECORD_ERROR);
    assert_int_equal(g.line[0], 2);
    assert_int_equal(g.column[0], 3);
    assert_non_null(strstr(g.message[0], "'65'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_line_with_comments),
        cmocka_unit_test(test_spreadsheet_text),
        cmocka_unit_test(test_pencil_marks),
        cmocka_unit_test(test_metadata_and_exchange),
        cmocka_unit_test(test_empty_marks),
        cmocka_unit_test(test_framed_grids),
        cmocka_unit_test(test_16x16_alphabets),
        cmocka_unit_test(test_decimal_tokens),
        cmocka_unit_test(test_small_line_vs_big_row),
        cmocka_unit_test(test_errors_have_positions),
        cmocka_unit_test(test_megabyte_garbage_line),
        cmocka_unit_test(test_many_records_queue),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_grid_text),
        cmocka_unit_test(test_large_grid_writers),
        cmocka_unit_test(test_full_hexadoku_grid),
        cmocka_unit_test(test_line_36_in_0_9A_Z),
        cmocka_unit_test(test_token_line_round_trip),
        cmocka_unit_test(test_bad_decimal_token),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
