/*
 * test_json_links.c — the f-puzzles JSON that links carry, white-box:
 * the small JSON reader (src/io/json_mini.c) on every kind of value,
 * escape and error, each error with its byte; f-puzzles' document
 * (io_fpuzzles_json) with givens, jigsaw regions, both diagonals, titles
 * and every refusal; and the link finder (io_link_decode) for SudokuWiki,
 * f-puzzles and SudokuPad links, each error with its column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "doku.h"
#include "io/io_internal.h"

/* Parses text; @return 0 or -1, with the reason in why. */
static int parse(const char *text, io_json *j, char *why, size_t cap)
{
    return io_json_parse(j, text, strlen(text), why, cap);
}

static void test_json_values(void **state)
{
    (void)state;
    static const char doc[] =
        " {\"a\" : [1, -2.5e1, true, false, null, {}, []],\n"
        "  \"s\":\"q\\\"b\\\\s\\/\\b\\f\\n\\r\\t\\u00e9\\u20AC\\ud83d\\ude00\",\r\n"
        "  \"empty\":\"\", \"lone\":\"x\\ud800y\\udc00\"}\t";
    io_json j;
    char why[100];
    assert_int_equal(parse(doc, &j, why, sizeof why), 0);
    assert_int_equal(j.nodes[0].type, IO_JSON_OBJECT);
    assert_int_equal(j.nodes[0].count, 4);
    int a = io_json_get(&j, 0, "a");
    assert_string_equal(io_json_key(&j, a), "a");
    assert_int_equal(j.nodes[a].type, IO_JSON_ARRAY);
    assert_int_equal(j.nodes[a].count, 7);
    static const io_json_type types[] = {IO_JSON_NUMBER, IO_JSON_NUMBER, IO_JSON_TRUE,
                                         IO_JSON_FALSE,  IO_JSON_NULL,   IO_JSON_OBJECT,
                                         IO_JSON_ARRAY};
    int k = j.nodes[a].first;
    for (int i = 0; i < 7; i++, k = j.nodes[k].next) {
        assert_true(k >= 0);
        assert_int_equal(j.nodes[k].type, types[i]);
        assert_null(io_json_key(&j, k)); /* array items have no key */
        assert_null(io_json_str(&j, k));
    }
    assert_int_equal(k, -1);
    k = j.nodes[a].first;
    assert_true(j.nodes[k].num == 1.0);
    assert_true(j.nodes[j.nodes[k].next].num == -25.0);
    /* every escape; \u to UTF-8, a surrogate pair to one 4-byte character */
    assert_string_equal(io_json_str(&j, io_json_get(&j, 0, "s")),
                        "q\"b\\s/\b\f\n\r\t\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80");
    assert_string_equal(io_json_str(&j, io_json_get(&j, 0, "empty")), "");
    /* half a pair is no character: U+FFFD, never invalid UTF-8 */
    assert_string_equal(io_json_str(&j, io_json_get(&j, 0, "lone")),
                        "x\xEF\xBF\xBDy\xEF\xBF\xBD");
    /* lookups that find nothing */
    assert_int_equal(io_json_get(&j, 0, "b"), -1);
    assert_int_equal(io_json_get(&j, a, "a"), -1); /* not an object */
    assert_int_equal(io_json_get(&j, -1, "a"), -1);
    assert_null(io_json_str(&j, -1));
    assert_null(io_json_key(&j, -1));
    io_json_free(&j);
    assert_null(j.nodes);

    /* a scalar alone is a document; so is the deepest nesting allowed */
    assert_int_equal(parse("\"x\"", &j, why, sizeof why), 0);
    assert_string_equal(io_json_str(&j, 0), "x");
    io_json_free(&j);
    char deep[200];
    memset(deep, '[', 65);
    memset(deep + 65, ']', 65);
    deep[130] = '\0';
    assert_int_equal(parse(deep, &j, why, sizeof why), 0);
    assert_int_equal(j.count, 65);
    io_json_free(&j);
    /* more values than the first table holds: it grows */
    char many[4000] = "[";
    for (int i = 0; i < 500; i++)
        strcat(many, i ? ",0" : "0");
    strcat(many, "]");
    assert_int_equal(parse(many, &j, why, sizeof why), 0);
    assert_int_equal(j.count, 501);
    assert_int_equal(j.nodes[0].count, 500);
    io_json_free(&j);
}

