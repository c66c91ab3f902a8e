/*
 * backends.h — the back ends doku is built with (backends.c): its
 * document formats and its workbook reader, as the commands and `doku
 * serve` use them.
 */
#ifndef DOKU_CLI_BACKENDS_H
#define DOKU_CLI_BACKENDS_H

#include "document.h"
#include "workbook_input.h"

/* document_open over doku's table of back ends: NULL with a message in
 * why when this build lacks spec->format's back end (naming what to
 * install), spec->path is NULL, or the back end refuses. */
document_file *cli_document_open(const document_spec *spec, char *why, size_t cap);

/* The workbook reader of this build (a book_read_fn): formats/' reader, or
 * book_read_unavailable when doku was built without it. */
long cli_workbook_read(const char *path, book_kind kind, const book_request *req, book_sink sink,
                       void *ctx, char *why, size_t cap);

#endif
