/*
 * read_fpuzzles.c — f-puzzles' JSON (the payload of f-puzzles links and of
 * SudokuPad's "fpuzzles" links) into a variant puzzle: size, grid (givens,
 * jigsaw regions), the diagonals and every constraint of the model.
 *
 * The one design idea: every key of the document is either read, known to
 * say nothing about the rules (title, colours, pencil marks), or refused
 * by its name; a constraint is never dropped. Messages name the JSON
 * field ("killercage[2]") and, through the model, the cells.
 */
#include "read_json.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXC (DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N)

typedef rj_reader fp;

/* One cell "RrCc" inside the grid. @return the index, or -1 (msg set). */
static int cell_of(fp *f, int node, const char *field)
{
    int r, c;
    char show[64];
    if (!rj_rc(f->j, node, f->n, &r, &c) || r < 1 || c < 1 || r > f->n || c > f->n) {
        rj_bad(f, "%s %s is not a cell of the %dx%d grid (R1C1..R%dC%d)", field,
            rj_show(f->j, node, show, sizeof show), f->n, f->n, f->n, f->n);
        return -1;
    }
    return (r - 1) * f->n + (c - 1);
}

/* The cells of array arr. @return how many, or -1 (msg set). */
static int cells_of(fp *f, int arr, uint16_t *cells, const char *field)
{
    if (arr < 0 || f->j->nodes[arr].type != IO_JSON_ARRAY) {
        rj_bad(f, "\"%s\" must be an array of cells", field);
        return -1;
    }
    int k = 0;
    for (int e = f->j->nodes[arr].first; e >= 0; e = f->j->nodes[e].next) {
        if (k == MAXC) {
            rj_bad(f, "\"%s\" lists more cells than the grid has", field);
            return -1;
        }
        int c = cell_of(f, e, field);
        if (c < 0)
            return -1;
        cells[k++] = (uint16_t)c;
    }
    return k;
}

/* The array at key of the root, walked item by item with where set. */
#define EACH(f, key, i, item)                                                              \
    for (int item = first_item(f, key), i = 0; item >= 0; item = (f)->j->nodes[item].next, i++) \
        if (snprintf((f)->where, sizeof (f)->where, "%s[%d]", key, i), 1)

static int first_item(fp *f, const char *key)
{
    int a = io_json_get(f->j, 0, key);
    return a >= 0 && f->j->nodes[a].type == IO_JSON_ARRAY ? f->j->nodes[a].first : -1;
}

/* An optional number "value" of item: *has = 0 when absent or "". */
static int value_of(fp *f, int item, int *v, int *has)
{
    int vn = io_json_get(f->j, item, "value");
    *has = 0;
    if (vn < 0 || f->j->nodes[vn].type == IO_JSON_NULL ||
        (io_json_str(f->j, vn) && !*io_json_str(f->j, vn)))
        return 1;
    char show[64];
    if (!rj_int(f->j, vn, v))
        return rj_bad(f, "value %s is not a number", rj_show(f->j, vn, show, sizeof show));
    *has = 1;
    return 1;
}

static int read_cages(fp *f, const char *key, doku_constraint_kind kind)
{
    uint16_t cells[MAXC];
    EACH(f, key, i, item) {
        int k = cells_of(f, io_json_get(f->j, item, "cells"), cells, "cells");
        int v, has;
        if (k < 0 || !value_of(f, item, &v, &has))
            return 0;
        if (kind == DOKU_CON_REGION && has)
            return rj_bad(f, "an extra region takes no value");
        if (!rj_add(f, kind, cells, (size_t)k, &v, has ? 1 : 0))
            return 0;
    }
    return 1;
}

/* Lines: {"lines": [[cells...], ...]} each line one constraint. */
static int read_lines(fp *f, const char *key, doku_constraint_kind kind)
{
    uint16_t cells[MAXC];
    EACH(f, key, i, item) {
        int lines = io_json_get(f->j, item, "lines");
        if (lines < 0 || f->j->nodes[lines].type != IO_JSON_ARRAY)
            return rj_bad(f, "\"lines\" must be an array of lines");
        int v, has = 0;
        if (kind == DOKU_CON_WHISPER && !value_of(f, item, &v, &has))
            return 0;
        for (int ln = f->j->nodes[lines].first; ln >= 0; ln = f->j->nodes[ln].next) {
            int k = cells_of(f, ln, cells, "lines");
            if (k < 0 || !rj_add(f, kind, cells, (size_t)k, &v, has ? 1 : 0))
                return 0;
        }
    }
    return 1;
}

