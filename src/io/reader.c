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
 */
#include "io_internal.h"

#include "symbol_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MIN_SIDE = 4,
    MAX_CHAR_SIDE = 36,   /* the largest side a one-character alphabet covers (0-9A-Z) */
    DECIMAL_SIDE = 9,     /* sides whose digits are all the decimal digits 1-9 */
    TOKEN_NONE = -2       /* a cell read as a character, not as a number */
};

typedef struct entry {
    doku_record_kind kind;
    int n;
    size_t line, column;
    doku_status status;
    doku_symbols symbols;
    uint8_t *cells;
    size_t cells_cap;
    char *comment;
    size_t comment_cap;
    char *meta;           /* "key\0value\0" pairs (links, .sdk, OpenSudoku) */
    size_t meta_len, meta_cap;
    uint64_t *cands;      /* pencil marks: n*n masks, when has_cands */
    size_t cands_cap;
    int has_cands;
    char *message;
    size_t message_cap;
} entry;

/* One cell as read, before its alphabet is known. */
typedef struct raw_cell {
    char ch;          /* the character, or 0 for a numeric token */
    int16_t token;    /* numeric token value (-1/0 empty), or TOKEN_NONE */
    uint32_t line, col;
    uint64_t mask;    /* a pencil-mark token's candidates; 0: none written */
} raw_cell;

/* A row parsed from one line. */
typedef struct row {
    raw_cell cells[DOKU_MAX_N + 1];
    int count;          /* may exceed DOKU_MAX_N: then cells holds the first */
    int numeric;        /* every token was a number or '.' */
    int pencil;         /* tokens are candidate sets (a pencil-mark row) */
    int multichar;      /* some numeric token had two or more characters */
    size_t bad_col;     /* column of the first character that is no symbol */
    char bad_ch;
    const char *bad_num; /* with bad_col: a number token no cell can hold */
    size_t bad_num_len;
    const char *comment; /* trailing '#' comment, or NULL */
    size_t comment_len;
} row;

struct doku_reader {
    doku_reader_opts opts;
    size_t lineno;
    int in_other_section;  /* inside an .sdk section other than [Puzzle] */
    int skipping;          /* after a broken grid, until a blank line */
    /* multi-line grid in progress */
    int active, width, rows, token_mode, pencil;
    size_t start_line;
    raw_cell *grid;        /* [DOKU_MAX_CELLS] */
    char *gcomment;
    size_t gcomment_len, gcomment_cap;
    /* '# ...' lines: those right above a grid are its comment, as the grid
     * and csv-grid writers put it there */
    char *note;
    size_t note_len, note_cap, note_line;
    /* queue of ready records (a ring; entries keep their buffers) */
    entry *q;
    size_t qhead, qcount, qcap;
    int has_current;
    /* text as spreadsheets and editors save it */
    int unreadable;        /* UTF-16 input: reported once, the rest ignored */
    int csv_grid_done;     /* the last line completed a delimited grid */
    int puzzles;           /* puzzles emitted so far */
    char header[48];       /* line 1 when it was taken for a CSV header */
    io_field *fields;      /* [DOKU_MAX_CELLS + 1], on first use */
    /* metadata: .sdk '#A' headers for the next puzzle, a link's or game's
     * own fields, an OpenSudoku document in progress */
    doku_buf meta_pending, meta_extra;
    io_xml xml;
    uint8_t *link_cells;   /* [DOKU_MAX_CELLS], on first use */
};

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }
static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static int is_empty_mark(char c) { return c == '.' || c == '-' || c == '*' || c == '_' || c == 'x'; }
static int is_cell_char(char c) { return is_digit(c) || is_letter(c) || is_empty_mark(c); }

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

/* ---- output queue ---------------------------------------------------- */

