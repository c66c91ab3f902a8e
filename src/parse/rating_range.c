/*
 * rating_range.c — doku_parse_rating_range: "MIN-MAX", "MIN+", one
 * number or a difficulty name, on the grader's ER scale.
 */
#include "parse_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char WHAT[] = "rating range";

/* Reads one number at p: digits with an optional fraction or exponent
 * (no sign, blank, "inf" or "nan"). @return 0 with *v and *end, or -1
 * with *end at the end of the token that is not one (for the message). */
static int read_number(const char *p, double *v, const char **end)
{
    if (!((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9'))) {
        size_t k = strcspn(p, "-+");
        *end = p + (k ? k : strlen(p));
        return -1;
    }
    char *e;
    *v = strtod(p, &e);
    *end = e;
    return 0;
}

static doku_status not_number(doku_parse_error *err, const char *text, const char *at,
                              const char *end)
{
    if (at == end)
        return parse_fail(err, 1, (int)(at - text) + 1, WHAT, text,
                          "a number is missing; wants MIN-MAX, MIN+ or a number");
    char part[48];
    parse_quote(part, sizeof part, at, (size_t)(end - at));
    if (at == text && !*end)
        return parse_fail(err, 1, 1, WHAT, text,
                          "'%s' is not a number or a difficulty name (easy, medium, hard, "
                          "unfair, extreme)", part);
    return parse_fail(err, 1, (int)(at - text) + 1, WHAT, text, "'%s' is not a number", part);
}

doku_status doku_parse_rating_range(const char *text, double *min, double *max,
                                    doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !min || !max)
        return DOKU_ERR_ARG;
    doku_difficulty d;
    doku_qqwing_level q;
    doku_parse_error byname;
    if (doku_parse_difficulty(text, &d, &q, &byname) == DOKU_OK) {
        if (d == DOKU_DIFFICULTY_ANY || doku_difficulty_range(d, min, max) != DOKU_OK)
            return parse_fail(err, 1, 1, WHAT, text,
                              "'%s' is not a rating range: name a difficulty (easy, medium, "
                              "hard, unfair, extreme) or give MIN-MAX", text);
        return DOKU_OK;
    }
    const char *end;
    double lo, hi;
    if (read_number(text, &lo, &end) != 0)
        return not_number(err, text, text, end);
    int open = 0;
    hi = lo;
    if (*end == '+' && !end[1]) {
        open = 1;
    } else if (*end == '-') {
        const char *at = end + 1;
        if (read_number(at, &hi, &end) != 0)
            return not_number(err, text, at, end);
        if (*end)
            return parse_fail(err, 1, (int)(end - text) + 1, WHAT, text,
                              "unexpected '%c' after MAX; wants MIN-MAX, MIN+ or a number", *end);
    } else if (*end) {
        return parse_fail(err, 1, (int)(end - text) + 1, WHAT, text,
                          "unexpected '%c'; wants MIN-MAX, MIN+ or a number", *end);
    }
    /* strtod reads 1e999 as infinity, which no rating is */
    if (!isfinite(lo) || !isfinite(hi))
        return parse_fail(err, 1, 1, WHAT, text, "a rating is a finite number (ER 1.0 to 12)");
    if (!open && hi < lo)
        return parse_fail(err, 1, 1, WHAT, text, "MIN %g is above MAX %g", lo, hi);
    *min = lo;
    *max = open ? -1.0 : hi;
    return DOKU_OK;
}
