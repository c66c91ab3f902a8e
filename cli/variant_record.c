/*
 * variant_record.c — see variant_record.h. Written by hand as the CLI's
 * other records are (cli_buf), in the field order of the classic records:
 * a reader of one reads the other.
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

static void constraint_json(cli_buf *b, const doku_shape *s, const doku_constraint *c)
{
    cli_buf_printf(b, "{\"kind\":\"%s\",\"cells\":[", doku_constraint_kind_key(c->kind));
    for (size_t k = 0; k < c->ncells; k++) {
        char name[16];
        doku_cell_name(s, c->cells[k], name, sizeof name, NULL);
        cli_buf_printf(b, "%s\"%s\"", k ? "," : "", name);
    }
    cli_buf_puts(b, "],\"params\":[");
    for (size_t k = 0; k < c->nparams; k++)
        cli_buf_printf(b, "%s%d", k ? "," : "", c->params[k]);
    cli_buf_puts(b, "]}");
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
    cli_buf_puts(b, ",\"constraints\":[");
    size_t count = doku_constraints_count(cs);
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        if (doku_constraints_get(cs, i, &c) != DOKU_OK)
            continue;
        if (i)
            cli_buf_puts(b, ",");
        constraint_json(b, s, &c);
    }
    cli_buf_puts(b, "]}");
}