static int grow(void **buf, size_t *cap, size_t need)
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
static entry *queue_push(doku_reader *r)
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
static void attach_meta(doku_reader *r, entry *e)
{
    const doku_buf *parts[3] = {&r->xml.collection, &r->meta_pending, &r->meta_extra};
    size_t need = 0;
    for (int k = 0; k < 3; k++)
        need += parts[k]->len;
    if (r->meta_extra.len && r->xml.collection.len)
        need -= r->xml.collection.len; /* a game's metadata starts with its collection's */
    e->meta_len = 0;
    if (need && grow((void **)&e->meta, &e->meta_cap, need)) {
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

static doku_status push_error(doku_reader *r, size_t line, size_t col,
                              doku_status st, const char *fmt_msg)
{
    entry *e = queue_push(r);
    if (!e)
        return DOKU_ERR_NOMEM;
    size_t len = strlen(fmt_msg);
    if (!grow((void **)&e->message, &e->message_cap, len + 1)) {
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

/* Converts a complete set of raw cells (side n) into a puzzle record. */
static doku_status emit_puzzle(doku_reader *r, const raw_cell *cells, int n,
                               int token_mode, size_t line,
                               const char *comment, size_t comment_len);

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
    *st = push_error(r, line, 1, DOKU_ERR_SIZE, msg);
    return 1;
}

/* Opens the next puzzle record of side n: room for its cells, its
 * candidates (with_cands) and a comment of comment_len bytes. The caller
 * fills e->cells (and e->cands), then closes it with close_puzzle or, on
 * bad input, drops it (r->qcount--) before queueing the error.
 * @return the entry, NULL when out of memory. */
static entry *open_puzzle(doku_reader *r, int n, int with_cands, size_t comment_len)
{
    entry *e = queue_push(r);
    if (!e)
        return NULL;
    size_t nc = (size_t)n * (size_t)n;
    if (!grow((void **)&e->cells, &e->cells_cap, nc) ||
        (with_cands && !grow((void **)&e->cands, &e->cands_cap, nc * sizeof(uint64_t))) ||
        !grow((void **)&e->comment, &e->comment_cap, comment_len + 1)) {
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
    attach_meta(r, e);
    e->symbols = sym;
    e->n = n;
    e->line = line;
    e->column = 0;
    e->status = DOKU_OK;
    return DOKU_OK;
}

static doku_status emit_puzzle(doku_reader *r, const raw_cell *cells, int n,
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
                return push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
        }
        if (v > n) {
            r->qcount--;
            snprintf(msg, sizeof msg, "value %d is out of range for a %dx%d puzzle", v, n, n);
            return push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
        }
        e->cells[i] = (uint8_t)v;
    }
    return close_puzzle(r, e, n, token_mode ? DOKU_SYMBOLS_1_9A_Z : sym, line, comment,
                        comment_len);
}

static int numeric_token(const char *t, size_t len, int *value);

/* A puzzle with pencil marks: cells (a lone candidate is a filled cell)
 * and candidates, both n*n, copied into a new record. */
static doku_status emit_with_cands(doku_reader *r, int n, const uint8_t *cells,
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
static doku_status emit_cand_line(doku_reader *r, const char *p, int n, size_t col,
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
        return push_error(r, r->lineno, col + (size_t)(bad - 1) * (size_t)n, DOKU_ERR_PARSE, msg);
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
static doku_status emit_pencil_grid(doku_reader *r, const raw_cell *raw, int n, size_t line,
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
                return push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
            m = v ? (uint64_t)1 << (v - 1) : all;
        }
        if (m & ~all) {
            r->qcount--;
            snprintf(msg, sizeof msg, "candidate above %d in a %dx%d pencil-mark grid", n, n, n);
            return push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
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

/* Steps to the next token of s[*at..end), where blanks (and '|' when
 * bars) separate tokens: its start goes to *start and *at past its end.
 * @return its length, 0 at the end of the text. */
static size_t next_token(const char *s, size_t end, int bars, size_t *at, size_t *start)
{
    size_t i = *at;
    while (i < end && (is_space(s[i]) || (bars && s[i] == '|')))
        i++;
    *start = i;
    while (i < end && !is_space(s[i]) && !(bars && s[i] == '|'))
        i++;
    *at = i;
    return i - *start;
}

/* A pencil-mark row: blank- or '|'-separated tokens, each a set of
 * distinct symbols no larger than the row is wide, at least one of two or
 * more (a row of single symbols is an ordinary grid row, unless the grid
 * is already a pencil-mark grid: force). On a side above 9, a row of
 * decimal numbers is a row of numbers. @return 1 and fills rw. */
static int pencil_row(const doku_reader *r, const char *s, size_t len, size_t line, int force,
                      row *rw)
{
    size_t end = len;
    for (size_t i = 1; i < len; i++)
        if (s[i] == '#') {
            end = i;
            break;
        }
    int ntok = 0, multi = 0, allnum = 1, top = 0;
    for (size_t i = 0, b; next_token(s, end, 1, &i, &b);) {
        uint64_t m;
        int mx, v;
        if (ntok >= DOKU_MAX_N || !io_pencil_token(r->opts.symbols, s + b, i - b, &m, &mx))
            return 0;
        if (i - b > 1)
            multi = 1;
        if (!numeric_token(s + b, i - b, &v))
            allnum = 0;
        if (mx > top)
            top = mx;
        raw_cell *c = &rw->cells[ntok++];
        c->ch = s[b];
        c->token = TOKEN_NONE;
        c->line = (uint32_t)line;
        c->col = (uint32_t)(b + 1);
        c->mask = m;
    }
    if (ntok < MIN_SIDE || top > ntok)
        return 0;
    if (!force && (!multi || (ntok > DECIMAL_SIDE && allnum)))
        return 0;
    rw->count = ntok;
    rw->pencil = 1;
    rw->numeric = 0;
    rw->multichar = 0;
    rw->bad_col = 0;
    rw->bad_num = NULL;
    rw->comment = end < len ? s + end + 1 : NULL;
    rw->comment_len = end < len ? len - end - 1 : 0;
    return 1;
}

/* ---- rows ------------------------------------------------------------- */

/* A decimal token: "." or "-1" or 0..64 without leading zeros. */
static int numeric_token(const char *t, size_t len, int *value)
{
    if (len == 1 && t[0] == '.') {
        *value = 0;
        return 1;
    }
    if (len == 2 && t[0] == '-' && t[1] == '1') {
        *value = -1;
        return 1;
    }
    if (len == 0 || len > 2 || (len == 2 && t[0] == '0'))
        return 0;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!is_digit(t[i]))
            return 0;
        v = v * 10 + (t[i] - '0');
    }
    if (v > DOKU_MAX_N)
        return 0;
    *value = v;
    return 1;
}

/* Two or more characters that read as a (signed) integer. */
static int looks_numeric(const char *t, size_t len)
{
    size_t i = (len && t[0] == '-') ? 1 : 0;
    if (len < 2 || i == len)
        return 0;
    for (; i < len; i++)
        if (!is_digit(t[i]))
            return 0;
    return 1;
}

static void row_add(row *rw, char ch, int token, size_t line, size_t col)
{
    if (rw->count < DOKU_MAX_N + 1) {
        raw_cell *c = &rw->cells[rw->count];
        c->ch = ch;
        c->token = (int16_t)token;
        c->line = (uint32_t)line;
        c->col = (uint32_t)col;
        c->mask = 0;
    }
    rw->count++;
}

/* Parses one line as a grid row: tokens separated by spaces and '|'.
 * in_tokens: the grid it continues is already read as decimal numbers. */
static void parse_row(const char *s, size_t len, size_t line, int in_tokens, row *rw)
{
    rw->count = 0;
    rw->numeric = 1;
    rw->pencil = 0;
    rw->multichar = 0;
    rw->bad_col = 0;
    rw->bad_num = NULL;
    rw->comment = NULL;
    rw->comment_len = 0;
    size_t end = len;
    for (size_t i = 1; i < len; i++)
        if (s[i] == '#') {
            end = i;
            rw->comment = s + i + 1;
            rw->comment_len = len - i - 1;
            break;
        }
    /* First pass: is every token a number? */
    int ntok = 0;
    const char *odd = NULL;
    size_t odd_len = 0, odd_col = 0;
    for (size_t i = 0, b; next_token(s, end, 1, &i, &b);) {
        int v;
        ntok++;
        if (!numeric_token(s + b, i - b, &v)) {
            rw->numeric = 0;
            if (!odd && looks_numeric(s + b, i - b)) {
                odd = s + b;
                odd_len = i - b;
                odd_col = b + 1;
            }
        } else if (i - b > 1) {
            rw->multichar = 1;
        }
    }
    if (ntok < 2)
        rw->numeric = 0;
    /* "-2" or "65" among decimal tokens ("10", "-1"): a bad number, not a
     * row of single characters '-', '2' ... */
    if (odd && (rw->multichar || in_tokens) && ntok >= 2) {
        rw->bad_col = odd_col;
        rw->bad_num = odd;
        rw->bad_num_len = odd_len;
        return;
    }
    if (rw->numeric && rw->multichar) {
        for (size_t i = 0, b; next_token(s, end, 1, &i, &b);) {
            int v = 0;
            numeric_token(s + b, i - b, &v);
            row_add(rw, 0, v, line, b + 1);
        }
        return;
    }
    rw->multichar = 0;
    for (size_t i = 0; i < end; i++) {
        char c = s[i];
        /* '[5]' is how a marked grid shows a given */
        if (is_space(c) || c == '|' || c == '[' || c == ']')
            continue;
        if (!is_cell_char(c)) {
            if (!rw->bad_col) {
                rw->bad_col = i + 1;
                rw->bad_ch = c;
            }
            continue;
        }
        row_add(rw, c, TOKEN_NONE, line, i + 1);
    }
}

static void bad_number_message(const row *rw, char *msg, size_t cap)
{
    snprintf(msg, cap, "number '%.*s' is no cell value (1..%d; '.', '0' or '-1' empty)",
             (int)(rw->bad_num_len > 12 ? 12 : rw->bad_num_len), rw->bad_num, DOKU_MAX_N);
}

/* A frame line is only '-', '+', '*', '|', '=' and spaces; a line of only
 * '-' or only '*' is a row of empty cells when its length says so. */
static int is_frame(const char *s, size_t len, int width)
{
    /* HoDoKu's pencil-mark frames: ".-------.-------." and ":---+---:" */
    int run = 0, longest = 0, dotted = 1;
    for (size_t i = 0; i < len && dotted; i++) {
        run = s[i] == '-' ? run + 1 : 0;
        if (run > longest)
            longest = run;
        dotted = is_space(s[i]) || (s[i] && strchr(".:-+|*=", s[i]) != NULL);
    }
    if (dotted && longest >= 6)
        return 1;
    int dash = 0, star = 0, other = 0, k = 0, gaps = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (is_space(c)) {
            gaps = 1;
            continue;
        }
        if (c == '+' || c == '|' || c == '=')
            other = 1;
        else if (c == '-')
            dash = 1, k++;
        else if (c == '*')
            star = 1, k++;
        else
            return 0;
    }
    if (other || (dash && star))
        return 1;
    if (width)
        return k != width;
    /* "** ** ** **": a hexadoku-style row of empties in box groups */
    if (star && gaps && k >= MIN_SIDE && k <= DOKU_MAX_N)
        return 0;
    int m = 0;
    while ((m + 1) * (m + 1) <= k)
        m++;
    return !(m * m == k && m >= MIN_SIDE && m <= MAX_CHAR_SIDE);
}

/* ---- grids in progress ------------------------------------------------ */

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
    if (!grow((void **)buf, cap, need))
        return; /* a comment lost to memory exhaustion is not data loss */
    if (*blen)
        (*buf)[(*blen)++] = ' ';
    memcpy(*buf + *blen, s, len);
    *blen += len;
    (*buf)[*blen] = '\0';
}

static void comment_append(doku_reader *r, const char *s, size_t len)
{
    text_append(&r->gcomment, &r->gcomment_len, &r->gcomment_cap, s, len);
}

/* A '# ...' line: kept (with the '#' lines just above it) for a grid that
 * starts on the next line. */
static void note_line(doku_reader *r, const char *s, size_t len)
{
    if (r->note_line + 1 != r->lineno)
        r->note_len = 0;
    r->note_line = r->lineno;
    while (len && *s == '#')
        s++, len--;
    text_append(&r->note, &r->note_len, &r->note_cap, s, len);
}

static doku_status abandon_grid(doku_reader *r, size_t line, size_t col, const char *why)
{
    char msg[320];
    snprintf(msg, sizeof msg, "%s (grid of %d columns started at line %zu, %d of %d rows read)",
             why, r->width, r->start_line, r->rows, r->width);
    r->active = 0;
    r->gcomment_len = 0;
    r->skipping = 1;
    return push_error(r, line, col, DOKU_ERR_PARSE, msg);
}

/* The first cell of a would-be grid row that no alphabet for its width
 * can read, or NULL. Catching it here names the character at once; left to
 * the end, a stray word ("garbage") reads as the first row of a 7x7 grid
 * and the message is only that the grid never finished. */
static const raw_cell *impossible_cell(const doku_reader *r, const row *rw)
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

static doku_status start_grid(doku_reader *r, const row *rw, size_t line)
{
    r->active = 1;
    r->width = rw->count;
    r->rows = 0;
    r->token_mode = rw->numeric && rw->multichar;
    r->pencil = rw->pencil;
    r->start_line = line;
    r->gcomment_len = 0;
    if (r->note_len && r->note_line + 1 == line)
        comment_append(r, r->note, r->note_len);
    return DOKU_OK;
}

static doku_status add_grid_row(doku_reader *r, const row *rw)
{
    int w = r->width;
    memcpy(r->grid + (size_t)r->rows * w, rw->cells, sizeof(raw_cell) * (size_t)w);
    if (rw->numeric && rw->multichar)
        r->token_mode = 1;
    if (rw->pencil)
        r->pencil = 1;
    if (rw->comment)
        comment_append(r, rw->comment, rw->comment_len);
    if (++r->rows < w)
        return DOKU_OK;
    r->active = 0;
    if (r->pencil)
        return emit_pencil_grid(r, r->grid, w, r->start_line, r->gcomment ? r->gcomment : "",
                                r->gcomment_len);
    if (r->token_mode) {
        /* Rows read before the first multi-digit token were single
         * characters; they must be digits or '.' to mean the same. */
        for (int i = 0; i < w * w; i++) {
            raw_cell *c = &r->grid[i];
            if (c->token == TOKEN_NONE && !(is_digit(c->ch) || c->ch == '.')) {
                char msg[120];
                snprintf(msg, sizeof msg, "'%c' in a grid of decimal numbers", c->ch);
                return push_error(r, c->line, c->col, DOKU_ERR_PARSE, msg);
            }
        }
    }
    return emit_puzzle(r, r->grid, w, r->token_mode, r->start_line,
                       r->gcomment ? r->gcomment : "", r->gcomment_len);
}

/* ---- one-line puzzles ---------------------------------------------------- */

static int square_side(size_t len)
{
    int m = 0;
    while ((size_t)(m + 1) * (size_t)(m + 1) <= len)
        m++;
    return (size_t)m * (size_t)m == len ? m : 0;
}

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
        int m = square_side(run);
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
    comment_append(r, s, at);
    comment_append(r, s + at + nc, len - at - nc);
    entry *e = queue_push(r);
    if (!e)
        return 0;
    if (!grow((void **)&e->cells, &e->cells_cap, nc) ||
        !grow((void **)&e->comment, &e->comment_cap, r->gcomment_len + 1)) {
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
    attach_meta(r, e);
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
        comment_append(r, s, at);
        comment_append(r, s + at + run, len - at - run);
        return emit_cand_line(r, s + at, k, at + 1, r->gcomment ? r->gcomment : "",
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
    comment_append(r, s, at);
    comment_append(r, s + at + nc, len - at - nc);
    return emit_puzzle(r, cells, m, 0, r->lineno, r->gcomment ? r->gcomment : "",
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
    for (size_t i = 0, b; next_token(s, stop, 0, &i, &b);) {
        int v;
        if (!numeric_token(s + b, i - b, &v))
            return 0;
        ntok++;
    }
    if (ntok <= DOKU_MAX_N)
        return 0;
    int m = square_side(ntok);
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
    for (size_t i = 0, b; next_token(s, stop, 0, &i, &b);) {
        int v = 0;
        numeric_token(s + b, i - b, &v);
        cells[k].ch = 0;
        cells[k].mask = 0;
        cells[k].token = (int16_t)v;
        cells[k].line = (uint32_t)r->lineno;
        cells[k].col = (uint32_t)(b + 1);
        k++;
    }
    r->gcomment_len = 0;
    if (stop < len)
        comment_append(r, s + stop + 1, len - stop - 1);
    return emit_puzzle(r, cells, m, 1, r->lineno, r->gcomment ? r->gcomment : "",
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
    if (is_frame(s, len, 0) && !star_row(s, len, r->opts.n)) {
        if (r->note_line + 1 == r->lineno)
            r->note_line = r->lineno;   /* a frame between a grid and its comment */
        return DOKU_OK;
    }
    size_t stop;
    if ((m = token_line_side(r, s, len, &stop)) != 0)
        return emit_token_line(r, s, len, stop, m);
    row rw;
    if (pencil_row(r, s, len, r->lineno, 0, &rw)) {
        start_grid(r, &rw, r->lineno);
        return add_grid_row(r, &rw);
    }
    parse_row(s, len, r->lineno, 0, &rw);
    char msg[256];
    if (rw.bad_num) {
        bad_number_message(&rw, msg, sizeof msg);
        r->skipping = 1; /* the rest of this grid, up to a blank line */
        return push_error(r, r->lineno, rw.bad_col, DOKU_ERR_PARSE, msg);
    }
    if (rw.bad_col) {
        unsigned char b = (unsigned char)rw.bad_ch;
        if (b >= 0x20 && b < 0x7f)
            snprintf(msg, sizeof msg, "unexpected character '%c' (not a digit, letter or empty mark)", rw.bad_ch);
        else
            snprintf(msg, sizeof msg, "unexpected byte 0x%02X (not a digit, letter or empty mark)", b);
        return push_error(r, r->lineno, rw.bad_col, DOKU_ERR_PARSE, msg);
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
        const raw_cell *bad = impossible_cell(r, &rw);
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
            return push_error(r, bad->line, bad->col, DOKU_ERR_PARSE, msg);
        }
        start_grid(r, &rw, r->lineno);
        return add_grid_row(r, &rw);
    }
    if (r->opts.n)
        snprintf(msg, sizeof msg,
                 "found %d cells: expected %d on one line, or rows of %d", rw.count,
                 r->opts.n * r->opts.n, r->opts.n);
    else
        too_many_or_few(rw.count, msg, sizeof msg);
    return push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
}

static doku_status handle_grid_line(doku_reader *r, const char *s, size_t len)
{
    if (is_frame(s, len, r->width))
        return DOKU_OK;
    row rw;
    if (pencil_row(r, s, len, r->lineno, r->pencil, &rw) && rw.count == r->width)
        return add_grid_row(r, &rw);
    parse_row(s, len, r->lineno, r->token_mode, &rw);
    if (rw.bad_num) {
        char msg[200];
        bad_number_message(&rw, msg, sizeof msg);
        return abandon_grid(r, r->lineno, rw.bad_col, msg);
    }
    if (rw.bad_col) {
        char msg[120];
        unsigned char b = (unsigned char)rw.bad_ch;
        if (b >= 0x20 && b < 0x7f)
            snprintf(msg, sizeof msg, "unexpected character '%c'", rw.bad_ch);
        else
            snprintf(msg, sizeof msg, "unexpected byte 0x%02X", b);
        return abandon_grid(r, r->lineno, rw.bad_col, msg);
    }
    if (rw.count != r->width) {
        /* A complete one-line puzzle ends the broken grid and counts. */
        size_t at;
        int m;
        if (find_line_puzzle(r, s, len, &at, &m)) {
            doku_status st = abandon_grid(r, r->lineno, 1, "grid ended early");
            r->skipping = 0;
            if (st != DOKU_OK)
                return st;
            return emit_line_puzzle(r, s, len, at, m);
        }
        char msg[80];
        snprintf(msg, sizeof msg, "row has %d cells, expected %d", rw.count, r->width);
        return abandon_grid(r, r->lineno, 1, msg);
    }
    return add_grid_row(r, &rw);
}

/* ---- delimited lines (spreadsheet CSV) ------------------------------------ */

/* A field that is a whole one-line puzzle: @return its side, else 0. */
static int field_puzzle_side(const doku_reader *r, const io_field *f)
{
    int m = square_side(f->len);
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
    if (numeric_token(f->p, f->len, &v)) {
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
    comment_append(r, s, before);
    size_t joined = r->gcomment_len;
    comment_append(r, s + after, len - after);
    if (joined && r->gcomment_len > joined)
        r->gcomment[joined] = delim; /* the two sides keep their delimiter */
    size_t nc = (size_t)m * (size_t)m;
    int k = nc >= 64 ? io_cand_line_side(f->p, nc, r->opts.n) : 0;
    if (k)
        return emit_cand_line(r, f->p, k, f->col, r->gcomment ? r->gcomment : "",
                              r->gcomment_len);
    raw_cell *cells = r->grid;
    for (size_t i = 0; i < nc; i++) {
        cells[i].ch = f->p[i];
        cells[i].mask = 0;
        cells[i].token = TOKEN_NONE;
        cells[i].line = (uint32_t)r->lineno;
        cells[i].col = (uint32_t)(f->col + i);
    }
    return emit_puzzle(r, cells, m, 0, r->lineno, r->gcomment ? r->gcomment : "",
                       r->gcomment_len);
}

/* A line with ',' ';' or tabs: a row of a grid (one field per cell, empty
 * fields empty cells), a whole puzzle in n*n fields, or a record whose
 * field holds a one-line puzzle (a CSV column of puzzles). Sets *handled
 * to 0 for a tab-separated line that is none of these: the plain reader
 * takes it (tabs are also just spaces). */
static doku_status handle_csv_line(doku_reader *r, const char *s, size_t len, char delim,
                                   int *handled)
{
    *handled = 1;
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
        if (r->active) {
            doku_status st = abandon_grid(r, r->lineno, 1, "grid ended early");
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
        const io_field *b = &f[bad - 1];
        if (r->lineno == 1 && !r->active) {
            /* a header row ("puzzle,solution,rating"): kept to name it if
             * no puzzle follows */
            snprintf(r->header, sizeof r->header, "%.*s", (int)(len > 40 ? 40 : len), s);
            return DOKU_OK;
        }
        snprintf(msg, sizeof msg,
                 "field %zu '%.*s' is no cell (a symbol, a number 1..%d or empty), and no field holds a one-line puzzle",
                 bad, (int)(b->len > 24 ? 24 : b->len), b->p, DOKU_MAX_N);
        if (r->active)
            return abandon_grid(r, r->lineno, b->col, msg);
        return push_error(r, r->lineno, b->col, DOKU_ERR_PARSE, msg);
    }
    if (nf > DOKU_MAX_N) {
        int m = square_side(nf);
        if (!r->active && m >= MIN_SIDE && m <= DOKU_MAX_N && (!r->opts.n || r->opts.n == m)) {
            if (multichar) /* numbers: every single character must be a digit */
                for (size_t k = 0; k < nf; k++)
                    if (cells[k].token == TOKEN_NONE && cells[k].ch != '.' && is_digit(cells[k].ch)) {
                        cells[k].token = (int16_t)(cells[k].ch - '0');
                        cells[k].ch = 0;
                    }
            r->csv_grid_done = 0;
            return emit_puzzle(r, cells, m, multichar, r->lineno, "", 0);
        }
        snprintf(msg, sizeof msg, "found %zu fields: a puzzle on one line needs n*n (81 for 9x9), a grid row 4..%d",
                 nf, DOKU_MAX_N);
        if (r->active)
            return abandon_grid(r, r->lineno, 1, msg);
        return push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
    }
    rw.count = (int)nf;
    rw.numeric = 1;
    for (size_t k = 0; k < nf; k++)
        if (cells[k].token == TOKEN_NONE && !(cells[k].ch == '.' || is_digit(cells[k].ch)))
            rw.numeric = 0;
    rw.multichar = multichar;
    if (multichar && !rw.numeric) {
        for (size_t k = 0; k < nf; k++)
            if (cells[k].token == TOKEN_NONE && cells[k].ch != '.' && !is_digit(cells[k].ch)) {
                snprintf(msg, sizeof msg, "'%c' in a grid of decimal numbers", cells[k].ch);
                return r->active ? abandon_grid(r, r->lineno, cells[k].col, msg)
                                 : push_error(r, r->lineno, cells[k].col, DOKU_ERR_PARSE, msg);
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
            return push_error(r, r->lineno, 1, DOKU_ERR_PARSE, msg);
        }
        r->csv_grid_done = 0;
        start_grid(r, &rw, r->lineno);
    } else if ((int)nf != r->width) {
        snprintf(msg, sizeof msg, "row has %zu fields, expected %d", nf, r->width);
        return abandon_grid(r, r->lineno, 1, msg);
    }
    doku_status st = add_grid_row(r, &rw);
    if (!r->active)
        r->csv_grid_done = 1;
    return st;
}

/* ---- exchange formats: .sdk headers, links, HoDoKu, OpenSudoku ------------ */

/* SadMan .sdk header letters and the metadata key each becomes. */
static const char *sdk_key(char c)
{
    switch (c) {
    case 'A': return "author";
    case 'B': return "date";
    case 'C': return "comment";
    case 'D': return "description";
    case 'L': return "level";
    case 'S': return "source";
    case 'U': return "url";
    }
    return NULL;
}

/* A puzzle given as values (a link, a collection's game). */
static doku_status emit_values(doku_reader *r, const uint8_t *v, int n, size_t line, size_t col,
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
    return emit_puzzle(r, cells, n, 1, line, comment, comment_len);
}

static int on_xml_game(void *ctx, const char *data, size_t len, doku_buf *meta, size_t line,
                       size_t col)
{
    doku_reader *r = ctx;
    char msg[160];
    int m = data ? square_side(len) : 0;
    size_t bad = 0;
    for (size_t i = 0; data && i < len && !bad; i++)
        if (!is_digit(data[i]) && data[i] != '.')
            bad = i + 1;
    doku_status st;
    if (!data) {
        st = push_error(r, line, col, DOKU_ERR_PARSE, "OpenSudoku <game> without data=\"...\"");
    } else if (m < MIN_SIDE || m > DECIMAL_SIDE || bad) {
        snprintf(msg, sizeof msg, "OpenSudoku game data holds %zu characters%s; 81 digits (0 empty) expected",
                 len, bad ? " that are not all digits" : "");
        st = push_error(r, line, col, DOKU_ERR_PARSE, msg);
    } else {
        uint8_t v[DECIMAL_SIDE * DECIMAL_SIDE];
        for (size_t i = 0; i < len; i++)
            v[i] = data[i] == '.' ? 0 : (uint8_t)(data[i] - '0');
        doku_buf_reset(&r->meta_extra);
        if (meta->len)
            doku_buf_append(&r->meta_extra, meta->data, meta->len);
        st = emit_values(r, v, m, line, col, "", 0);
    }
    return st == DOKU_ERR_NOMEM ? 1 : 0;
}

/* A HoDoKu library line ":type:candidates:grid:deleted:eliminations:
 * placements:extra": the grid marks placed digits with '+', the deleted
 * candidates are "digit row col" triples; the rest is the comment. */
static doku_status hodoku_line(doku_reader *r, const char *s, size_t len, int *handled)
{
    size_t f[8], nf = 0;
    for (size_t i = 0; i < len && nf < 8; i++)
        if (s[i] == ':')
            f[nf++] = i;
    *handled = 0;
    if (nf < 4 || f[0] != 0)
        return DOKU_OK;
    const char *g = s + f[2] + 1;
    size_t gl = f[3] - f[2] - 1, k = 0;
    uint8_t cells[81];
    for (size_t i = 0; i < gl; i++) {
        if (g[i] == '+')
            continue;
        if (k == 81 || !(is_digit(g[i]) || g[i] == '.'))
            return DOKU_OK;
        cells[k++] = g[i] == '.' ? 0 : (uint8_t)(g[i] - '0');
    }
    if (k != 81)
        return DOKU_OK;
    *handled = 1;
    uint64_t cands[81];
    for (int i = 0; i < 81; i++) {
        uint64_t m = 0x1FF;
        for (int j = 0; j < 81; j++) {
            int same = i / 9 == j / 9 || i % 9 == j % 9 ||
                       (i / 27 == j / 27 && (i % 9) / 3 == (j % 9) / 3);
            if (j != i && same && cells[j])
                m &= ~((uint64_t)1 << (cells[j] - 1));
        }
        cands[i] = cells[i] ? (uint64_t)1 << (cells[i] - 1) : m;
    }
    const char *d = s + f[3] + 1, *de = nf > 4 ? s + f[4] : s + len;
    while (d < de) {
        while (d < de && (*d == ' ' || *d == ','))
            d++;
        if (d + 3 <= de && d[0] >= '1' && d[0] <= '9' && d[1] >= '1' && d[1] <= '9' &&
            d[2] >= '1' && d[2] <= '9') {
            int cell = (d[1] - '1') * 9 + (d[2] - '1');
            if (!cells[cell])
                cands[cell] &= ~((uint64_t)1 << (d[0] - '1'));
            d += 3;
        } else if (d < de) {
            char msg[120];
            snprintf(msg, sizeof msg, "HoDoKu line: deleted candidate '%.*s' is no digit-row-column triple",
                     (int)(de - d > 8 ? 8 : de - d), d);
            return push_error(r, r->lineno, (size_t)(d - s) + 1, DOKU_ERR_PARSE, msg);
        }
    }
    for (int i = 0; i < 81; i++)
        if (!cands[i]) {
            char msg[120];
            snprintf(msg, sizeof msg, "HoDoKu line: r%dc%d has no candidates left", i / 9 + 1, i % 9 + 1);
            return push_error(r, r->lineno, f[2] + 2, DOKU_ERR_PARSE, msg);
        }
    /* the comment: the line without its grid and deleted candidates */
    r->gcomment_len = 0;
    comment_append(r, s, f[2] + 1);
    if (nf > 4) {
        /* joined as written: ":type:cands:" then ":elims:placements:" */
        size_t keep = r->gcomment_len;
        comment_append(r, s + f[4], len - f[4]);
        if (keep && r->gcomment_len > keep) {
            memmove(r->gcomment + keep, r->gcomment + keep + 1, r->gcomment_len - keep);
            r->gcomment_len--;
        }
    }
    return emit_with_cands(r, 9, cells, cands, r->lineno, r->gcomment ? r->gcomment : "",
                           r->gcomment_len);
}

/* Lines of the exchange formats. @return 1 when the line was one (with
 * *st its status). */
static int exchange_line(doku_reader *r, const char *line, size_t len, const char *s, size_t sl,
                         doku_status *st)
{
    *st = DOKU_OK;
    if (r->xml.active || io_xml_starts(s, sl)) {
        if (io_xml_line(&r->xml, line, len, r->lineno, on_xml_game, r))
            *st = DOKU_ERR_NOMEM;
        return 1;
    }
    const char *key;
    /* "#A name" and SadMan's own "#Aname" */
    if (sl >= 2 && s[0] == '#' && (key = sdk_key(s[1])) != NULL) {
        size_t b = 2;
        while (b < sl && (s[b] == ' ' || s[b] == '\t'))
            b++;
        if (b < sl)
            io_meta_add(&r->meta_pending, key, s + b, sl - b);
        return 1;
    }
    if (s[0] == '#')
        return 0; /* a comment line, whatever it quotes */
    if (s[0] == ':') {
        int handled;
        *st = hodoku_line(r, s, sl, &handled);
        if (handled)
            return 1;
    }
    if (sl < 20 || (!memchr(s, '/', sl)))
        return 0;
    if (!r->link_cells && !(r->link_cells = malloc(DOKU_MAX_CELLS))) {
        *st = DOKU_ERR_NOMEM;
        return 1;
    }
    io_puzzle p;
    memset(&p, 0, sizeof p);
    p.cells = r->link_cells;
    char why[240];
    size_t col = 0;
    int rc = io_link_decode(line, len, &p, why, sizeof why, &col);
    if (rc == 0) {
        doku_buf_free(&p.meta);
        return 0;
    }
    if (r->active)
        abandon_grid(r, r->lineno, col, "grid ended by a link");
    r->skipping = 0;
    if (rc < 0) {
        *st = push_error(r, r->lineno, col, DOKU_ERR_PARSE, why);
    } else if (r->opts.n && r->opts.n != p.n) {
        snprintf(why, sizeof why, "puzzle is %dx%d, expected %dx%d", p.n, p.n, r->opts.n, r->opts.n);
        *st = push_error(r, r->lineno, col, DOKU_ERR_SIZE, why);
    } else {
        r->gcomment_len = 0;
        comment_append(r, line, p.at);
        comment_append(r, line + p.end, len - p.end);
        doku_buf_reset(&r->meta_extra);
        if (p.meta.len)
            doku_buf_append(&r->meta_extra, p.meta.data, p.meta.len);
        *st = emit_values(r, p.cells, p.n, r->lineno, col, r->gcomment ? r->gcomment : "",
                          r->gcomment_len);
    }
    doku_buf_free(&p.meta);
    return 1;
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
            return handle_csv_line(r, line, raw_len, '\t', &handled);
        }
        r->skipping = 0;
        r->csv_grid_done = 0;   /* an empty row after a blank line may start a grid */
        return DOKU_OK;
    }
    const char *s = line + lead;
    size_t sl = len - lead;
    doku_status xst;
    if ((r->xml.active || s[0] == '<' || s[0] == '#' || s[0] == ':' || sl >= 20) &&
        exchange_line(r, line, len, s, sl, &xst))
        return xst;
    if (s[0] == '[') {
        doku_status st = DOKU_OK;
        if (r->active)
            st = abandon_grid(r, r->lineno, lead + 1, "grid interrupted by a section header");
        r->in_other_section = !starts_with_ci(s, sl, "[puzzle]");
        r->skipping = 0;
        return st;
    }
    if (r->in_other_section)
        return DOKU_OK;
    if (s[0] == '#') {
        note_line(r, s, sl);
        r->csv_grid_done = 0;
        return DOKU_OK;
    }
    char delim = io_csv_delimiter(line, raw_len);
    if (delim) {
        int handled;
        doku_status st = handle_csv_line(r, line, delim == '\t' ? raw_len : len, delim, &handled);
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
            return push_error(r, 1, 1, DOKU_ERR_PARSE,
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
    if (r->active) {
        char msg[80];
        snprintf(msg, sizeof msg, "input ended inside a grid");
        return abandon_grid(r, r->lineno, 0, msg);
    }
    if (r->header[0] && !r->puzzles) {
        char msg[160];
        snprintf(msg, sizeof msg, "no puzzle: line 1 '%s' is no puzzle or grid row, and no puzzle follows it (read as a CSV header)", r->header);
        r->header[0] = '\0';
        return push_error(r, 1, 1, DOKU_ERR_PARSE, msg);
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
