/*
 * output.c — small output helpers shared by the commands: the task and
 * options handed to the library's record writers, and the CSV header.
 */
#include "output.h"

#include <string.h>

void cli_task_where(const cli_task *t, char *buf, size_t cap)
{
    if (!t->line)
        snprintf(buf, cap, "%s", t->file);   /* a workbook record: the name has the cells */
    else if (t->column)
        snprintf(buf, cap, "%s:%zu:%zu", t->file, t->line, t->column);
    else
        snprintf(buf, cap, "%s:%zu", t->file, t->line);
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
