/*
 * puzzle_read.c — doku_variant_puzzle_read and doku_variant_format_guess:
 * which reader (read_iss.c, read_text.c, read_killer.c, read_link.c) a
 * text is for, from its first statement. Apart from puzzle.c, whose
 * helpers the readers call, so that no two files call each other.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The first line that is neither blank nor a '#' comment: [*b, *e). */
static void first_statement(const char *text, size_t len, size_t *b, size_t *e)
{
    size_t i = 0;
    for (;;) {
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i < len && text[i] == '#') {
            while (i < len && text[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    size_t j = i;
    while (j < len && text[j] != '\n')
        j++;
    while (j > i && isspace((unsigned char)text[j - 1]))
        j--;
    *b = i;
    *e = j;
}

static int has_ci(const char *s, size_t len, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= len; i++)
        if (!strncasecmp(s + i, word, k))
            return 1;
    return 0;
}

doku_variant_format doku_variant_format_guess(const char *text, size_t len)
{
    if (!text)
        return DOKU_VARIANT_FORMAT_NONE;
    size_t b, e;
    first_statement(text, len, &b, &e);
    const char *s = text + b;
    size_t n = e - b;
    if (!n)
        return DOKU_VARIANT_FORMAT_NONE;
    int killer = vp_is_killer(s, n);
    if (killer)
        return killer == 1 ? DOKU_VARIANT_FORMAT_SUDOKUWIKI : DOKU_VARIANT_FORMAT_KILLER;
    if (s[0] == '{') {
        /* doku's own JSON records ({"puzzle": ...}) with "constraints"
         * are variant records (one a line), without them classic grids;
         * else f-puzzles' "grid" or SudokuPad's "cells" early on */
        if (has_ci(s, n, "\"constraints\""))
            return DOKU_VARIANT_FORMAT_RECORD;
        size_t look = len - b < 4096 ? len - b : 4096;
        return has_ci(s, look, "\"grid\"") || has_ci(s, look, "\"cells\"")
                   ? DOKU_VARIANT_FORMAT_JSON
                   : DOKU_VARIANT_FORMAT_NONE;
    }
    if (has_ci(s, n, "f-puzzles.com/"))
        return DOKU_VARIANT_FORMAT_FPUZZLES;
    if (has_ci(s, n, "sudokupad.app/") || has_ci(s, n, "crackingthecryptic.com/"))
        return DOKU_VARIANT_FORMAT_SUDOKUPAD;
    if (n > 20 && !memchr(s, ' ', n) && !strncasecmp(s, "fpuzzles", 8))
        return DOKU_VARIANT_FORMAT_FPUZZLES;
    if (n > 20 && !memchr(s, ' ', n) && (!strncasecmp(s, "scl", 3) || !strncasecmp(s, "ctc", 3)))
        return DOKU_VARIANT_FORMAT_SUDOKUPAD;
    if (s[0] == '.')
        return memchr(s, '~', n) ? DOKU_VARIANT_FORMAT_ISS : DOKU_VARIANT_FORMAT_NONE;
    char word[40];
    size_t w = 0;
    while (w < n && w + 1 < sizeof word && !isspace((unsigned char)s[w])) {
        word[w] = s[w];
        w++;
    }
    word[w] = 0;
    static const char *const statements[] = {"size", "variant", "givens", "regions",
                                             "keep-boxes", "solution", "title", "author"};
    for (size_t k = 0; k < sizeof statements / sizeof statements[0]; k++)
        if (!strcasecmp(word, statements[k]))
            return DOKU_VARIANT_FORMAT_TEXT;
    return doku_constraint_kind_from_key(word) != DOKU_CON_NONE ? DOKU_VARIANT_FORMAT_TEXT
                                                                : DOKU_VARIANT_FORMAT_NONE;
}

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
    if (!text)
        text = "";
    doku_variant_puzzle *p = calloc(1, sizeof *p);
    if (!p)
        return DOKU_ERR_NOMEM;
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    doku_status st = DOKU_OK;
    int ok;
    switch (doku_variant_format_guess(text + i, len - i)) {
    case DOKU_VARIANT_FORMAT_SUDOKUWIKI:
    case DOKU_VARIANT_FORMAT_KILLER:
        ok = vp_read_killer(p, text + i, len - i, msg, cap, &st);
        break;
    case DOKU_VARIANT_FORMAT_JSON:
    case DOKU_VARIANT_FORMAT_FPUZZLES:
    case DOKU_VARIANT_FORMAT_SUDOKUPAD:
        ok = vp_read_link(p, text + i, len - i, msg, cap, &st);
        break;
    case DOKU_VARIANT_FORMAT_RECORD:
        ok = vp_read_record(p, text + i, len - i, msg, cap, &st);
        break;
    case DOKU_VARIANT_FORMAT_ISS:
        ok = vp_read_iss(p, text + i, len - i, msg, cap, &st);
        break;
    default:
        ok = i < len && text[i] == '.' ? vp_read_iss(p, text + i, len - i, msg, cap, &st)
                                       : vp_read_text(p, text + i, len - i, msg, cap, &st);
    }
    if (!ok) {
        doku_variant_puzzle_free(p);
        return st == DOKU_OK ? DOKU_ERR_PARSE : st;
    }
    *out = p;
    return DOKU_OK;
}
