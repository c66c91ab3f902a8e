/*
 * reader_csv.c — lines as spreadsheets save them (',', ';' or tab
 * separated): a grid row with a cell per field, a whole puzzle in n*n
 * fields, or a record whose field holds a one-line puzzle.
 */
#include "reader_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A field that is a whole one-line puzzle: @return its side, else 0. */
static int field_puzzle_side(const doku_reader *r, const io_field *f)
{
    int m = rd_square_side(f->len);
    if (f->len >= 64 && io_cand_line_side(f->p, f->len, r->opts.n))
        return m;
    if (m < MIN_SIDE || m > MAX_CHAR_SIDE || (r->opts.n && r->opts.n != m))
        return 0;
    for (size_t i = 0; i < f->len; i++)
        if (!is_cell_char(f->p[i]))
            return 0;
    return m;
}

/* One field as a grid cell: empty, one symbol, or a decimal number.
 * @return 0 when it is none of these. */
static int field_cell(const io_field *f, raw_cell *c, size_t line, int *multichar)
{
    int v;
    c->line = (uint32_t)line;
    c->col = (uint32_t)f->col;
    c->mask = 0;
    c->token = TOKEN_NONE;
    if (f->len == 0) {
        c->ch = '.';
        return 1;
    }
    if (f->len == 1 && is_cell_char(f->p[0])) {
        c->ch = f->p[0];
        return 1;
    }
    if (rd_numeric_token(f->p, f->len, &v)) {
        c->ch = 0;
        c->token = (int16_t)v;
        *multichar = 1;
        return 1;
    }
    return 0;
}

/* The puzzle of a field of a delimited line; the other fields, as they
 * were written, are its comment. */
static doku_status emit_csv_puzzle(doku_reader *r, const char *s, size_t len, char delim,
                                   const io_field *f, int m)
{
    size_t b = (size_t)(f->p - s) - (size_t)f->quoted, e = (size_t)(f->p - s) + f->len + (f->quoted != 0);
    while (e < len && s[e] != delim)
        e++;
    size_t before = b;
    while (before && (s[before - 1] == ' ' || s[before - 1] == '\t'))
        before--;
    if (before && s[before - 1] == delim)
        before--;
    size_t after = e < len ? e + 1 : len;
    r->gcomment_len = 0;
    rd_comment_append(r, s, before);
    size_t joined = r->gcomment_len;
    rd_comment_append(r, s + after, len - after);
    if (joined && r->gcomment_len > joined)
        r->gcomment[joined] = delim; /* the two sides keep their delimiter */
    size_t nc = (size_t)m * (size_t)m;
    int k = nc >= 64 ? io_cand_line_side(f->p, nc, r->opts.n) : 0;
    if (k)
        return rd_emit_cand_line(r, f->p, k, f->col, r->gcomment ? r->gcomment : "",
                              r->gcomment_len);
    raw_cell *cells = r->grid;
    for (size_t i = 0; i < nc; i++) {
        cells[i].ch = f->p[i];
        cells[i].mask = 0;
        cells[i].token = TOKEN_NONE;
        cells[i].line = (uint32_t)r->lineno;
        cells[i].col = (uint32_t)(f->col + i);
    }
    return rd_emit_puzzle(r, cells, m, 0, r->lineno, r->gcomment ? r->gcomment : "",
                       r->gcomment_len);
}

/* A line that opens with a one-line puzzle followed by a space (or a tab
 * that does not separate fields) is a puzzle with a comment, whatever the
 * comment holds: "P Telegraph, fiendish" is no CSV header and no row.
 * @return 1 for such a line. */
static int leading_puzzle_comment(const doku_reader *r, const char *s, size_t len, char delim)
{
    size_t b = 0;
    while (b < len && (s[b] == ' ' || s[b] == '\t'))
        b++;
    size_t e = b;
    while (e < len && is_cell_char(s[e]))
        e++;
    if (e == b || e >= len || !(s[e] == ' ' || (s[e] == '\t' && delim != '\t')))
        return 0;
    io_field f = {0};
    f.p = s + b;
    f.len = e - b;
    int m = field_puzzle_side(r, &f);
    if (!m)
        return 0;
    if (e - b <= DOKU_MAX_N) {
        /* 16 to 64 symbols may be the first row of a big grid: a puzzle
         * only when no symbol exceeds its side */
        for (size_t k = b; k < e; k++) {
            int v = is_digit(s[k]) ? s[k] - '0'
                    : is_letter(s[k]) && s[k] != 'x' ? io_symbol_value(DOKU_SYMBOLS_1_9A_Z, s[k])
                                                     : 0;
            if (v > m)
                return 0;
        }
    }
    return 1;
}

