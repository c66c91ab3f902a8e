/*
 * fuzz_opensudoku.c — libFuzzer target for OpenSudoku XML: the bytes,
 * after an <opensudoku> line so the scanner is engaged, split into lines,
 * must give puzzles with metadata of well-formed key/value pairs, or
 * errors; a puzzle's metadata written back as a collection reads back.
 */
#include "doku.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    doku_reader *r;
    if (doku_reader_create(NULL, &r) != DOKU_OK)
        return 0;
    const char *head = "<opensudoku version=\"2\">";
    doku_reader_push_line(r, head, strlen(head));
    const char *p = (const char *)data, *end = p + size;
    doku_record rec;
    doku_shape *s9 = NULL;
    doku_shape_create_simple(9, 0, &s9);
    while (1) {
        const char *e = p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
        size_t len = p < end ? (e ? (size_t)(e - p) : (size_t)(end - p)) : 0;
        if (p < end)
            doku_reader_push_line(r, p, len);
        else
            doku_reader_finish(r);
        while (doku_reader_next(r, &rec) == DOKU_OK) {
            if (rec.kind != DOKU_RECORD_PUZZLE)
                continue;
            const char *meta[64];
            size_t k = 0;
            const char *key, *value;
            for (size_t i = 0; k + 2 < 64 && doku_reader_meta(r, i, &key, &value) == DOKU_OK; i++) {
                if (!key || !value || !*key)
                    abort();
                meta[k++] = key;
                meta[k++] = value;
            }
            meta[k] = NULL;
            if (rec.n == 9 && s9) {
                doku_buf b = {0};
                doku_format_exchange(&b, s9, rec.cells, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_OPENSUDOKU_HEAD);
                doku_format_exchange(&b, s9, rec.cells, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_OPENSUDOKU);
                doku_format_exchange(&b, s9, rec.cells, (size_t)doku_shape_cells(s9), meta, DOKU_EXCHANGE_OPENSUDOKU_TAIL);
                doku_reader *r2;
                doku_reader_create(NULL, &r2);
                for (char *q = b.data; q && *q;) {
                    char *qe = strchr(q, '\n');
                    doku_reader_push_line(r2, q, (size_t)(qe - q));
                    q = qe + 1;
                }
                doku_reader_finish(r2);
                doku_record again;
                if (doku_reader_next(r2, &again) != DOKU_OK || again.kind != DOKU_RECORD_PUZZLE ||
                    memcmp(again.cells, rec.cells, 81) != 0)
                    abort();
                doku_reader_free(r2);
                doku_buf_free(&b);
            }
        }
        if (p >= end)
            break;
        p += len + 1;
    }
    doku_shape_free(s9);
    doku_reader_free(r);
    return 0;
}
