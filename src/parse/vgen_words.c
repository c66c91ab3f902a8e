/*
 * vgen_words.c — what `generate` takes for variant puzzles: a variant
 * list that may name a constraint set (doku_parse_vgen_variants), and a
 * band of killer cage sizes (doku_parse_cage_size).
 */
#include "parse_internal.h"
#include "doku_variant_gen.h"

#include <string.h>

static int is_sep(char c) { return c == ' ' || c == '\t' || c == ',' || c == '+'; }

doku_status doku_parse_vgen_variants(const char *text, unsigned *variants, doku_vgen_set *set,
                                     int *has_set, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !variants || !set || !has_set)
        return DOKU_ERR_ARG;
    static const char what[] = "variant list";
    unsigned flags = 0;
    int named = 0;
    doku_vgen_set got = DOKU_VGEN_KILLER;
    const char *p = text, *item = text;
    int words = 0; /* in the current item (between ',' or '+') */
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == ',' || *p == '+') {
            /* an empty item ("x,,thermo") is a typo worth naming */
            if (!words && (*p || item != text))
                return parse_fail(err, 1, (int)(item - text) + 1, what, text,
                                  "an empty item; separate x, hyper (windoku), none and a set "
                                  "by commas");
            if (!*p)
                break;
            item = ++p;
            words = 0;
            continue;
        }
        size_t len = 0;
        while (p[len] && !is_sep(p[len]))
            len++;
        words++;
        int k = 0;
        while (k < DOKU_VGEN_SET_COUNT &&
               !parse_word_is(p, len, doku_vgen_set_name((doku_vgen_set)k)))
            k++;
        char word[48];
        parse_quote(word, sizeof word, p, len);
        if (k < DOKU_VGEN_SET_COUNT) {
            if (named)
                return parse_fail(err, 1, (int)(p - text) + 1, what, text,
                                  "'%s' is a second constraint set; generate makes one at a time",
                                  word);
            named = 1;
            got = (doku_vgen_set)k;
        } else {
            char one[48];
            unsigned f = 0;
            int ok = len < sizeof one;
            if (ok) {
                memcpy(one, p, len);
                one[len] = 0;
                ok = doku_parse_variants(one, &f, NULL) == DOKU_OK;
            }
            if (!ok)
                return parse_fail(err, 1, (int)(p - text) + 1, what, text,
                                  "unknown variant '%s'; known: x, hyper (windoku), none, and "
                                  "the sets killer, thermo, arrow, kropki, xv", word);
            flags |= f;
        }
        p += len;
    }
    *variants = flags;
    *has_set = named;
    if (named)
        *set = got;
    return DOKU_OK;
}

doku_status doku_parse_cage_size(const char *text, int n, int *min, int *max,
                                 doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !min || !max || n < 0)
        return DOKU_ERR_ARG;
    static const char what[] = "cage size";
    int side = n ? n : DOKU_CONSTRAINTS_MAX_N;
    const char *p = text;
    long lo = parse_digits(&p, 3), hi = lo;
    if (lo >= 0 && *p == '-') {
        p++;
        hi = parse_digits(&p, 3);
    }
    if (lo < 0 || hi < 0 || *p)
        return parse_fail(err, 1, (int)(p - text) + 1, what, text,
                          "wants N or MIN-MAX cells (e.g. 2-5)");
    if (lo < 1)
        return parse_fail(err, 1, 1, what, text, "a cage has at least 1 cell");
    if (hi < lo)
        return parse_fail(err, 1, 1, what, text, "MIN %ld is above MAX %ld", lo, hi);
    if (hi > side)
        return parse_fail(err, 1, 1, what, text,
                          "a cage of distinct digits has at most %d cells%s", side,
                          n ? "" : " (on the largest grid)");
    *min = (int)lo;
    *max = (int)hi;
    return DOKU_OK;
}
