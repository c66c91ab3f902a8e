/*
 * record.c — a JSON record (cJSON) back into cells, steps and caption
 * facts.
 *
 * The one design idea: the record's line forms are read in the alphabet
 * the CLI wrote them in. With --symbols that is known; otherwise the
 * alphabets the CLI writes are tried in its own order of preference and
 * the first that reads every cell wins (a 16x16 written 0-9A-Z holds a
 * '0', which 1-9A-Z does not read). Chains have no link list in the
 * record, but their sentence writes every link as "A -> B": the links
 * are read from there.
 */
#include "record.h"

#include "doku_constraints.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *rd_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t len = strlen(s) + 1;
    char *d = malloc(len);
    if (d)
        memcpy(d, s, len);
    return d;
}

static const char *str_field(const cJSON *o, const char *name)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(f) ? f->valuestring : NULL;
}

const char *rd_symbol(const rd_record *r, int v, char *buf)
{
    if (r->symbols == RD_DECIMAL || r->n > 35)
        snprintf(buf, 4, "%d", v);
    else {
        buf[0] = doku_symbol(r->n, (doku_symbols)r->symbols, v);
        buf[1] = '\0';
    }
    return buf;
}

/* Reads a line form in one alphabet. @return 0, or -1 if a cell is not
 * a symbol of it or the count is not n*n. */
static int read_line_in(const char *s, int n, doku_symbols sym, uint8_t *cells)
{
    int k = 0, ncells = n * n;
    char table[256];
    memset(table, 0, sizeof table);
    for (int v = 1; v <= n; v++) {
        unsigned char c = (unsigned char)doku_symbol(n, sym, v);
        if (c == '.')
            return -1;
        table[c] = (char)v;
    }
    for (; *s; s++) {
        if (k == ncells)
            return -1;
        unsigned char c = (unsigned char)*s;
        if (c == '.')
            cells[k++] = 0;
        else if (table[c])
            cells[k++] = (uint8_t)table[c];
        else
            return -1;
    }
    return k == ncells ? 0 : -1;
}

/* Space-separated decimals, '.' or 0 for empty. */
static int read_decimal(const char *s, int n, uint8_t *cells)
{
    int k = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        if (k == n * n)
            return -1;
        if (*s == '.') {
            cells[k++] = 0;
            s++;
            continue;
        }
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0 || v > n)
            return -1;
        cells[k++] = (uint8_t)v;
        s = end;
    }
    return k == n * n ? 0 : -1;
}

/* Reads a line form, settling the record's alphabet on first use. */
static int read_cells(rd_record *r, doku_symbols asked, const char *s, uint8_t *cells)
{
    if (r->symbols == RD_DECIMAL || strchr(s, ' ')) {
        r->symbols = RD_DECIMAL;
        return read_decimal(s, r->n, cells);
    }
    if (r->symbols > 0)
        return read_line_in(s, r->n, (doku_symbols)r->symbols, cells);
    static const doku_symbols order[] = {DOKU_SYMBOLS_1_9A_Z, DOKU_SYMBOLS_0_9A_Z,
                                         DOKU_SYMBOLS_A_Z};
    if (asked != DOKU_SYMBOLS_AUTO && read_line_in(s, r->n, asked, cells) == 0) {
        r->symbols = asked;
        return 0;
    }
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (read_line_in(s, r->n, order[i], cells) == 0) {
            r->symbols = order[i];
            return 0;
        }
    return -1;
}

/* "r4c7" -> cell index, or -1. *end is set past the name. */
static int cell_of_name(const rd_record *r, const char *s, const char **end)
{
    if (*s != 'r' || !isdigit((unsigned char)s[1]))
        return -1;
    char *e;
    long row = strtol(s + 1, &e, 10);
    if (*e != 'c' || !isdigit((unsigned char)e[1]))
        return -1;
    long col = strtol(e + 1, &e, 10);
    if (row < 1 || row > r->n || col < 1 || col > r->n)
        return -1;
    if (end)
        *end = e;
    return (int)((row - 1) * r->n + (col - 1));
}