static void test_json_errors(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } cases[] = {
        {"", "JSON: unexpected end at byte 1"},
        {"[", "JSON: unexpected end at byte 2"},
        {"[1,]", "JSON: unexpected character at byte 4"},
        {"tru", "JSON: unexpected character at byte 1"},
        {"{1:2}", "JSON: expected a key at byte 2"},
        {"{", "JSON: expected a key at byte 2"},
        {"{\"a\" 1}", "JSON: expected ':' at byte 6"},
        {"{\"a\"", "JSON: expected ':' at byte 5"},
        {"{\"a\":}", "JSON: unexpected character at byte 6"},
        {"[1 2]", "JSON: expected ',' or ']' at byte 4"},
        {"{\"a\":1 \"b\"}", "JSON: expected ',' or '}' at byte 8"},
        {"\"abc", "JSON: unterminated string at byte 5"},
        {"\"a\\", "JSON: unterminated string at byte 3"},
        {"\"a\nb\"", "JSON: control character in a string at byte 3"},
        /* an error in an escape or a number points at its start */
        {"[\"\\x\"]", "JSON: bad escape at byte 3"},
        {"\"ab\\u12G4\"", "JSON: bad escape at byte 4"},
        {"\"\\u12\"", "JSON: bad escape at byte 2"},
        {"-", "JSON: bad number at byte 1"},
        {"[0, 1.2.3]", "JSON: bad number at byte 5"},
        {"1 2", "JSON: text after the value at byte 3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        io_json j;
        char why[100] = "";
        assert_int_equal(parse(cases[i].text, &j, why, sizeof why), -1);
        if (strcmp(why, cases[i].why))
            fail_msg("%s: \"%s\", not \"%s\"", cases[i].text, why, cases[i].why);
        io_json_free(&j);
    }
    /* nested one level too deep */
    char deep[100];
    memset(deep, '[', 66);
    deep[66] = '\0';
    io_json j;
    char why[100];
    assert_int_equal(parse(deep, &j, why, sizeof why), -1);
    assert_string_equal(why, "JSON: nested too deeply at byte 66");
    io_json_free(&j);
    /* no room for the reason: the answer alone */
    assert_int_equal(parse("[", &j, NULL, 0), -1);
    io_json_free(&j);
    assert_int_equal(parse("[", &j, why, 0), -1);
    io_json_free(&j);
}

/* A 4x4 f-puzzles grid: rows of cells, each "{...}" text or "{}". */
static void fgrid(char *out, size_t cap, const char *head, const char *const cells[16])
{
    size_t at = (size_t)snprintf(out, cap, "{%s\"grid\":[", head);
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            at += (size_t)snprintf(out + at, cap - at, "%s%s%s%s", c ? "" : r ? ",[" : "[",
                                   cells[r * 4 + c] ? cells[r * 4 + c] : "{}", c < 3 ? "," : "",
                                   c == 3 ? "]" : "");
    snprintf(out + at, cap - at, "]}");
}

/* io_fpuzzles_json on text: @return its answer, the cells and the
 * metadata as "key=value;" (meta, cap bytes). */
static int fpuzzles(const char *text, uint8_t *cells, char *meta, size_t cap, char *why)
{
    io_puzzle p;
    memset(&p, 0, sizeof p);
    p.cells = cells;
    why[0] = '\0';
    int rc = io_fpuzzles_json(text, strlen(text), &p, why, 300);
    meta[0] = '\0';
    size_t at = 0;
    for (size_t i = 0; i < p.meta.len && at < cap;) {
        const char *k = p.meta.data + i, *v = k + strlen(k) + 1;
        at += (size_t)snprintf(meta + at, cap - at, "%s=%s;", k, v);
        i = (size_t)(v + strlen(v) + 1 - p.meta.data);
    }
    if (rc == 1)
        assert_int_equal(p.n, 4);
    doku_buf_free(&p.meta);
    return rc;
}

