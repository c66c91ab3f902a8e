/*
 * backend_entries.h — the back ends formats/ and render/ define for the programs
 * above them. Only a program's table of back ends names these (cli/
 * backends.c for doku); the commands and the server reach them through
 * that table, so no folder of programs includes another's headers.
 * Each is compiled only when its libraries are there (DOKU_HAVE_XLSX,
 * DOKU_HAVE_WORKBOOK, DOKU_HAVE_RENDER).
 */
#ifndef DOKU_COMMON_BACKEND_ENTRIES_H
#define DOKU_COMMON_BACKEND_ENTRIES_H

#include "document.h"
#include "workbook_input.h"

/* formats/xlsx_document.c, a document_open_fn: each record becomes a
 * sheet with its grid, and a batch gets a summary sheet first. @return
 * its state with *ops set, or NULL with a message in why (e.g. -o names a
 * pattern for one file per record, which a workbook does not take). */
void *xlsx_document_open(const document_spec *spec, const document_ops **ops, char *why,
                         size_t cap);

/* formats/workbook_reader.c, a book_read_fn. */
long formats_book_read(const char *path, book_kind kind, const book_request *req, book_sink sink,
                       void *ctx, char *why, size_t cap);

/* render/loader.c, a document_open_fn for svg, png and pdf: opens the
 * doku-render.so module (NULL with a message in why when it cannot be
 * found or loaded) and hands over to its entry point. */
void *render_document_open(const document_spec *spec, const document_ops **ops, char *why,
                           size_t cap);

#endif
