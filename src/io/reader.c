/*
 * reader.c — turns lines of text into puzzles, whatever layout they use.
 *
 * The reader is pushed one line at a time and queues records (puzzles or
 * errors). A line either holds a whole puzzle (n*n symbols in one token,
 * with anything else on the line kept as its comment), or is one row of a
 * multi-line grid (frames, '|' and spaces allowed; decimal tokens for big
 * sides), or is decoration (frames, '#' comments, [sections], blank).
 * Rows are kept raw until the grid is complete, because the alphabet of a
 * 16x16 grid (1-9A-G, 0-9A-F, A-P) can only be told from all of its cells.
 *
 * This file holds the dispatch, the plain line and grid reader, and the
 * public calls; the formats beside it (reader_csv.c, reader_exchange.c,
 * reader_hodoku.c, reader_opensudoku.c), the grid in progress
 * (reader_grid.c), rows (reader_row.c) and the record queue
 * (reader_records.c) sit below it: reader_internal.h.
 */
#include "reader_internal.h"

#include "symbol_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

doku_status doku_reader_create(const doku_reader_opts *opts, doku_reader **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    /* a side the reader cannot read (below MIN_SIDE) is refused here, not
     * answered later by an error on every line */
    if (opts && (opts->n < 0 || (opts->n > 0 && opts->n < MIN_SIDE) || opts->n > DOKU_MAX_N ||
                 (unsigned)opts->symbols > (unsigned)DOKU_SYMBOLS_A_Z))
        return DOKU_ERR_ARG;
    doku_reader *r = calloc(1, sizeof *r);
    if (!r)
        return DOKU_ERR_NOMEM;
    if (opts)
        r->opts = *opts;
    r->grid = malloc(sizeof(raw_cell) * DOKU_MAX_CELLS);
    if (!r->grid) {
        free(r);
        return DOKU_ERR_NOMEM;
    }
    *out = r;
    return DOKU_OK;
}

void doku_reader_free(doku_reader *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->qcap; i++) {
        free(r->q[i].cells);
        free(r->q[i].comment);
        free(r->q[i].cands);
        free(r->q[i].meta);
        free(r->q[i].message);
    }
    free(r->q);
    free(r->grid);
    free(r->gcomment);
    free(r->note);
    free(r->fields);
    free(r->link_cells);
    doku_buf_free(&r->meta_pending);
    doku_buf_free(&r->meta_extra);
    io_xml_free(&r->xml);
    free(r);
}

/* ---- one-line puzzles ---------------------------------------------------- */

/* Finds a token whose leading run of cell symbols is n*n long (the rest of
 * that token must not continue with letters or digits). */
static int find_line_puzzle(const doku_reader *r, const char *s, size_t len,
                            size_t *at, int *side)
{
    int ntok = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && is_space(s[i]))
            i++;
        if (i >= len)
            break;
        size_t b = i;
        while (i < len && is_cell_char(s[i]))
            i++;
        size_t run = i - b;
        while (i < len && !is_space(s[i]))
            i++;
        ntok++;
        int m = rd_square_side(run);
        if (run >= 64 && io_cand_line_side(s + b, run, r->opts.n)) {
            *at = b;
            *side = m;
            return 1;
        }
        if (m < MIN_SIDE || m > MAX_CHAR_SIDE)
            continue;
        if (r->opts.n && r->opts.n != m)
            continue;
        if (!r->opts.n && ntok == 1 && i == run + b && run <= DOKU_MAX_N) {
            /* A lone token of 16, 25, 36, 49 or 64 symbols could be a whole
             * small puzzle or the first row of a big grid: it is a puzzle
             * only if no symbol exceeds its side. */
            int fits = 1;
            for (size_t k = b; k < b + run && fits; k++) {
                int v = is_digit(s[k]) ? s[k] - '0' : is_letter(s[k]) && s[k] != 'x' ? io_symbol_value(DOKU_SYMBOLS_1_9A_Z, s[k]) : 0;
                if (v > m)
                    fits = 0;
            }
            int rest_blank = 1;
            for (size_t k = i; k < len; k++)
                if (!is_space(s[k]))
                    rest_blank = 0;
            if (!fits && rest_blank)
                continue;
        }
        *at = b;
        *side = m;
        return 1;
    }
    return 0;
}