/* A list of {"cell","digit"} items. @return 0 or -1 (bad item). */
static int read_cands(const rd_record *r, const cJSON *list, rd_cand **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    if (!cJSON_IsArray(list))
        return 0;
    int len = cJSON_GetArraySize(list);
    if (len == 0)
        return 0;
    *out = calloc((size_t)len, sizeof **out);
    if (!*out)
        return -1;
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        const char *name = str_field(it, "cell");
        int cell = name ? cell_of_name(r, name, NULL) : -1;
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(it, "digit");
        int digit = cJSON_IsNumber(d) ? d->valueint : 0;
        if (cell < 0 || digit < 0 || digit > r->n)
            return -1;
        (*out)[*count].cell = cell;
        (*out)[(*count)++].digit = digit;
    }
    return 0;
}

/* A chain node "rNcM=D" or "rNcM<>D" at s. @return 1 and the node, or 0. */
static int read_node(const rd_record *r, const char *s, rd_cand *c, int *on, const char **end)
{
    const char *e;
    int cell = cell_of_name(r, s, &e);
    if (cell < 0)
        return 0;
    if (*e == '=')
        *on = 1, e++;
    else if (e[0] == '<' && e[1] == '>')
        *on = 0, e += 2;
    else
        return 0;
    char *de;
    long d = strtol(e, &de, 10);
    if (de == e || d < 1 || d > r->n)
        return 0;
    c->cell = cell;
    c->digit = (int)d;
    *end = de;
    return 1;
}

/* The links "A -> B" of a step's sentence. */
static int read_links(const rd_record *r, rd_step *st)
{
    size_t cap = 0;
    rd_cand prev = {0, 0};
    const char *prev_end = NULL;
    for (const char *s = st->text; s && *s; s++) {
        if (*s != 'r' || (s > st->text && isalnum((unsigned char)s[-1])))
            continue;
        rd_cand c;
        int on;
        const char *end;
        if (!read_node(r, s, &c, &on, &end))
            continue;
        if (prev_end && s - prev_end == 4 && !strncmp(prev_end, " -> ", 4)) {
            if (st->nlinks == cap) {
                cap = cap ? cap * 2 : 16;
                rd_link *m = realloc(st->links, cap * sizeof *m);
                if (!m)
                    return -1;
                st->links = m;
            }
            st->links[st->nlinks++] = (rd_link){prev, c, on};
        }
        prev = c;
        prev_end = end;
        s = end - 1;
    }
    return 0;
}

static int read_step(const rd_record *r, const cJSON *o, rd_step *st)
{
    st->technique = rd_strdup(str_field(o, "technique"));
    st->text = rd_strdup(str_field(o, "text"));
    const cJSON *rt = cJSON_GetObjectItemCaseSensitive(o, "rating");
    st->rating = cJSON_IsNumber(rt) ? rt->valuedouble : -1;
    if (read_cands(r, cJSON_GetObjectItemCaseSensitive(o, "placements"), &st->place, &st->nplace) ||
        read_cands(r, cJSON_GetObjectItemCaseSensitive(o, "eliminations"), &st->elim, &st->nelim) ||
        read_cands(r, cJSON_GetObjectItemCaseSensitive(o, "proof"), &st->proof, &st->nproof))
        return -1;
    return read_links(r, st);
}

/* Check records: the cells of every conflict. */
static int read_conflicts(rd_record *r, const cJSON *list)
{
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) == 0)
        return 0;
    r->conflict = calloc((size_t)r->n * (size_t)r->n, 1);
    if (!r->conflict)
        return -1;
    const cJSON *it, *c;
    cJSON_ArrayForEach(it, list) {
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(it, "cells")) {
            int cell = cJSON_IsString(c) ? cell_of_name(r, c->valuestring, NULL) : -1;
            if (cell >= 0)
                r->conflict[cell] = 1;
        }
    }
    return 0;
}

/* "constraints": each {"kind": keyword, "cells": ["r1c1", ...], "params":
 * [numbers]}. A kind this build does not know is an error: a picture
 * that silently left a rule out would show another puzzle. */
