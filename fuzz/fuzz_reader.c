/*
 * fuzz_reader.c — libFuzzer target for the text reader: any bytes, split
 * into lines, must give puzzles or errors, never a crash or a leak; every
 * puzzle it yields must be in range and must format and re-read equal.
 */
#include "doku.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_record(const doku_record *rec)
{
    if (rec->kind != DOKU_RECORD_PUZZLE) {
        if (!rec->message || !rec->line)
            abort();
        return;
    }
    for (int i = 0; i < rec->n * rec->n; i++)
        if (rec->cells[i] > rec->n)
            abort();
    doku_shape *s;
    if (doku_shape_create_simple(rec->n, 0, &s) != DOKU_OK)
        return; /* prime sides have no default boxes */
    size_t need = 0;
    doku_format_cells(s, rec->cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_GRID,
                                    DOKU_SYMBOLS_1_9A_Z, 0, NULL, 0, &need);
    char *buf = malloc(need + 1);
    doku_format_cells(s, rec->cells, (size_t)doku_shape_cells(s), NULL, NULL, DOKU_FORMAT_GRID,
                      DOKU_SYMBOLS_1_9A_Z, 0, buf, need + 1, NULL);
    doku_reader_opts o = {rec->n, DOKU_SYMBOLS_1_9A_Z};
    doku_reader *r;
    doku_reader_create(&o, &r);
    for (char *p = buf; *p;) {
        char *e = strchr(p, '\n');
        doku_reader_push_line(r, p, (size_t)(e - p));
        p = e + 1;
    }
    doku_reader_finish(r);
    doku_record again;
    if (doku_reader_next(r, &again) != DOKU_OK || again.kind != DOKU_RECORD_PUZZLE ||
        memcmp(again.cells, rec->cells, (size_t)(rec->n * rec->n)) != 0)
        abort();
    doku_reader_free(r);
    free(buf);
    doku_shape_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    doku_reader_opts o = {0, DOKU_SYMBOLS_AUTO};
    if (size && data[0] < 4)
        o.symbols = (doku_symbols)data[0];
    doku_reader *r;
    if (doku_reader_create(&o, &r) != DOKU_OK)
        return 0;
    const char *p = (const char *)data, *end = p + size;
    doku_record rec;
    while (p < end) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t len = e ? (size_t)(e - p) : (size_t)(end - p);
        doku_reader_push_line(r, p, len);
        while (doku_reader_next(r, &rec) == DOKU_OK)
            check_record(&rec);
        p += len + 1;
    }
    doku_reader_finish(r);
    while (doku_reader_next(r, &rec) == DOKU_OK)
        check_record(&rec);
    doku_reader_free(r);
    return 0;
}
