/*
 * record_grid.c — turns a record back into a grid. The records carry the
 * puzzle as its line form and the outcome in a command-specific field, so
 * this file knows the few shapes they take: solve's rows of numbers,
 * generate's solution line, a player's "entries" line (the web page's
 * export), explain's steps (their placements fill cells,
 * their eliminations thin candidates). Candidates start as every digit no
 * peer holds, from the shape's peer table (public API).
 */
#include "record_grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void record_grid_free(record_grid *g)
{
    free(g->value);
    free(g->kind);
    free(g->cands);
    free(g->region);
    memset(g, 0, sizeof *g);
}

int record_cell_index(const char *name, int n)
{
    int r = 0, c = 0, used = 0;
    if (sscanf(name, "r%dc%d%n", &r, &c, &used) != 2 || name[used] || r < 1 || c < 1 || r > n ||
        c > n)
        return -1;
    return (r - 1) * n + (c - 1);
}

/* The value of symbol ch in a side-n line form, 0 for an empty mark,
 * -1 for a character that is neither. */
static int symbol_value(int n, doku_symbols symbols, char ch)
{
    for (int v = 1; v <= n; v++)
        if (doku_symbol(n, symbols, v) == ch)
            return v;
    return strchr(".0-*_x", ch) ? 0 : -1;
}

static int parse_line(const char *line, int n, doku_symbols symbols, uint8_t *out)
{
    size_t cells = (size_t)n * (size_t)n;
    if (strlen(line) == cells) {
        for (size_t i = 0; i < cells; i++) {
            int v = symbol_value(n, symbols, line[i]);
            if (v < 0)
                return -1;
            out[i] = (uint8_t)v;
        }
        return 0;
    }
    /* large grids: numbers separated by spaces or commas, '.' or 0 empty */
    const char *p = line;
    for (size_t i = 0; i < cells; i++) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == '.') {
            out[i] = 0;
            p++;
            continue;
        }
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v > n)
            return -1;
        out[i] = (uint8_t)v;
        p = end;
    }
    return 0;
}

/* Rows of numbers ([[5,3,...],...]) into out. */
static int parse_rows(const cJSON *rows, int n, uint8_t *out)
{
    if (!cJSON_IsArray(rows) || cJSON_GetArraySize(rows) != n)
        return -1;
    int r = 0;
    for (const cJSON *row = rows->child; row; row = row->next, r++) {
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != n)
            return -1;
        int c = 0;
        for (const cJSON *v = row->child; v; v = v->next, c++) {
            if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > n)
                return -1;
            out[r * n + c] = (uint8_t)v->valuedouble;
        }
    }
    return 0;
}

static void fill_regions(record_grid *g, const doku_shape *s)
{
    int cells = g->n * g->n;
    for (int i = 0; i < cells; i++)
        g->region[i] = 0;
    for (int u = 0; u < doku_shape_unit_count(s); u++) {
        doku_unit_kind k = doku_shape_unit_kind(s, u);
        if (k != DOKU_UNIT_BOX && k != DOKU_UNIT_REGION)
            continue;
        const uint16_t *uc = doku_shape_unit_cells(s, u);
        /* jigsaw regions replace the boxes; with --keep-boxes both are
         * there and the regions, listed later, are drawn */
        for (int j = 0; uc && j < g->n; j++)
            g->region[uc[j]] = u + 1;
    }
}

/* Every digit no filled peer holds, for each open cell. */
static void basic_candidates(record_grid *g, const doku_shape *s)
{
    int cells = g->n * g->n;
    uint64_t all = g->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << g->n) - 1);
    for (int i = 0; i < cells; i++) {
        if (g->value[i]) {
            g->cands[i] = 0;
            continue;
        }
        uint64_t m = all;
        int count = 0;
        const uint16_t *peers = doku_shape_peers(s, i, &count);
        for (int k = 0; k < count; k++)
            if (g->value[peers[k]])
                m &= ~((uint64_t)1 << (g->value[peers[k]] - 1));
        g->cands[i] = m;
    }
}

static void place(record_grid *g, const doku_shape *s, int cell, int digit)
{
    g->value[cell] = (uint8_t)digit;
    if (g->kind[cell] == RG_EMPTY)
        g->kind[cell] = RG_SOLVED;
    g->cands[cell] = 0;
    int count = 0;
    const uint16_t *peers = doku_shape_peers(s, cell, &count);
    for (int k = 0; k < count; k++)
        g->cands[peers[k]] &= ~((uint64_t)1 << (digit - 1));
}

