/*
 * variants.c — doku_parse_variants: the extra units a person names
 * ("x", "hyper" or "windoku", "none"), as DOKU_VARIANT_* flags.
 */
#include "parse_internal.h"

#include <string.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

doku_status doku_parse_variants(const char *text, unsigned *variants, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !variants)
        return DOKU_ERR_ARG;
    static const char what[] = "variant list";
    unsigned flags = 0;
    const char *p = text;
    while (is_blank(*p))
        p++;
    if (!*p) {
        *variants = 0; /* "" or blanks: none */
        return DOKU_OK;
    }
    /* items separated by ',' or '+', each one or more blank-separated
     * words; an empty item ("x,,hyper") is a typo worth naming */
    for (;;) {
        const char *item = p;
        size_t len = 0;
        for (;;) {
            while (is_blank(*p))
                p++;
            if (!*p || *p == ',' || *p == '+')
                break;
            len = 0;
            while (p[len] && !is_blank(p[len]) && p[len] != ',' && p[len] != '+')
                len++;
            if (parse_word_is(p, len, "x"))
                flags |= DOKU_VARIANT_X;
            else if (parse_word_is(p, len, "hyper") || parse_word_is(p, len, "windoku"))
                flags |= DOKU_VARIANT_HYPER;
            else if (!parse_word_is(p, len, "none")) {
                char word[48];
                parse_quote(word, sizeof word, p, len);
                return parse_fail(err, 1, (int)(p - text) + 1, what, text,
                                  "unknown variant '%s'; known: x, hyper (windoku), none", word);
            }
            p += len;
        }
        if (len == 0)
            return parse_fail(err, 1, (int)(item - text) + 1, what, text,
                              "an empty item; separate x, hyper (windoku), none by commas");
        if (!*p)
            break;
        p++; /* the separator */
    }
    *variants = flags;
    return DOKU_OK;
}
