/*
 * files.h — what the server asks of the programs around it to read and
 * write files: the workbook reader (cli/workbook_input.h, formats/) and
 * the document backends (cli/document.h: xlsx in formats/, pdf/png/svg in
 * the doku-render.so module). cmd_serve.c hands them in through
 * srv_config, so the server links none of them itself and a program (a
 * fuzz target, a test) that links the server without them still builds;
 * the endpoints that need one answer 501 when it is missing.
 */
#ifndef DOKU_SERVER_FILES_H
#define DOKU_SERVER_FILES_H

#include "document.h"
#include "workbook_input.h"

typedef struct srv_files {
    /* cli_workbook_kind_of, cli_workbook_read */
    cli_workbook_kind (*workbook_kind)(const char *path);
    long (*workbook_read)(const char *path, cli_workbook_kind kind,
                          const cli_workbook_request *req, cli_workbook_sink sink, void *ctx,
                          char *why, size_t cap);
    /* cli_document_open, _add, _close, _discard */
    cli_document *(*document_open)(const cli_document_spec *spec, char *why, size_t cap);
    int (*document_add)(cli_document *d, const doku_shape *shape, const char *json, size_t len,
                        char *why, size_t cap);
    int (*document_close)(cli_document *d, char *why, size_t cap);
    void (*document_discard)(cli_document *d);
} srv_files;

#endif
