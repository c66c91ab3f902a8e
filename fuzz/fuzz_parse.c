/*
 * fuzz_parse.c — libFuzzer target for the doku_parse_* parsers
 * (include/doku_parse.h): the first byte picks a parser, the rest is the
 * value typed. Whatever the bytes, a parser returns DOKU_OK with results
 * in range, or DOKU_ERR_PARSE with a NUL-terminated message that quotes
 * the value's kind and a position inside the value (or none), and leaves
 * its outputs untouched on an error. Names round-trip: a symmetry or a
 * difficulty that parses prints a name that parses to the same value.
 */
#include "doku.h"
#include "doku_parse.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The message of a failed parse is set, terminated, and placed inside
 * (or just past) the text. */
static void check_error(doku_status st, const doku_parse_error *e, size_t len)
{
    if (st == DOKU_OK) {
        if (e->message[0] || memchr(e->note, '\0', sizeof e->note) == NULL)
            abort();
        return;
    }
    if (st != DOKU_ERR_PARSE && st != DOKU_ERR_NOMEM)
        abort();
    if (st == DOKU_ERR_PARSE &&
        (!e->message[0] || memchr(e->message, '\0', sizeof e->message) == NULL))
        abort();
    if (e->line < 0 || e->col < 0 || (e->line == 1 && (size_t)e->col > len + 1))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 16)
        return 0;
    unsigned which = data[0] % 10;
    size_t len = size - 1;
    char *text = malloc(len + 1);
    if (!text)
        return 0;
    memcpy(text, data + 1, len);
    text[len] = '\0';
    size_t tlen = strlen(text); /* what a C string of the value holds */
    doku_parse_error e;
    doku_status st;
    switch (which) {
    case 0: {
        int r = -7, c = -7;
        st = doku_parse_box(text, &r, &c, &e);
        if (st == DOKU_OK ? r < 1 || c < 1 || r * c < 2 || r * c > DOKU_MAX_N
                          : r != -7 || c != -7)
            abort();
        break;
    }
    case 1: {
        unsigned v = 0xdead;
        st = doku_parse_variants(text, &v, &e);
        if (st == DOKU_OK ? (v & ~(unsigned)(DOKU_VARIANT_X | DOKU_VARIANT_HYPER)) != 0
                          : v != 0xdead)
            abort();
        break;
    }
    case 2: {
        doku_symbols s = (doku_symbols)77;
        st = doku_parse_symbols(text, &s, &e);
        if (st == DOKU_OK ? (unsigned)s > DOKU_SYMBOLS_A_Z : s != (doku_symbols)77)
            abort();
        break;
    }
    case 3: {
        /* the raw bytes (NULs included) with their length */
        static uint8_t map[DOKU_MAX_CELLS];
        int n = -1;
        st = doku_parse_regions(text, len, map, sizeof map, &n, &e);
        if (st == DOKU_OK) {
            int count[DOKU_MAX_N] = {0};
            if (n < 1 || n > DOKU_MAX_N)
                abort();
            for (int i = 0; i < n * n; i++) {
                if (map[i] >= n)
                    abort();
                count[map[i]]++;
            }
            for (int r = 0; r < n; r++)
                if (count[r] != n)
                    abort();
        } else if (n != -1) {
            abort();
        }
        if (st == DOKU_ERR_PARSE && e.line > 0 && e.col < 1)
            abort();
        check_error(st, &e, len);
        free(text);
        return 0;
    }
    case 4: {
        double lo = -7, hi = -7;
        st = doku_parse_rating_range(text, &lo, &hi, &e);
        if (st == DOKU_OK ? !isfinite(lo) || lo < 0 || !(hi == -1.0 || (isfinite(hi) && hi >= lo))
                          : lo != -7 || hi != -7)
            abort();
        break;
    }
    case 5: {
        int lo = -7, hi = -7;
        int ncells = 81;
        st = doku_parse_clues(text, ncells, &lo, &hi, &e);
        if (st == DOKU_OK ? lo < 1 || hi < lo || hi > ncells : lo != -7 || hi != -7)
            abort();
        break;
    }
    case 6: {
        doku_symmetry s = (doku_symmetry)99, back;
        st = doku_parse_symmetry(text, &s, &e);
        if (st == DOKU_OK && ((unsigned)s >= DOKU_SYM_COUNT ||
                              doku_parse_symmetry(doku_symmetry_name(s), &back, NULL) != DOKU_OK ||
                              back != s))
            abort();
        break;
    }
    case 7: {
        doku_difficulty d = (doku_difficulty)99, back;
        doku_qqwing_level q = (doku_qqwing_level)99, qb;
        st = doku_parse_difficulty(text, &d, &q, &e);
        if (st == DOKU_OK) {
            if ((unsigned)d > DOKU_DIFFICULTY_EXTREME || (unsigned)q > DOKU_QQWING_EXPERT ||
                (d != DOKU_DIFFICULTY_ANY && q != DOKU_QQWING_ANY))
                abort();
            if (doku_parse_difficulty(doku_difficulty_name(d), &back, &qb, NULL) != DOKU_OK ||
                back != d)
                abort();
            /* an old spelling is the only way to a qqwing level, and says so */
            if (q != DOKU_QQWING_ANY && !e.note[0])
                abort();
        }
        break;
    }
    case 8: {
        doku_qqwing_level q = (doku_qqwing_level)99;
        st = doku_parse_qqwing_level(text, &q, &e);
        if (st == DOKU_OK && (unsigned)q > DOKU_QQWING_EXPERT)
            abort();
        break;
    }
    default: {
        uint64_t m = 0, r = 0;
        st = doku_parse_techniques(text, &m, &e);
        if (st == DOKU_OK && (m >> DOKU_TECH_COUNT) != 0)
            abort();
        /* a requirement is a part of the same list, never empty */
        doku_parse_error e2;
        doku_status st2 = doku_parse_required_techniques(text, &r, &e2);
        if ((st2 == DOKU_OK && (st != DOKU_OK || !r || (r & ~m))) ||
            (st != DOKU_OK && st2 == DOKU_OK))
            abort();
        check_error(st2, &e2, tlen);
        break;
    }
    }
    check_error(st, &e, tlen);
    free(text);
    return 0;
}
