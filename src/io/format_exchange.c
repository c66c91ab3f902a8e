/*
 * format_exchange.c — writes a puzzle as other programs exchange it:
 * SadMan .sdk (with its '#X' header fields), an OpenSudoku collection
 * (header with the collection's fields, one <game> per puzzle, footer), a
 * SudokuWiki link, and f-puzzles and SudokuPad links (f-puzzles' JSON,
 * lz-string compressed).
 *
 * The one design idea: metadata travels as key/value pairs with the
 * reader's keys (author, name, level ...), so what one format read
 * another writes back under its own name; a shape a format cannot express
 * is refused (DOKU_ERR_SHAPE) rather than written as another puzzle.
 */
#include "io_internal.h"
#include "../shape_internal.h"

#include <string.h>

static const char *meta_get(const char *const *meta, const char *key)
{
    for (size_t i = 0; meta && meta[i] && meta[i + 1]; i += 2)
        if (!strcmp(meta[i], key))
            return meta[i + 1];
    return NULL;
}

static void put_xml(doku_buf *b, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': io_buf_puts(b, "&amp;"); break;
        case '<': io_buf_puts(b, "&lt;"); break;
        case '>': io_buf_puts(b, "&gt;"); break;
        case '"': io_buf_puts(b, "&quot;"); break;
        default:
            if ((unsigned char)*s < 0x20 && *s != '\t')
                io_buf_puts(b, " ");
            else
                doku_buf_append(b, s, 1);
        }
    }
}

/* One line of text: line breaks in a metadata value become spaces. */
static void put_one_line(doku_buf *b, const char *s)
{
    for (; s && *s; s++)
        doku_buf_append(b, *s == '\n' || *s == '\r' ? " " : s, 1);
}

static void put_digits(doku_buf *b, const doku_shape *s, const uint8_t *cells, char empty)
{
    for (int i = 0; i < s->ncells; i++) {
        char c = cells[i] ? doku_symbol(s->n, DOKU_SYMBOLS_1_9A_Z, cells[i]) : empty;
        doku_buf_append(b, &c, 1);
    }
}

static doku_status put_fpuzzles(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                const char *const *meta, const char *prefix)
{
    int n = s->n;
    /* f-puzzles has no Windoku windows, and no jigsaw beside boxes */
    if ((s->variants & DOKU_VARIANT_HYPER) || (s->has_regions && s->box_rows) || n > 16)
        return DOKU_ERR_SHAPE;
    doku_buf json = {0};
    io_buf_printf(&json, "{\"size\":%d,\"grid\":[", n);
    for (int r = 0; r < n; r++) {
        io_buf_puts(&json, r ? ",[" : "[");
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            io_buf_puts(&json, c ? ",{" : "{");
            int any = 0;
            if (cells[i]) {
                io_buf_printf(&json, "\"value\":%d,\"given\":true", cells[i]);
                any = 1;
            }
            if (s->has_regions)
                io_buf_printf(&json, "%s\"region\":%d", any ? "," : "", s->regions[i]);
            io_buf_puts(&json, "}");
        }
        io_buf_puts(&json, "]");
    }
    io_buf_puts(&json, "]");
    if (s->variants & DOKU_VARIANT_X)
        io_buf_puts(&json, ",\"diagonal+\":true,\"diagonal-\":true");
    static const char *const keys[][2] = {{"name", "title"}, {"author", "author"}, {"rules", "ruleset"}};
    for (int k = 0; k < 3; k++) {
        const char *v = meta_get(meta, keys[k][0]);
        if (v) {
            io_buf_printf(&json, ",\"%s\":", keys[k][1]);
            doku_buf_append_json_string(&json, v);
        }
    }
    io_buf_puts(&json, "}");
    doku_status st = json.failed ? DOKU_ERR_NOMEM : DOKU_OK;
    if (st == DOKU_OK) {
        io_buf_puts(b, prefix);
        st = io_lz_compress_b64(json.data, json.len, b);
        io_buf_puts(b, "\n");
    }
    doku_buf_free(&json);
    return st;
}

