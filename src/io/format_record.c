/*
 * format_record.c — the parts every output record shares: where the
 * puzzle came from ("FILE:LINE", the JSON head, the CSV prefix), the
 * puzzle and its grids, the CSV header rows, and the record of an input
 * that is no puzzle.
 *
 * The one design idea: a record's head is written in one place, so a
 * puzzle is named and written the same way in every command's output.
 */
#include "doku_records.h"
#include "io_internal.h"

#include <math.h>

#include <stdio.h>
#include <string.h>

int io_record_args_bad(doku_symbols symbols, const doku_record_opts *o)
{
    return (unsigned)symbols > (unsigned)DOKU_SYMBOLS_A_Z ||
           (unsigned)o->format > (unsigned)DOKU_FORMAT_CSV_GRID;
}

void io_put_json_number(doku_buf *b, int decimals, double v)
{
    if (isfinite(v))
        io_buf_printf(b, "%.*f", decimals, v);
    else
        io_buf_puts(b, "null");
}

doku_format io_record_format(const doku_record_opts *o)
{
    return o->format > DOKU_FORMAT_CSV ? DOKU_FORMAT_GRID : o->format;
}

const char *io_note(const doku_record_opts *o)
{
    return o->format > DOKU_FORMAT_CSV ? "# " : "";
}

void io_put_cells(doku_buf *b, const doku_record_opts *o, const doku_shape *s,
                  const uint8_t *cells, const uint8_t *givens, const uint8_t *conflicts,
                  doku_format fmt, doku_symbols symbols, unsigned style)
{
    if (fmt == DOKU_FORMAT_GRID && o && o->format > DOKU_FORMAT_CSV)
        fmt = o->format;
    /* Format straight into the buffer's free room; grow once if short. */
    if (io_buf_reserve(b, 64) != 0)
        return;
    size_t room = b->cap - b->len;
    size_t ncells = (size_t)doku_shape_cells(s), need = 0;
    if (doku_format_cells(s, cells, ncells, givens, conflicts, fmt, symbols, style,
                          b->data + b->len, room, &need) != DOKU_OK)
        return;
    if (need >= room) {
        if (io_buf_reserve(b, need) != 0)
            return;
        doku_format_cells(s, cells, ncells, givens, conflicts, fmt, symbols, style, b->data + b->len,
                          b->cap - b->len, NULL);
    }
    b->len += need;
    b->data[b->len] = '\0';
}

void io_put_json_cells(doku_buf *b, const doku_shape *s, const uint8_t *cells)
{
    io_put_cells(b, NULL, s, cells, NULL, NULL, DOKU_FORMAT_JSON, DOKU_SYMBOLS_AUTO, 0);
}

void io_put_line(doku_buf *b, const doku_shape *s, const uint8_t *cells, doku_symbols symbols)
{
    io_put_cells(b, NULL, s, cells, NULL, NULL, DOKU_FORMAT_LINE, symbols, 0);
}

void io_csv_text_open(doku_buf *b, const doku_record_opts *o)
{
    if (o->style & DOKU_STYLE_CSV_TEXT)
        doku_buf_append(b, "=\"", 2);
}

void io_csv_text_close(doku_buf *b, const doku_record_opts *o)
{
    if (o->style & DOKU_STYLE_CSV_TEXT)
        doku_buf_append(b, "\"", 1);
}

void io_csv_line(doku_buf *b, const doku_record_opts *o, const doku_shape *s,
                 const uint8_t *cells, doku_symbols symbols)
{
    /* the line form holds no quote or comma: no CSV quoting needed */
    io_csv_text_open(b, o);
    io_put_line(b, s, cells, symbols);
    io_csv_text_close(b, o);
}

void io_put_line_json(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                      doku_symbols symbols)
{
    /* The line form never needs escaping: symbols, '.', blanks, digits. */
    doku_buf_append(b, "\"", 1);
    io_put_line(b, s, cells, symbols);
    doku_buf_append(b, "\"", 1);
}

