/*
 * format_pencil.c — writes a pencil-mark state: the candidate grid (one
 * token per cell, as HoDoKu and Sudoku Explainer print it and as the
 * reader reads it back) and the n*n*n-character candidate line of SE and
 * tdoku.
 *
 * The one design idea: a state is cells plus candidate masks, whoever
 * made it (the logic engine, a file read with its pencil marks, or bare
 * givens whose candidates follow from their peers), so every writer of
 * candidates goes through here.
 */
#include "io_internal.h"
#include "../shape_internal.h"

#include <stdio.h>
#include <stdlib.h>

void io_put_pencil_grid(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                        const uint64_t *cand)
{
    int n = doku_shape_n(s);
    int br = doku_shape_box_rows(s), bc = doku_shape_box_cols(s);
    /* column width: the widest candidate list (or value) in the column */
    int width[DOKU_MAX_N];
    for (int c = 0; c < n; c++) {
        width[c] = 1;
        for (int r = 0; r < n; r++) {
            int i = r * n + c, w = 0;
            if (cells[i])
                w = cells[i] > 9 ? 2 : 1;
            else
                for (int d = 1; d <= n; d++)
                    if (cand[i] & ((uint64_t)1 << (d - 1)))
                        w += d > 9 ? (n > 35 ? 3 : 1) : 1;
            if (w > width[c])
                width[c] = w;
        }
    }
    doku_buf row = {0};
    for (int r = 0; r < n; r++) {
        if (br && r && r % br == 0)
            io_buf_puts(b, "\n");
        doku_buf_reset(&row);
        for (int c = 0; c < n; c++) {
            if (bc && c && c % bc == 0)
                io_buf_puts(&row, " |");
            char tok[200];
            int k = 0, i = r * n + c;
            char sym[8];
            if (cells[i]) {
                k = snprintf(tok, sizeof tok, "%s",
                             io_symbol_text(n, DOKU_SYMBOLS_AUTO, cells[i], sym));
            } else {
                tok[0] = '\0';
                for (int d = 1; d <= n && k < 190; d++)
                    if (cand[i] & ((uint64_t)1 << (d - 1)))
                        k += snprintf(tok + k, sizeof tok - (size_t)k, "%s",
                                      io_symbol_text(n, DOKU_SYMBOLS_AUTO, d, sym));
            }
            io_buf_printf(&row, " %-*s", width[c], tok);
        }
        size_t len = row.len;
        while (len && row.data[len - 1] == ' ')
            len--; /* no trailing blanks */
        doku_buf_append(b, row.data, len);
        io_buf_puts(b, "\n");
    }
    if (row.failed)
        b->failed = 1;
    doku_buf_free(&row);
}

/* The candidates a cell has when only its filled peers are known. */
static uint64_t free_digits(const doku_shape *s, const uint8_t *cells, int cell)
{
    int n = s->n;
    uint64_t m = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    const uint16_t *pe = s->peers + (size_t)cell * (size_t)s->max_peers;
    for (int k = 0; k < s->peer_count[cell]; k++) {
        int v = cells[pe[k]];
        if (v)
            m &= ~((uint64_t)1 << (v - 1));
    }
    return m;
}

doku_status doku_format_pencil(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                               const uint64_t *cands, size_t ncells, int grid)
{
    if (!b || !s || !cells || ncells != (size_t)s->ncells)
        return DOKU_ERR_ARG;
    int n = s->n;
    size_t nc = (size_t)n * (size_t)n;
    for (size_t i = 0; i < nc; i++)
        if (cells[i] > n)
            return DOKU_ERR_ARG;
    if (!grid && n > 35)
        return DOKU_ERR_ARG; /* one character per digit: 1-9A-Z */
    uint64_t *m = malloc(nc * sizeof *m);
    if (!m) {
        b->failed = 1;
        return DOKU_ERR_NOMEM;
    }
    for (size_t i = 0; i < nc; i++)
        m[i] = cells[i] ? (uint64_t)1 << (cells[i] - 1)
               : cands ? cands[i] : free_digits(s, cells, (int)i);
    if (grid) {
        io_put_pencil_grid(b, s, cells, m);
    } else if (io_buf_reserve(b, nc * (size_t)n + 1) == 0) {
        const char *alpha = io_alphabet(DOKU_SYMBOLS_1_9A_Z);
        char *out = b->data + b->len;
        for (size_t i = 0; i < nc; i++)
            for (int d = 0; d < n; d++)
                *out++ = (m[i] >> d) & 1 ? alpha[d] : '.';
        *out++ = '\n';
        b->len += nc * (size_t)n + 1;
        b->data[b->len] = '\0';
    }
    free(m);
    return io_buf_status(b);
}
