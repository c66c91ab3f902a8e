/*
 * document.h — output that is a file made of every record of a run rather
 * than a stream of text lines: a workbook (xlsx), pictures (svg, png) or a
 * PDF. The commands do not know how to draw or tabulate: they write the
 * library's JSON record for each puzzle (docs/FORMATS.md, "Records") as
 * they always do, and where they would print it they hand it, in input
 * order, to the document. A document backend parses the record, draws or
 * tabulates it, and writes its file(s) when the run finishes.
 *
 * Back ends live in formats/ (libxlsxwriter) and render/ (cairo); the
 * program that links them lists them in a table (document_backend) that
 * document_open reads, so a build without one still knows the format's
 * name and says what is missing.
 */
#ifndef DOKU_COMMON_DOCUMENT_H
#define DOKU_COMMON_DOCUMENT_H

#include "doku.h"

#include <stddef.h>

/* --format values for documents, beyond the library's doku_format. */
enum {
    DOC_FORMAT_XLSX = 100,
    DOC_FORMAT_SVG,
    DOC_FORMAT_PNG,
    DOC_FORMAT_PDF,
    DOC_FORMAT_END
};

/* 1 when format is one of the DOC_FORMAT_* document formats. */
int document_format_is(int format);

/* `doku print`: the records laid out as a booklet rather than one grid a
 * page or image. */
enum { DOC_PAPER_A4 = 0, DOC_PAPER_LETTER };
enum { DOC_SOLUTIONS_BACK = 0, DOC_SOLUTIONS_NONE, DOC_SOLUTIONS_INLINE };
typedef struct document_booklet {
    int per_page;        /* puzzles a page: 1, 2, 4 or 6 */
    int paper;           /* DOC_PAPER_* */
    const char *title;   /* on every page; NULL: none */
    int solutions;       /* DOC_SOLUTIONS_*: small grids on the last pages,
                            none, or beside each puzzle */
} document_booklet;

/* What a backend is asked to make. */
typedef struct document_spec {
    const char *cmd;     /* the command ("solve", "explain", ...): what the records hold */
    const char *path;    /* -o FILE; may hold a printf %d/%03d for one file per record */
    int format;          /* DOC_FORMAT_* */
    doku_symbols symbols;/* alphabet the CLI writes digits in */
    const document_booklet *booklet; /* doku print's layout; NULL otherwise */
} document_spec;

/* A backend's operations on the state its open function made. Each
 * returns 0, or -1 with a message (no trailing newline) in why. */
typedef struct document_ops {
    /* One record: json is the library's JSON record of one puzzle (one
     * object, possibly newline-terminated), shape the puzzle's shape (NULL
     * for an input error record). The backend copies what it keeps. */
    int (*add)(void *self, const doku_shape *shape, const char *json, size_t len,
               char *why, size_t cap);
    /* Writes the file(s). Called once, after the last add. */
    int (*finish)(void *self, char *why, size_t cap);
    /* Frees everything; self may be NULL. */
    void (*destroy)(void *self);
} document_ops;

/* A backend's constructor: the state, with *ops set, or NULL with a
 * message in why (e.g. the command's records cannot be drawn). */
typedef void *(*document_open_fn)(const document_spec *spec, const document_ops **ops,
                                  char *why, size_t cap);

/* One entry of a program's table of back ends. */
typedef struct document_backend {
    int format;                  /* DOC_FORMAT_* */
    const char *name;            /* "xlsx" */
    document_open_fn open;       /* NULL: not in this build */
    const char *needs;           /* what to install when open is NULL */
} document_backend;

typedef struct document_file document_file;

/* Opens the document for spec->format with the back end table[] (count
 * entries) names for it. NULL with a message in why when the table has no
 * back end for it, spec->path is NULL, or the backend refuses. The caller
 * owns the result (document_close). Thread-safe when the back end is. */
document_file *document_open(const document_backend *table, size_t count,
                             const document_spec *spec, char *why, size_t cap);

/* Hands one record to the document. 0, or -1 with a message in why. */
int document_add(document_file *d, const doku_shape *shape, const char *json, size_t len,
                 char *why, size_t cap);

/* Writes the document and frees it (d may be NULL: returns 0).
 * @return 0, or -1 with a message in why (the document is freed either way). */
int document_close(document_file *d, char *why, size_t cap);

/* Frees d without writing anything (after an interruption). NULL is fine. */
void document_discard(document_file *d);

#endif
