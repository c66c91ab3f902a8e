/*
 * reader_records.c — the reader's queue of records and the puzzles and
 * errors it holds: every format's reader ends here. It reads no text and
 * calls back into no reader file (reader_internal.h).
 */
#include "reader_internal.h"

#include "symbol_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rd_grow(void **buf, size_t *cap, size_t need)
{
    if (*cap >= need)
        return 1;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *nb = realloc(*buf, c);
    if (!nb)
        return 0;
    *buf = nb;
    *cap = c;
    return 1;
}

/* @return a fresh queue entry, or NULL when out of memory. The record last
 * returned by doku_reader_next sits in the slot just before qhead. */
entry *rd_queue_push(doku_reader *r)
{
    size_t used = r->qcount + (size_t)r->has_current;
    if (used + 1 > r->qcap) {
        size_t ncap = r->qcap ? r->qcap * 2 : 4;
        entry *nq = calloc(ncap, sizeof *nq);
        if (!nq)
            return NULL;
        /* Unroll the ring from the current record on; every old slot keeps
         * its buffers. */
        size_t start = r->qcap ? (r->qhead + r->qcap - (size_t)r->has_current) % r->qcap : 0;
        for (size_t j = 0; j < r->qcap; j++)
            nq[j] = r->q[(start + j) % r->qcap];
        free(r->q);
        r->q = nq;
        r->qhead = (size_t)r->has_current;
        r->qcap = ncap;
    }
    entry *e = &r->q[(r->qhead + r->qcount) % r->qcap];
    r->qcount++;
    e->has_cands = 0;
    e->meta_len = 0;
    return e;
}

/* Gives a new puzzle record the metadata read for it: an OpenSudoku
 * collection's fields, pending .sdk headers, its link's or game's own. */
void rd_attach_meta(doku_reader *r, entry *e)
{
    const doku_buf *parts[3] = {&r->xml.collection, &r->meta_pending, &r->meta_extra};
    size_t need = 0;
    for (int k = 0; k < 3; k++)
        need += parts[k]->len;
    if (r->meta_extra.len && r->xml.collection.len)
        need -= r->xml.collection.len; /* a game's metadata starts with its collection's */
    e->meta_len = 0;
    if (need && rd_grow((void **)&e->meta, &e->meta_cap, need)) {
        for (int k = 0; k < 3; k++) {
            if (k == 0 && r->meta_extra.len && r->xml.collection.len)
                continue;
            if (parts[k]->len)
                memcpy(e->meta + e->meta_len, parts[k]->data, parts[k]->len);
            e->meta_len += parts[k]->len;
        }
    }
    doku_buf_reset(&r->meta_pending);
    doku_buf_reset(&r->meta_extra);
}

doku_status rd_push_error(doku_reader *r, size_t line, size_t col,
                          doku_status st, const char *fmt_msg)
{
    entry *e = rd_queue_push(r);
    if (!e)
        return DOKU_ERR_NOMEM;
    size_t len = strlen(fmt_msg);
    if (!rd_grow((void **)&e->message, &e->message_cap, len + 1)) {
        r->qcount--;
        return DOKU_ERR_NOMEM;
    }
    memcpy(e->message, fmt_msg, len + 1);
    e->kind = DOKU_RECORD_ERROR;
    e->n = 0;
    e->line = line;
    e->column = col;
    e->status = st;
    return DOKU_OK;
}

/* ---- alphabets --------------------------------------------------------- */

/* Picks the alphabet for a character grid of side n; see docs/FORMATS.md. */
static doku_symbols choose_symbols(const doku_reader *r, const raw_cell *cells, int n)
{
    if (r->opts.symbols != DOKU_SYMBOLS_AUTO)
        return r->opts.symbols;
    if (n <= DECIMAL_SIDE)
        return DOKU_SYMBOLS_1_9A_Z;
    int digit19 = 0, zero = 0, other_empty = 0, zeros = 0;
    char max_letter = 0;
    for (int i = 0; i < n * n; i++) {
        char c = cells[i].ch;
        if (c >= 'a' && c <= 'z' && c != 'x')
            c = (char)(c - 'a' + 'A');
        if (c >= '1' && c <= '9')
            digit19 = 1;
        else if (c == '0')
            zero = 1, zeros++;
        else if (is_empty_mark(c))
            other_empty = 1;
        else if (c >= 'A' && c <= 'Z' && c > max_letter)
            max_letter = c;
    }
    /* No digits at all, and a letter beyond the top of 1-9A-Z: A=1. */
    if (!digit19 && !zero && max_letter > 'A' + n - 10)
        return DOKU_SYMBOLS_A_Z;
    /* '0' beside other empty marks, and no letter past the top of 0-9A-Z:
     * the zero is a digit (hexadoku). */
    if (zero && other_empty && max_letter < 'A' + n - 11 + 1)
        return DOKU_SYMBOLS_0_9A_Z;
    /* A complete 0-9A-Z grid (a hexadoku solution): n zeros, no other empty
     * mark, and no symbol for n in 1-9A-Z. Read as 1-9A-Z it would be a grid
     * whose only holes all want the digit n. */
    if (zeros == n && !other_empty && max_letter < 'A' + n - 10)
        return DOKU_SYMBOLS_0_9A_Z;
    return DOKU_SYMBOLS_1_9A_Z;
}

