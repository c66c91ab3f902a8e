/*
 * format.c — writes a grid of cells as text: one line, a framed grid,
 * JSON rows, CSV, or the large-grid layouts ("1-16" tokens, hexadoku, Lewis). All output goes through one bounded appender, so every
 * format is snprintf-like: it reports the length it needs and never writes
 * past the caller's buffer.
 */
#include "io_internal.h"
#include "shape_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct out {
    char *buf;
    size_t cap, len;
} out;

static void put(out *o, const char *s, size_t k)
{
    if (o->len < o->cap) {
        size_t room = o->cap - o->len - 1;
        memcpy(o->buf + o->len, s, k < room ? k : room);
    }
    o->len += k;
}

static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }
static void putc_(out *o, char c) { put(o, &c, 1); }

static void put_int(out *o, int v)
{
    char t[16];
    int k = snprintf(t, sizeof t, "%d", v);
    put(o, t, (size_t)k);
}

/* Sides above the alphabet's size are written as decimal tokens. */
static int uses_tokens(int n, doku_symbols symbols)
{
    return n > io_alphabet_size(symbols);
}

static void put_cell(out *o, int n, doku_symbols symbols, int v, int width)
{
    if (!uses_tokens(n, symbols)) {
        putc_(o, v ? io_alphabet(symbols)[v - 1] : '.');
    } else {
        char t[8];
        int k = v ? snprintf(t, sizeof t, "%*d", width, v) : snprintf(t, sizeof t, "%*s", width, ".");
        put(o, t, (size_t)k);
    }
}

static void format_line(out *o, const doku_shape *s, const uint8_t *cells,
                        doku_symbols symbols)
{
    int tokens = uses_tokens(s->n, symbols);
    if (!tokens && o->len + (size_t)s->ncells < o->cap) {
        /* the common case, one symbol per cell, written directly */
        const char *a = io_alphabet(symbols);
        for (int i = 0; i < s->ncells; i++)
            o->buf[o->len + (size_t)i] = cells[i] ? a[cells[i] - 1] : '.';
        o->len += (size_t)s->ncells;
        return;
    }
    for (int i = 0; i < s->ncells; i++) {
        if (tokens && i)
            putc_(o, ' ');
        put_cell(o, s->n, symbols, cells[i], 1);
    }
}

/* Frame segments follow the boxes when there are boxes, else a plain box. */
static void frame_line(out *o, int n, int group, int cell_width)
{
    for (int c = 0; c < n; c++) {
        if (c % group == 0)
            putc_(o, '+');
        for (int k = 0; k < cell_width + 1; k++)
            putc_(o, '-');
        if (c % group == group - 1 || c == n - 1)
            putc_(o, '-');
    }
    puts_(o, "+\n");
}

static void format_grid(out *o, const doku_shape *s, const uint8_t *cells,
                        const uint8_t *givens, const uint8_t *conflicts,
                        doku_symbols symbols, unsigned style)
{
    int n = s->n;
    int gr = s->box_rows ? s->box_rows : n, gc = s->box_cols ? s->box_cols : n;
    int color = (style & DOKU_STYLE_COLOR) != 0;
    int mark = (style & DOKU_STYLE_MARK_FILLED) && givens && !color;
    int digits = n >= 10 ? 2 : 1;
    int width = uses_tokens(n, symbols) ? digits : 1;
    /* Marked cells are three wide: "[5]" given, " 5 " filled. */
    int cell_width = mark ? width + 2 : width;
    for (int r = 0; r < n; r++) {
        if (r % gr == 0)
            frame_line(o, n, gc, cell_width);
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            if (c % gc == 0)
                puts_(o, c ? " |" : "|");
            putc_(o, ' ');
            int is_given = givens && givens[i];
            int is_conflict = conflicts && conflicts[i];
            if (color && is_conflict)
                puts_(o, is_given ? "\033[1;31m" : "\033[31m");
            else if (color && is_given)
                puts_(o, "\033[1m");
            else if (color && givens && cells[i])
                puts_(o, "\033[36m");
            if (mark)
                putc_(o, is_given ? '[' : ' ');
            put_cell(o, n, symbols, cells[i], width);
            if (mark)
                putc_(o, is_given ? ']' : ' ');
            if (color && (is_conflict || is_given || (givens && cells[i])))
                puts_(o, "\033[0m");
        }
        puts_(o, " |\n");
    }
    frame_line(o, n, gc, cell_width);
}