static int cell_empty(const raw_cell *c) { return c->token == TOKEN_NONE && c->ch == '.'; }

/* The digit a cell holds (a character or a number), 0 for none. */
static int cell_digit(const raw_cell *c)
{
    return c->token != TOKEN_NONE ? c->token : is_digit(c->ch) ? c->ch - '0' : 0;
}

/* 1 if the w x w rows so far are a grid's row and column numbers around
 * it: an empty corner, 1 .. w-1 across the first row and down the first
 * column (how a sheet with printed labels is saved; issue 28 item 13). */
static int numbered(const doku_reader *r, int w)
{
    if (r->rows != w || !cell_empty(&r->grid[0]))
        return 0;
    for (int k = 1; k < w; k++)
        if (cell_digit(&r->grid[k]) != k || cell_digit(&r->grid[(size_t)k * w]) != k)
            return 0;
    return 1;
}

/* Spreadsheets save their used range from A1, so a grid at B2:J10 comes as
 * ten fields a line with an empty first column and row (and a title row
 * above it shifts it down): the rows so far, trimmed of empty rows and
 * columns at their edges, are then a smaller square. */
int rd_csv_trimmed_grid(doku_reader *r, doku_status *st)
{
    int w = r->width, top = 0, bottom = r->rows, left = w, right = 0;
    if (!r->active || !r->csv_grid || r->pencil)
        return 0;
    for (int y = 0; y < r->rows; y++)
        for (int x = 0; x < w; x++)
            if (!cell_empty(&r->grid[(size_t)y * w + x])) {
                left = x < left ? x : left;
                right = x + 1 > right ? x + 1 : right;
            }
    for (; top < bottom; top++) {
        int x = 0;
        while (x < w && cell_empty(&r->grid[(size_t)top * w + x]))
            x++;
        if (x < w)
            break;
    }
    for (; bottom > top; bottom--) {
        int x = 0;
        while (x < w && cell_empty(&r->grid[(size_t)(bottom - 1) * w + x]))
            x++;
        if (x < w)
            break;
    }
    int side = bottom - top, x0;
    if (w - 1 >= MIN_SIDE && (!r->opts.n || r->opts.n == w - 1) && numbered(r, w)) {
        /* labels: the square inside them */
        top = 1;
        bottom = w;
        side = w - 1;
        x0 = 1;
        goto square;
    }
    if (side < MIN_SIDE || side >= w || right - left > side || (r->opts.n && r->opts.n != side))
        return 0;
    /* the square starts at the first used column, unless that leaves it
     * running past the last field (its own first column is empty) */
    x0 = left + side <= w ? left : w - side;
    /* a digit above the side says the grid is the wider one, its empty
     * row and column its own (a 10x10 with 10 in it) */
    for (int y = top; y < bottom; y++)
        for (int x = x0; x < x0 + side; x++) {
            if (cell_digit(&r->grid[(size_t)y * w + x]) > side)
                return 0;
        }
square:
    for (int y = 0; y < side; y++)   /* to the front: never overwrites unread cells */
        memmove(&r->grid[(size_t)y * side], &r->grid[(size_t)(top + y) * w + x0],
                sizeof(raw_cell) * (size_t)side);
    r->active = 0;
    r->csv_grid_done = 1;
    *st = rd_emit_puzzle(r, r->grid, side, r->token_mode, r->start_line + (size_t)top,
                         r->gcomment ? r->gcomment : "", r->gcomment_len);
    return 1;
}