/* One-line puzzles of sides up to 9 in the decimal alphabet are decoded
 * straight from the text: the batch path for millions of lines. @return 0
 * when the line needs the general path (it holds a symbol that is no digit
 * here, which that path reports with its position). */
static int emit_line_fast(doku_reader *r, const char *s, size_t len, size_t at, int m)
{
    if (m > DECIMAL_SIDE || (r->opts.n && r->opts.n != m) ||
        (r->opts.symbols != DOKU_SYMBOLS_AUTO && r->opts.symbols != DOKU_SYMBOLS_1_9A_Z))
        return 0;
    size_t nc = (size_t)m * (size_t)m;
    const uint8_t *table = SYMBOL_VALUE[0];
    for (size_t i = 0; i < nc; i++)
        if (table[(unsigned char)s[at + i]] > m)
            return 0;
    r->gcomment_len = 0;
    rd_comment_append(r, s, at);
    rd_comment_append(r, s + at + nc, len - at - nc);
    entry *e = rd_queue_push(r);
    if (!e)
        return 0;
    if (!rd_grow((void **)&e->cells, &e->cells_cap, nc) ||
        !rd_grow((void **)&e->comment, &e->comment_cap, r->gcomment_len + 1)) {
        r->qcount--;
        return 0;
    }
    for (size_t i = 0; i < nc; i++)
        e->cells[i] = table[(unsigned char)s[at + i]];
    if (r->gcomment_len)
        memcpy(e->comment, r->gcomment, r->gcomment_len);
    e->comment[r->gcomment_len] = '\0';
    e->kind = DOKU_RECORD_PUZZLE;
    r->puzzles++;
    rd_attach_meta(r, e);
    e->symbols = DOKU_SYMBOLS_1_9A_Z;
    e->n = m;
    e->line = r->lineno;
    e->column = 0;
    e->status = DOKU_OK;
    return 1;
}

static doku_status emit_line_puzzle(doku_reader *r, const char *s, size_t len,
                                    size_t at, int m)
{
    size_t run = (size_t)m * (size_t)m;
    int k = run >= 64 ? io_cand_line_side(s + at, run, r->opts.n) : 0;
    if (k) {
        r->gcomment_len = 0;
        rd_comment_append(r, s, at);
        rd_comment_append(r, s + at + run, len - at - run);
        return rd_emit_cand_line(r, s + at, k, at + 1, r->gcomment ? r->gcomment : "",
                              r->gcomment_len);
    }
    if (emit_line_fast(r, s, len, at, m))
        return DOKU_OK;
    raw_cell *cells = r->grid;
    size_t nc = (size_t)m * (size_t)m;
    for (size_t i = 0; i < nc; i++) {
        cells[i].ch = s[at + i];
        cells[i].mask = 0;
        cells[i].token = TOKEN_NONE;
        cells[i].line = (uint32_t)r->lineno;
        cells[i].col = (uint32_t)(at + i + 1);
    }
    /* The comment is the line without the grid. */
    r->gcomment_len = 0;
    rd_comment_append(r, s, at);
    rd_comment_append(r, s + at + nc, len - at - nc);
    return rd_emit_puzzle(r, cells, m, 0, r->lineno, r->gcomment ? r->gcomment : "",
                       r->gcomment_len);
}

/* A line of n*n decimal tokens (n*n > DOKU_MAX_N, so it cannot be a grid
 * row): how the line format writes sides past the alphabet (36x36 ...
 * 64x64), and how a "1-16" grid flattened to one line reads. @return the
 * side, or 0 when the line is not one. */
