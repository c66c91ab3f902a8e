/*
 * sheet.c — the workbook model every reader fills, A1 cell names, and
 * what a cell's text is worth as a digit. The search for puzzles on a
 * sheet is sheet_find.c.
 */
#include "sheet.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wb_sheet *wb_book_add_sheet(wb_book *b, const char *name, size_t len)
{
    if (b->count == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 4;
        wb_sheet *p = realloc(b->sheets, cap * sizeof *p);
        if (!p)
            return NULL;
        b->sheets = p;
        b->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return NULL;
    memcpy(copy, name, len);
    copy[len] = '\0';
    wb_sheet *s = &b->sheets[b->count++];
    memset(s, 0, sizeof *s);
    s->name = copy;
    return s;
}

void wb_book_clear(wb_book *b)
{
    for (size_t i = 0; i < b->count; i++) {
        wb_sheet *s = &b->sheets[i];
        for (size_t k = 0; k < s->count; k++)
            free(s->cells[k].text);
        free(s->cells);
        free(s->name);
    }
    free(b->sheets);
    memset(b, 0, sizeof *b);
}

/* Appends a cell (text owned by the sheet from now on, or NULL).
 * @return 0, -1 when out of memory. */
static int push_cell(wb_sheet *s, uint32_t row, uint32_t col, char *text, unsigned flags,
                     uint64_t look, unsigned edges)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        wb_cell *p = realloc(s->cells, cap * sizeof *p);
        if (!p)
            return -1;
        s->cells = p;
        s->cap = cap;
    }
    s->cells[s->count++] = (wb_cell){row, col, text, flags, look, edges};
    if (flags == WB_CELL_STYLED)
        s->styled++;
    return 0;
}

uint64_t wb_look_make(int bold, int has_color, uint32_t color, int has_fill, uint32_t fill)
{
    uint64_t look = 0;
    if (bold)
        look |= WB_LOOK_BOLD;
    if (has_color)
        look |= WB_LOOK_COLOR | (uint64_t)(color & 0xFFFFFF) << 24;
    if (has_fill)
        look |= WB_LOOK_FILL | (fill & 0xFFFFFF);
    return look;
}

int wb_sheet_add(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len)
{
    return wb_sheet_add_look(s, row, col, text, len, 0);
}

int wb_sheet_add_look(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len,
                      uint64_t look)
{
    return wb_sheet_add_edged(s, row, col, text, len, look, 0);
}

int wb_sheet_add_edged(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len,
                       uint64_t look, unsigned edges)
{
    size_t lead = 0;
    while (text && lead < len && text[lead] && isspace((unsigned char)text[lead]))
        lead++;
    if (!text || lead == len || !text[lead]) {
        if (!edges || s->styled >= WB_MAX_STYLED)
            return 0;
        return push_cell(s, row, col, NULL, WB_CELL_STYLED, 0, edges);
    }
    if (s->count - s->styled >= WB_MAX_CELLS)
        return -1;
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    if (push_cell(s, row, col, copy, 0, look, edges) != 0) {
        free(copy);
        return -1;
    }
    return 0;
}

int wb_sheet_add_empty(wb_sheet *s, uint32_t row, uint32_t col, unsigned flags)
{
    if (flags == WB_CELL_STYLED && s->styled >= WB_MAX_STYLED)
        return 0;
    if (s->count - s->styled >= WB_MAX_CELLS && flags != WB_CELL_STYLED)
        return -1;
    return push_cell(s, row, col, NULL, flags, 0, 0);
}

void wb_number_text(double v, char *buf)
{
    if (isfinite(v) && v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, 32, "%.0f", v);
    else
        snprintf(buf, 32, "%.15g", v);
}

int wb_sheet_add_number(wb_sheet *s, uint32_t row, uint32_t col, double v)
{
    return wb_sheet_add_number_look(s, row, col, v, 0);
}

int wb_sheet_add_number_look(wb_sheet *s, uint32_t row, uint32_t col, double v, uint64_t look)
{
    char buf[32];
    wb_number_text(v, buf);
    return wb_sheet_add_look(s, row, col, buf, strlen(buf), look);
}

static int cell_order(const void *a, const void *b)
{
    const wb_cell *x = a, *y = b;
    if (x->row != y->row)
        return x->row < y->row ? -1 : 1;
    return x->col < y->col ? -1 : x->col > y->col;
}

void wb_sheet_sort(wb_sheet *s)
{
    /* A cell given twice comes only from a malformed file: one is kept. */
    if (s->count < 2)
        return;
    qsort(s->cells, s->count, sizeof *s->cells, cell_order);
    size_t out = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (out && s->cells[out - 1].row == s->cells[i].row &&
            s->cells[out - 1].col == s->cells[i].col) {
            wb_cell *kept = &s->cells[out - 1], *next = &s->cells[i];
            if (kept->flags == WB_CELL_STYLED)
                s->styled--;
            if (next->flags == WB_CELL_STYLED)
                s->styled--;
            /* the text wins over a flagged empty; of two, the later; the
             * borders either names are the cell's */
            unsigned edges = kept->edges | next->edges;
            if (kept->text && !next->text) {
                kept->edges = edges;
                continue;
            }
            free(kept->text);
            *kept = *next;
            kept->edges = edges;
            if (kept->flags == WB_CELL_STYLED)
                s->styled++;
            continue;
        }
        s->cells[out++] = s->cells[i];
    }
    s->count = out;
}

const wb_cell *wb_sheet_cell(const wb_sheet *s, uint32_t row, uint32_t col)
{
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const wb_cell *c = &s->cells[mid];
        if (c->row < row || (c->row == row && c->col < col))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < s->count && s->cells[lo].row == row && s->cells[lo].col == col)
        return &s->cells[lo];
    return NULL;
}

