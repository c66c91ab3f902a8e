/*
 * output.c — small output helpers shared by the commands: the task and
 * options handed to the library's record writers, and the sentence naming
 * duplicate givens ("r1c1 and r1c5 both hold 5 in row 1").
 */
#include "output.h"

#include <stdlib.h>
#include <string.h>

void cli_task_where(const cli_task *t, char *buf, size_t cap)
{
    if (t->column)
        snprintf(buf, cap, "%s:%zu:%zu", t->file, t->line, t->column);
    else
        snprintf(buf, cap, "%s:%zu", t->file, t->line);
}

static const char *symbol_text(int n, doku_symbols symbols, int v, char *buf)
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
                       symbol_text(n, symbols, found[i].digit, sym), unit);
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

doku_record_opts cli_format_opts(const cli_opts *o, int format)
{
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = format == DOKU_FORMAT_GRID ? o->layout : (doku_format)format;
    ro.style = o->color ? DOKU_STYLE_COLOR : DOKU_STYLE_MARK_FILLED;
    ro.timeout = o->timeout;
    return ro;
}

doku_record_opts cli_record_opts(const cli_task *t, const cli_opts *o)
{
    return cli_format_opts(o, t->format);
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