static int cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* Arrows: {"cells": circle, "lines": [[circle cell, arrow cells...]]}; each
 * line sums to the circle, read in row-major order. */
static int read_arrows(fp *f)
{
    uint16_t circle[MAXC], line[MAXC], cells[2 * MAXC];
    EACH(f, "arrow", i, item) {
        int m = cells_of(f, io_json_get(f->j, item, "cells"), circle, "cells");
        if (m < 0)
            return 0;
        if (m == 0)
            return rj_bad(f, "an arrow without its circle");
        qsort(circle, (size_t)m, sizeof *circle, cmp_u16);
        int lines = io_json_get(f->j, item, "lines");
        if (lines < 0 || f->j->nodes[lines].type != IO_JSON_ARRAY || !f->j->nodes[lines].count)
            return rj_bad(f, "\"lines\" must hold the arrow's lines");
        for (int ln = f->j->nodes[lines].first; ln >= 0; ln = f->j->nodes[ln].next) {
            int k = cells_of(f, ln, line, "lines");
            if (k < 0)
                return 0;
            /* the line starts inside the circle: its circle cells are not summed */
            int s = 0;
            while (s < k) {
                int in = 0;
                for (int c = 0; c < m; c++)
                    in |= circle[c] == line[s];
                if (!in)
                    break;
                s++;
            }
            memcpy(cells, circle, (size_t)m * sizeof *cells);
            memcpy(cells + m, line + s, (size_t)(k - s) * sizeof *cells);
            int params[1] = {m};
            if (!rj_add(f, DOKU_CON_ARROW, cells, (size_t)(m + k - s), params, 1))
                return 0;
        }
    }
    return 1;
}

/* Dots and X/V: {"cells": [a, b], "value": ...}. */
static int read_pairs(fp *f, const char *key)
{
    uint16_t cells[MAXC];
    EACH(f, key, i, item) {
        int k = cells_of(f, io_json_get(f->j, item, "cells"), cells, "cells");
        if (k < 0)
            return 0;
        doku_constraint_kind kind;
        if (!strcmp(key, "xv")) {
            const char *v = io_json_str(f->j, io_json_get(f->j, item, "value"));
            if (!v || (strcmp(v, "X") && strcmp(v, "x") && strcmp(v, "V") && strcmp(v, "v")))
                return rj_bad(f, "an XV mark is \"X\" or \"V\"");
            kind = (*v == 'X' || *v == 'x') ? DOKU_CON_X : DOKU_CON_V;
        } else {
            int white = !strcmp(key, "difference"), v, has;
            if (!value_of(f, item, &v, &has))
                return 0;
            if (has && v != (white ? 1 : 2))
                return rj_bad(f, "a %s dot with value %d is not supported (only %d)",
                           white ? "difference" : "ratio", v, white ? 1 : 2);
            kind = white ? DOKU_CON_KROPKI_WHITE : DOKU_CON_KROPKI_BLACK;
        }
        if (!rj_add(f, kind, cells, (size_t)k, NULL, 0))
            return 0;
    }
    return 1;
}

/* Cell marks: {"cell": "R1C1"}. */
static int read_marks(fp *f, const char *key, doku_constraint_kind kind)
{
    EACH(f, key, i, item) {
        int c = cell_of(f, io_json_get(f->j, item, "cell"), "cell");
        if (c < 0)
            return 0;
        uint16_t cell = (uint16_t)c;
        if (!rj_add(f, kind, &cell, 1, NULL, 0))
            return 0;
    }
    return 1;
}

static int read_quadruples(fp *f)
{
    uint16_t cells[MAXC];
    EACH(f, "quadruple", i, item) {
        int k = cells_of(f, io_json_get(f->j, item, "cells"), cells, "cells");
        if (k < 0)
            return 0;
        int vals = io_json_get(f->j, item, "values"), params[8], np = 0;
        if (vals < 0 || f->j->nodes[vals].type != IO_JSON_ARRAY)
            return rj_bad(f, "\"values\" must be an array of digits");
        for (int e = f->j->nodes[vals].first; e >= 0; e = f->j->nodes[e].next) {
            char show[64];
            if (np == 8 || !rj_int(f->j, e, &params[np]))
                return rj_bad(f, "values: %s is not one of 1 to 4 digits",
                           rj_show(f->j, e, show, sizeof show));
            np++;
        }
        if (!rj_add(f, DOKU_CON_QUADRUPLE, cells, (size_t)k, params, (size_t)np))
            return 0;
    }
    return 1;
}