void wb_sheet_set_look(wb_sheet *s, uint32_t row, uint32_t col, uint64_t look)
{
    wb_cell *c = (wb_cell *)wb_sheet_cell(s, row, col);   /* the sheet is the caller's */
    if (c && c->text)
        c->look = look;
}

void wb_sheet_set_edges(wb_sheet *s, uint32_t row, uint32_t col, unsigned edges)
{
    wb_cell *c = (wb_cell *)wb_sheet_cell(s, row, col);   /* the sheet is the caller's */
    if (c)
        c->edges = edges;
}

const char *wb_sheet_text(const wb_sheet *s, uint32_t row, uint32_t col)
{
    const wb_cell *c = wb_sheet_cell(s, row, col);
    return c ? c->text : NULL;
}

/* ---- A1 names ----------------------------------------------------------- */

void wb_cell_name(uint32_t row, uint32_t col, char *buf)
{
    char letters[8];
    int k = 0;
    uint32_t c = col + 1;
    while (c > 0 && k < 7) {
        c--;
        letters[k++] = (char)('A' + c % 26);
        c /= 26;
    }
    int o = 0;
    while (k > 0)
        buf[o++] = letters[--k];
    snprintf(buf + o, 16 - (size_t)o, "%lu", (unsigned long)row + 1);
}

int wb_parse_cell(const char **p, uint32_t *row, uint32_t *col)
{
    const char *s = *p;
    if (*s == '$')
        s++;
    uint64_t c = 0;
    int letters = 0;
    while (isalpha((unsigned char)*s) && letters < 4) {
        c = c * 26 + (uint64_t)(toupper((unsigned char)*s) - 'A' + 1);
        s++;
        letters++;
    }
    if (!letters || isalpha((unsigned char)*s))
        return -1;
    if (*s == '$')
        s++;
    uint64_t r = 0;
    int digits = 0;
    while (isdigit((unsigned char)*s) && digits < 8) {
        r = r * 10 + (uint64_t)(*s - '0');
        s++;
        digits++;
    }
    if (!digits || isdigit((unsigned char)*s) || r < 1 || r > WB_MAX_ROWS || c > WB_MAX_COLS)
        return -1;
    *row = (uint32_t)(r - 1);
    *col = (uint32_t)(c - 1);
    *p = s;
    return 0;
}

int wb_parse_range(const char *text, char *sheet, size_t cap, wb_range *out)
{
    if (cap)
        sheet[0] = '\0';
    const char *bang = strrchr(text, '!');
    const char *p = text;
    if (bang) {
        const char *a = text, *b = bang;
        if (b - a >= 2 && *a == '\'' && b[-1] == '\'') {
            a++;
            b--;
        }
        size_t len = (size_t)(b - a);
        if (len == 0 || len >= cap)
            return -1;
        /* '' inside a quoted name is one quote */
        size_t o = 0;
        for (const char *q = a; q < b; q++) {
            sheet[o++] = *q;
            if (*q == '\'' && q + 1 < b && q[1] == '\'')
                q++;
        }
        sheet[o] = '\0';
        p = bang + 1;
    }
    wb_range r;
    if (wb_parse_cell(&p, &r.r0, &r.c0) != 0 || *p != ':')
        return -1;
    p++;
    if (wb_parse_cell(&p, &r.r1, &r.c1) != 0 || *p)
        return -1;
    if (r.r1 < r.r0) {
        uint32_t t = r.r0;
        r.r0 = r.r1;
        r.r1 = t;
    }
    if (r.c1 < r.c0) {
        uint32_t t = r.c0;
        r.c0 = r.c1;
        r.c1 = t;
    }
    *out = r;
    return 0;
}

static int needs_quotes(const char *name)
{
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.')
            return 1;
    return 0;
}

void wb_range_name(const char *sheet, const wb_range *r, char *buf, size_t cap)
{
    char a[16], b[16];
    wb_cell_name(r->r0, r->c0, a);
    wb_cell_name(r->r1, r->c1, b);
    size_t o = 0;
    if (sheet && *sheet) {
        int q = needs_quotes(sheet);
        if (q && o + 1 < cap)
            buf[o++] = '\'';
        for (const char *p = sheet; *p && o + 2 < cap; p++) {
            buf[o++] = *p;
            if (*p == '\'' && o + 2 < cap)
                buf[o++] = '\'';
        }
        if (q && o + 1 < cap)
            buf[o++] = '\'';
        if (o + 1 < cap)
            buf[o++] = '!';
    }
    if (o < cap)
        snprintf(buf + o, cap - o, "%s:%s", a, b);
    else if (cap)
        buf[cap - 1] = '\0';
}

/* ---- values ------------------------------------------------------------ */

int wb_cell_value(const char *text, int n, int alphabet)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 0)
        return 0;
    if (len == 1 && strchr(".-_*", text[0]))
        return 0;
    int all_digits = 1;
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)text[i]))
            all_digits = 0;
    if (all_digits) {
        if (len > 3)
            return -1;
        int v = atoi(text);
        if (alphabet == WB_ZERO_BASED)
            return v < n ? v + 1 : -1;
        if (v == 0)
            return 0;
        return v <= n ? v : -1;
    }
    /* a letter: A = 1 (letters only), else the alphabet beyond 9 (A = 10,
     * or A = 11 when 0 is a digit) */
    if (len == 1 && isalpha((unsigned char)text[0])) {
        int a = toupper((unsigned char)text[0]) - 'A';
        if (alphabet == WB_LETTERS)
            return a + 1 <= n ? a + 1 : -1;
        int v = a + (alphabet == WB_ZERO_BASED ? 11 : 10);
        return n > 9 && v <= n ? v : -1;
    }
    return -1;
}
