/*
 * workbook_input.h — what the programs ask of workbook input (.xlsx,
 * .xlsm, .ods, .xls): is this file a workbook, and the puzzles in it.
 *
 * Reading workbooks needs outside libraries, so the reader lives in
 * formats/ (built when libzip, expat and FreeXL are there:
 * backend_entries.h);
 * the program that links it hands its book_read_fn to whoever reads
 * files. A build without formats/ still recognises a workbook and says
 * what to install (book_read_unavailable).
 */
#ifndef DOKU_COMMON_WORKBOOK_INPUT_H
#define DOKU_COMMON_WORKBOOK_INPUT_H

#include "doku.h"

#include <stddef.h>
#include <stdint.h>

typedef enum book_kind {
    BOOK_NONE = 0,   /* text: the ordinary reader */
    BOOK_ZIP = 1,    /* .xlsx / .xlsm / .ods (a zip of XML) */
    BOOK_XLS = 2     /* old binary Excel (an OLE2 file) */
} book_kind;

/* What the file at path is, by its first bytes (a zip or OLE2 header; no
 * text puzzle starts with either). Never fails: BOOK_NONE for text and
 * for what cannot be opened (the text path then reports it).
 * Thread-safe. */
book_kind book_kind_of(const char *path);

/* Where to look: NULLs and zeros find every puzzle automatically. */
typedef struct book_request {
    const char *sheet;       /* --sheet NAME, or NULL: every sheet */
    const char *range;       /* --range C3:K11 or Sheet1!C3:K11, or NULL */
    int n;                   /* the side --box/--regions fix, or 0: any */
    doku_symbols symbols;    /* --symbols: how letters and 0 read */
} book_request;

/* One puzzle found, or one that could not be read. */
typedef struct book_puzzle {
    const char *where;       /* "Sheet2!C3:K11"; for an error the cell,
                                "Sheet1!E7" */
    int n;
    const uint8_t *cells;    /* n*n values, 0 = empty; NULL for an error */
    const char *error;       /* what is wrong, or NULL */
    const char *notes;       /* NULL, or lines "Sheet1!E7: ...\n" about
                                cells read in a way the user should know
                                (a formula without a stored value) */
    const uint8_t *entries;  /* n*n: the digits styled apart from the
                                givens (a solution or a player's entries,
                                docs/FORMATS.md), 0 elsewhere; NULL when
                                every digit is a given */
    const char *comment;     /* the puzzle's comment ("Comment: ..." under
                                the grid, or a title right above it), or
                                NULL */
    unsigned variants;       /* DOKU_VARIANT_* the sheet names under the
                                grid ("Shape: 9x9, 3x3 boxes+x"), 0 if none */
    const char *regions;     /* a jigsaw's n*n region symbols 1-9A-Z
                                ("Regions: ..."), or NULL */
    int keep_boxes;          /* with regions: the boxes stay units too */
    const char *constraints; /* a variant puzzle's constraints, the
                                statements of doku's variant text format
                                listed under "Constraints:" below the
                                grid, one a line ("cage 14 r1c1 r2c1\n");
                                NULL when the sheet lists none */
} book_puzzle;

/* p (a puzzle, not an error) as doku's variant text (docs/FORMATS.md):
 * its size, the shape the sheet names, its givens, its solution when
 * the digits set apart from the givens (entries) fill the grid with them
 * (a full killer grid read as the solution: `doku check` verifies it),
 * and its constraints.
 * @return the text (malloc'd, the caller frees it), NULL when memory ran
 * out. */
char *book_variant_text(const book_puzzle *p);

/* Called for each puzzle in workbook order (sheets in order, puzzles by
 * their top-left cell); the pointers live only during the call. */
typedef void (*book_sink)(void *ctx, const book_puzzle *p);

/* Reads the workbook at path and hands each puzzle to sink.
 * @return the number of records handed over (puzzles and errors), or -1
 * with a message in why when the file as a whole cannot be read (broken
 * zip, a sheet or range that is not there, a build without the reader);
 * 0 when it holds no puzzle. The message starts with path, as the place
 * it names: "book.xlsx:Sheet1!E7: ..." or "book.xlsx: no sheet ...". */
typedef long (*book_read_fn)(const char *path, book_kind kind, const book_request *req,
                             book_sink sink, void *ctx, char *why, size_t cap);

/* The book_read_fn of a build without the workbook reader: -1 with a
 * message naming what to install. */
long book_read_unavailable(const char *path, book_kind kind, const book_request *req,
                           book_sink sink, void *ctx, char *why, size_t cap);

#endif
