/*
 * fuzz_pencil.c — the pencil-mark parser on arbitrary text, for a side
 * and alphabet taken from the first byte. It answers DOKU_OK or
 * DOKU_ERR_PARSE with a reason, never more; what it returns is in range
 * (values 0..n, masks within n bits, a filled cell's mask its digit).
 * Parsed grids on small sides are then loaded into the logic engine as
 * candidates (refused only for conflicting filled cells) and the
 * candidate grid is written back.
 */
#include "fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int SIDES[] = {4, 6, 9, 9, 9, 12, 16, 25};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static doku_shape *shapes[8];
    static doku_logic *logics[8];
    if (size < 1)
        return 0;
    unsigned head = data[0];
    int si = (int)(head & 7);
    int n = SIDES[si];
    doku_symbols sym = (doku_symbols)(head >> 3 & 3);
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    static uint8_t cells[DOKU_MAX_CELLS];
    static uint64_t cands[DOKU_MAX_CELLS];
    char why[200];
    doku_status st = doku_parse_pencil(text, n, sym, cells, cands, why, sizeof why);
    free(text);
    if (st == DOKU_ERR_PARSE) {
        if (!why[0] || strlen(why) >= sizeof why)
            abort();
        return 0;
    }
    if (st != DOKU_OK)
        abort();
    uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
    for (int c = 0; c < n * n; c++) {
        if (cells[c] > n || (cands[c] & ~all))
            abort();
        if (cells[c] && cands[c] != 1ull << (cells[c] - 1))
            abort();
    }
    /* small sides: the grid loads as candidates and its candidate grid
     * is written (stepping a sparse candidate grid can take seconds per
     * step until issue 17 bounds a step; fuzz_logic covers the steps) */
    if (n > 9 || !(head & 0x20))
        return 0;
    if (!shapes[si]) {
        if (doku_shape_create_simple(n, 0, &shapes[si]) != DOKU_OK ||
            doku_logic_create(shapes[si], NULL, &logics[si]) != DOKU_OK)
            abort();
    }
    doku_logic *lg = logics[si];
    st = doku_logic_load_candidates(lg, cells, cands, 0);
    if (st != DOKU_OK) {
        if (st != DOKU_ERR_ARG || doku_find_conflicts(shapes[si], cells, NULL, 0) <= 0)
            abort(); /* refused only for conflicting filled cells */
        return 0;
    }
    doku_buf b = {0};
    if (doku_format_candidates(&b, shapes[si], lg) != DOKU_OK && !b.failed)
        abort();
    doku_buf_free(&b);
    return 0;
}