static int token_line_side(const doku_reader *r, const char *s, size_t len, size_t *end)
{
    size_t stop = len;
    for (size_t i = 1; i < len; i++)
        if (s[i] == '#') {
            stop = i;
            break;
        }
    size_t ntok = 0;
    for (size_t i = 0, b; rd_next_token(s, stop, 0, &i, &b);) {
        int v;
        if (!rd_numeric_token(s + b, i - b, &v))
            return 0;
        ntok++;
    }
    if (ntok <= DOKU_MAX_N)
        return 0;
    int m = rd_square_side(ntok);
    if (m < MIN_SIDE || m > DOKU_MAX_N || (r->opts.n && r->opts.n != m))
        return 0;
    *end = stop;
    return m;
}

static doku_status emit_token_line(doku_reader *r, const char *s, size_t len,
                                   size_t stop, int m)
{
    raw_cell *cells = r->grid;
    size_t k = 0;
    for (size_t i = 0, b; rd_next_token(s, stop, 0, &i, &b);) {
        int v = 0;
        rd_numeric_token(s + b, i - b, &v);
        cells[k].ch = 0;
        cells[k].mask = 0;
        cells[k].token = (int16_t)v;
        cells[k].line = (uint32_t)r->lineno;
        cells[k].col = (uint32_t)(b + 1);
        k++;
    }
    r->gcomment_len = 0;
    if (stop < len)
        rd_comment_append(r, s + stop + 1, len - stop - 1);
    return rd_emit_puzzle(r, cells, m, 1, r->lineno, r->gcomment ? r->gcomment : "",
                       r->gcomment_len);
}

/* ---- the line dispatcher ------------------------------------------------- */

/* A line of exactly n stars (blanks allowed) when the side n is known: a
 * hexadoku row of empties, even unbroken ("****" of a 4x4 with 2-wide
 * boxes), not a frame. */
static int star_row(const char *s, size_t len, int n)
{
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '*')
            k++;
        else if (!is_space(s[i]))
            return 0;
    }
    return n && k == n;
}

/* The message for a line of `count` cells that is neither a puzzle nor a
 * grid row, with how far it is from the nearest n*n when that is at most
 * NEAR_CELLS: a cell typed twice or dropped is the usual cause. */
enum { NEAR_CELLS = 3 };
static void too_many_or_few(int count, char *msg, size_t cap)
{
    int n = MIN_SIDE;
    while (n < DOKU_MAX_N && (n + 1) * (n + 1) <= count)
        n++;
    if (n < DOKU_MAX_N && (n + 1) * (n + 1) - count < count - n * n)
        n++;   /* the nearer square */
    int off = count - n * n;
    char near[96] = "";
    if (off != 0 && (off < 0 ? -off : off) <= NEAR_CELLS)
        snprintf(near, sizeof near, ", %d %s the %d of a %dx%d puzzle", off < 0 ? -off : off,
                 off < 0 ? "short of" : "more than", n * n, n, n);
    snprintf(msg, cap,
             "found %d cells%s: a one-line puzzle needs n*n (81 for 9x9, 256 for 16x16), a grid "
             "row 4..%d",
             count, near, DOKU_MAX_N);
}