static void format_json(out *o, const doku_shape *s, const uint8_t *cells)
{
    int n = s->n;
    putc_(o, '[');
    for (int r = 0; r < n; r++) {
        putc_(o, '[');
        for (int c = 0; c < n; c++) {
            if (c)
                putc_(o, ',');
            put_int(o, cells[r * n + c]);
        }
        putc_(o, ']');
        if (r < n - 1)
            putc_(o, ',');
    }
    putc_(o, ']');
}

static void format_csv(out *o, const doku_shape *s, const uint8_t *cells)
{
    int n = s->n;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c)
                putc_(o, ',');
            if (cells[r * n + c])
                put_int(o, cells[r * n + c]);
        }
        putc_(o, '\n');
    }
}

/* "1-16" layout: numbers right-aligned to the width of n, one row a line. */
static void format_tokens(out *o, const doku_shape *s, const uint8_t *cells)
{
    int n = s->n, width = n >= 10 ? 2 : 1;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (c)
                putc_(o, ' ');
            char t[8];
            int v = cells[r * n + c];
            int k = v ? snprintf(t, sizeof t, "%*d", width, v) : snprintf(t, sizeof t, "%*s", width, ".");
            put(o, t, (size_t)k);
        }
        putc_(o, '\n');
    }
}

/* Hexadoku layout: the 0-9A-Z alphabet (0 = 1; 1-9 below 10x10), '*'
 * empty, cells grouped by box width, box bands separated by a blank line. */
static void format_hex(out *o, const doku_shape *s, const uint8_t *cells)
{
    int n = s->n;
    if (n > io_alphabet_size(DOKU_SYMBOLS_0_9A_Z)) {
        format_tokens(o, s, cells);
        return;
    }
    int gr = s->box_rows ? s->box_rows : n, gc = s->box_cols ? s->box_cols : n;
    /* Sides up to 9 keep the digits 1-9: the reader takes them as digits. */
    const char *a = io_alphabet(n > 9 ? DOKU_SYMBOLS_0_9A_Z : DOKU_SYMBOLS_1_9A_Z);
    for (int r = 0; r < n; r++) {
        if (r && r % gr == 0)
            putc_(o, '\n');
        for (int c = 0; c < n; c++) {
            /* a group of two symbols such as "43" would read back as the
             * number 43: boxes narrower than 3 are written unbroken */
            if (c && c % gc == 0 && gc > 2)
                putc_(o, ' ');
            int v = cells[r * n + c];
            putc_(o, v ? a[v - 1] : '*');
        }
        putc_(o, '\n');
    }
}

/* Lewis instance layout (as sudoku_acs reads it): the box order (the box
 * side; R for R x C boxes), "1", then rows of tab-ended numbers. */
static void format_lewis(out *o, const doku_shape *s, const uint8_t *cells)
{
    int n = s->n;
    put_int(o, s->box_rows ? s->box_rows : n);
    puts_(o, "\n1\n");
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int v = cells[r * n + c];
            put_int(o, v ? v : -1);
            putc_(o, '\t');
        }
        putc_(o, '\n');
    }
}

doku_status doku_format_cells(const doku_shape *s, const uint8_t *cells, size_t ncells,
                              const uint8_t *givens, const uint8_t *conflicts,
                              doku_format fmt, doku_symbols symbols, unsigned style,
                              char *buf, size_t cap, size_t *len)
{
    out o = {buf, cap, 0};
    if (len)
        *len = 0;
    int bad = !s || !cells || ncells != (size_t)s->ncells || (!buf && cap) ||
              (unsigned)fmt > (unsigned)DOKU_FORMAT_CSV_GRID ||
              (unsigned)symbols > (unsigned)DOKU_SYMBOLS_A_Z;
    for (int i = 0; !bad && i < s->ncells; i++)
        bad = cells[i] > s->n;
    if (bad) {
        if (buf && cap)
            buf[0] = '\0';
        return DOKU_ERR_ARG;
    }
    if (symbols == DOKU_SYMBOLS_AUTO)
        symbols = DOKU_SYMBOLS_1_9A_Z;
    switch (fmt) {
    case DOKU_FORMAT_LINE: format_line(&o, s, cells, symbols); break;
    case DOKU_FORMAT_GRID: format_grid(&o, s, cells, givens, conflicts, symbols, style); break;
    case DOKU_FORMAT_JSON: format_json(&o, s, cells); break;
    case DOKU_FORMAT_CSV:
    case DOKU_FORMAT_CSV_GRID: format_csv(&o, s, cells); break;
    case DOKU_FORMAT_TOKENS: format_tokens(&o, s, cells); break;
    case DOKU_FORMAT_HEX: format_hex(&o, s, cells); break;
    case DOKU_FORMAT_LEWIS: format_lewis(&o, s, cells); break;
    }
    if (buf && cap)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    if (len)
        *len = o.len;
    return DOKU_OK;
}
