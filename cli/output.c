/*
 * output.c — small output helpers shared by the commands: grids through
 * the library's formatter into buffers, one-line JSON grids, and the
 * sentence naming duplicate givens ("r1c1 and r1c5 both hold 5 in row 1").
 */
#include "common.h"

#include <stdlib.h>
#include <string.h>

/* Written once by option parsing before threads start; read-only after. */
static doku_format grid_layout = DOKU_FORMAT_GRID;

void cli_set_grid_layout(doku_format layout) { grid_layout = layout; }

const char *cli_grid_note(void) { return grid_layout == DOKU_FORMAT_GRID ? "" : "# "; }

void cli_put_cells(cli_buf *b, const doku_shape *s, const uint8_t *cells,
                   const uint8_t *givens, const uint8_t *conflicts,
                   doku_format fmt, doku_symbols symbols, unsigned style)
{
    char small[4096];
    if (fmt == DOKU_FORMAT_GRID)
        fmt = grid_layout;
    size_t need = doku_format_cells(s, cells, givens, conflicts, fmt, symbols, style,
                                    small, sizeof small);
    if (need < sizeof small) {
        cli_buf_put(b, small, need);
        return;
    }
    char *big = cli_xmalloc(need + 1);
    doku_format_cells(s, cells, givens, conflicts, fmt, symbols, style, big, need + 1);
    cli_buf_put(b, big, need);
    free(big);
}

void cli_put_json_cells(cli_buf *b, const doku_shape *s, const uint8_t *cells)
{
    cli_buf tmp = {0};
    cli_put_cells(&tmp, s, cells, NULL, NULL, DOKU_FORMAT_JSON, DOKU_SYMBOLS_AUTO, 0);
    /* An array of arrays of numbers: no strings, so every blank is layout
     * and can go, leaving one object per output line. */
    for (size_t i = 0; i < tmp.len; i++)
        if (tmp.data[i] != ' ' && tmp.data[i] != '\n' && tmp.data[i] != '\t' &&
            tmp.data[i] != '\r')
            cli_buf_put(b, &tmp.data[i], 1);
    cli_buf_free(&tmp);
}

char *cli_line_string(const doku_shape *s, const uint8_t *cells, doku_symbols symbols)
{
    cli_buf tmp = {0};
    cli_put_cells(&tmp, s, cells, NULL, NULL, DOKU_FORMAT_LINE, symbols, 0);
    while (tmp.len && (tmp.data[tmp.len - 1] == '\n' || tmp.data[tmp.len - 1] == '\r'))
        tmp.data[--tmp.len] = '\0';
    if (!tmp.data)
        cli_buf_puts(&tmp, "");
    return tmp.data;
}

unsigned cli_grid_style(const cli_opts *o)
{
    return o->color ? DOKU_STYLE_COLOR : DOKU_STYLE_MARK_FILLED;
}

void cli_put_puzzle_grid(cli_buf *b, const cli_task *t, const cli_opts *o,
                         const uint8_t *marks)
{
    /* In plain text every cell is a given: brackets would only add noise. */
    if (o->color)
        cli_put_cells(b, t->shape, t->cells, t->cells, marks, DOKU_FORMAT_GRID, t->symbols,
                      DOKU_STYLE_COLOR);
    else
        cli_put_cells(b, t->shape, t->cells, NULL, NULL, DOKU_FORMAT_GRID, t->symbols, 0);
}

const char *cli_symbol(int n, doku_symbols symbols, int v, char *buf)
{
    if (n <= 35) {
        buf[0] = doku_symbol(n, symbols, v);
        buf[1] = '\0';
    } else {
        snprintf(buf, 8, "%d", v);
    }
    return buf;
}

