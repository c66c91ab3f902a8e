/*
 * fuzz_pencil.c — libFuzzer target for pencil marks: any bytes as lines
 * (candidate lines, pencil-mark grids, HoDoKu library lines) give records
 * whose candidates fit their side and hold every filled cell's digit, and
 * every such state written as a candidate grid reads back to the same
 * candidates and cells, where an empty cell left with one candidate reads
 * back filled with it: a candidate grid writes both as one digit (as
 * HoDoKu and Sudoku Explainer print them), and doku_parse_pencil and the
 * reader take a one-candidate token as a filled cell.
 */
#include "doku.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const doku_record *rec, const uint64_t *cands)
{
    int n = rec->n, nc = n * n;
    uint64_t all = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    for (int i = 0; i < nc; i++) {
        if (!cands[i] || (cands[i] & ~all))
            abort();
        if (rec->cells[i] && cands[i] != (uint64_t)1 << (rec->cells[i] - 1))
            abort();
    }
    doku_shape *s;
    if (doku_shape_create_simple(n, 0, &s) != DOKU_OK)
        return;
    doku_buf b = {0};
    uint8_t *cells = malloc((size_t)nc);
    uint64_t *c2 = malloc((size_t)nc * sizeof *c2);
    memcpy(cells, rec->cells, (size_t)nc);
    memcpy(c2, cands, (size_t)nc * sizeof *c2);
    /* what the grid reads back as: a one-candidate cell is filled */
    uint8_t *want = malloc((size_t)nc);
    for (int i = 0; i < nc; i++) {
        want[i] = cells[i];
        if (!cells[i] && (cands[i] & (cands[i] - 1)) == 0)
            want[i] = (uint8_t)(__builtin_ctzll(cands[i]) + 1);
    }
    if (doku_format_pencil(&b, s, cells, c2, (size_t)doku_shape_cells(s), 1) == DOKU_OK) {
        doku_reader_opts o = {n, DOKU_SYMBOLS_1_9A_Z};
        doku_reader *r;
        doku_reader_create(&o, &r);
        for (char *p = b.data; p && *p;) {
            char *e = strchr(p, '\n');
            doku_reader_push_line(r, p, (size_t)(e - p));
            p = e + 1;
        }
        doku_reader_finish(r);
        doku_record again;
        if (n <= 35) {
            if (doku_reader_next(r, &again) != DOKU_OK || again.kind != DOKU_RECORD_PUZZLE ||
                memcmp(again.cells, want, (size_t)nc) != 0)
                abort();
            const uint64_t *back = doku_reader_candidates(r);
            /* a grid of single digits only reads as a plain grid */
            if (back && memcmp(back, c2, (size_t)nc * sizeof *c2) != 0)
                abort();
        }
        doku_reader_free(r);
    }
    doku_buf_free(&b);
    free(cells);
    free(want);
    free(c2);
    doku_shape_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    doku_reader *r;
    if (doku_reader_create(NULL, &r) != DOKU_OK)
        return 0;
    const char *p = (const char *)data, *end = p + size;
    doku_record rec;
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
        doku_reader_push_line(r, p, len);
        while (doku_reader_next(r, &rec) == DOKU_OK) {
            const uint64_t *c = doku_reader_candidates(r);
            if (c)
                check(&rec, c);
        }
        p += len + 1;
    }
    doku_reader_finish(r);
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        const uint64_t *c = doku_reader_candidates(r);
        if (c)
            check(&rec, c);
    }
    doku_reader_free(r);
    return 0;
}
