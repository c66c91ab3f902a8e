/*
 * variant_text.c — see variant_text.h. Cells are written rNcM, numbers
 * (a cage's sum, an arrow's circle size) before them, as the reader
 * takes them.
 */
#include "variant_text.h"

#include <stdlib.h>

static char symbol(int v) { return (char)(v == 0 ? '.' : v <= 9 ? '0' + v : 'A' + v - 10); }

static void grid_line(cli_buf *b, const char *key, const uint8_t *cells, int ncells)
{
    cli_buf_printf(b, "%s ", key);
    for (int c = 0; c < ncells; c++)
        cli_buf_printf(b, "%c", symbol(cells[c]));
    cli_buf_puts(b, "\n");
}

/* The jigsaw regions of s as 1..n per cell, if it has them. */
static void regions_line(cli_buf *b, const doku_shape *s)
{
    int n = doku_shape_n(s), nc = n * n, k = 0;
    uint8_t *map = cli_xmalloc((size_t)nc);
    for (int u = 0; u < doku_shape_unit_count(s); u++) {
        if (doku_shape_unit_kind(s, u) != DOKU_UNIT_REGION)
            continue;
        const uint16_t *cells = doku_shape_unit_cells(s, u);
        k++;
        for (int i = 0; i < n; i++)
            map[cells[i]] = (uint8_t)k;
    }
    grid_line(b, "regions", map, nc);
    free(map);
    if (doku_shape_box_rows(s))
        cli_buf_puts(b, "keep-boxes\n");
}

void variant_text_write(cli_buf *b, const doku_constraints *cs, const uint8_t *givens,
                        const uint8_t *solution)
{
    const doku_shape *s = doku_constraints_shape(cs);
    int n = doku_shape_n(s), nc = n * n;
    unsigned var = doku_shape_variants(s);
    cli_buf_printf(b, "size %d\n", n);
    if (var)
        cli_buf_printf(b, "variant%s%s\n", var & DOKU_VARIANT_X ? " x" : "",
                       var & DOKU_VARIANT_HYPER ? " hyper" : "");
    if (doku_shape_has_regions(s))
        regions_line(b, s);
    int any = 0;
    for (int c = 0; givens && c < nc; c++)
        any |= givens[c] != 0;
    if (any)
        grid_line(b, "givens", givens, nc);
    for (size_t i = 0; i < doku_constraints_count(cs); i++) {
        doku_constraint k;
        doku_constraints_get(cs, i, &k);
        cli_buf_puts(b, doku_constraint_kind_key(k.kind));
        for (size_t j = 0; j < k.nparams; j++)
            cli_buf_printf(b, " %d", k.params[j]);
        for (size_t j = 0; j < k.ncells; j++)
            cli_buf_printf(b, " r%dc%d", k.cells[j] / n + 1, k.cells[j] % n + 1);
        cli_buf_puts(b, "\n");
    }
    if (solution)
        grid_line(b, "solution", solution, nc);
}
