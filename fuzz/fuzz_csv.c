/*
 * fuzz_csv.c — libFuzzer target for spreadsheet text: the delimiter and
 * field splitter must keep every field inside its line, and the reader fed
 * the bytes as delimited lines (BOM, CR, quotes, ';' and tabs included)
 * must give puzzles whose values fit their side, or errors with a line.
 */
#include "doku.h"
#include "io/io_internal.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *s = (const char *)data;
    char delim = io_csv_delimiter(s, size);
    if (delim) {
        io_field f[64];
        size_t n = io_csv_split(s, size, delim, f, 64);
        if (n < 1)
            abort();
        for (size_t i = 0; i < n && i < 64; i++)
            if (f[i].p < s || f[i].p + f[i].len > s + size || f[i].col < 1)
                abort();
    }
    doku_reader *r;
    if (doku_reader_create(NULL, &r) != DOKU_OK)
        return 0;
    doku_reader_push_line(r, s, size); /* one line: CRs split it */
    doku_reader_finish(r);
    doku_record rec;
    while (doku_reader_next(r, &rec) == DOKU_OK) {
        if (rec.kind == DOKU_RECORD_ERROR) {
            if (!rec.message || !rec.line)
                abort();
            continue;
        }
        for (int i = 0; i < rec.n * rec.n; i++)
            if (rec.cells[i] > rec.n)
                abort();
    }
    doku_reader_free(r);
    return 0;
}
