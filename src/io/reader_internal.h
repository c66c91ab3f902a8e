/*
 * reader_internal.h — the text reader's state and the pieces its files
 * share. Calls go one way, down this list: reader.c (lines, dispatch,
 * one-line puzzles) -> the format readers (reader_csv.c,
 * reader_exchange.c -> reader_hodoku.c, reader_opensudoku.c) ->
 * reader_grid.c (grids in progress) -> reader_records.c (the queue of
 * records); reader_row.c (a line as a grid row) is called from any of
 * them and calls none.
 */
#ifndef DOKU_READER_INTERNAL_H
#define DOKU_READER_INTERNAL_H

#include "io_internal.h"

#include <stdint.h>

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
    int csv_grid;          /* the grid in progress is of delimited lines */
    int puzzles;           /* puzzles emitted so far */
    char header[48];       /* line 1 when it was taken for a CSV header */
    io_field *fields;      /* [DOKU_MAX_CELLS + 1], on first use */
    /* metadata: .sdk '#A' headers for the next puzzle, a link's or game's
     * own fields, an OpenSudoku document in progress */
    doku_buf meta_pending, meta_extra;
    io_xml xml;
    uint8_t *link_cells;   /* [DOKU_MAX_CELLS], on first use */
};

static inline int is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }
static inline int is_digit(char c) { return c >= '0' && c <= '9'; }
static inline int is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
static inline int is_empty_mark(char c) { return c == '.' || c == '-' || c == '*' || c == '_' || c == 'x'; }
static inline int is_cell_char(char c) { return is_digit(c) || is_letter(c) || is_empty_mark(c); }

/* ---- the queue of records (reader_records.c) ---- */
/* Grows *buf to at least need bytes. @return 1, or 0 out of memory. */
int rd_grow(void **buf, size_t *cap, size_t need);
/* A fresh queue entry, or NULL out of memory. */
entry *rd_queue_push(doku_reader *r);
/* Moves the pending metadata into puzzle record e. */
void rd_attach_meta(doku_reader *r, entry *e);
/* Queues an error record. @return DOKU_OK or DOKU_ERR_NOMEM. */
doku_status rd_push_error(doku_reader *r, size_t line, size_t col, doku_status st,
                          const char *fmt_msg);
/* Converts a complete set of raw cells (side n) into a puzzle record. */
doku_status rd_emit_puzzle(doku_reader *r, const raw_cell *cells, int n, int token_mode,
                           size_t line, const char *comment, size_t comment_len);
doku_status rd_emit_with_cands(doku_reader *r, int n, const uint8_t *cells,
                               const uint64_t *cands, size_t line, const char *comment,
                               size_t comment_len);
doku_status rd_emit_cand_line(doku_reader *r, const char *p, int n, size_t col,
                              const char *comment, size_t comment_len);
doku_status rd_emit_pencil_grid(doku_reader *r, const raw_cell *raw, int n, size_t line,
                                const char *comment, size_t comment_len);
doku_status rd_emit_values(doku_reader *r, const uint8_t *v, int n, size_t line, size_t col,
                           const char *comment, size_t comment_len);

/* ---- a line as a grid row (reader_row.c) ---- */
size_t rd_next_token(const char *s, size_t end, int bars, size_t *at, size_t *start);
int rd_pencil_row(const doku_reader *r, const char *s, size_t len, size_t line, int force,
                  row *rw);
int rd_numeric_token(const char *t, size_t len, int *value);
void rd_parse_row(const char *s, size_t len, size_t line, int in_tokens, row *rw);
void rd_bad_number_message(const row *rw, char *msg, size_t cap);
int rd_is_frame(const char *s, size_t len, int width);
/* k when len = k*k, else 0. */
int rd_square_side(size_t len);

/* ---- grids in progress (reader_grid.c) ---- */
void rd_comment_append(doku_reader *r, const char *s, size_t len);
void rd_note_line(doku_reader *r, const char *s, size_t len);
doku_status rd_abandon_grid(doku_reader *r, size_t line, size_t col, const char *why);
const raw_cell *rd_impossible_cell(const doku_reader *r, const row *rw);
doku_status rd_start_grid(doku_reader *r, const row *rw, size_t line);
doku_status rd_add_grid_row(doku_reader *r, const row *rw);
/* A delimited grid in progress that is a smaller square framed by empty
 * rows and columns (a sheet's grid away from A1, saved as CSV): emits that
 * square and ends the grid. @return 1 when it did (*st its status), 0 when
 * the grid is no such square or not delimited (nothing changed). */
int rd_csv_trimmed_grid(doku_reader *r, doku_status *st);
/* A line s opening with '{': one JSON record, its "puzzle" read back
 * (reader_json.c). @return 1 when it was such a line (*st its status). */
int rd_json_line(doku_reader *r, const char *s, size_t sl, doku_status *st);

/* ---- the formats (reader_csv.c, reader_exchange.c, reader_hodoku.c,
 *      reader_opensudoku.c) ---- */
doku_status rd_handle_csv_line(doku_reader *r, const char *s, size_t len, char delim,
                               int *handled);
int rd_exchange_line(doku_reader *r, const char *line, size_t len, const char *s, size_t sl,
                     doku_status *st);
doku_status rd_hodoku_line(doku_reader *r, const char *s, size_t len, int *handled);
/* io_xml_game_fn for each OpenSudoku <game>; ctx is the reader. */
int rd_on_xml_game(void *ctx, const char *data, size_t len, doku_buf *meta, size_t line,
                   size_t col);

#endif
