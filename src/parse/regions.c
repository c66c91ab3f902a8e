/*
 * regions.c — doku_parse_regions: a jigsaw region map as a person writes
 * it, in a file (--regions FILE) or a request field ("regions").
 *
 * The map is written like a grid: n*n symbols, each distinct symbol one
 * region, numbered in order of first appearance. Blanks, commas, ';' and
 * '|' are layout, frame lines (only - + = * | and blanks) and '#' lines
 * are skipped; for sides past 35 the ids may be blank-separated decimal
 * numbers. Every complaint about a symbol names its line and column.
 */
#include "parse_internal.h"

#include <stdlib.h>
#include <string.h>

static const char WHAT[] = "region map";

typedef struct map_cell {
    char sym[4];          /* the symbol or decimal token (at most 3 digits) */
    int line, col;
} map_cell;

static int is_frame_line(const char *s, size_t len)
{
    int any = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] && strchr("-+=*|", s[i]))
            any = 1;
        else if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return 0;
    }
    return any;
}

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '|' || c == ';';
}

/* Splits the map into cells, writing at most cap of them (cells may be
 * NULL with cap 0: to count); tokens mode takes whole blank-separated
 * tokens (cut to 3 bytes; wants_tokens allows no longer ones).
 * @return the number of cells. */
static size_t split_cells(const char *data, size_t len, int tokens, map_cell *cells, size_t cap)
{
    size_t count = 0;
    int line = 1;
    for (size_t start = 0; start <= len; line++) {
        const char *nl = memchr(data + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - data) : len;
        const char *s = data + start;
        size_t l = end - start;
        if (!(l > 0 && s[0] == '#') && !is_frame_line(s, l)) {
            for (size_t i = 0; i < l;) {
                if (is_sep(s[i])) {
                    i++;
                    continue;
                }
                size_t j = i + 1;
                if (tokens)
                    while (j < l && !is_sep(s[j]))
                        j++;
                if (count < cap) {
                    size_t k = j - i < sizeof cells[0].sym - 1 ? j - i : sizeof cells[0].sym - 1;
                    memcpy(cells[count].sym, s + i, k);
                    cells[count].sym[k] = '\0';
                    cells[count].line = line;
                    cells[count].col = (int)i + 1;
                }
                count++;
                i = j;
            }
        }
        if (!nl)
            break;
        start = end + 1;
    }
    return count;
}

/* Decimal tokens ("10 11 12 ..." maps for big grids) when every token is
 * a number of at most 3 digits, one is longer than a character and there
 * are m*m of them; otherwise each character is a symbol. */
static int wants_tokens(const char *data, size_t len)
{
    int longer = 0, ok = 1;
    size_t total = 0;
    for (size_t i = 0; i < len && ok;) {
        /* skip what split_cells skips: walk it line by line */
        const char *nl = memchr(data + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - data) : len;
        const char *s = data + i;
        size_t l = end - i;
        if (!(l > 0 && s[0] == '#') && !is_frame_line(s, l))
            for (size_t a = 0; a < l && ok;) {
                if (is_sep(s[a])) {
                    a++;
                    continue;
                }
                size_t b = a;
                while (b < l && !is_sep(s[b]))
                    b++;
                size_t k = b - a;
                for (size_t t = a; t < b; t++)
                    ok &= s[t] >= '0' && s[t] <= '9';
                ok &= k <= 3;
                longer |= k > 1;
                total++;
                a = b;
            }
        i = end + 1;
    }
    size_t m = 0;
    while ((m + 1) * (m + 1) <= total)
        m++;
    return ok && longer && m >= 2 && m * m == total;
}

/* Numbers the regions of cells (total = n*n of them) by first appearance
 * into map, after checking there are n regions of n cells. @return
 * DOKU_OK or DOKU_ERR_PARSE with err filled (map untouched then). */
static doku_status check_and_number(const map_cell *cells, size_t total, int n, uint8_t *map,
                                    doku_parse_error *err)
{
    int nregions = 0;
    int size[DOKU_MAX_N] = {0};
    size_t first[DOKU_MAX_N] = {0};
    for (size_t i = 0; i < total; i++) {
        int id = -1;
        for (int r = 0; r < nregions; r++)
            if (!strcmp(cells[first[r]].sym, cells[i].sym)) {
                id = r;
                break;
            }
        if (id < 0) {
            if (nregions == n)
                return parse_fail(err, cells[i].line, cells[i].col, WHAT, NULL,
                                  "symbol '%s' would be region %d, but a %dx%d map has exactly "
                                  "%d regions", cells[i].sym, n + 1, n, n, n);
            id = nregions++;
            first[id] = i;
        }
        size[id]++;
    }
    if (nregions < n)
        return parse_fail(err, 0, 0, WHAT, NULL,
                          "only %d different region symbols; a %dx%d map needs %d regions of %d "
                          "cells", nregions, n, n, n, n);
    for (int r = 0; r < nregions; r++)
        if (size[r] != n) {
            const map_cell *c = &cells[first[r]];
            return parse_fail(err, c->line, c->col, WHAT, NULL,
                              "region '%s' has %d cells; every region of a %dx%d map needs %d",
                              c->sym, size[r], n, n, n);
        }
    /* ids by first appearance, written only now that the map is good */
    for (size_t i = 0; i < total; i++)
        for (int r = 0; r < nregions; r++)
            if (!strcmp(cells[first[r]].sym, cells[i].sym)) {
                map[i] = (uint8_t)r;
                break;
            }
    return DOKU_OK;
}

doku_status doku_parse_regions(const char *text, size_t len, uint8_t *map, size_t cap, int *side,
                               doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !map || !side)
        return DOKU_ERR_ARG;
    int tokens = wants_tokens(text, len);
    size_t total = split_cells(text, len, tokens, NULL, 0);
    int n = 0;
    while ((size_t)(n + 1) * (size_t)(n + 1) <= total && n < DOKU_MAX_N)
        n++;
    if (total == 0)
        return parse_fail(err, 0, 0, WHAT, NULL, "no region symbols found");
    if ((size_t)n * (size_t)n != total)
        return parse_fail(err, 0, 0, WHAT, NULL,
                          "%zu region symbols; a map needs n*n of them (e.g. 81 for 9x9), at "
                          "most %dx%d", total, DOKU_MAX_N, DOKU_MAX_N);
    if (cap < total)
        return DOKU_ERR_ARG;
    map_cell *cells = malloc(sizeof *cells * total);
    if (!cells)
        return DOKU_ERR_NOMEM;
    split_cells(text, len, tokens, cells, total);
    doku_status st = check_and_number(cells, total, n, map, err);
    free(cells);
    if (st == DOKU_OK)
        *side = n;
    return st;
}

