/*
 * read_killer.c — the two killer strings of the killer forums: SudokuWiki's
 * (SudoCue's) "3x3:d:k:3841:3841:..." (81 numbers, sum * 256 + cage id,
 * 0 for a cell in no cage; "d" adds both diagonals) and the compact form
 * of 81 characters ("G<<L<K<L<^G>^..."), where a cage's head holds its sum
 * (1-9, A-Z 10-35, a-j 36-45; 0: a cage without a sum) and every other cell an arrow towards the
 * next cell of its cage (< > ^ v, and ` ' , . for up-left, up-right,
 * down-left, down-right), so that following arrows leads to the head.
 * Both are 9x9 without givens.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { N = 9, NN = 81 };

static int is_arrow(char c)
{
    return c == '<' || c == '>' || c == '^' || c == 'v' || c == '`' || c == '\'' ||
           c == ',' || c == '.';
}

/* The sum a head character stands for, -1 when it is none. */
static int head_sum(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'j')
        return c - 'a' + 36;
    return -1;
}

/* The text without surrounding blanks. */
static void trim(const char **text, size_t *len)
{
    while (*len && isspace((unsigned char)**text))
        (*text)++, (*len)--;
    while (*len && isspace((unsigned char)(*text)[*len - 1]))
        (*len)--;
}

int vp_is_killer(const char *text, size_t len)
{
    trim(&text, &len);
    if (len > 8 && !strncmp(text, "3x3:", 4))
        return 1;
    if (len != NN)
        return 0;
    int arrows = 0;
    for (size_t i = 0; i < len; i++) {
        if (!is_arrow(text[i]) && head_sum(text[i]) < 0)
            return 0;
        arrows += is_arrow(text[i]) && text[i] != '.';
    }
    return arrows ? 2 : 0;
}

/* Adds the cages of owner[] (cage number per cell, -1 none) with sums. */
static int add_cages(doku_variant_puzzle *p, const int *owner, const int *sums, int ncages,
                     const char *format, char *msg, size_t cap, doku_status *st)
{
    for (int g = 0; g < ncages; g++) {
        uint16_t cells[NN];
        int k = 0;
        for (int i = 0; i < NN; i++)
            if (owner[i] == g)
                cells[k++] = (uint16_t)i;
        if (!k)
            continue;
        char where[80];
        snprintf(where, sizeof where, "%s cage %d: ", format, g + 1);
        /* a head of 0: a cage without a sum (as ISS reads it) */
        if (!vp_add(p, where, DOKU_CON_CAGE, cells, (size_t)k, &sums[g], sums[g] ? 1 : 0, msg,
                    cap, st))
            return 0;
    }
    return 1;
}

static int fail(char *msg, size_t cap, doku_status *st, const char *fmt, ...) DOKU_PRINTF(4, 5);
static int fail(char *msg, size_t cap, doku_status *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
    *st = DOKU_ERR_PARSE;
    return 0;
}

static int read_sudokuwiki(doku_variant_puzzle *p, const char *text, size_t len, char *msg,
                           size_t cap, doku_status *st)
{
    /* 3x3:<d or nothing>:k:<81 numbers>[:] */
    const char *s = text + 4, *end = text + len;
    vp_decl d;
    memset(&d, 0, sizeof d);
    d.n = N;
    if (s < end && *s == 'd') {
        d.variants |= DOKU_VARIANT_X;
        s++;
    }
    if (end - s < 3 || strncmp(s, ":k:", 3))
        return fail(msg, cap, st, "SudokuWiki killer string: column %d: \"3x3:k:\" or \"3x3:d:k:\" expected",
                    (int)(s - text) + 1);
    s += 3;
    int owner[NN], sums[256], ids[256], ncages = 0;
    for (int i = 0; i < 256; i++)
        ids[i] = -1;
    for (int i = 0; i < NN; i++) {
        long v = 0;
        const char *at = s;
        while (s < end && isdigit((unsigned char)*s) && v < 100000)
            v = v * 10 + (*s++ - '0');
        if (s == at)
            return fail(msg, cap, st, "SudokuWiki killer string: column %d (r%dc%d): a number expected",
                        (int)(at - text) + 1, i / N + 1, i % N + 1);
        if (s < end && *s == ':')
            s++;
        else if (i < NN - 1)
            return fail(msg, cap, st, "SudokuWiki killer string: column %d: ':' expected after r%dc%d",
                        (int)(s - text) + 1, i / N + 1, i % N + 1);
        int id = (int)(v % 256), sum = (int)(v / 256);
        owner[i] = -1;
        if (!sum)
            continue;
        if (ids[id] < 0) {
            ids[id] = ncages;
            sums[ncages++] = sum;
        } else if (sums[ids[id]] != sum) {
            return fail(msg, cap, st, "SudokuWiki killer string: cage %d has two sums (%d here)",
                        id, sum);
        }
        owner[i] = ids[id];
    }
    if (s != end)
        return fail(msg, cap, st, "SudokuWiki killer string: column %d: text after the 81 cells",
                    (int)(s - text) + 1);
    return vp_begin(p, &d, msg, cap, st) &&
           add_cages(p, owner, sums, ncages, "SudokuWiki killer string", msg, cap, st);
}

static int read_compact(doku_variant_puzzle *p, const char *text, char *msg, size_t cap,
                        doku_status *st)
{
    int next[NN], owner[NN], sums[NN], head_id[NN], ncages = 0;
    for (int i = 0; i < NN; i++) {
        int r = i / N, c = i % N, dr = 0, dc = 0;
        switch (text[i]) {
        case '<': dc = -1; break;
        case '>': dc = 1; break;
        case '^': dr = -1; break;
        case 'v': dr = 1; break;
        case '`': dr = -1, dc = -1; break;
        case '\'': dr = -1, dc = 1; break;
        case ',': dr = 1, dc = -1; break;
        case '.': dr = 1, dc = 1; break;
        }
        if (r + dr < 0 || r + dr >= N || c + dc < 0 || c + dc >= N)
            return fail(msg, cap, st, "compact killer: column %d (r%dc%d): its arrow points outside the grid",
                        i + 1, r + 1, c + 1);
        next[i] = (r + dr) * N + c + dc;
        head_id[i] = -1;
    }
    for (int i = 0; i < NN; i++) {
        int at = i, steps = 0;
        while (next[at] != at) {
            at = next[at];
            if (++steps > NN)
                return fail(msg, cap, st, "compact killer: the arrows from r%dc%d go round in a loop",
                            i / N + 1, i % N + 1);
        }
        if (head_id[at] < 0) {
            head_id[at] = ncages;
            sums[ncages++] = head_sum(text[at]);
        }
        owner[i] = head_id[at];
    }
    vp_decl d;
    memset(&d, 0, sizeof d);
    d.n = N;
    return vp_begin(p, &d, msg, cap, st) &&
           add_cages(p, owner, sums, ncages, "compact killer", msg, cap, st);
}

int vp_read_killer(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                   doku_status *st)
{
    trim(&text, &len);
    int kind = vp_is_killer(text, len);
    if (kind == 1)
        return read_sudokuwiki(p, text, len, msg, cap, st);
    if (kind == 2)
        return read_compact(p, text, msg, cap, st);
    snprintf(msg, cap, "not a killer string");
    *st = DOKU_ERR_PARSE;
    return 0;
}