/* A clue outside the grid: its cell, 1-based, on the border ring. */
static int outside_cell(fp *f, int item, int *r, int *c)
{
    int node = io_json_get(f->j, item, "cell");
    char show[64];
    if (!rj_rc(f->j, node, f->n, r, c))
        return rj_bad(f, "cell %s is not a cell name (R0C1 ...)", rj_show(f->j, node, show, sizeof show));
    int out_r = *r == 0 || *r == f->n + 1, out_c = *c == 0 || *c == f->n + 1;
    if (out_r == out_c)
        return rj_bad(f, "cell %s is not beside the grid (a row or column clue sits outside it)",
                   rj_show(f->j, node, show, sizeof show));
    return 1;
}

/* Sandwich and X-sum clues: the row or column read from the clue's side. */
static int read_edge_sums(fp *f, const char *key, doku_constraint_kind kind)
{
    int n = f->n;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
    EACH(f, key, i, item) {
        int r, c, v, has;
        if (!outside_cell(f, item, &r, &c) || !value_of(f, item, &v, &has))
            return 0;
        if (!has)
            continue; /* an empty clue states nothing */
        for (int k = 0; k < n; k++) {
            if (r == 0)
                cells[k] = (uint16_t)(k * n + c - 1);
            else if (r == n + 1)
                cells[k] = (uint16_t)((n - 1 - k) * n + c - 1);
            else if (c == 0)
                cells[k] = (uint16_t)((r - 1) * n + k);
            else
                cells[k] = (uint16_t)((r - 1) * n + n - 1 - k);
        }
        if (!rj_add(f, kind, cells, (size_t)n, &v, 1))
            return 0;
    }
    return 1;
}

static int read_little_killers(fp *f)
{
    int n = f->n;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
    EACH(f, "littlekillersum", i, item) {
        int r, c, v, has;
        if (!outside_cell(f, item, &r, &c) || !value_of(f, item, &v, &has))
            return 0;
        if (!has)
            continue;
        const char *d = io_json_str(f->j, io_json_get(f->j, item, "direction"));
        int dr = 0, dc = 0;
        if (d && strlen(d) == 2) {
            dr = d[0] == 'U' ? -1 : d[0] == 'D' ? 1 : 0;
            dc = d[1] == 'L' ? -1 : d[1] == 'R' ? 1 : 0;
        }
        if (!dr || !dc)
            return rj_bad(f, "direction must be UL, UR, DL or DR");
        int k = 0;
        for (int rr = r + dr, cc = c + dc; rr >= 1 && rr <= n && cc >= 1 && cc <= n;
             rr += dr, cc += dc)
            cells[k++] = (uint16_t)((rr - 1) * n + cc - 1);
        if (!k)
            return rj_bad(f, "the arrow at R%dC%d points at no cell of the grid", r, c);
        if (!rj_add(f, DOKU_CON_LITTLE_KILLER, cells, (size_t)k, &v, 1))
            return 0;
    }
    return 1;
}

static int read_negative(fp *f, int *white_all)
{
    int a = io_json_get(f->j, 0, "negative");
    snprintf(f->where, sizeof f->where, "negative");
    if (a < 0 || f->j->nodes[a].type == IO_JSON_FALSE || f->j->nodes[a].type == IO_JSON_NULL)
        return 1;
    if (f->j->nodes[a].type != IO_JSON_ARRAY)
        return rj_bad(f, "must be an array of constraint names");
    for (int e = f->j->nodes[a].first; e >= 0; e = f->j->nodes[e].next) {
        const char *s = io_json_str(f->j, e);
        char show[64];
        if (s && !strcmp(s, "ratio")) {
            if (!rj_add(f, DOKU_CON_KROPKI_BLACK_ALL, NULL, 0, NULL, 0))
                return 0;
        } else if (s && !strcmp(s, "difference")) {
            *white_all = 1;
            if (!rj_add(f, DOKU_CON_KROPKI_WHITE_ALL, NULL, 0, NULL, 0))
                return 0;
        } else if (s && !strcmp(s, "xv")) {
            if (!rj_add(f, DOKU_CON_X_ALL, NULL, 0, NULL, 0) ||
                !rj_add(f, DOKU_CON_V_ALL, NULL, 0, NULL, 0))
                return 0;
        } else {
            return rj_bad(f, "the negative rule of %s is not supported by doku",
                       rj_show(f->j, e, show, sizeof show));
        }
    }
    return 1;
}