/* Queues a size error when n is not the side the caller fixed.
 * @return 1 (with *st the error's status) when it did. */
static int wrong_side(doku_reader *r, int n, size_t line, doku_status *st)
{
    if (!r->opts.n || n == r->opts.n)
        return 0;
    char msg[160];
    snprintf(msg, sizeof msg, "puzzle is %dx%d, expected %dx%d", n, n, r->opts.n, r->opts.n);
    *st = rd_push_error(r, line, 1, DOKU_ERR_SIZE, msg);
    return 1;
}

/* Opens the next puzzle record of side n: room for its cells, its
 * candidates (with_cands) and a comment of comment_len bytes. The caller
 * fills e->cells (and e->cands), then closes it with close_puzzle or, on
 * bad input, drops it (r->qcount--) before queueing the error.
 * @return the entry, NULL when out of memory. */
static entry *open_puzzle(doku_reader *r, int n, int with_cands, size_t comment_len)
{
    entry *e = rd_queue_push(r);
    if (!e)
        return NULL;
    size_t nc = (size_t)n * (size_t)n;
    if (!rd_grow((void **)&e->cells, &e->cells_cap, nc) ||
        (with_cands && !rd_grow((void **)&e->cands, &e->cands_cap, nc * sizeof(uint64_t))) ||
        !rd_grow((void **)&e->comment, &e->comment_cap, comment_len + 1)) {
        r->qcount--;
        return NULL;
    }
    e->has_cands = with_cands;
    return e;
}

/* Completes the record open_puzzle opened. @return DOKU_OK. */
static doku_status close_puzzle(doku_reader *r, entry *e, int n, doku_symbols sym, size_t line,
                                const char *comment, size_t comment_len)
{
    memcpy(e->comment, comment, comment_len);
    e->comment[comment_len] = '\0';
    e->kind = DOKU_RECORD_PUZZLE;
    r->puzzles++;
    rd_attach_meta(r, e);
    e->symbols = sym;
    e->n = n;
    e->line = line;
    e->column = 0;
    e->status = DOKU_OK;
    return DOKU_OK;
}