static doku_status handle_fresh_line(doku_reader *r, const char *s, size_t len)
{
    size_t at;
    int m;
    if (find_line_puzzle(r, s, len, &at, &m))
        return emit_line_puzzle(r, s, len, at, m);
    if (rd_is_frame(s, len, 0) && !star_row(s, len, r->opts.n)) {
        if (r->note_line + 1 == r->lineno)
            r->note_line = r->lineno;   /* a frame between a grid and its comment */
        return DOKU_OK;
    }
    size_t stop;
    if ((m = token_line_side(r, s, len, &stop)) != 0)
        return emit_token_line(r, s, len, stop, m);
    row rw;
    if (rd_pencil_row(r, s, len, r->lineno, 0, &rw)) {
        rd_start_grid(r, &rw, r->lineno);
        return rd_add_grid_row(r, &rw);
    }
    rd_parse_row(s, len, r->lineno, 0, &rw);
    char msg[256];
    if (rw.bad_num) {
        rd_bad_number_message(&rw, msg, sizeof msg);
        r->skipping = 1; /* the rest of this grid, up to a blank line */
        return rd_push_error(r, r->lineno, rw.bad_col, DOKU_ERR_PARSE, msg);
    }
    if (rw.bad_col) {
        unsigned char b = (unsigned char)rw.bad_ch;
        if (b >= 0x20 && b < 0x7f)
            snprintf(msg, sizeof msg, "unexpected character '%c' (not a digit, letter or empty mark)", rw.bad_ch);
        else
            snprintf(msg, sizeof msg, "unexpected byte 0x%02X (not a digit, letter or empty mark)", b);
        return rd_push_error(r, r->lineno, rw.bad_col, DOKU_ERR_PARSE, msg);
    }
    /* A lone small number before a grid is a header (Lewis files give the
     * box order, then a count); keep it as the next puzzle's comment. */
    if (rw.count < MIN_SIDE && !rw.numeric && rw.count > 0) {
        int all_digits = 1;
        for (size_t i = 0; i < len; i++)
            if (!is_space(s[i]) && !is_digit(s[i]))
                all_digits = 0;
        if (all_digits)
            return DOKU_OK;
    }
    if (rw.count >= MIN_SIDE && rw.count <= DOKU_MAX_N &&
        (!r->opts.n || r->opts.n == rw.count)) {
        const raw_cell *bad = rd_impossible_cell(r, &rw);
        if (bad) {
            /* words or other text: say so first, then what was looked for */
            int n = rw.count;
            char cells[48];
            if (n <= DECIMAL_SIDE)
                snprintf(cells, sizeof cells, "1-%d, or '.' or 0 when empty", n);
            else
                snprintf(cells, sizeof cells, "digits and letters up to %c, or '.' when empty",
                         'A' + n - 1 <= 'Z' ? 'A' + n - 1 : 'Z');
            snprintf(msg, sizeof msg,
                     "not a puzzle: '%c' is not a cell of a %dx%d grid (%d cells on a line start "
                     "one), whose cells are %s; a one-line puzzle has n*n cells (81 for 9x9)",
                     bad->ch, n, n, n, cells);
            return rd_push_error(r, bad->line, bad->col, DOKU_ERR_PARSE, msg);
        }
        rd_start_grid(r, &rw, r->lineno);
        return rd_add_grid_row(r, &rw);
    }
    if (r->opts.n)
        snprintf(msg, sizeof msg,
                 "found %d cells: expected %d on one line, or rows of %d", rw.count,
                 r->opts.n * r->opts.n, r->opts.n);
    else
        too_many_or_few(rw.count, msg, sizeof msg);
    return rd_push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
}

static doku_status handle_grid_line(doku_reader *r, const char *s, size_t len)
{
    if (rd_is_frame(s, len, r->width))
        return DOKU_OK;
    row rw;
    if (rd_pencil_row(r, s, len, r->lineno, r->pencil, &rw) && rw.count == r->width)
        return rd_add_grid_row(r, &rw);
    rd_parse_row(s, len, r->lineno, r->token_mode, &rw);
    if (rw.bad_num) {
        char msg[200];
        rd_bad_number_message(&rw, msg, sizeof msg);
        return rd_abandon_grid(r, r->lineno, rw.bad_col, msg);
    }
    if (rw.bad_col) {
        char msg[120];
        unsigned char b = (unsigned char)rw.bad_ch;
        if (b >= 0x20 && b < 0x7f)
            snprintf(msg, sizeof msg, "unexpected character '%c'", rw.bad_ch);
        else
            snprintf(msg, sizeof msg, "unexpected byte 0x%02X", b);
        return rd_abandon_grid(r, r->lineno, rw.bad_col, msg);
    }
    if (rw.count != r->width) {
        /* A complete one-line puzzle ends the broken grid and counts. */
        size_t at;
        int m;
        if (find_line_puzzle(r, s, len, &at, &m)) {
            doku_status st = rd_abandon_grid(r, r->lineno, 1, "grid ended early");
            r->skipping = 0;
            if (st != DOKU_OK)
                return st;
            return emit_line_puzzle(r, s, len, at, m);
        }
        char msg[80];
        snprintf(msg, sizeof msg, "row has %d cells, expected %d", rw.count, r->width);
        return rd_abandon_grid(r, r->lineno, 1, msg);
    }
    return rd_add_grid_row(r, &rw);
}

