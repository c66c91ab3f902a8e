/*
 * pencil.c — reads a pencil-mark grid: one token of candidate symbols per
 * cell, as players and other programs write them (HoDoKu, SE), with any
 * frame drawn in | + - = : *.
 *
 * The one design idea: a token is a set of candidates, and a set of one
 * is a filled cell, so a grid the player has partly filled and reduced
 * needs no second notation.
 */
#include "io_internal.h"

#include <stdio.h>
#include <string.h>

static int is_separator(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f' ||
           (ch && strchr("|+-=:*", ch) != NULL);
}

/* Writes the reason into why, when the caller gave room for it. */
#define SAY(...) ((void)(why && cap ? snprintf(why, cap, __VA_ARGS__) : 0))

/* The 1-based line and column of q in text. */
static void text_where(const char *text, const char *q, int *line, int *col)
{
    *line = 1;
    const char *start = text;
    for (const char *p = text; p < q; p++)
        if (*p == '\n') {
            (*line)++;
            start = p + 1;
        }
    *col = (int)(q - start) + 1;
}

doku_status doku_parse_pencil(const char *text, int n, doku_symbols symbols, uint8_t *cells,
                              uint64_t *cands, size_t ncells, char *why, size_t cap)
{
    if (why && cap)
        why[0] = '\0';
    if (!text || !cells || !cands || n < 1 || n > DOKU_MAX_N ||
        ncells != (size_t)n * (size_t)n || (unsigned)symbols > (unsigned)DOKU_SYMBOLS_A_Z)
        return DOKU_ERR_ARG;
    /* '0' is an empty mark unless the alphabet uses it as a digit */
    int zero_empty = symbols != DOKU_SYMBOLS_0_9A_Z;
    int nc = n * n, k = 0;
    const char *p = text;
    int line, col;
    while (*p) {
        while (*p && is_separator(*p))
            p++;
        if (!*p)
            break;
        uint64_t m = 0;
        int count = 0;
        const char *token = p;
        for (; *p && !is_separator(*p); p++) {
            char ch = *p;
            int v = ch == '.' || (ch == '0' && zero_empty) ? 0 : io_symbol_value(symbols, ch);
            if (v == 0 && ch != '.' && !(ch == '0' && zero_empty)) {
                text_where(text, p, &line, &col);
                SAY("%d:%d: unexpected character '%c' in r%dc%d", line, col, ch, k / n + 1,
                    k % n + 1);
                return DOKU_ERR_PARSE;
            }
            if (v > n) {
                text_where(text, p, &line, &col);
                SAY("%d:%d: '%c' (%d) is too large for %dx%d in r%dc%d", line, col, ch, v, n, n,
                    k / n + 1, k % n + 1);
                return DOKU_ERR_PARSE;
            }
            if (v && !(m & ((uint64_t)1 << (v - 1)))) {
                count++;
                m |= (uint64_t)1 << (v - 1);
            }
        }
        if (k >= nc) {
            text_where(text, token, &line, &col);
            SAY("%d:%d: more than %d cells", line, col, nc);
            return DOKU_ERR_PARSE;
        }
        if (count == 0) {
            text_where(text, token, &line, &col);
            SAY("%d:%d: r%dc%d has no candidates", line, col, k / n + 1, k % n + 1);
            return DOKU_ERR_PARSE;
        }
        cells[k] = count == 1 ? (uint8_t)(__builtin_ctzll(m) + 1) : 0;
        cands[k] = m;
        k++;
    }
    if (k != nc) {
        SAY("found %d cells, expected %d", k, nc);
        return DOKU_ERR_PARSE;
    }
    return DOKU_OK;
}
