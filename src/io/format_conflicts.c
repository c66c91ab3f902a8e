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
static int mark_all(const doku_shape *s, const uint8_t *cells, size_t ncells, size_t total,
                    uint8_t *marks)
{
    doku_conflict *all = malloc(sizeof *all * total);
    if (!all)
        return -1;
    doku_find_conflicts(s, cells, ncells, all, total, NULL);
    for (size_t i = 0; i < total; i++)
        marks[all[i].cell_a] = marks[all[i].cell_b] = 1;
    free(all);
    return 0;
}

doku_status doku_format_conflicts(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                  size_t ncells, doku_symbols symbols, size_t max,
                                  uint8_t *marks, size_t *count)
{
    if (count)
        *count = 0;
    if (!b || (unsigned)symbols > DOKU_SYMBOLS_A_Z)
        return DOKU_ERR_ARG;
    doku_conflict found[SHOWN_MAX];
    size_t cap = max < SHOWN_MAX ? max : SHOWN_MAX, total = 0;
    doku_status st = doku_find_conflicts(s, cells, ncells, found, cap, &total);
    if (st != DOKU_OK || total == 0)
        return st;
    size_t shown = total < cap ? total : cap;
    int n = doku_shape_n(s);
    for (size_t i = 0; i < shown; i++) {
        char a[16], c[16], unit[32];
        doku_cell_name(s, found[i].cell_a, a, sizeof a, NULL);
        doku_cell_name(s, found[i].cell_b, c, sizeof c, NULL);
        doku_shape_unit_name(s, found[i].unit, unit, sizeof unit, NULL);
        io_buf_printf(b, "%s%s and %s both hold ", i ? "; " : "", a, c);
        /* Above 35 values no alphabet has a symbol: the number itself. */
        if (n > 35)
            io_buf_printf(b, "%d", found[i].digit);
        else
            io_buf_printf(b, "%c", doku_symbol(n, symbols, found[i].digit));
        io_buf_printf(b, " in %s", unit);
    }
    if (total > shown)
        io_buf_printf(b, "; and %zu more", total - shown);
    if (count)
        *count = total;
    if (marks && mark_all(s, cells, ncells, total, marks) != 0)
        return DOKU_ERR_NOMEM;
    return io_buf_status(b);
}
