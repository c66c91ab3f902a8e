/*
 * clues.c — doku_parse_clues: a band of givens, "N" or "MIN-MAX".
 */
#include "parse_internal.h"

#include <string.h>

static const char WHAT[] = "clues";

doku_status doku_parse_clues(const char *text, int ncells, int *min, int *max,
                             doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !min || !max || ncells < 0)
        return DOKU_ERR_ARG;
    int cells = ncells ? ncells : DOKU_MAX_CELLS;
    const char *p = text;
    long lo = parse_digits(&p, 6), hi = lo;
    if (lo >= 0 && *p == '-') {
        const char *at = ++p;
        hi = parse_digits(&p, 6);
        if (hi < 0)
            return parse_fail(err, 1, (int)(at - text) + 1, WHAT, text,
                              "wants N or MIN-MAX (e.g. 25 or 22-26)");
    }
    if (lo < 0 || *p)
        return parse_fail(err, 1, (int)(p - text) + 1, WHAT, text,
                          "wants N or MIN-MAX (e.g. 25 or 22-26)");
    if (lo < 1)
        return parse_fail(err, 1, 1, WHAT, text, "a puzzle has at least 1 given");
    if (hi < lo)
        return parse_fail(err, 1, 1, WHAT, text, "MIN %ld is above MAX %ld", lo, hi);
    if (hi > cells) {
        if (ncells)
            return parse_fail(err, 1, 1, WHAT, text, "%ld is more than the %d cells of the grid",
                              hi, cells);
        return parse_fail(err, 1, 1, WHAT, text, "%ld is more than the %d cells of the largest "
                          "grid", hi, cells);
    }
    *min = (int)lo;
    *max = (int)hi;
    return DOKU_OK;
}
