/*
 * io_internal.h — helpers shared by the text reader and the formatter.
 */
#ifndef DOKU_IO_INTERNAL_H
#define DOKU_IO_INTERNAL_H

#include "doku.h"

/* The alphabet's symbols in value order (static storage). */
const char *io_alphabet(doku_symbols symbols);
/* Number of symbols in the alphabet (35 or 36 or 26). */
int io_alphabet_size(doku_symbols symbols);
/* Value (1-based) of ch in the alphabet, case-insensitive; 0 if absent. */
int io_symbol_value(doku_symbols symbols, char ch);
/* "1-9A-Z", "0-9A-Z" or "A-Z". */
const char *io_symbols_name(doku_symbols symbols);

/* Record writers' appenders over doku_buf (format_buf.c): printf-style,
 * a NUL-terminated string, and "r4c7" of a cell. Errors stick in
 * b->failed, so callers append freely and check once. */
void io_buf_printf(doku_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void io_buf_puts(doku_buf *b, const char *s);
/* Makes room for extra more bytes and a NUL. @return 0, or -1 (failed). */
int io_buf_reserve(doku_buf *b, size_t extra);
void io_buf_cell(doku_buf *b, const doku_shape *s, int cell);
/* The status of b: DOKU_ERR_NOMEM once an append failed, else DOKU_OK. */
doku_status io_buf_status(const doku_buf *b);

/* ---- pieces every record shares (format_record.c) ---- */
/* The record kind of opts->format: TOKENS, HEX, LEWIS write GRID records. */
doku_format io_record_format(const doku_record_opts *o);
/* "# " when grids take a read-back layout (tokens, hex, lewis), else "". */
const char *io_note(const doku_record_opts *o);
/* Appends cells through doku_format_cells; a GRID takes o's layout. */
void io_put_cells(doku_buf *b, const doku_record_opts *o, const doku_shape *s,
                  const uint8_t *cells, const uint8_t *givens, const uint8_t *conflicts,
                  doku_format fmt, doku_symbols symbols, unsigned style);
/* Appends cells as a compact JSON array of rows. */
void io_put_json_cells(doku_buf *b, const doku_shape *s, const uint8_t *cells);
/* Appends the one-line form of cells (no newline). */
void io_put_line(doku_buf *b, const doku_shape *s, const uint8_t *cells, doku_symbols symbols);
/* Appends the line form as a JSON string / a CSV field. */
void io_put_line_json(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                      doku_symbols symbols);
/* "FILE:LINE", or "FILE:LINE:COL" when src has a column. */
void io_where(doku_buf *b, const doku_source *src);
/* A record that is only a verdict: in grid form a header "text: msg",
 * otherwise "# FILE:LINE: text: msg"; msg may be NULL (no ": msg"). */
void io_verdict_text(doku_buf *b, const doku_source *src, const doku_record_opts *o,
                     const char *text, const char *msg);
/* JSON: opens the record with "file", "line" and, for a puzzle, "n",
 * "shape", "puzzle" (line form in symbols) and "comment" if any. */
void io_json_open(doku_buf *b, const doku_source *src, doku_symbols symbols);
/* CSV: "file,line," of src. */
void io_csv_prefix(doku_buf *b, const doku_source *src);
/* Grid records: the header line "FILE:LINE: text (shape)". */
void io_grid_header(doku_buf *b, const doku_record_opts *o, const doku_source *src,
                    const char *text);
/* Grid records: the puzzle's givens, with colour (marks red) under
 * DOKU_STYLE_COLOR, else plain. */
void io_puzzle_grid(doku_buf *b, const doku_record_opts *o, const doku_source *src,
                    const uint8_t *marks);
/* The symbol of value v ("A", or decimal for n > 35) into buf[8]. */
const char *io_symbol_text(int n, doku_symbols symbols, int v, char *buf);
/* Appends one decimal number. */
void io_put_u64(doku_buf *b, uint64_t v);


/* ---- delimited lines (csv.c) ---- */
/* One field of a delimited line: text without quotes and surrounding
 * spaces ("" inside quotes left doubled), 1-based column. */
typedef struct io_field {
    const char *p;
    size_t len;
    size_t col;
    int quoted;
} io_field;
/* The delimiter of a spreadsheet line: ',', ';' or '\t', whichever is most
 * frequent outside quotes; 0 when there is none. */
char io_csv_delimiter(const char *s, size_t len);
/* Splits s at delim into fields (the first max stored in f).
 * @return the number of fields (>= 1). */
size_t io_csv_split(const char *s, size_t len, char delim, io_field *f, size_t max);

/* ---- pencil marks (pencil_line.c) ---- */
/* The side k of a candidate line of len = k*k*k characters, each '.' or
 * the digit (1-9A-Z) its position allows; 0 when p is none (or want_n is
 * set and differs). */
int io_cand_line_side(const char *p, size_t len, int want_n);
/* Decodes a candidate line of side n into cells (a lone candidate is a
 * filled cell) and cands. @return 0, or 1 + the index of a cell left
 * without candidates. */
int io_cand_line_decode(const char *p, int n, uint8_t *cells, uint64_t *cands);
/* One pencil-mark token: distinct symbols, or a lone '.'/'0' (mask 0).
 * @return 1 with *mask and the largest value in *maxv, or 0 when the
 * token is no candidate set. */
int io_pencil_token(doku_symbols symbols, const char *p, size_t len, uint64_t *mask, int *maxv);
/* Appends the pencil-mark grid of cells and cand (format_pencil.c):
 * filled cells as their digit, open ones as their candidates. */
void io_put_pencil_grid(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                        const uint64_t *cand);

#endif