static int starts_with_ci(const char *s, size_t len, const char *word)
{
    size_t k = strlen(word);
    if (len < k)
        return 0;
    for (size_t i = 0; i < k; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return 0;
    }
    return 1;
}

static doku_status push_one_line(doku_reader *r, const char *line, size_t len)
{
    r->lineno++;
    size_t raw_len = len; /* trailing tabs are empty fields of a TSV row */
    while (len && (is_space(line[len - 1]) || line[len - 1] == '\n'))
        len--;
    size_t lead = 0;
    while (lead < len && is_space(line[lead]))
        lead++;
    if (lead == len) {
        /* only tabs: a row of empty cells inside a tab-separated grid */
        if (r->active && raw_len &&
            io_csv_split(line, raw_len, '\t', NULL, 0) == (size_t)r->width) {
            int handled;
            return rd_handle_csv_line(r, line, raw_len, '\t', &handled);
        }
        r->skipping = 0;
        r->csv_grid_done = 0;   /* an empty row after a blank line may start a grid */
        return DOKU_OK;
    }
    const char *s = line + lead;
    size_t sl = len - lead;
    doku_status xst;
    if ((r->xml.active || s[0] == '<' || s[0] == '#' || s[0] == ':' || sl >= 20) &&
        rd_exchange_line(r, line, len, s, sl, &xst))
        return xst;
    if (s[0] == '[') {
        doku_status st = DOKU_OK;
        if (r->active)
            st = rd_abandon_grid(r, r->lineno, lead + 1, "grid interrupted by a section header");
        r->in_other_section = !starts_with_ci(s, sl, "[puzzle]");
        r->skipping = 0;
        return st;
    }
    if (r->in_other_section)
        return DOKU_OK;
    if (s[0] == '#') {
        rd_note_line(r, s, sl);
        r->csv_grid_done = 0;
        return DOKU_OK;
    }
    char delim = io_csv_delimiter(line, raw_len);
    if (delim) {
        int handled;
        doku_status st = rd_handle_csv_line(r, line, delim == '\t' ? raw_len : len, delim, &handled);
        if (handled)
            return st;
    }
    r->csv_grid_done = 0;
    if (r->active)
        return handle_grid_line(r, line, len);
    if (r->skipping) {
        size_t at;
        int m;
        if (!find_line_puzzle(r, line, len, &at, &m))
            return DOKU_OK;
        r->skipping = 0;
    }
    return handle_fresh_line(r, line, len);
}

/* Text as editors save it: a UTF-8 byte-order mark is skipped, UTF-16 is
 * refused once (its bytes would read as garbage on every line), and a
 * lone '\r' (old Mac line ends) ends a line like '\n'. */
