/*
 * format_wrong_entry.c — the sentence naming the likely wrong entry of a
 * grid with no solution (doku_find_wrong_entry), one wording for `doku
 * hint`, `doku check` and the server's replies.
 */
#include "io_internal.h"

/* Suspects named one by one; the rest are "(or more)". */
enum { NAMED_MAX = 4 };

doku_status doku_format_wrong_entry(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                    size_t ncells_in, doku_symbols symbols, const uint8_t *marks,
                                    const doku_wrong_entry *w)
{
    if (!b || !s || !cells || !marks || !w || (unsigned)symbols > DOKU_SYMBOLS_A_Z ||
        ncells_in != (size_t)doku_shape_cells(s))
        return DOKU_ERR_ARG;
    int n = doku_shape_n(s), ncells = n * n;
    for (int c = 0; c < ncells; c++)
        if (cells[c] > n)
            return DOKU_ERR_ARG;
    if (w->value > n || (unsigned)w->kind > DOKU_WRONG_SOME)
        return DOKU_ERR_ARG;
    int named[NAMED_MAX], count = 0;
    size_t marked = 0;
    for (int c = 0; c < ncells; c++) {
        if (!marks[c] || !cells[c])
            continue;
        if (count < NAMED_MAX)
            named[count++] = c;
        marked++;
    }
    if (!count || !w->suspects || w->kind == DOKU_WRONG_NONE)
        return DOKU_OK;
    char name[32], had[8], right[8];
    const char *value = w->value ? io_symbol_text(n, symbols, w->value, right) : NULL;
    if (marked == 1) {
        doku_cell_name(s, named[0], name, sizeof name, NULL);
        io_buf_printf(b, "%s holds %s, which no solution has; ", name,
                      io_symbol_text(n, symbols, cells[named[0]], had));
        if (w->kind == DOKU_WRONG_DIGIT)
            io_buf_printf(b, "with %s there the grid has one solution", value ? value : "another digit");
        else
            io_buf_printf(b, "without it the grid has solutions");
        return io_buf_status(b);
    }
    io_buf_printf(b, "a filled cell is wrong: %s any one of ",
                  w->kind == DOKU_WRONG_DIGIT ? "with another digit in" : "without");
    for (int i = 0; i < count; i++) {
        doku_cell_name(s, named[i], name, sizeof name, NULL);
        io_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == count && marked == (size_t)count ? " or " : ", ",
                      name);
    }
    io_buf_printf(b, "%s the grid has %s", marked > (size_t)count ? " (or more)" : "",
                  w->kind == DOKU_WRONG_SOME ? "solutions" : "one solution");
    return io_buf_status(b);
}