/* Applies the placements and eliminations of a steps array. */
static void apply_steps(record_grid *g, const doku_shape *s, const cJSON *steps)
{
    for (const cJSON *st = steps ? steps->child : NULL; st; st = st->next) {
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(st, "placements");
        for (const cJSON *p = pl ? pl->child : NULL; p; p = p->next) {
            const cJSON *cell = cJSON_GetObjectItemCaseSensitive(p, "cell");
            const cJSON *digit = cJSON_GetObjectItemCaseSensitive(p, "digit");
            int i = cJSON_IsString(cell) ? record_cell_index(cell->valuestring, g->n) : -1;
            if (i >= 0 && cJSON_IsNumber(digit) && digit->valueint >= 1 && digit->valueint <= g->n)
                place(g, s, i, digit->valueint);
        }
        const cJSON *el = cJSON_GetObjectItemCaseSensitive(st, "eliminations");
        for (const cJSON *e = el ? el->child : NULL; e; e = e->next) {
            const cJSON *cell = cJSON_GetObjectItemCaseSensitive(e, "cell");
            const cJSON *digit = cJSON_GetObjectItemCaseSensitive(e, "digit");
            int i = cJSON_IsString(cell) ? record_cell_index(cell->valuestring, g->n) : -1;
            if (i >= 0 && cJSON_IsNumber(digit) && digit->valueint >= 1 && digit->valueint <= g->n)
                g->cands[i] &= ~((uint64_t)1 << (digit->valueint - 1));
        }
    }
}

static const char *string_of(const cJSON *rec, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int record_grid_build(record_grid *g, const doku_shape *shape, const cJSON *rec,
                      doku_symbols symbols, char *why, size_t cap)
{
    memset(g, 0, sizeof *g);
    int n = doku_shape_n(shape);
    size_t cells = (size_t)n * (size_t)n;
    g->n = n;
    g->value = calloc(cells, 1);
    g->kind = calloc(cells, 1);
    g->cands = calloc(cells, sizeof *g->cands);
    g->region = calloc(cells, sizeof *g->region);
    uint8_t *tmp = calloc(cells, 1);
    if (!g->value || !g->kind || !g->cands || !g->region || !tmp) {
        free(tmp);
        record_grid_free(g);
        snprintf(why, cap, "out of memory");
        return -1;
    }
    fill_regions(g, shape);
    const char *puzzle = string_of(rec, "reduced");
    if (!puzzle)
        puzzle = string_of(rec, "puzzle");
    if (!puzzle || parse_line(puzzle, n, symbols, g->value) != 0) {
        free(tmp);
        record_grid_free(g);
        snprintf(why, cap, "the record holds no %dx%d puzzle", n, n);
        return -1;
    }
    for (size_t i = 0; i < cells; i++)
        g->kind[i] = g->value[i] ? RG_GIVEN : RG_EMPTY;

    /* givens that clash are drawn red, whatever the command */
    size_t nc = 0;
    doku_find_conflicts(shape, g->value, cells, NULL, 0, &nc);
    if (nc > 0) {
        doku_conflict *cf = calloc(nc, sizeof *cf);
        if (cf && doku_find_conflicts(shape, g->value, cells, cf, nc, NULL) == DOKU_OK)
            for (size_t k = 0; k < nc; k++)
                g->kind[cf[k].cell_a] = g->kind[cf[k].cell_b] = RG_CONFLICT;
        free(cf);
    }

    /* the solution, where the record has one */
    const cJSON *sol = cJSON_GetObjectItemCaseSensitive(rec, "solution");
    const cJSON *sols = cJSON_GetObjectItemCaseSensitive(rec, "solutions");
    int have = 0;
    if (cJSON_IsArray(sol))
        have = parse_rows(sol, n, tmp) == 0;
    else if (cJSON_IsString(sol))
        have = parse_line(sol->valuestring, n, symbols, tmp) == 0;
    else if (cJSON_IsArray(sols) && sols->child)
        have = parse_rows(sols->child, n, tmp) == 0;
    if (have && nc <= 0)
        for (size_t i = 0; i < cells; i++)
            if (!g->value[i] && tmp[i]) {
                g->value[i] = tmp[i];
                g->kind[i] = RG_SOLVED;
            }

    /* a player's own digits (the page's export), where no solution is */
    const char *entries = string_of(rec, "entries");
    if (entries && parse_line(entries, n, symbols, tmp) == 0)
        for (size_t i = 0; i < cells; i++)
            if (!g->value[i] && tmp[i]) {
                g->value[i] = tmp[i];
                g->kind[i] = RG_SOLVED;
            }
    free(tmp);

    /* explain's steps fill cells; where the run stopped, show candidates */
    const char *status = string_of(rec, "status");
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(rec, "steps");
    int stopped = status && (!strcmp(status, "gave_up") || !strcmp(status, "stuck"));
    if (nc <= 0 && (stopped || cJSON_IsArray(steps))) {
        basic_candidates(g, shape);
        apply_steps(g, shape, steps);
        if (stopped)
            for (size_t i = 0; i < cells; i++)
                if (!g->value[i])
                    g->kind[i] = RG_CANDIDATES;
    }
    return 0;
}
