/*
 * clues.c — doku_parse_clues: a band of givens, "N" or "MIN-MAX".
 */
#include "parse_internal.h"

#include <string.h>

static const char WHAT[] = "clues";

/* Reads up to 5 decimal digits at *p (DOKU_MAX_CELLS has 4). @return the
 * value, or -1 when *p is not a digit or the number is too long. */
static long read_count(const char **p)
{
    const char *s = *p;
    long v = 0;
    size_t k = 0;
    while (s[k] >= '0' && s[k] <= '9') {
        if (k < 6)
            v = v * 10 + (s[k] - '0');
        k++;
    }
    *p = s + k;
    return k == 0 || k > 6 ? -1 : v;
}

doku_status doku_parse_clues(const char *text, int ncells, int *min, int *max,
                             doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !min || !max || ncells < 0)
        return DOKU_ERR_ARG;
    int cells = ncells ? ncells : DOKU_MAX_CELLS;
    const char *p = text;
    long lo = read_count(&p), hi = lo;
    if (lo >= 0 && *p == '-') {
        const char *at = ++p;
        hi = read_count(&p);
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