static int read_constraints(rd_record *r, const cJSON *list, const char **bad)
{
    if (!cJSON_IsArray(list))
        return 0;
    int count = cJSON_GetArraySize(list);
    if (count <= 0)
        return 0;
    r->cons = calloc((size_t)count, sizeof *r->cons);
    if (!r->cons) {
        *bad = "out of memory";
        return -1;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, list) {
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(it, "kind");
        const cJSON *cells = cJSON_GetObjectItemCaseSensitive(it, "cells");
        const cJSON *params = cJSON_GetObjectItemCaseSensitive(it, "params");
        rd_constraint *c = &r->cons[r->ncons++];
        c->kind = cJSON_IsString(kind) ? (int)doku_constraint_kind_from_key(kind->valuestring)
                                       : DOKU_CON_NONE;
        if (c->kind == DOKU_CON_NONE) {
            *bad = "a constraint of the record has no kind this doku draws";
            return -1;
        }
        int nc = cJSON_IsArray(cells) ? cJSON_GetArraySize(cells) : 0;
        int np = cJSON_IsArray(params) ? cJSON_GetArraySize(params) : 0;
        c->cells = malloc(sizeof(int) * (size_t)(nc + np + 1));
        if (!c->cells) {
            *bad = "out of memory";
            return -1;
        }
        c->params = c->cells + nc;
        const cJSON *v;
        cJSON_ArrayForEach(v, cells) {
            int cell = cJSON_IsString(v) ? cell_of_name(r, v->valuestring, NULL) : -1;
            if (cell < 0) {
                *bad = "a constraint of the record names no cell of its shape";
                return -1;
            }
            c->cells[c->ncells++] = cell;
        }
        cJSON_ArrayForEach(v, params) {
            if (!cJSON_IsNumber(v)) {
                *bad = "a constraint's params are not numbers";
                return -1;
            }
            c->params[c->nparams++] = v->valueint;
        }
    }
    return 0;
}

/* A solution as a line form (generate) or rows of numbers (solve). */
static int read_solution(rd_record *r, doku_symbols asked, const cJSON *f)
{
    size_t ncells = (size_t)r->n * (size_t)r->n;
    if (!f || !(cJSON_IsString(f) || cJSON_IsArray(f)))
        return 0;
    r->solution = calloc(ncells, 1);
    if (!r->solution)
        return -1;
    if (cJSON_IsString(f))
        return read_cells(r, asked, f->valuestring, r->solution);
    size_t k = 0;
    const cJSON *row, *v;
    cJSON_ArrayForEach(row, f) {
        cJSON_ArrayForEach(v, row) {
            if (k == ncells || !cJSON_IsNumber(v) || v->valueint < 0 || v->valueint > r->n)
                return -1;
            r->solution[k++] = (uint8_t)v->valueint;
        }
    }
    return k == ncells ? 0 : -1;
}

/* "entries" (the web page's export): a player's digits as a line form,
 * laid into the puzzle's empty cells; a given is never overwritten. */
static int read_entries(rd_record *r, doku_symbols asked, const cJSON *f)
{
    if (!cJSON_IsString(f))
        return 0;
    size_t ncells = (size_t)r->n * (size_t)r->n;
    uint8_t *mine = calloc(ncells, 1);
    r->played = malloc(ncells);
    if (!mine || !r->played || read_cells(r, asked, f->valuestring, mine) != 0) {
        free(mine);
        return -1;
    }
    for (size_t i = 0; i < ncells; i++)
        r->played[i] = r->puzzle[i] ? r->puzzle[i] : mine[i];
    free(mine);
    return 0;
}

/* cJSON keeps numbers as doubles, which cannot hold every 64-bit seed:
 * the seed is read from the record's text. @return 1 if found. */
static int read_seed(const char *json, size_t len, uint64_t *seed)
{
    static const char key[] = "\"seed\":";
    size_t klen = sizeof key - 1;
    for (size_t i = 0; i + klen < len; i++)
        if (!memcmp(json + i, key, klen)) {
            size_t j = i + klen;
            while (j < len && json[j] == ' ')
                j++;
            if (j < len && json[j] == '"')
                j++;
            uint64_t v = 0;
            int digits = 0;
            for (; j < len && json[j] >= '0' && json[j] <= '9'; j++, digits++)
                v = v * 10 + (uint64_t)(json[j] - '0');
            *seed = v;
            return digits > 0;
        }
    return 0;
}