long cli_describe_conflicts(cli_buf *b, const doku_shape *s, const uint8_t *cells,
                            doku_symbols symbols, uint8_t *marks, int max)
{
    doku_conflict found[64];
    size_t cap = max < 64 ? (size_t)max : 64;
    long total = doku_find_conflicts(s, cells, found, cap);
    if (total <= 0)
        return total;
    size_t shown = (size_t)total < cap ? (size_t)total : cap;
    int n = doku_shape_n(s);
    for (size_t i = 0; i < shown; i++) {
        char a[16], c[16], unit[32], sym[8];
        doku_cell_name(s, found[i].cell_a, a, sizeof a);
        doku_cell_name(s, found[i].cell_b, c, sizeof c);
        doku_shape_unit_name(s, found[i].unit, unit, sizeof unit);
        cli_buf_printf(b, "%s%s and %s both hold %s in %s", i ? "; " : "", a, c,
                       cli_symbol(n, symbols, found[i].digit, sym), unit);
    }
    if ((size_t)total > shown)
        cli_buf_printf(b, "; and %ld more", total - (long)shown);
    if (marks) {
        /* Mark every conflicting cell, not just the ones described. */
        doku_conflict *all = cli_xmalloc(sizeof *all * (size_t)total);
        doku_find_conflicts(s, cells, all, (size_t)total);
        for (long i = 0; i < total; i++)
            marks[all[i].cell_a] = marks[all[i].cell_b] = 1;
        free(all);
    }
    return total;
}

void cli_json_open(cli_buf *b, const cli_task *t, doku_symbols symbols)
{
    cli_buf_puts(b, "{\"file\":");
    cli_buf_json_string(b, t->file);
    cli_buf_printf(b, ",\"line\":%zu", t->line);
    if (!t->shape)
        return;
    char shape[128];
    doku_shape_describe(t->shape, shape, sizeof shape);
    cli_buf_printf(b, ",\"n\":%d,\"shape\":", t->n);
    cli_buf_json_string(b, shape);
    char *line = cli_line_string(t->shape, t->cells, symbols);
    cli_buf_puts(b, ",\"puzzle\":");
    cli_buf_json_string(b, line);
    free(line);
    if (t->comment && t->comment[0]) {
        cli_buf_puts(b, ",\"comment\":");
        cli_buf_json_string(b, t->comment);
    }
}

void cli_json_invalid(cli_buf *b, const cli_task *t)
{
    cli_json_open(b, t, DOKU_SYMBOLS_AUTO);
    if (t->column)
        cli_buf_printf(b, ",\"column\":%zu", t->column);
    cli_buf_puts(b, ",\"status\":\"invalid\",\"error\":");
    cli_buf_json_string(b, t->error ? t->error : "");
    cli_buf_puts(b, "}\n");
}

void cli_csv_prefix(cli_buf *b, const cli_task *t)
{
    cli_buf_csv_field(b, t->file);
    cli_buf_printf(b, ",%zu,", t->line);
}

void cli_grid_header(cli_buf *b, const cli_task *t, const char *text)
{
    char shape[128] = "";
    if (t->shape)
        doku_shape_describe(t->shape, shape, sizeof shape);
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(b, "%s%s: %s", cli_grid_note(), where, text);
    if (shape[0])
        cli_buf_printf(b, " (%s)", shape);
    cli_buf_puts(b, "\n");
}

doku_source cli_task_source(const cli_task *t, doku_symbols symbols)
{
    doku_source src;
    src.file = t->file;
    src.line = t->line;
    src.column = t->column;
    src.shape = t->cells ? t->shape : NULL;
    src.cells = t->shape ? t->cells : NULL;
    src.comment = t->comment;
    src.symbols = symbols;
    return src;
}

doku_record_opts cli_record_opts(const cli_task *t, const cli_opts *o)
{
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = t->format == DOKU_FORMAT_GRID ? grid_layout : (doku_format)t->format;
    ro.style = cli_grid_style(o);
    ro.timeout = o->timeout;
    return ro;
}

void cli_print_csv_header(doku_command cmd, int stats, int history, int extra)
{
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_CSV;
    ro.stats = stats;
    ro.history = history;
    cli_buf b = {0};
    cli_check_written(doku_format_csv_header(&b, cmd, &ro, extra));
    if (b.len)
        fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
}
