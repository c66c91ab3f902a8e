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
/* 1 if a record writer's symbols or o->format is outside its enum (the
 * writers then answer DOKU_ERR_ARG instead of writing a default). */
int io_record_args_bad(doku_symbols symbols, const doku_record_opts *o);
/* Appends v with that many decimals, or JSON's
 * null when v is NaN or infinite (which printf would spell "nan"/"inf",
 * breaking the JSON). */
void io_put_json_number(doku_buf *b, int decimals, double v);

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

#endif
