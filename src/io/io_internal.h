/*
 * io_internal.h — helpers shared by the text reader and the formatter.
 */
#ifndef DOKU_IO_INTERNAL_H
#define DOKU_IO_INTERNAL_H

#include "doku.h"
#include "doku_records.h"

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

/* Record writers' appenders over doku_buf (format_buf.c): printf-style
 * (the public doku_buf_printf, its status left to the sticky failed flag),
 * a NUL-terminated string, and "r4c7" of a cell. Errors stick in
 * b->failed, so callers append freely and check once. */
#define io_buf_printf(...) ((void)doku_buf_printf(__VA_ARGS__))
void io_buf_puts(doku_buf *b, const char *s);
/* Appends code point cp (at most 0x10FFFF) in UTF-8; a surrogate
 * (U+D800..U+DFFF) as U+FFFD, the replacement character. */
void io_buf_put_utf8(doku_buf *b, uint32_t cp);
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
/* A CSV field of digits (a grid's line form, a seed): ="..." under
 * DOKU_STYLE_CSV_TEXT, so spreadsheets keep it as text; else as is. */
void io_csv_text_open(doku_buf *b, const doku_record_opts *o);
void io_csv_text_close(doku_buf *b, const doku_record_opts *o);
void io_csv_line(doku_buf *b, const doku_record_opts *o, const doku_shape *s,
                 const uint8_t *cells, doku_symbols symbols);
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
    int quoted;      /* characters before p that open it: 0, 1 ('"') or
                        2 ('="', a spreadsheet text field) */
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

/* ---- lz-string (lzstring.c) ---- */
/* Appends lz-string's compressToBase64 of the UTF-8 text to out.
 * @return DOKU_OK or DOKU_ERR_NOMEM. */
doku_status io_lz_compress_b64(const char *text, size_t len, doku_buf *out);
/* Appends decompressFromBase64 of s (as UTF-8) to out, refusing output
 * past max_units UTF-16 units. @return DOKU_OK; DOKU_ERR_PARSE for data
 * that is no lz-string; DOKU_ERR_NOMEM. */
doku_status io_lz_decompress_b64(const char *s, size_t len, size_t max_units, doku_buf *out);

/* ---- a small JSON reader (json_mini.c) ---- */
typedef enum io_json_type {
    IO_JSON_NULL, IO_JSON_FALSE, IO_JSON_TRUE, IO_JSON_NUMBER, IO_JSON_STRING,
    IO_JSON_ARRAY, IO_JSON_OBJECT
} io_json_type;
typedef struct io_json_node {
    io_json_type type;
    double num;
    long str, key;       /* offsets into strings (key -1: none) */
    int first, next;     /* first child, next sibling; -1: none */
    int count;           /* children */
} io_json_node;
/* A parsed document: node 0 is the root. */
typedef struct io_json {
    io_json_node *nodes;
    size_t count, cap;
    doku_buf strings;    /* decoded strings, each NUL-terminated */
} io_json;
/* @return 0, or -1 with the reason in why; free with io_json_free. */
int io_json_parse(io_json *j, const char *s, size_t len, char *why, size_t cap);
void io_json_free(io_json *j);
/* The member key of object obj, or -1. */
int io_json_get(const io_json *j, int obj, const char *key);
/* A string node's text, or NULL; a member's key, or NULL. */
const char *io_json_str(const io_json *j, int node);
const char *io_json_key(const io_json *j, int node);

/* ---- links and metadata (links.c) ---- */
/* A puzzle decoded from a link or a collection entry. */
typedef struct io_puzzle {
    int n;
    uint8_t *cells;       /* the caller's, DOKU_MAX_CELLS */
    doku_buf meta;        /* "key\0value\0" pairs */
    size_t at, end;       /* the link's span in the line */
} io_puzzle;
/* Appends one key/value pair to a packed metadata buffer. */
void io_meta_add(doku_buf *meta, const char *key, const char *value, size_t vlen);
/* 0-15 for a hex digit, else -1. */
int io_hex_digit(char c);
/* Finds and decodes a SudokuWiki, f-puzzles or SudokuPad link in s.
 * @return 0: none; 1: decoded into out; -1: a link doku cannot read, with
 * the reason in why and its 1-based column in *col. */
int io_link_decode(const char *s, size_t len, io_puzzle *out, char *why, size_t cap, size_t *col);
/* f-puzzles' JSON into out. @return 1, or -1 with why. */
int io_fpuzzles_json(const char *text, size_t len, io_puzzle *out, char *why, size_t cap);

/* ---- OpenSudoku XML (opensudoku.c) ---- */
/* Called for each <game>: data (NULL when the attribute is missing),
 * the game's metadata (collection fields first). @return 0 to go on. */
typedef int (*io_xml_game_fn)(void *ctx, const char *data, size_t len, doku_buf *meta,
                              size_t line, size_t col);
typedef struct io_xml {
    int seen;            /* a document started */
    int active;          /* inside <opensudoku> */
    int in_tag;
    size_t tag_line, tag_col;
    doku_buf tag;        /* a tag spanning lines, so far */
    int field;           /* 1 + the collection element whose text is read */
    doku_buf text;
    doku_buf collection; /* the collection's metadata, packed */
} io_xml;
/* 1 if the line opens an XML document (<?xml, <opensudoku or a <!-- comment). */
int io_xml_starts(const char *s, size_t len);
/* Scans one line. @return fn's first nonzero return, else 0. */
int io_xml_line(io_xml *x, const char *s, size_t len, size_t line, io_xml_game_fn fn, void *ctx);
void io_xml_free(io_xml *x);

#endif