static void test_fpuzzles_documents(void **state)
{
    (void)state;
    char text[2048], meta[512], why[300];
    uint8_t cells[DOKU_MAX_CELLS];
    const char *cells_in[16] = {0};
    cells_in[0] = "{\"value\":1,\"given\":true}";
    cells_in[5] = "{\"value\":3}";                     /* the solver's: not a given */
    cells_in[15] = "{\"value\":2,\"given\":1,\"region\":3}"; /* its own box */
    fgrid(text, sizeof text,
          "\"size\":4,\"title\":\"T\",\"author\":\"A\",\"ruleset\":\"Normal\",\"version\":1,"
          "\"killercage\":[],\"diagonal+\":false,",
          cells_in);
    assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), 1);
    static const uint8_t want[16] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    assert_memory_equal(cells, want, 16);
    assert_string_equal(meta, "name=T;author=A;rules=Normal;");

    /* a cell in another region: a jigsaw; both diagonals: X */
    cells_in[15] = NULL;
    cells_in[1] = "{\"region\":1}";
    cells_in[2] = "{\"region\":0}";
    fgrid(text, sizeof text, "\"size\":4,\"diagonal+\":true,\"diagonal-\":1,\"title\":\"\",", cells_in);
    assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), 1);
    assert_string_equal(meta, "regions=1212112233443344;variant=x;");

    static const struct {
        const char *head, *cell5, *why;
    } bad[] = {
        /* constraints: the variant reader takes them, or says why not */
        {"\"size\":4,\"killercage\":[{\"cells\":[\"R1C1\"]}],\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}],\"diagonal+\":true,",
         NULL, "f-puzzles constraints killercage, thermometer, diagonal+ alone"
         ": a variant puzzle, which doku's variant reader takes (doku_variant_puzzle_read; the CLI uses it when the input's first puzzle has constraints)"},
        {"\"size\":4,\"diagonal-\":true,", NULL,
         "f-puzzles constraints diagonal- alone"
         ": a variant puzzle, which doku's variant reader takes (doku_variant_puzzle_read; the CLI uses it when the input's first puzzle has constraints)"},
        {"\"size\":4,\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C3\"]]}],", NULL,
         "f-puzzles thermometer[0]: thermometer at r1c1 r1c3: r1c1 and r1c3 are not adjacent"},
        {"\"size\":3,", NULL, "f-puzzles data: \"size\" must be a number from 4 to 35"},
        {"\"size\":36,", NULL, "f-puzzles data: \"size\" must be a number from 4 to 35"},
        {"\"size\":4.5,", NULL, "f-puzzles data: \"size\" must be a number from 4 to 35"},
        {"\"size\":\"4\",", NULL, "f-puzzles data: \"size\" must be a number from 4 to 35"},
        {"", NULL, "f-puzzles data: \"size\" must be a number from 4 to 35"},
        {"\"size\":5,", NULL, "f-puzzles data: \"grid\" must hold 5 rows"},
        {"\"size\":4,", "{\"value\":5,\"given\":true}", "f-puzzles data: r2c2 holds 5, not a digit 1..4"},
        {"\"size\":4,", "{\"value\":0.5}", "f-puzzles data: r2c2 holds 0.5, not a digit 1..4"},
        {"\"size\":4,", "{\"region\":4}",
         "f-puzzles data: r2c2 is in no region 0..3 (cells outside every region are not supported)"},
        {"\"size\":4,", "{\"region\":null}",
         "f-puzzles data: r2c2 is in no region 0..3 (cells outside every region are not supported)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *in[16] = {0};
        in[5] = bad[i].cell5;
        fgrid(text, sizeof text, bad[i].head, in);
        assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), -1);
        if (strcmp(why, bad[i].why))
            fail_msg("%s: \"%s\", not \"%s\"", text, why, bad[i].why);
    }
    /* a constraint whose name does not fit the message still refuses */
    char longkey[400];
    memset(longkey, 'k', 300);
    longkey[300] = '\0';
    snprintf(text, sizeof text, "{\"size\":4,\"%s\":true,\"grid\":[]}", longkey);
    assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), -1);
    assert_string_equal(why, "f-puzzles constraints doku does not support: 1 with names too long "
                             "to show");
    snprintf(text, sizeof text, "{\"size\":4,\"arrow\":[1],\"%s\":1,\"grid\":[]}", longkey);
    assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), -1);
    assert_string_equal(why, "f-puzzles constraints doku does not support: 1 with names too long "
                             "to show");
    /* rows of the wrong length or kind, no object, no JSON */
    static const struct {
        const char *text, *why;
    } docs[] = {
        {"{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{}],[],[]]}",
         "f-puzzles data: grid row 2 must hold 4 cells"},
        {"{\"size\":4,\"grid\":[[{},{},{},{}],1,[],[]]}", "f-puzzles data: grid row 2 must hold 4 cells"},
        {"{\"size\":4,\"grid\":{}}", "f-puzzles data: \"grid\" must hold 4 rows"},
        {"[1]", "f-puzzles data is no JSON object"},
        {"{\"size\":4,\"grid\":", "f-puzzles data: JSON: unexpected end at byte 18"},
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        assert_int_equal(fpuzzles(docs[i].text, cells, meta, sizeof meta, why), -1);
        assert_string_equal(why, docs[i].why);
    }
    /* a cell that is no object is an empty cell of its box */
    fgrid(text, sizeof text, "\"size\":4,", (const char *[16]){"1", "null", "\"x\""});
    assert_int_equal(fpuzzles(text, cells, meta, sizeof meta, why), 1);
    assert_int_equal(cells[0], 0);
    assert_string_equal(meta, "");
}