doku_status rd_emit_puzzle(doku_reader *r, const raw_cell *cells, int n,
                           int token_mode, size_t line,
                           const char *comment, size_t comment_len)
{
    char msg[160];
    doku_status st;
    if (wrong_side(r, n, line, &st))
        return st;
    doku_symbols sym = token_mode ? DOKU_SYMBOLS_1_9A_Z : choose_symbols(r, cells, n);
    entry *e = open_puzzle(r, n, 0, comment_len);
    if (!e)
        return DOKU_ERR_NOMEM;
    size_t nc = (size_t)n * (size_t)n;
    const uint8_t *table = SYMBOL_VALUE[sym == DOKU_SYMBOLS_0_9A_Z ? 1 : sym == DOKU_SYMBOLS_A_Z ? 2 : 0];
    for (size_t i = 0; i < nc; i++) {
        const raw_cell *c = &cells[i];
        int v;
        if (c->token == TOKEN_NONE && !token_mode) {
            /* the common case: a symbol of the alphabet or an empty mark */
            v = table[(unsigned char)c->ch];
            if (v <= n) {
                e->cells[i] = (uint8_t)v;
                continue;
            }
        }
        if (c->token != TOKEN_NONE) {
            v = c->token < 0 ? 0 : c->token;
        } else if (token_mode) {
            v = is_digit(c->ch) ? c->ch - '0' : 0;
        } else if (c->ch == 'x' || c->ch == '.' || c->ch == '-' || c->ch == '*' || c->ch == '_') {
            v = 0;
        } else if (c->ch == '0' && sym != DOKU_SYMBOLS_0_9A_Z) {
            v = 0;
        } else {
            v = io_symbol_value(sym, c->ch);
            if ((c->ch == 'X') && (v == 0 || v > n))
                v = 0; /* 'X' marks an empty cell unless it is a digit here */
            else if (v == 0 || v > n) {
                r->qcount--;
                snprintf(msg, sizeof msg,
                         "symbol '%c' is not a digit of a %dx%d puzzle (symbols %s, %c..%c)",
                         c->ch, n, n, io_symbols_name(sym), doku_symbol(n, sym, 1),
                         doku_symbol(n, sym, n));
                return rd_push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
        }
        if (v > n) {
            r->qcount--;
            snprintf(msg, sizeof msg, "value %d is out of range for a %dx%d puzzle", v, n, n);
            return rd_push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
        }
        e->cells[i] = (uint8_t)v;
    }
    return close_puzzle(r, e, n, token_mode ? DOKU_SYMBOLS_1_9A_Z : sym, line, comment,
                        comment_len);
}

/* A puzzle with pencil marks: cells (a lone candidate is a filled cell)
 * and candidates, both n*n, copied into a new record. */
doku_status rd_emit_with_cands(doku_reader *r, int n, const uint8_t *cells,
                               const uint64_t *cands, size_t line, const char *comment,
                               size_t comment_len)
{
    doku_status st;
    if (wrong_side(r, n, line, &st))
        return st;
    entry *e = open_puzzle(r, n, 1, comment_len);
    if (!e)
        return DOKU_ERR_NOMEM;
    size_t nc = (size_t)n * (size_t)n;
    memcpy(e->cells, cells, nc);
    memcpy(e->cands, cands, nc * sizeof(uint64_t));
    return close_puzzle(r, e, n, DOKU_SYMBOLS_1_9A_Z, line, comment, comment_len);
}

/* A candidate line of side n at p (checked by io_cand_line_side),
 * decoded straight into its record. */
doku_status rd_emit_cand_line(doku_reader *r, const char *p, int n, size_t col,
                              const char *comment, size_t comment_len)
{
    doku_status st;
    entry *e = open_puzzle(r, n, 1, comment_len);
    if (!e)
        return DOKU_ERR_NOMEM;
    int bad = io_cand_line_decode(p, n, e->cells, e->cands);
    if (bad) {
        char msg[120];
        r->qcount--;
        snprintf(msg, sizeof msg, "candidate line: r%dc%d has no candidates left",
                 (bad - 1) / n + 1, (bad - 1) % n + 1);
        return rd_push_error(r, r->lineno, col + (size_t)(bad - 1) * (size_t)n, DOKU_ERR_PARSE, msg);
    }
    if (r->opts.n && n != r->opts.n) {
        r->qcount--;
        wrong_side(r, n, r->lineno, &st);
        return st;
    }
    return close_puzzle(r, e, n, DOKU_SYMBOLS_1_9A_Z, r->lineno, comment, comment_len);
}

/* A completed pencil-mark grid: each cell's token is its candidate set; a
 * plain symbol is a filled cell and an empty mark a cell open to all. */
doku_status rd_emit_pencil_grid(doku_reader *r, const raw_cell *raw, int n, size_t line,
                                const char *comment, size_t comment_len)
{
    size_t nc = (size_t)n * (size_t)n;
    uint64_t all = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    doku_symbols sym = r->opts.symbols == DOKU_SYMBOLS_AUTO ? DOKU_SYMBOLS_1_9A_Z : r->opts.symbols;
    doku_status st;
    entry *e = open_puzzle(r, n, 1, comment_len);
    if (!e)
        return DOKU_ERR_NOMEM;
    for (size_t i = 0; i < nc; i++) {
        const raw_cell *c = &raw[i];
        uint64_t m = c->mask;
        char msg[120];
        if (!m) {
            int v = c->token != TOKEN_NONE ? (c->token < 0 ? 0 : c->token)
                    : is_empty_mark(c->ch) || (c->ch == '0' && sym != DOKU_SYMBOLS_0_9A_Z) ? 0
                    : io_symbol_value(sym, c->ch);
            if (v > n || (v == 0 && c->token == TOKEN_NONE && !is_empty_mark(c->ch) && c->ch != '0')) {
                r->qcount--;
                if (c->token != TOKEN_NONE) /* a number: name it, not its '?' */
                    snprintf(msg, sizeof msg, "%d is no candidate of a %dx%d grid", c->token, n, n);
                else
                    snprintf(msg, sizeof msg, "'%c' is no candidate of a %dx%d grid", c->ch ? c->ch : '?', n, n);
                return rd_push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
            m = v ? (uint64_t)1 << (v - 1) : all;
        }
        if (m & ~all) {
            r->qcount--;
            snprintf(msg, sizeof msg, "candidate above %d in a %dx%d pencil-mark grid", n, n, n);
            return rd_push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
        }
        e->cands[i] = m;
        e->cells[i] = (m & (m - 1)) ? 0 : (uint8_t)(__builtin_ctzll(m) + 1);
    }
    if (r->opts.n && n != r->opts.n) {
        r->qcount--;
        wrong_side(r, n, line, &st);
        return st;
    }
    return close_puzzle(r, e, n, DOKU_SYMBOLS_1_9A_Z, line, comment, comment_len);
}

/* A puzzle given as values (a link, a collection's game). */
doku_status rd_emit_values(doku_reader *r, const uint8_t *v, int n, size_t line, size_t col,
                           const char *comment, size_t comment_len)
{
    raw_cell *cells = r->grid;
    for (int i = 0; i < n * n; i++) {
        cells[i].ch = 0;
        cells[i].token = (int16_t)v[i];
        cells[i].line = (uint32_t)line;
        cells[i].col = (uint32_t)col;
        cells[i].mask = 0;
    }
    return rd_emit_puzzle(r, cells, n, 1, line, comment, comment_len);
}
