/*
 * box.c — doku_parse_box: "RxC", the rows and columns of a box.
 */
#include "parse_internal.h"

#include <string.h>

doku_status doku_parse_box(const char *text, int *box_rows, int *box_cols, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !box_rows || !box_cols)
        return DOKU_ERR_ARG;
    static const char what[] = "box";
    const char *p = text;
    long r = parse_digits(&p, 4);
    if (r < 0 || (*p != 'x' && *p != 'X'))
        return parse_fail(err, 1, (int)(p - text) + 1, what, text,
                          "wants RxC, rows x columns of a box (e.g. 2x3)");
    const char *c0 = ++p;
    long c = parse_digits(&p, 4);
    if (c < 0 || *p)
        return parse_fail(err, 1, (int)(c < 0 ? c0 - text : p - text) + 1, what, text,
                          "wants RxC, rows x columns of a box (e.g. 2x3)");
    if (r < 1 || c < 1 || r * c < 2 || r * c > DOKU_MAX_N)
        return parse_fail(err, 1, 1, what, text, "a box has 2 to %d cells (R*C)", DOKU_MAX_N);
    *box_rows = (int)r;
    *box_cols = (int)c;
    return DOKU_OK;
}
