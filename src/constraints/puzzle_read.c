/*
 * puzzle_read.c — doku_variant_puzzle_read: picks the reader (read_iss.c,
 * read_text.c) from the text's first characters. Apart from puzzle.c,
 * whose helpers the readers call, so that no two files call each other.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdlib.h>

doku_status doku_variant_puzzle_read(const char *text, size_t len, doku_variant_puzzle **out,
                                     char *msg, size_t cap)
{
    char dummy[8];
    if (!msg) {
        msg = dummy;
        cap = sizeof dummy;
    }
    if (cap)
        msg[0] = 0;
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!text && len)
        return DOKU_ERR_ARG;
    doku_variant_puzzle *p = calloc(1, sizeof *p);
    if (!p)
        return DOKU_ERR_NOMEM;
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    doku_status st = DOKU_OK;
    int ok;
    if (i < len && text[i] == '.')
        ok = vp_read_iss(p, text + i, len - i, msg, cap, &st);
    else
        ok = vp_read_text(p, text + i, len - i, msg, cap, &st);
    if (!ok) {
        doku_variant_puzzle_free(p);
        return st == DOKU_OK ? DOKU_ERR_PARSE : st;
    }
    *out = p;
    return DOKU_OK;
}