/* f-puzzles' cosmetic "cage" entries that SudokuPad uses for metadata
 * ("title: ...", "solution: ..."): no cells or a "word: " value. */
static int is_meta_cage(const io_json *j, int item)
{
    const char *v = io_json_str(j, io_json_get(j, item, "value"));
    if (!v)
        return 0;
    const char *s = v;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
        s++;
    return s > v && s[0] == ':' && s[1] == ' ';
}

/* Keys that say nothing about the rules. */
static int harmless_key(const char *k)
{
    static const char *const keys[] = {"size", "grid", "diagonal+", "diagonal-", "title",
                                       "author", "ruleset", "solution", "highlightConflicts",
                                       "disabledlogic", "truecandidatesoptions",
                                       "activeConstraints", "version", "negative", NULL};
    for (int i = 0; keys[i]; i++)
        if (!strcmp(k, keys[i]))
            return 1;
    return 0;
}

static const char *const supported[] = {
    "killercage", "littlekillersum", "sandwichsum", "xsum", "extraregion", "thermometer",
    "arrow", "whispers", "renban", "palindrome", "betweenline", "regionsumline",
    "difference", "ratio", "xv", "minimum", "maximum", "odd", "even", "quadruple",
    "antiknight", "antiking", "disjointgroups", "nonconsecutive", NULL};

static int is_supported(const char *k)
{
    for (int i = 0; supported[i]; i++)
        if (!strcmp(k, supported[i]))
            return 1;
    return 0;
}

/* Every key doku does not read, named in one message. @return 1 when
 * there is none. */