doku_status doku_reader_push_line(doku_reader *r, const char *line, size_t len)
{
    if (!r || (!line && len))
        return DOKU_ERR_ARG;
    if (r->unreadable) {
        r->lineno++;
        return DOKU_OK;
    }
    if (r->lineno == 0 && len >= 2) {
        unsigned char b0 = (unsigned char)line[0], b1 = (unsigned char)line[1];
        if ((b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF) || b0 == 0 || b1 == 0) {
            r->lineno++;
            r->unreadable = 1;
            return rd_push_error(r, 1, 1, DOKU_ERR_PARSE,
                              "UTF-16 text: save as UTF-8 (in Excel: CSV UTF-8; in Notepad: Encoding UTF-8)");
        }
        if (len >= 3 && b0 == 0xEF && b1 == 0xBB && (unsigned char)line[2] == 0xBF) {
            line += 3;
            len -= 3;
        }
    }
    while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
        len--;
    const char *cr;
    while (len && (cr = memchr(line, '\r', len)) != NULL) {
        size_t k = (size_t)(cr - line);
        doku_status st = push_one_line(r, line, k);
        if (st != DOKU_OK)
            return st;
        line += k + 1;
        len -= k + 1;
    }
    return push_one_line(r, line, len);
}

doku_status doku_reader_finish(doku_reader *r)
{
    if (!r)
        return DOKU_ERR_ARG;
    doku_status st;
    if (r->active && rd_csv_trimmed_grid(r, &st))
        return st;
    if (r->active) {
        char msg[80];
        snprintf(msg, sizeof msg, "input ended inside a grid");
        return rd_abandon_grid(r, r->lineno, 0, msg);
    }
    if (r->header[0] && !r->puzzles) {
        char msg[160];
        snprintf(msg, sizeof msg, "no puzzle: line 1 '%s' is no puzzle or grid row, and no puzzle follows it (read as a CSV header)", r->header);
        r->header[0] = '\0';
        return rd_push_error(r, 1, 1, DOKU_ERR_PARSE, msg);
    }
    return DOKU_OK;
}

doku_status doku_reader_meta(const doku_reader *r, size_t i, const char **key,
                             const char **value)
{
    if (!r || !key || !value)
        return DOKU_ERR_ARG;
    if (!r->has_current || !r->qcap)
        return DOKU_DONE;
    const entry *e = &r->q[(r->qhead + r->qcap - 1) % r->qcap];
    if (e->kind != DOKU_RECORD_PUZZLE)
        return DOKU_DONE;
    size_t at = 0;
    for (size_t k = 0; at < e->meta_len; k++) {
        const char *kk = e->meta + at;
        const char *vv = kk + strlen(kk) + 1;
        if (k == i) {
            *key = kk;
            *value = vv;
            return DOKU_OK;
        }
        at = (size_t)(vv + strlen(vv) + 1 - e->meta);
    }
    return DOKU_DONE;
}

const uint64_t *doku_reader_candidates(const doku_reader *r)
{
    if (!r || !r->has_current || !r->qcap)
        return NULL;
    const entry *e = &r->q[(r->qhead + r->qcap - 1) % r->qcap];
    return e->kind == DOKU_RECORD_PUZZLE && e->has_cands ? e->cands : NULL;
}

doku_status doku_reader_next(doku_reader *r, doku_record *rec)
{
    if (!r || !rec)
        return DOKU_ERR_ARG;
    if (r->has_current)
        r->has_current = 0; /* its slot, before qhead, is free again */
    if (!r->qcount)
        return DOKU_DONE;
    entry *e = &r->q[r->qhead];
    r->qhead = (r->qhead + 1) % r->qcap;
    r->qcount--;
    r->has_current = 1;
    rec->kind = e->kind;
    rec->n = e->n;
    rec->cells = e->kind == DOKU_RECORD_PUZZLE ? e->cells : NULL;
    rec->comment = e->kind == DOKU_RECORD_PUZZLE ? e->comment : "";
    rec->line = e->line;
    rec->column = e->column;
    rec->status = e->status;
    rec->message = e->kind == DOKU_RECORD_ERROR ? e->message : NULL;
    rec->symbols = e->kind == DOKU_RECORD_PUZZLE ? e->symbols : DOKU_SYMBOLS_AUTO;
    return DOKU_OK;
}
