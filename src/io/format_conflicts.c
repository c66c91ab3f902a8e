/*
 * format_conflicts.c — the sentence naming duplicate givens
 * ("r1c1 and r1c5 both hold 5 in row 1; ..."), one wording for `doku
 * check`, `doku solve` and the server's error replies.
 */
#include <stdio.h>
#include <stdlib.h>

#include "io_internal.h"

/* Most pairs described in one sentence; longer lists end "; and K more". */
enum { SHOWN_MAX = 64 };

/* Sets marks[cell] for both cells of every conflict (not only the ones
 * described). @return 0, or -1 when the list could not be allocated. */
static int mark_all(const doku_shape *s, const uint8_t *cells, long total, uint8_t *marks)
{
    doku_conflict *all = malloc(sizeof *all * (size_t)total);
    if (!all)
        return -1;
    doku_find_conflicts(s, cells, all, (size_t)total);
    for (long i = 0; i < total; i++)
        marks[all[i].cell_a] = marks[all[i].cell_b] = 1;
    free(all);
    return 0;
}

long doku_format_conflicts(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                           doku_symbols symbols, size_t max, uint8_t *marks)
{
    if (!b || !s || !cells || (unsigned)symbols > DOKU_SYMBOLS_A_Z)
        return -1;
    doku_conflict found[SHOWN_MAX];
    size_t cap = max < SHOWN_MAX ? max : SHOWN_MAX;
    long total = doku_find_conflicts(s, cells, found, cap);
    if (total <= 0)
        return total;
    size_t shown = (size_t)total < cap ? (size_t)total : cap;
    int n = doku_shape_n(s);
    for (size_t i = 0; i < shown; i++) {
        char a[16], c[16], unit[32];
        doku_cell_name(s, found[i].cell_a, a, sizeof a);
        doku_cell_name(s, found[i].cell_b, c, sizeof c);
        doku_shape_unit_name(s, found[i].unit, unit, sizeof unit);
        io_buf_printf(b, "%s%s and %s both hold ", i ? "; " : "", a, c);
        /* Above 35 values no alphabet has a symbol: the number itself. */
        if (n > 35)
            io_buf_printf(b, "%d", found[i].digit);
        else
            io_buf_printf(b, "%c", doku_symbol(n, symbols, found[i].digit));
        io_buf_printf(b, " in %s", unit);
    }
    if ((size_t)total > shown)
        io_buf_printf(b, "; and %ld more", total - (long)shown);
    /* -2, not -1: a caller tells "out of memory" from a bad value */
    if (marks && mark_all(s, cells, total, marks) != 0)
        return -2;
    if (io_buf_status(b) != DOKU_OK)
        return -2;
    return total;
}
