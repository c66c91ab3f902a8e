/*
 * fuzz_xls.c — libFuzzer target for the .xls formula reader
 * (formats/xls_formulas.c): the compound file's header, sector tables,
 * directory and Workbook stream, then the BIFF records (BOUNDSHEET, BOF,
 * FORMULA, STRING, and the formats' fonts and fills) it walks for cached
 * values and cells' looks (asked for on inputs of odd length). The input is the whole
 * file (the reader takes a path: it is written to one temporary file).
 * Any bytes must give formula cells or a message, never a crash, a leak
 * or a hang; every cell reported has a sheet name, a row and column
 * inside the sheet limits and a known kind, a text result is non-empty
 * and NUL-terminated, a look is not plain (0), and the message of a
 * refusal is non-empty.
 */
#include "xls_formulas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int on_formula(void *user, const char *sheet, uint32_t row, uint32_t col, int kind,
                      double number, const char *text)
{
    (void)number;
    size_t *count = user;
    if (!sheet || row >= WB_MAX_ROWS || col >= WB_MAX_COLS)
        abort();
    (void)strlen(sheet);   /* ASan: the name is a terminated string */
    if (kind == XLS_FORMULA_TEXT) {
        if (!text || !text[0])
            abort();
        (void)strlen(text);
    } else if (kind != XLS_FORMULA_NUMBER) {
        abort();
    }
    ++*count;
    return 0;
}

/* A cell's look (WB_LOOK_*) and borders: reported only when not plain;
 * an empty cell only for its borders. */
static int on_look(void *user, const char *sheet, uint32_t row, uint32_t col, uint64_t look,
                   unsigned edges, int blank)
{
    (void)user;
    if (!sheet || row >= WB_MAX_ROWS || col >= WB_MAX_COLS || (!look && !edges) ||
        edges > 15 || (blank && (look || !edges)))
        abort();
    (void)strlen(sheet);
    return 0;
}

static char path[64];

static void remove_file(void) { unlink(path); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(path, sizeof path, "%s/fuzz_xls_XXXXXX", dir && strlen(dir) < 40 ? dir : "/tmp");
        int fd = mkstemp(path);
        if (fd < 0)
            abort();
        close(fd);
        atexit(remove_file);
    }
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
        abort();
    size_t count = 0;
    char why[256] = "";
    if (xls_formulas_read(path, on_formula, (size & 1) ? on_look : NULL, &count, why,
                          sizeof why) != 0 && !why[0])
        abort();   /* a refusal says why */
    return 0;
}