doku_status doku_format_exchange(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                 size_t ncells, const char *const *meta, doku_exchange fmt)
{
    if (!b || ((unsigned)fmt > (unsigned)DOKU_EXCHANGE_OPENSUDOKU_TAIL))
        return DOKU_ERR_ARG;
    int whole = fmt != DOKU_EXCHANGE_OPENSUDOKU_HEAD && fmt != DOKU_EXCHANGE_OPENSUDOKU_TAIL;
    if (whole) {
        if (!s || !cells || ncells != (size_t)s->ncells)
            return DOKU_ERR_ARG;
        for (int i = 0; i < s->ncells; i++)
            if (cells[i] > s->n)
                return DOKU_ERR_ARG;
    }
    static const char *const sdk[][2] = {{"author", "A"}, {"description", "D"}, {"comment", "C"},
                                         {"date", "B"},   {"source", "S"},      {"level", "L"},
                                         {"url", "U"}};
    static const char *const os[][2] = {{"name", "name"},     {"author", "author"},
                                        {"description", "description"}, {"comment", "comment"},
                                        {"date", "created"},  {"source", "source"},
                                        {"level", "level"},   {"url", "sourceURL"}};
    switch (fmt) {
    case DOKU_EXCHANGE_SDK: {
        if (s->n > 35)
            return DOKU_ERR_SHAPE;
        for (size_t k = 0; k < sizeof sdk / sizeof sdk[0]; k++) {
            const char *v = meta_get(meta, sdk[k][0]);
            if (v) {
                io_buf_printf(b, "#%s ", sdk[k][1]);
                put_one_line(b, v);
                io_buf_puts(b, "\n");
            }
        }
        for (int r = 0; r < s->n; r++) {
            for (int c = 0; c < s->n; c++) {
                uint8_t v = cells[r * s->n + c];
                char ch = v ? doku_symbol(s->n, DOKU_SYMBOLS_1_9A_Z, v) : '.';
                doku_buf_append(b, &ch, 1);
            }
            io_buf_puts(b, "\n");
        }
        break;
    }
    case DOKU_EXCHANGE_SUDOKUWIKI:
        if (!doku_shape_is_classic9(s))
            return DOKU_ERR_SHAPE;
        io_buf_puts(b, "https://www.sudokuwiki.org/sudoku.htm?bd=");
        put_digits(b, s, cells, '0');
        io_buf_puts(b, "\n");
        break;
    case DOKU_EXCHANGE_FPUZZLES:
        return put_fpuzzles(b, s, cells, meta, "https://www.f-puzzles.com/?load=");
    case DOKU_EXCHANGE_SUDOKUPAD:
        return put_fpuzzles(b, s, cells, meta, "https://sudokupad.app/fpuzzles");
    case DOKU_EXCHANGE_OPENSUDOKU:
        if (!doku_shape_is_classic9(s))
            return DOKU_ERR_SHAPE;
        io_buf_puts(b, "  <game data=\"");
        put_digits(b, s, cells, '0');
        io_buf_puts(b, "\"");
        if (meta_get(meta, "note")) {
            io_buf_puts(b, " note=\"");
            put_xml(b, meta_get(meta, "note"));
            io_buf_puts(b, "\"");
        }
        io_buf_puts(b, " />\n");
        break;
    case DOKU_EXCHANGE_OPENSUDOKU_HEAD:
        io_buf_puts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n");
        for (size_t k = 0; k < sizeof os / sizeof os[0]; k++) {
            const char *v = meta_get(meta, os[k][0]);
            io_buf_printf(b, "  <%s>", os[k][1]);
            put_xml(b, v);
            io_buf_printf(b, "</%s>\n", os[k][1]);
        }
        break;
    case DOKU_EXCHANGE_OPENSUDOKU_TAIL:
        io_buf_puts(b, "</opensudoku>\n");
        break;
    }
    return io_buf_status(b);
}
