/*
 * document.h — output that is a file made of every record of a run rather
 * than a stream of text lines: a workbook (xlsx), pictures (svg, png) or a
 * PDF. The commands do not know how to draw or tabulate: they write the
 * library's JSON record for each puzzle (docs/FORMATS.md, "Records") as
 * they always do, and where they would print it they hand it, in input
 * order, to the document. A document backend parses the record, draws or
 * tabulates it, and writes its file(s) when the run finishes.
 *
 * Backends live outside cli/ because they need outside libraries
 * (formats/ for libxlsxwriter, render/ for cairo); a build without one
 * still knows the format's name and says what is missing.
 */
#ifndef DOKU_CLI_DOCUMENT_H
#define DOKU_CLI_DOCUMENT_H

#include "doku.h"

#include <stddef.h>

/* --format values for documents, beyond the library's doku_format. */
enum {
    CLI_FORMAT_XLSX = 100,
    CLI_FORMAT_SVG,
    CLI_FORMAT_PNG,
    CLI_FORMAT_PDF,
    CLI_FORMAT_DOCUMENT_END
};

/* 1 when format is one of the CLI_FORMAT_* document formats. */
int cli_format_is_document(int format);

/* `doku print`: the records laid out as a booklet rather than one grid a
 * page or image. */
enum { CLI_PAPER_A4 = 0, CLI_PAPER_LETTER };
enum { CLI_SOLUTIONS_BACK = 0, CLI_SOLUTIONS_NONE, CLI_SOLUTIONS_INLINE };
typedef struct cli_booklet {
    int per_page;        /* puzzles a page: 1, 2, 4 or 6 */
    int paper;           /* CLI_PAPER_* */
    const char *title;   /* on every page; NULL: none */
    int solutions;       /* CLI_SOLUTIONS_*: small grids on the last pages,
                            none, or beside each puzzle */
} cli_booklet;

/* What a backend is asked to make. */
typedef struct cli_document_spec {
    const char *cmd;     /* the command ("solve", "explain", ...): what the records hold */
    const char *path;    /* -o FILE; may hold a printf %d/%03d for one file per record */
    int format;          /* CLI_FORMAT_* */
    doku_symbols symbols;/* alphabet the CLI writes digits in */
    const cli_booklet *booklet; /* doku print's layout; NULL otherwise */
} cli_document_spec;

/* A backend's operations on the state its open function made. Each
 * returns 0, or -1 with a message (no trailing newline) in why. */
typedef struct cli_document_ops {
    /* One record: json is the library's JSON record of one puzzle (one
     * object, possibly newline-terminated), shape the puzzle's shape (NULL
     * for an input error record). The backend copies what it keeps. */
    int (*add)(void *self, const doku_shape *shape, const char *json, size_t len,
               char *why, size_t cap);
    /* Writes the file(s). Called once, after the last add. */
    int (*finish)(void *self, char *why, size_t cap);
    /* Frees everything; self may be NULL. */
    void (*destroy)(void *self);
} cli_document_ops;

/* A backend's constructor: the state, with *ops set, or NULL with a
 * message in why (e.g. the command's records cannot be drawn). */
typedef void *(*cli_document_open_fn)(const cli_document_spec *spec,
                                      const cli_document_ops **ops, char *why, size_t cap);

typedef struct cli_document cli_document;

/* Opens the document for spec->format. NULL with a message in why when
 * this build has no backend for it, spec->path is NULL, or the backend
 * refuses. The caller owns the result (cli_document_close). */
cli_document *cli_document_open(const cli_document_spec *spec, char *why, size_t cap);

/* Hands one record to the document. 0, or -1 with a message in why. */
int cli_document_add(cli_document *d, const doku_shape *shape, const char *json, size_t len,
                     char *why, size_t cap);

/* Writes the document and frees it (d may be NULL: returns 0).
 * @return 0, or -1 with a message in why (the document is freed either way). */
int cli_document_close(cli_document *d, char *why, size_t cap);

/* Frees d without writing anything (after an interruption). NULL is fine. */
void cli_document_discard(cli_document *d);

#endif