static int refuse_unknown(fp *f)
{
    char names[200] = "";
    size_t len = 0;
    int count = 0, unnamed = 0;
    for (int k = f->j->nodes[0].first; k >= 0; k = f->j->nodes[k].next) {
        const char *key = io_json_key(f->j, k);
        if (harmless_key(key) || is_supported(key) || !rj_truthy(f->j, k))
            continue;
        if (!strcmp(key, "cage")) {
            int only_meta = f->j->nodes[k].type == IO_JSON_ARRAY;
            for (int e = only_meta ? f->j->nodes[k].first : -1; e >= 0; e = f->j->nodes[e].next)
                only_meta &= is_meta_cage(f->j, e);
            if (only_meta)
                continue;
            key = "cage (a cosmetic cage, whose rule doku cannot know)";
        } else if (!strcmp(key, "line") || !strcmp(key, "rectangle") || !strcmp(key, "circle") ||
                   !strcmp(key, "text")) {
            key = !strcmp(key, "line") ? "line (a cosmetic line, whose rule doku cannot know)"
                : !strcmp(key, "text") ? "text (cosmetic text, whose rule doku cannot know)"
                : !strcmp(key, "circle") ? "circle (a cosmetic circle, whose rule doku cannot know)"
                : "rectangle (a cosmetic rectangle, whose rule doku cannot know)";
        }
        count++;
        if (len + strlen(key) + 30 < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", key);
        else
            unnamed++;
    }
    if (!count)
        return 1;
    if (unnamed)
        snprintf(names + len, sizeof names - len,
                 len ? " and %d more" : "%d with names too long to show", unnamed);
    snprintf(f->msg, f->cap, "f-puzzles constraints doku does not support: %s", names);
    *f->st = DOKU_ERR_PARSE;
    return 0;
}

/* size and grid: the declaration (side, jigsaw regions) into d. */
static int read_shape(fp *f, vp_decl *d)
{
    const io_json *j = f->j;
    int sz = io_json_get(j, 0, "size"), n;
    snprintf(f->where, sizeof f->where, "size");
    if (!rj_int(j, sz, &n) || n < 4 || n > DOKU_CONSTRAINTS_MAX_N)
        return rj_bad(f, "must be a number from 4 to %d", DOKU_CONSTRAINTS_MAX_N);
    f->n = d->n = n;
    int br, bc;
    doku_default_box(n, &br, &bc);
    int grid = io_json_get(j, 0, "grid");
    snprintf(f->where, sizeof f->where, "grid");
    if (grid < 0 || j->nodes[grid].type != IO_JSON_ARRAY || j->nodes[grid].count != n)
        return rj_bad(f, "must hold %d rows", n);
    int r = 0, jigsaw = 0;
    for (int row = j->nodes[grid].first; row >= 0; row = j->nodes[row].next, r++) {
        snprintf(f->where, sizeof f->where, "grid[%d]", r);
        if (j->nodes[row].type != IO_JSON_ARRAY || j->nodes[row].count != n)
            return rj_bad(f, "must hold %d cells", n);
        int c = 0;
        for (int cell = j->nodes[row].first; cell >= 0; cell = j->nodes[cell].next, c++) {
            int i = r * n + c, reg = (r / br) * (n / bc) + c / bc;
            snprintf(f->where, sizeof f->where, "grid[%d][%d] (r%dc%d)", r, c, r + 1, c + 1);
            int rg = io_json_get(j, cell, "region");
            if (rg >= 0) {
                int v;
                if (!rj_int(j, rg, &v) || v < 0 || v >= n)
                    return rj_bad(f, "is in no region 0..%d (cells outside every region are not supported)", n - 1);
                jigsaw |= v != reg;
                reg = v;
            }
            if (rj_truthy(j, io_json_get(j, cell, "givenPencilMarks")))
                return rj_bad(f, "given pencil marks (a cell limited to some digits) are not supported by doku");
            d->regions[i] = (uint8_t)reg;
        }
    }
    d->has_regions = jigsaw;
    int dp = rj_truthy(j, io_json_get(j, 0, "diagonal+"));
    int dm = rj_truthy(j, io_json_get(j, 0, "diagonal-"));
    if (dp && dm)
        d->variants |= DOKU_VARIANT_X;
    return 1;
}

/* The grid's given values (after vp_begin). */
static int read_givens(fp *f)
{
    const io_json *j = f->j;
    int n = f->n, grid = io_json_get(j, 0, "grid"), r = 0;
    for (int row = j->nodes[grid].first; row >= 0; row = j->nodes[row].next, r++) {
        int c = 0;
        for (int cell = j->nodes[row].first; cell >= 0; cell = j->nodes[cell].next, c++) {
            int val = io_json_get(j, cell, "value"), v;
            if (val < 0 || !rj_truthy(j, io_json_get(j, cell, "given")))
                continue; /* a solver's entry, not a given */
            snprintf(f->where, sizeof f->where, "grid[%d][%d] (r%dc%d)", r, c, r + 1, c + 1);
            char show[64];
            if (!rj_int(j, val, &v) || v < 1 || v > n)
                return rj_bad(f, "value %s is not a digit 1..%d", rj_show(j, val, show, sizeof show), n);
            f->p->givens[r * n + c] = (uint8_t)v;
        }
    }
    return 1;
}

/* A published solution: n*n digits (an array, or a string); anything
 * partial is no solution and is left out. */
static int read_solution(fp *f)
{
    const io_json *j = f->j;
    int s = io_json_get(j, 0, "solution"), nn = f->n * f->n;
    if (s < 0 || j->nodes[s].type != IO_JSON_ARRAY || j->nodes[s].count != nn)
        return 1;
    uint8_t *sol = malloc((size_t)nn);
    if (!sol) {
        *f->st = DOKU_ERR_NOMEM;
        snprintf(f->msg, f->cap, "out of memory");
        return 0;
    }
    int i = 0;
    for (int e = j->nodes[s].first; e >= 0; e = j->nodes[e].next, i++) {
        int v;
        if (!rj_int(j, e, &v) || v < 1 || v > f->n) {
            free(sol);
            return 1;
        }
        sol[i] = (uint8_t)v;
    }
    f->p->solution = sol;
    return 1;
}

/* One diagonal alone is an extra region of its cells. */
static int read_diagonals(fp *f)
{
    int dp = rj_truthy(f->j, io_json_get(f->j, 0, "diagonal+"));
    int dm = rj_truthy(f->j, io_json_get(f->j, 0, "diagonal-"));
    if (dp == dm)
        return 1;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
    for (int i = 0; i < f->n; i++)
        cells[i] = (uint16_t)(dm ? i * f->n + i : (f->n - 1 - i) * f->n + i);
    snprintf(f->where, sizeof f->where, "%s", dm ? "diagonal-" : "diagonal+");
    return rj_add(f, DOKU_CON_REGION, cells, (size_t)f->n, NULL, 0);
}

static int read_globals(fp *f, int white_all)
{
    static const struct {
        const char *key;
        doku_constraint_kind kind;
    } g[] = {{"antiknight", DOKU_CON_ANTI_KNIGHT},
             {"antiking", DOKU_CON_ANTI_KING},
             {"disjointgroups", DOKU_CON_DISJOINT_GROUPS},
             {"nonconsecutive", DOKU_CON_NON_CONSECUTIVE}};
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
        if (!rj_truthy(f->j, io_json_get(f->j, 0, g[i].key)))
            continue;
        snprintf(f->where, sizeof f->where, "%s", g[i].key);
        doku_constraint_kind kind = g[i].kind;
        if (kind == DOKU_CON_NON_CONSECUTIVE &&
            (first_item(f, "difference") >= 0 || first_item(f, "ratio") >= 0)) {
            /* with dots, f-puzzles' rule spares the dotted pairs: the
             * negative white-dot rule */
            if (white_all)
                continue;
            kind = DOKU_CON_KROPKI_WHITE_ALL;
        }
        if (!rj_add(f, kind, NULL, 0, NULL, 0))
            return 0;
    }
    return 1;
}

