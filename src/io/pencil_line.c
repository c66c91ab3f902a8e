/*
 * pencil_line.c — the pieces of pencil-mark text the reader and writers
 * share: the n*n*n-character candidate line (Sudoku Explainer, tdoku:
 * character (row*n + col)*n + d-1 is digit d while it is a candidate,
 * else '.') and one pencil-mark token (a cell's candidate set, "248").
 *
 * The one design idea: a candidate line is recognised by its pattern, not
 * by its length alone — 729 is also 27*27 — so a 27x27 puzzle line and a
 * 9x9 candidate line never meet: every character of a candidate line is
 * '.' or the one digit its position allows.
 */
#include "io_internal.h"

enum { MIN_CAND_SIDE = 4, MAX_CAND_SIDE = 35 };

int io_cand_line_side(const char *p, size_t len, int want_n)
{
    int k = MIN_CAND_SIDE;
    while (k <= MAX_CAND_SIDE && (size_t)k * (size_t)k * (size_t)k < len)
        k++;
    if (k > MAX_CAND_SIDE || (size_t)k * (size_t)k * (size_t)k != len || (want_n && want_n != k))
        return 0;
    const char *alpha = io_alphabet(DOKU_SYMBOLS_1_9A_Z);
    for (size_t i = 0; i < len; i++) {
        char c = p[i];
        if (c != '.' && c != alpha[i % (size_t)k])
            return 0;
    }
    return k;
}

int io_cand_line_decode(const char *p, int n, uint8_t *cells, uint64_t *cands)
{
    size_t nc = (size_t)n * (size_t)n;
    for (size_t i = 0; i < nc; i++) {
        uint64_t m = 0;
        for (int d = 0; d < n; d++)
            if (p[i * (size_t)n + (size_t)d] != '.')
                m |= (uint64_t)1 << d;
        if (!m)
            return (int)i + 1;
        cands[i] = m;
        cells[i] = (m & (m - 1)) ? 0 : (uint8_t)(__builtin_ctzll(m) + 1);
    }
    return 0;
}

int io_pencil_token(doku_symbols symbols, const char *p, size_t len, uint64_t *mask, int *maxv)
{
    uint64_t m = 0;
    int top = 0;
    if (len == 1 && (p[0] == '.' || (p[0] == '0' && symbols != DOKU_SYMBOLS_0_9A_Z))) {
        *mask = 0;
        *maxv = 0;
        return 1;
    }
    for (size_t i = 0; i < len; i++) {
        int v = io_symbol_value(symbols == DOKU_SYMBOLS_AUTO ? DOKU_SYMBOLS_1_9A_Z : symbols, p[i]);
        if (v == 0 || v > DOKU_MAX_N || (m & ((uint64_t)1 << (v - 1))))
            return 0; /* not a symbol, or a repeat: no candidate set */
        m |= (uint64_t)1 << (v - 1);
        if (v > top)
            top = v;
    }
    *mask = m;
    *maxv = top;
    return 1;
}