/* io_link_decode on a line: @return its answer; *col the column. */
static int link(const char *line, uint8_t *cells, size_t *col, char *why, io_puzzle *p)
{
    memset(p, 0, sizeof *p);
    p->cells = cells;
    why[0] = '\0';
    *col = 0;
    int rc = io_link_decode(line, strlen(line), p, why, 300, col);
    doku_buf_free(&p->meta);
    return rc;
}

static void test_links(void **state)
{
    (void)state;
    static const char P[] =
        "400030000000600800000000001000050090080000600070200000000102700503000040900000000";
    uint8_t cells[DOKU_MAX_CELLS];
    char line[4096], why[300];
    size_t col;
    io_puzzle p;

    assert_int_equal(link("no link here", cells, &col, why, &p), 0);

    /* SudokuWiki: found inside a line, quotes and angle brackets end it */
    snprintf(line, sizeof line, "see <https://www.SudokuWiki.org/sudoku.htm?bd=%s&x=1> now", P);
    assert_int_equal(link(line, cells, &col, why, &p), 1);
    assert_int_equal(p.n, 9);
    assert_int_equal(cells[0], 4);
    assert_int_equal(cells[4], 3);
    assert_int_equal(p.at, 5);
    assert_int_equal(p.end, strlen(line) - 5);
    char dotted[82];
    memcpy(dotted, P, 82);
    dotted[1] = '.';
    snprintf(line, sizeof line, "\"sudokuwiki.org/?bd=%s\"", dotted);
    assert_int_equal(link(line, cells, &col, why, &p), 1);
    assert_int_equal(cells[1], 0);
    static const struct {
        const char *line, *why;
        size_t col;
    } bad[] = {
        {"x sudokuwiki.org/sudoku.htm", "SudokuWiki link without a bd= puzzle", 3},
        {"sudokuwiki.org/?bd=123#x", "SudokuWiki bd= holds 3 characters; 81 (9x9 digits, 0 empty) "
                                     "expected", 20},
        {"f-puzzles.com/?id=1", "f-puzzles short link (?id=...): the puzzle is kept on f-puzzles' "
                                "server, not in the link; doku reads ?load= links, which carry it", 1},
        {"f-puzzles.com/?x=1", "f-puzzles link without ?load= data", 1},
        {"  https://f-puzzles.com/?load=!!!!", "f-puzzles link: the data after the address is no "
                                               "lz-string (base64)", 31},
        {"https://sudokupad.app/abc123", "SudokuPad link 'abc123': the puzzle is kept on "
                                         "SudokuPad's server, not in the link; doku reads links that "
                                         "carry it (fpuzzles..., scl..., ctc...)", 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(link(bad[i].line, cells, &col, why, &p), -1);
        assert_string_equal(why, bad[i].why);
        assert_int_equal(col, bad[i].col);
    }
    /* a bad digit: its own column */
    memcpy(dotted, P, 82);
    dotted[10] = 'x';
    snprintf(line, sizeof line, "sudokuwiki.org/?bd=%s", dotted);
    assert_int_equal(link(line, cells, &col, why, &p), -1);
    assert_string_equal(why, "SudokuWiki bd=: 'x' is no digit");
    assert_int_equal(col, 20 + 10);

    /* f-puzzles and SudokuPad links to one document, its base64
     * percent-encoded as links often are */
    const char *in[16] = {"{\"value\":1,\"given\":true}"};
    char json[1024];
    fgrid(json, sizeof json, "\"size\":4,\"title\":\"Small\",", in);
    doku_buf b64 = {0};
    assert_int_equal(io_lz_compress_b64(json, strlen(json), &b64), DOKU_OK);
    char enc[4096];
    size_t e = 0;
    for (size_t i = 0; i < b64.len; i++)
        e += (size_t)(b64.data[i] == '+' || b64.data[i] == '/' || b64.data[i] == '='
                          ? snprintf(enc + e, sizeof enc - e, "%%%02X", (unsigned)b64.data[i])
                          : snprintf(enc + e, sizeof enc - e, "%c", b64.data[i]));
    static const char *const sites[][2] = {{"https://www.f-puzzles.com/?load=", "#top"},
                                           {"https://sudokupad.app/fpuzzles", "?setter=x"},
                                           {"https://crackingthecryptic.com/sudoku/fpuzzles", ""}};
    for (int s = 0; s < 3; s++) {
        for (int encoded = 0; encoded < 2; encoded++) {
            snprintf(line, sizeof line, "%s%s%s", sites[s][0], encoded ? enc : b64.data,
                     sites[s][1]);
            memset(&p, 0, sizeof p);
            p.cells = cells;
            assert_int_equal(io_link_decode(line, strlen(line), &p, why, sizeof why, &col), 1);
            assert_int_equal(p.n, 4);
            assert_int_equal(cells[0], 1);
            assert_int_equal(p.meta.len, sizeof "name\0Small");
            assert_memory_equal(p.meta.data, "name\0Small", sizeof "name\0Small");
            doku_buf_free(&p.meta);
        }
    }
    /* a document doku refuses says so through the link */
    fgrid(json, sizeof json, "\"size\":4,\"thermometer\":[1],", in);
    doku_buf_reset(&b64);
    assert_int_equal(io_lz_compress_b64(json, strlen(json), &b64), DOKU_OK);
    snprintf(line, sizeof line, "https://f-puzzles.com/?load=%s", b64.data);
    assert_int_equal(link(line, cells, &col, why, &p), -1);
    assert_string_equal(why, "f-puzzles thermometer[0]: \"lines\" must be an array of lines");
    assert_int_equal(col, 29);
    doku_buf_free(&b64);
}

/* Half a surrogate pair is no character: io_buf_put_utf8 writes U+FFFD
 * for it, so text decoded from JSON escapes, lz-string's UTF-16 or an
 * OpenSudoku character reference ("&#xD800;", which wrote the invalid
 * bytes ED A0 80 before) stays valid UTF-8 in every record. */
static void test_surrogates_replaced(void **state)
{
    (void)state;
    static const struct {
        uint32_t cp;
        const char *utf8;
    } cases[] = {
        {0xD7FF, "\xED\x9F\xBF"}, {0xD800, "\xEF\xBF\xBD"}, {0xDBFF, "\xEF\xBF\xBD"},
        {0xDC00, "\xEF\xBF\xBD"}, {0xDFFF, "\xEF\xBF\xBD"}, {0xE000, "\xEE\x80\x80"},
        {0x10FFFF, "\xF4\x8F\xBF\xBF"},
    };
    doku_buf b = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        doku_buf_reset(&b);
        io_buf_put_utf8(&b, cases[i].cp);
        assert_int_equal(b.len, strlen(cases[i].utf8));
        assert_memory_equal(b.data, cases[i].utf8, b.len);
    }
    doku_buf_free(&b);

    static const char *const lines[] = {
        "<opensudoku><name>a&#xD800;b&#57343;c&#x10FFFF;</name>",
        "<game data=\"400030000000600800000000001000050090080000600070200000000102700503000040900000000\"/>",
    };
    doku_reader *r;
    assert_int_equal(doku_reader_create(NULL, &r), DOKU_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(doku_reader_push_line(r, lines[i], strlen(lines[i])), DOKU_OK);
    assert_int_equal(doku_reader_finish(r), DOKU_OK);
    doku_record rec;
    assert_int_equal(doku_reader_next(r, &rec), DOKU_OK);
    assert_int_equal(rec.kind, DOKU_RECORD_PUZZLE);
    const char *k, *v;
    assert_int_equal(doku_reader_meta(r, 0, &k, &v), DOKU_OK);
    assert_string_equal(k, "name");
    assert_string_equal(v, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xF4\x8F\xBF\xBF");
    doku_reader_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_values),
        cmocka_unit_test(test_json_errors),
        cmocka_unit_test(test_fpuzzles_documents),
        cmocka_unit_test(test_links),
        cmocka_unit_test(test_surrogates_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
