/*
 * server_files.h — what the server asks of the program around it to read
 * and write files: the workbook reader (workbook_input.h, formats/) and
 * the document back ends (document.h: xlsx in formats/, pdf/png/svg in
 * the doku-render.so module). cmd_serve.c hands them in through
 * srv_config, so the server links none of them itself and a program (a
 * fuzz target, a test) that links the server without them still builds;
 * the endpoints that need one answer 501 when it is missing.
 */
#ifndef DOKU_COMMON_SERVER_FILES_H
#define DOKU_COMMON_SERVER_FILES_H

#include "document.h"
#include "workbook_input.h"

typedef struct srv_files {
    /* book_kind_of, a book_read_fn */
    book_kind (*workbook_kind)(const char *path);
    long (*workbook_read)(const char *path, book_kind kind,
                          const book_request *req, book_sink sink, void *ctx,
                          char *why, size_t cap);
    /* a table's document_open (cli_document_open), document_add, _close,
     * _discard */
    document_file *(*document_open)(const document_spec *spec, char *why, size_t cap);
    int (*document_add)(document_file *d, const doku_shape *shape, const char *json, size_t len,
                        char *why, size_t cap);
    int (*document_close)(document_file *d, char *why, size_t cap);
    void (*document_discard)(document_file *d);
} srv_files;

#endif
