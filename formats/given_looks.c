/*
 * given_looks.c — the givens of a block by their looks (given_looks.h).
 *
 * The one design idea: a difference counts as marking only when it cuts
 * across the grid's units. Sheets shade alternate boxes or bands of rows
 * for readability; such a difference is constant on every box (or row,
 * or column), while givens and solved digits mix in every unit of any
 * real puzzle. So a feature that follows a unit partition is decoration
 * and is passed over.
 */
#include "given_looks.h"
#include "sheet.h"

#include <stddef.h>
#include <string.h>

enum { F_BOLD, F_COLOR, F_FILL, FEATURES };

static const char *const feature_names[FEATURES] = {"bold", "colour", "fill"};

static uint64_t feature_of(uint64_t look, int f)
{
    switch (f) {
    case F_BOLD:
        return look & WB_LOOK_BOLD;
    case F_COLOR:
        return look & (WB_LOOK_COLOR | (uint64_t)0xFFFFFF << 24);
    default:
        return look & (WB_LOOK_FILL | 0xFFFFFF);
    }
}

/* The unit of cell i under partition kind: 0 rows, 1 columns, 2 boxes. */
static int unit_of(int kind, int i, int n, int br, int bc)
{
    int r = i / n, c = i % n;
    if (kind == 0)
        return r;
    if (kind == 1)
        return c;
    return (r / br) * (n / bc) + c / bc;
}

/* 1 when feature f is the same for the digits of each unit of some
 * partition (rows, columns or boxes): decoration, not marking. */
static int follows_units(int n, int br, int bc, const uint8_t *values, const uint64_t *looks,
                         int f)
{
    uint64_t first[64];
    unsigned char seen[64];
    for (int kind = 0; kind < 3; kind++) {
        if (kind == 2 && (br <= 0 || bc <= 0 || n % br || n % bc))
            continue;
        int same = 1;
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < n * n && same; i++) {
            if (!values[i])
                continue;
            int u = unit_of(kind, i, n, br, bc);
            uint64_t v = feature_of(looks[i], f);
            if (!seen[u]) {
                seen[u] = 1;
                first[u] = v;
            } else if (first[u] != v) {
                same = 0;
            }
        }
        if (same)
            return 1;
    }
    return 0;
}

/* The givens by feature f, or -1 when f does not say which they are.
 * The digits show at least two values of f. */
static int split_by(int n, const uint8_t *values, const uint64_t *looks, int f, uint8_t *given)
{
    int plain = 0, marked = 0, several = 0;
    uint64_t mark = 0;
    for (int i = 0; i < n * n; i++) {
        if (!values[i])
            continue;
        uint64_t v = feature_of(looks[i], f);
        if (!v) {
            plain = 1;
        } else if (!marked) {
            marked = 1;
            mark = v;
        } else if (v != mark) {
            several = 1;
        }
    }
    if (!plain)
        return -1;   /* every digit coloured or filled, in different ways */
    if (f == F_FILL && several)
        return -1;   /* several fills: marking and decoration mixed */
    for (int i = 0; i < n * n; i++) {
        uint64_t v = feature_of(looks[i], f);
        /* bold and fill mark the givens; among colours, black does */
        given[i] = values[i] && (f == F_COLOR ? v == 0 : v != 0);
    }
    return 0;
}

wb_givens wb_pick_givens(int n, int br, int bc, const uint8_t *values, const uint64_t *looks,
                         uint8_t *given, const char **feature)
{
    wb_givens verdict = WB_GIVENS_ALL;
    const char *why = NULL;
    if (n < 1 || n > 64)
        n = 0;
    for (int f = 0; f < FEATURES && n; f++) {
        int first = -1, differ = 0;
        uint64_t v0 = 0;
        for (int i = 0; i < n * n && !differ; i++) {
            if (!values[i])
                continue;
            uint64_t v = feature_of(looks[i], f);
            if (first < 0) {
                first = i;
                v0 = v;
            } else if (v != v0) {
                differ = 1;
            }
        }
        if (!differ || follows_units(n, br, bc, values, looks, f))
            continue;
        if (split_by(n, values, looks, f, given) == 0) {
            if (feature)
                *feature = feature_names[f];
            return WB_GIVENS_BY_LOOK;
        }
        if (verdict == WB_GIVENS_ALL) {
            verdict = WB_GIVENS_UNCLEAR;
            why = feature_names[f];
        }
    }
    /* every digit bold (doku's givens, conflicting ones on red among
     * them): they all look like givens, whatever else differs */
    int all_bold = 1;
    for (int i = 0; i < n * n; i++) {
        given[i] = values[i] != 0;
        if (values[i] && !(looks[i] & WB_LOOK_BOLD))
            all_bold = 0;
    }
    if (verdict == WB_GIVENS_UNCLEAR && all_bold)
        verdict = WB_GIVENS_ALL;
    if (feature)
        *feature = verdict == WB_GIVENS_UNCLEAR ? why : NULL;
    return verdict;
}
