/*
 * reader_grid.c — a multi-line grid in progress: its rows, its comment
 * (the '#' lines above it, '#' comments after its rows), and the puzzle
 * or error it ends in.
 */
#include "reader_internal.h"

#include <stdio.h>
#include <string.h>

/* Appends s (trimmed) to a comment buffer, a space between parts. */
static void text_append(char **buf, size_t *blen, size_t *cap, const char *s, size_t len)
{
    while (len && is_space(*s))
        s++, len--;
    while (len && is_space(s[len - 1]))
        len--;
    if (!len)
        return;
    size_t need = *blen + len + 2;
    if (!rd_grow((void **)buf, cap, need))
        return; /* a comment lost to memory exhaustion is not data loss */
    if (*blen)
        (*buf)[(*blen)++] = ' ';
    memcpy(*buf + *blen, s, len);
    *blen += len;
    (*buf)[*blen] = '\0';
}

void rd_comment_append(doku_reader *r, const char *s, size_t len)
{
    text_append(&r->gcomment, &r->gcomment_len, &r->gcomment_cap, s, len);
}

/* A '# ...' line: kept (with the '#' lines just above it) for a grid that
 * starts on the next line. */
void rd_note_line(doku_reader *r, const char *s, size_t len)
{
    if (r->note_line + 1 != r->lineno)
        r->note_len = 0;
    r->note_line = r->lineno;
    while (len && *s == '#')
        s++, len--;
    text_append(&r->note, &r->note_len, &r->note_cap, s, len);
}

doku_status rd_abandon_grid(doku_reader *r, size_t line, size_t col, const char *why)
{
    char msg[320];
    snprintf(msg, sizeof msg, "%s (grid of %d columns started at line %zu, %d of %d rows read)",
             why, r->width, r->start_line, r->rows, r->width);
    r->active = 0;
    r->gcomment_len = 0;
    r->skipping = 1;
    return rd_push_error(r, line, col, DOKU_ERR_PARSE, msg);
}

/* The first cell of a would-be grid row that no alphabet for its width
 * can read, or NULL. Catching it here names the character at once; left to
 * the end, a stray word ("garbage") reads as the first row of a 7x7 grid
 * and the message is only that the grid never finished. */
const raw_cell *rd_impossible_cell(const doku_reader *r, const row *rw)
{
    int n = rw->count;
    for (int i = 0; i < n && i < DOKU_MAX_N; i++) {
        const raw_cell *c = &rw->cells[i];
        if (c->token != TOKEN_NONE || !is_letter(c->ch) || c->ch == 'x' || c->ch == 'X')
            continue;
        int ok;
        if (r->opts.symbols != DOKU_SYMBOLS_AUTO) {
            int v = io_symbol_value(r->opts.symbols, c->ch);
            ok = v >= 1 && v <= n;
        } else {
            /* auto: decimal sides never use letters (choose_symbols); wider
             * ones allow at most A..(n-th letter), the A=1 alphabet's top */
            char up = (c->ch >= 'a' && c->ch <= 'z') ? (char)(c->ch - 'a' + 'A') : c->ch;
            ok = n > DECIMAL_SIDE && up <= 'A' + n - 1;
        }
        if (!ok)
            return c;
    }
    return NULL;
}

doku_status rd_start_grid(doku_reader *r, const row *rw, size_t line)
{
    r->active = 1;
    r->csv_grid = 0;
    r->width = rw->count;
    r->rows = 0;
    r->token_mode = rw->numeric && rw->multichar;
    r->pencil = rw->pencil;
    r->start_line = line;
    r->gcomment_len = 0;
    if (r->note_len && r->note_line + 1 == line)
        rd_comment_append(r, r->note, r->note_len);
    return DOKU_OK;
}

doku_status rd_add_grid_row(doku_reader *r, const row *rw)
{
    int w = r->width;
    memcpy(r->grid + (size_t)r->rows * w, rw->cells, sizeof(raw_cell) * (size_t)w);
    if (rw->numeric && rw->multichar)
        r->token_mode = 1;
    if (rw->pencil)
        r->pencil = 1;
    if (rw->comment)
        rd_comment_append(r, rw->comment, rw->comment_len);
    if (++r->rows < w)
        return DOKU_OK;
    r->active = 0;
    if (r->pencil)
        return rd_emit_pencil_grid(r, r->grid, w, r->start_line, r->gcomment ? r->gcomment : "",
                                r->gcomment_len);
    if (r->token_mode) {
        /* Rows read before the first multi-digit token were single
         * characters; they must be digits or '.' to mean the same. */
        for (int i = 0; i < w * w; i++) {
            raw_cell *c = &r->grid[i];
            if (c->token == TOKEN_NONE && !(is_digit(c->ch) || c->ch == '.')) {
                char msg[120];
                snprintf(msg, sizeof msg, "'%c' in a grid of decimal numbers", c->ch);
                return rd_push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
        }
    }
    return rd_emit_puzzle(r, r->grid, w, r->token_mode, r->start_line,
                       r->gcomment ? r->gcomment : "", r->gcomment_len);
}