int rd_record_parse(rd_record *r, const doku_shape *shape, doku_symbols symbols,
                    const char *json, size_t len, char *why, size_t cap)
{
    memset(r, 0, sizeof *r);
    r->shape = shape;
    r->n = doku_shape_n(shape);
    r->rating = -1;
    cJSON *o = cJSON_ParseWithLength(json, len);
    if (!o || !cJSON_IsObject(o)) {
        snprintf(why, cap, "not a JSON record");
        cJSON_Delete(o);
        return -1;
    }
    const char *bad = NULL;
    const char *puzzle = str_field(o, "puzzle");
    r->puzzle = calloc((size_t)r->n * (size_t)r->n, 1);
    if (!r->puzzle)
        bad = "out of memory";
    else if (!puzzle || read_cells(r, symbols, puzzle, r->puzzle) != 0)
        bad = "the record's \"puzzle\" is not a grid of its shape";
    else if (read_solution(r, symbols, cJSON_GetObjectItemCaseSensitive(o, "solution")) != 0)
        bad = "the record's \"solution\" is not a grid of its shape";
    else if (read_entries(r, symbols, cJSON_GetObjectItemCaseSensitive(o, "entries")) != 0)
        bad = "the record's \"entries\" are not a grid of its shape";
    else if (read_conflicts(r, cJSON_GetObjectItemCaseSensitive(o, "conflicts")) != 0)
        bad = "out of memory";
    else
        read_constraints(r, cJSON_GetObjectItemCaseSensitive(o, "constraints"), &bad);
    if (!bad) {
        r->status = rd_strdup(str_field(o, "status"));
        r->message = rd_strdup(str_field(o, "message"));
        r->comment = rd_strdup(str_field(o, "comment"));
        r->file = rd_strdup(str_field(o, "file"));
        r->level = rd_strdup(str_field(o, "difficulty"));
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "line");
        r->line = cJSON_IsNumber(f) ? (long)f->valuedouble : 0;
        f = cJSON_GetObjectItemCaseSensitive(o, "index");
        r->index = cJSON_IsNumber(f) ? (long)f->valuedouble : 0;
        f = cJSON_GetObjectItemCaseSensitive(o, "seed");
        if (cJSON_IsNumber(f) || cJSON_IsString(f)) /* a string: a u64 exceeds a double */
            r->has_seed = read_seed(json, len, &r->seed);
        f = cJSON_GetObjectItemCaseSensitive(o, "rating");
        if (cJSON_IsNumber(f))
            r->rating = f->valuedouble;
        const cJSON *steps = cJSON_GetObjectItemCaseSensitive(o, "steps");
        const cJSON *one = cJSON_GetObjectItemCaseSensitive(o, "step");
        int count = cJSON_IsArray(steps) ? cJSON_GetArraySize(steps) : cJSON_IsObject(one) ? 1 : 0;
        if (count > 0 && !(r->steps = calloc((size_t)count, sizeof *r->steps)))
            bad = "out of memory";
        const cJSON *it;
        if (!bad && cJSON_IsArray(steps)) {
            cJSON_ArrayForEach(it, steps) {
                if (read_step(r, it, &r->steps[r->nsteps++]) != 0) {
                    bad = "a step of the record names no cell of its shape";
                    break;
                }
            }
        } else if (!bad && count == 1 && read_step(r, one, &r->steps[r->nsteps++]) != 0) {
            bad = "the record's step names no cell of its shape";
        }
    }
    cJSON_Delete(o);
    if (bad) {
        snprintf(why, cap, "%s", bad);
        rd_record_free(r);
        return -1;
    }
    return 0;
}

void rd_record_free(rd_record *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nsteps; i++) {
        rd_step *s = &r->steps[i];
        free(s->technique);
        free(s->text);
        free(s->place);
        free(s->elim);
        free(s->proof);
        free(s->links);
    }
    free(r->steps);
    for (size_t i = 0; i < r->ncons; i++)
        free(r->cons[i].cells);
    free(r->cons);
    free(r->puzzle);
    free(r->solution);
    free(r->conflict);
    free(r->played);
    free(r->status);
    free(r->message);
    free(r->comment);
    free(r->file);
    free(r->level);
    memset(r, 0, sizeof *r);
}