void io_put_u64(doku_buf *b, uint64_t v)
{
    char digits[24];
    int nd = 0;
    do {
        digits[sizeof digits - 1 - (size_t)nd++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    doku_buf_append(b, digits + sizeof digits - (size_t)nd, (size_t)nd);
}

const char *io_symbol_text(int n, doku_symbols symbols, int v, char *buf)
{
    if (n <= 35) {
        buf[0] = doku_symbol(n, symbols, v);
        buf[1] = '\0';
    } else {
        snprintf(buf, 8, "%d", v);
    }
    return buf;
}

void io_where(doku_buf *b, const doku_source *src)
{
    io_buf_puts(b, src->file ? src->file : "");
    if (!src->line)
        return;   /* no line: the name says where (a workbook's "book.xlsx:Sheet1!C3:K11") */
    doku_buf_append(b, ":", 1);
    io_put_u64(b, src->line);
    if (src->column) {
        doku_buf_append(b, ":", 1);
        io_put_u64(b, src->column);
    }
}

void io_json_open(doku_buf *b, const doku_source *src, doku_symbols symbols)
{
    io_buf_puts(b, "{\"file\":");
    doku_buf_append_json_string(b, src->file);
    io_buf_puts(b, ",\"line\":");
    io_put_u64(b, src->line);
    if (!src->shape)
        return;
    char shape[128];
    doku_shape_describe(src->shape, shape, sizeof shape, NULL);
    io_buf_printf(b, ",\"n\":%d,\"shape\":", doku_shape_n(src->shape));
    doku_buf_append_json_string(b, shape);
    io_buf_puts(b, ",\"puzzle\":");
    io_put_line_json(b, src->shape, src->cells, symbols);
    if (src->comment && src->comment[0]) {
        io_buf_puts(b, ",\"comment\":");
        doku_buf_append_json_string(b, src->comment);
    }
}

void io_csv_prefix(doku_buf *b, const doku_source *src)
{
    doku_buf_append_csv_field(b, src->file ? src->file : "");
    doku_buf_append(b, ",", 1);
    io_put_u64(b, src->line);
    doku_buf_append(b, ",", 1);
}

void io_grid_header(doku_buf *b, const doku_record_opts *o, const doku_source *src,
                    const char *text)
{
    io_buf_puts(b, io_note(o));
    io_where(b, src);
    io_buf_puts(b, ": ");
    io_buf_puts(b, text);
    if (src->shape) {
        char shape[128];
        doku_shape_describe(src->shape, shape, sizeof shape, NULL);
        if (shape[0])
            io_buf_printf(b, " (%s)", shape);
    }
    doku_buf_append(b, "\n", 1);
}

void io_puzzle_grid(doku_buf *b, const doku_record_opts *o, const doku_source *src,
                    const uint8_t *marks)
{
    /* In plain text every cell is a given: brackets would only add noise. */
    if (o->style & DOKU_STYLE_COLOR)
        io_put_cells(b, o, src->shape, src->cells, src->cells, marks, DOKU_FORMAT_GRID,
                     src->symbols, DOKU_STYLE_COLOR);
    else
        io_put_cells(b, o, src->shape, src->cells, NULL, NULL, DOKU_FORMAT_GRID, src->symbols,
                     0);
}

doku_status doku_format_csv_header(doku_buf *b, doku_command cmd, const doku_record_opts *o,
                                   int extra)
{
    if (!b || !o)
        return DOKU_ERR_ARG;
    const char *stats = o->stats ? ",nodes,guesses,time_ms" : "";
    switch (cmd) {
    case DOKU_CMD_SOLVE:
        io_buf_printf(b, "file,line,status,solutions,solution%s,message\n", stats);
        break;
    case DOKU_CMD_COUNT:
        io_buf_printf(b, "file,line,status,count%s,message\n", stats);
        break;
    case DOKU_CMD_CHECK:
        io_buf_puts(b, "file,line,status,message\n");
        break;
    case DOKU_CMD_GRADE:
        io_buf_printf(b, "file,line,puzzle,status,solved,er,ep,ed,difficulty,hardest%s,message\n",
                      o->history ? ",history,time_ms" : "");
        break;
    case DOKU_CMD_GENERATE:
        io_buf_printf(b, "index,puzzle%s,givens,symmetry,difficulty,qqwing_level,minimal,seed,master_seed\n",
                      extra ? ",solution" : "");
        break;
    case DOKU_CMD_REDUCE:
        io_buf_puts(b, "file,line,status,reduced,givens,symmetry,minimal,message\n");
        break;
    case DOKU_CMD_EXPLAIN:
    case DOKU_CMD_HINT:
        break;
    default:
        return DOKU_ERR_ARG;
    }
    return io_buf_status(b);
}

doku_status doku_format_invalid(doku_buf *b, doku_command cmd, const doku_source *src,
                                const doku_record_opts *o, const char *reason)
{
    if (!b || !src || !o || !reason || io_record_args_bad(src->symbols, o))
        return DOKU_ERR_ARG;
    doku_format fmt = io_record_format(o);
    if (fmt == DOKU_FORMAT_JSON) {
        io_json_open(b, src, DOKU_SYMBOLS_AUTO);
        if (src->column)
            io_buf_printf(b, ",\"column\":%zu", src->column);
        io_buf_puts(b, ",\"status\":\"invalid\",\"error\":");
        doku_buf_append_json_string(b, reason);
        io_buf_puts(b, "}\n");
        return io_buf_status(b);
    }
    if (fmt == DOKU_FORMAT_CSV) {
        const char *cols;
        switch (cmd) {
        case DOKU_CMD_SOLVE: cols = o->stats ? "invalid,,,,,," : "invalid,,,"; break;
        case DOKU_CMD_COUNT: cols = o->stats ? "invalid,,,,," : "invalid,,"; break;
        case DOKU_CMD_CHECK: cols = "invalid,"; break;
        case DOKU_CMD_REDUCE: cols = "invalid,,,,,"; break;
        case DOKU_CMD_GRADE: cols = o->history ? ",invalid,,,,,,,,," : ",invalid,,,,,,,"; break;
        default: cols = "invalid,"; break;
        }
        io_csv_prefix(b, src);
        io_buf_puts(b, cols);
        doku_buf_append_csv_field(b, reason);
        io_buf_puts(b, "\n");
        return io_buf_status(b);
    }
    /* Line and grid: one record per input as well, so output line N
     * belongs to input puzzle N. */
    if (fmt == DOKU_FORMAT_GRID) {
        doku_buf head = {0};
        io_buf_puts(&head, "invalid");
        if (*reason) {
            io_buf_puts(&head, ": ");
            io_buf_puts(&head, reason);
        }
        io_grid_header(b, o, src, head.data ? head.data : "invalid");
        if (head.failed)
            b->failed = 1;
        doku_buf_free(&head);
        io_buf_puts(b, "\n");
    } else if (cmd == DOKU_CMD_COUNT) {
        io_buf_puts(b, "invalid\n");
    } else {
        if (cmd != DOKU_CMD_CHECK)
            io_buf_puts(b, "# ");
        io_where(b, src);
        io_buf_puts(b, ": invalid");
        if (*reason) {
            io_buf_puts(b, ": ");
            io_buf_puts(b, reason);
        }
        io_buf_puts(b, "\n");
    }
    return io_buf_status(b);
}

void io_verdict_text(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                     const char *text, const char *msg)
{
    if (io_record_format(o) == DOKU_FORMAT_GRID) {
        doku_buf head = {0};
        io_buf_puts(&head, text);
        if (msg)
            io_buf_printf(&head, ": %s", msg);
        io_grid_header(b, o, src, head.data ? head.data : "");
        if (head.failed)
            b->failed = 1;
        doku_buf_free(&head);
        io_buf_puts(b, "\n");
    } else {
        io_buf_puts(b, "# ");
        io_where(b, src);
        io_buf_printf(b, ": %s%s%s\n", text, msg ? ": " : "", msg ? msg : "");
    }
}