/* A line with ',' ';' or tabs: a row of a grid (one field per cell, empty
 * fields empty cells), a whole puzzle in n*n fields, or a record whose
 * field holds a one-line puzzle (a CSV column of puzzles). Sets *handled
 * to 0 for a tab-separated line that is none of these: the plain reader
 * takes it (tabs are also just spaces). */
doku_status rd_handle_csv_line(doku_reader *r, const char *s, size_t len, char delim,
                               int *handled)
{
    *handled = 1;
    if (leading_puzzle_comment(r, s, len, delim)) {
        *handled = 0; /* the plain reader keeps the rest as its comment */
        return DOKU_OK;
    }
    if (!r->fields) {
        r->fields = malloc(sizeof(io_field) * (DOKU_MAX_CELLS + 1));
        if (!r->fields)
            return DOKU_ERR_NOMEM;
    }
    io_field *f = r->fields;
    size_t nf = io_csv_split(s, len, delim, f, DOKU_MAX_CELLS + 1);
    size_t stored = nf > DOKU_MAX_CELLS + 1 ? DOKU_MAX_CELLS + 1 : nf;
    char msg[240];
    if (delim == '\t' && nf > 1 && nf == stored && f[nf - 1].len == 0) {
        /* "1\t-1\t3\t4\t": a tab after every field (Lewis files) */
        if (r->active && (int)nf == r->width + 1) {
            nf--;
            stored--;
        } else if (!r->active) {
            int other_empty = 0;
            for (size_t k = 0; k + 1 < nf; k++)
                other_empty |= f[k].len == 0;
            if (!other_empty) {
                *handled = 0;
                return DOKU_OK;
            }
        }
    }
    /* a column of one-line puzzles */
    for (size_t k = 0; k < stored; k++) {
        int m = field_puzzle_side(r, &f[k]);
        if (!m)
            continue;
        r->csv_grid_done = 0;
        doku_status ts;
        if (r->active && rd_csv_trimmed_grid(r, &ts) && ts != DOKU_OK)
            return ts;
        if (r->active) {
            doku_status st = rd_abandon_grid(r, r->lineno, 1, "grid ended early");
            if (st != DOKU_OK)
                return st;
        }
        r->skipping = 0;
        return emit_csv_puzzle(r, s, len, delim, &f[k], m);
    }
    if (r->skipping)
        return DOKU_OK;
    /* cells, one per field */
    row rw;
    rw.count = 0;
    rw.pencil = 0;
    rw.comment = NULL;
    rw.comment_len = 0;
    int multichar = 0, empty = 1;
    size_t bad = 0;
    raw_cell *cells = nf > DOKU_MAX_N ? r->grid : rw.cells;
    for (size_t k = 0; k < stored && k < DOKU_MAX_CELLS; k++) {
        if (!field_cell(&f[k], &cells[k], r->lineno, &multichar)) {
            bad = k + 1;
            break;
        }
        if (f[k].len)
            empty = 0;
    }
    if (bad) {
        if (delim == '\t') {
            *handled = 0;
            return DOKU_OK;
        }
    if (r->active) {
        doku_status ts;
        if (rd_csv_trimmed_grid(r, &ts))
            return ts != DOKU_OK ? ts : rd_handle_csv_line(r, s, len, delim, handled);
    }
        const io_field *b = &f[bad - 1];
        int title = !r->active;   /* text alone on its line, as a sheet's title */
        for (size_t k = 0; k < stored && title; k++)
            title = k == bad - 1 || f[k].len == 0;
        if (title) /* the comment of a grid starting on the next line */
            rd_note_line(r, b->p, b->len);
        if (r->lineno == 1 && !r->active) {
            /* a header row ("puzzle,solution,rating"): kept to name it if
             * no puzzle follows */
            snprintf(r->header, sizeof r->header, "%.*s", (int)(len > 40 ? 40 : len), s);
            return DOKU_OK;
        }
        if (title)
            return DOKU_OK;
        snprintf(msg, sizeof msg,
                 "field %zu '%.*s' is no cell (a symbol, a number 1..%d or empty), and no field holds a one-line puzzle",
                 bad, (int)(b->len > 24 ? 24 : b->len), b->p, DOKU_MAX_N);
        if (r->active)
            return rd_abandon_grid(r, r->lineno, b->col, msg);
        return rd_push_error(r, r->lineno, b->col, DOKU_ERR_PARSE, msg);
    }
    if (r->active) {
        doku_status ts;
        if (rd_csv_trimmed_grid(r, &ts))
            return ts != DOKU_OK ? ts : rd_handle_csv_line(r, s, len, delim, handled);
    }
    if (nf > DOKU_MAX_N) {
        int m = rd_square_side(nf);
        if (!r->active && m >= MIN_SIDE && m <= DOKU_MAX_N && (!r->opts.n || r->opts.n == m)) {
            if (multichar) /* numbers: every single character must be a digit */
                for (size_t k = 0; k < nf; k++)
                    if (cells[k].token == TOKEN_NONE && cells[k].ch != '.' && is_digit(cells[k].ch)) {
                        cells[k].token = (int16_t)(cells[k].ch - '0');
                        cells[k].ch = 0;
                    }
            r->csv_grid_done = 0;
            return rd_emit_puzzle(r, cells, m, multichar, r->lineno, "", 0);
        }
        snprintf(msg, sizeof msg, "found %zu fields: a puzzle on one line needs n*n (81 for 9x9), a grid row 4..%d",
                 nf, DOKU_MAX_N);
        if (r->active)
            return rd_abandon_grid(r, r->lineno, 1, msg);
        return rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
    }
    rw.count = (int)nf;
    rw.numeric = 1;
    for (size_t k = 0; k < nf; k++)
        if (cells[k].token == TOKEN_NONE && !(cells[k].ch == '.' || is_digit(cells[k].ch)))
            rw.numeric = 0;
    rw.multichar = multichar;
    if (multichar && !rw.numeric && r->active) {
        doku_status ts;
        if (rd_csv_trimmed_grid(r, &ts))
            return ts != DOKU_OK ? ts : rd_handle_csv_line(r, s, len, delim, handled);
    }
    if (multichar && !rw.numeric) {
        for (size_t k = 0; k < nf; k++)
            if (cells[k].token == TOKEN_NONE && cells[k].ch != '.' && !is_digit(cells[k].ch)) {
                snprintf(msg, sizeof msg, "'%c' in a grid of decimal numbers", cells[k].ch);
                return r->active ? rd_abandon_grid(r, r->lineno, cells[k].col, msg)
                                 : rd_push_error(r, r->lineno, cells[k].col, DOKU_ERR_PARSE, msg);
            }
    }
    if (!r->active) {
        /* all-empty rows: blank lines in a sheet, unless they start a grid
         * (a grid may begin with an empty row) */
        if (empty && (nf < MIN_SIDE || r->csv_grid_done))
            return DOKU_OK;
        if (nf < MIN_SIDE || (r->opts.n && r->opts.n != (int)nf)) {
            if (r->opts.n)
                snprintf(msg, sizeof msg, "found %zu fields: expected rows of %d", nf, r->opts.n);
            else
                snprintf(msg, sizeof msg, "found %zu fields: a grid row has 4..%d", nf, DOKU_MAX_N);
            return rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
        }
        r->csv_grid_done = 0;
        rd_start_grid(r, &rw, r->lineno);
        r->csv_grid = 1;
    } else if ((int)nf != r->width) {
        doku_status ts;
        if (rd_csv_trimmed_grid(r, &ts))
            return ts != DOKU_OK ? ts : rd_handle_csv_line(r, s, len, delim, handled);
        snprintf(msg, sizeof msg, "row has %zu fields, expected %d", nf, r->width);
        return rd_abandon_grid(r, r->lineno, 1, msg);
    }
    if (r->rows + 1 == r->width) {
        /* the last row of a width-sided grid: it may be a smaller square
         * framed by empty rows and columns */
        memcpy(r->grid + (size_t)r->rows * r->width, rw.cells, sizeof(raw_cell) * (size_t)r->width);
        r->rows++;
        doku_status ts;
        if (rd_csv_trimmed_grid(r, &ts))
            return ts;
        r->rows--;
    }
    doku_status st = rd_add_grid_row(r, &rw);
    if (!r->active)
        r->csv_grid_done = 1;
    return st;
}