int vp_read_fpuzzles(doku_variant_puzzle *p, const io_json *j, char *msg, size_t cap,
                     doku_status *st)
{
    fp f = {"f-puzzles", j, p, 0, msg, cap, st, ""};
    if (j->nodes[0].type != IO_JSON_OBJECT) {
        snprintf(msg, cap, "f-puzzles data is no JSON object");
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    vp_decl d;
    memset(&d, 0, sizeof d);
    int white_all = 0;
    if (!refuse_unknown(&f) || !read_shape(&f, &d) || !vp_begin(p, &d, msg, cap, st) ||
        !read_givens(&f) || !read_solution(&f) || !read_diagonals(&f) ||
        !read_cages(&f, "killercage", DOKU_CON_CAGE) || !read_little_killers(&f) ||
        !read_edge_sums(&f, "sandwichsum", DOKU_CON_SANDWICH) ||
        !read_edge_sums(&f, "xsum", DOKU_CON_XSUM) ||
        !read_cages(&f, "extraregion", DOKU_CON_REGION) ||
        !read_lines(&f, "thermometer", DOKU_CON_THERMO) || !read_arrows(&f) ||
        !read_lines(&f, "whispers", DOKU_CON_WHISPER) ||
        !read_lines(&f, "renban", DOKU_CON_RENBAN) ||
        !read_lines(&f, "palindrome", DOKU_CON_PALINDROME) ||
        !read_lines(&f, "betweenline", DOKU_CON_BETWEEN) ||
        !read_lines(&f, "regionsumline", DOKU_CON_REGION_SUM) ||
        !read_pairs(&f, "difference") || !read_pairs(&f, "ratio") || !read_pairs(&f, "xv") ||
        !read_marks(&f, "minimum", DOKU_CON_MINIMUM) ||
        !read_marks(&f, "maximum", DOKU_CON_MAXIMUM) ||
        !read_marks(&f, "odd", DOKU_CON_ODD) || !read_marks(&f, "even", DOKU_CON_EVEN) ||
        !read_quadruples(&f) || !read_negative(&f, &white_all) || !read_globals(&f, white_all))
        return 0;
    /* the title and author say nothing about the rules, but a link
     * written back carries them */
    const char *title = io_json_str(j, io_json_get(j, 0, "title"));
    const char *author = io_json_str(j, io_json_get(j, 0, "author"));
    /* SudokuPad's f-puzzles keeps them as cells-less cages: "title: ..." */
    int cages = io_json_get(j, 0, "cage");
    for (int e = cages >= 0 ? j->nodes[cages].first : -1; e >= 0; e = j->nodes[e].next) {
        const char *v = is_meta_cage(j, e) ? io_json_str(j, io_json_get(j, e, "value")) : NULL;
        if (v && !title && !strncmp(v, "title: ", 7))
            title = v + 7;
        else if (v && !author && !strncmp(v, "author: ", 8))
            author = v + 8;
    }
    return (!title || vp_set_words(&p->title, title, strlen(title), st)) &&
           (!author || vp_set_words(&p->author, author, strlen(author), st));
}
