/*
 * output.c — small output helpers shared by the commands: the task and
 * options handed to the library's record writers, and the CSV header.
 */
#include "doku_records.h"
#include "output.h"

#include <stdlib.h>
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
    if (o->csv_text)
        ro.style |= DOKU_STYLE_CSV_TEXT;
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

int cli_marks_exclude(doku_solver *sv, const cli_task *t, double budget, cli_buf *why)
{
    if (!sv || !t->cands)
        return 0;
    size_t nc = (size_t)t->n * (size_t)t->n;
    uint8_t *sol = cli_xmalloc(nc);
    doku_search_opts so = {1, 0, budget, 0};
    doku_search_result r;
    int found = doku_search(sv, t->cells, (size_t)nc, &so, sol, NULL, NULL, &r) == DOKU_OK && r.solutions;
    if (found) {
        cli_buf_printf(why, "the pencil marks exclude every solution of "
                            "the givens (one puts");
        int named = 0, more = 0;
        for (size_t c = 0; c < nc; c++) {
            if (t->cells[c] || (t->cands[c] >> (sol[c] - 1) & 1))
                continue;
            if (named == 4) {
                more++;
                continue;
            }
            cli_buf_printf(why, "%s %d in r%zuc%zu", named ? "," : "", sol[c],
                           c / (size_t)t->n + 1, c % (size_t)t->n + 1);
            named++;
        }
        if (more)
            cli_buf_printf(why, " and %d more", more);
        cli_buf_printf(why, ", where the marks crossed it out)");
    }
    free(sol);
    return found;
}

int cli_wrong_entry(doku_solver *sv, const cli_task *t, double budget, cli_buf *why, uint8_t *marks)
{
    if (!sv)
        return 0;
    uint8_t *found = cli_xmalloc((size_t)t->n * (size_t)t->n);
    doku_wrong_entry w;
    doku_status st = doku_find_wrong_entry(sv, t->cells, (size_t)t->n * (size_t)t->n, budget, found, &w);
    if (st == DOKU_ERR_NOMEM)
        cli_check_written(st); /* out of memory: the CLI's one answer */
    int named = st == DOKU_OK && w.suspects > 0;
    if (named) {
        cli_check_written(doku_format_wrong_entry(why, t->shape, t->cells, (size_t)doku_shape_cells(t->shape), t->symbols, found, &w));
        if (marks)
            memcpy(marks, found, (size_t)t->n * (size_t)t->n);
    }
    free(found);
    return named;
}
