/*
 * variant_record.c — see variant_record.h. Written by hand as the CLI's
 * other records are (cli_buf), in the field order of the classic records:
 * a reader of one reads the other. The constraints are the library's
 * array (doku_constraints_write_json), the one the server's API carries.
 */
#include "variant_record.h"

#include <stdio.h>

static void cells_line(cli_buf *b, const uint8_t *v, int n)
{
    cli_buf_puts(b, "\"");
    for (int i = 0; i < n * n; i++) {
        char c = v[i] == 0 ? '.' : doku_symbol(n, DOKU_SYMBOLS_1_9A_Z, v[i]);
        cli_buf_put(b, &c, 1);
    }
    cli_buf_puts(b, "\"");
}

void cli_variant_record(cli_buf *b, const char *file, int line, const doku_variant_puzzle *p,
                        const char *status, const uint8_t *solution, const char *extra)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    int n = doku_shape_n(s);
    char desc[256];
    if (doku_shape_describe(s, desc, sizeof desc, NULL) != DOKU_OK)
        desc[0] = '\0';
    cli_buf_puts(b, "{\"file\":");
    cli_buf_json_string(b, file);
    cli_buf_printf(b, ",\"line\":%d,\"n\":%d,\"shape\":", line, n);
    cli_buf_json_string(b, desc);
    cli_buf_puts(b, ",\"puzzle\":");
    cells_line(b, doku_variant_puzzle_givens(p), n);
    /* the title is the record's comment (captions, workbooks' "Comment:") */
    const char *title = doku_variant_puzzle_title(p);
    if (title) {
        cli_buf_puts(b, ",\"comment\":");
        cli_buf_json_string(b, title);
    }
    if (status) {
        cli_buf_puts(b, ",\"status\":");
        cli_buf_json_string(b, status);
    }
    if (solution) {
        cli_buf_puts(b, ",\"solution\":");
        cells_line(b, solution, n);
    }
    if (extra && *extra) {
        cli_buf_puts(b, ",");
        cli_buf_puts(b, extra);
    }
    cli_buf_puts(b, ",\"constraints\":");
    cli_check_written(doku_constraints_write_json(b, cs));
    cli_buf_puts(b, "}");
}

doku_source cli_variant_source(const char *file, int line, const doku_variant_puzzle *p)
{
    doku_source src = {0};
    src.file = file;
    src.line = line > 0 ? (size_t)line : 0;
    src.shape = doku_variant_puzzle_shape(p);
    src.cells = doku_variant_puzzle_givens(p);
    src.comment = doku_variant_puzzle_title(p);
    src.symbols = DOKU_SYMBOLS_1_9A_Z;
    return src;
}

void cli_variant_search_json(const char *file, int line, const doku_variant_puzzle *p,
                             const doku_search_record *rec)
{
    doku_source src = cli_variant_source(file, line > 0 ? line : 1, p);
    doku_record_opts ro = {0};
    ro.format = DOKU_FORMAT_JSON;
    cli_buf b = {0};
    cli_check_written(doku_format_search(&b, &src, &ro, rec));
    cli_variant_json_close(&b, p, NULL);
    fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
}

void cli_variant_json_close(cli_buf *b, const doku_variant_puzzle *p, const char *extra)
{
    /* the record's closing brace gives way to extra and the constraints */
    while (b->len && b->data[b->len - 1] != '}')
        b->len--;
    if (b->len)
        b->len--;
    if (extra && *extra) {
        cli_buf_puts(b, ",");
        cli_buf_puts(b, extra);
    }
    cli_buf_puts(b, ",\"constraints\":");
    cli_check_written(doku_constraints_write_json(b, doku_variant_puzzle_constraints(p)));
    cli_buf_puts(b, "}\n");
}
