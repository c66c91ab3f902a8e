/*
 * documents.h — files the server makes with the CLI's document backends
 * (xlsx, pdf, png, svg; server_files.h) and hands back as a reply, and the
 * scratch directory a workbook upload is read from.
 *
 * The backends write files named by a path, as `doku ... -o FILE` does;
 * the server gives them a private temporary directory, reads the file
 * back into the reply and removes the directory.
 */
#ifndef DOKU_SERVER_DOCUMENTS_H
#define DOKU_SERVER_DOCUMENTS_H

#include "server_files.h"
#include "reply.h"

#include "doku.h"

#include <stddef.h>

/* One record for a document: the library's JSON record of one puzzle
 * and its shape (both the caller's). */
typedef struct srv_doc_record {
    const doku_shape *shape;
    const char *json;
    size_t len;
} srv_doc_record;

/* What to make. */
typedef struct srv_doc_spec {
    const char *cmd;          /* the records' command: "solve", "convert", "generate" */
    int format;               /* DOC_FORMAT_XLSX, _PDF, _PNG or _SVG */
    doku_symbols symbols;
    const document_booklet *booklet; /* NULL: one grid a page */
    const char *filename;     /* the download's name, e.g. "doku-9x9.pdf" */
} srv_doc_spec;

/* Writes the records as spec asks through files' backends and replies
 * 200 with the file (its Content-Type and name), or with an error: 501
 * when this build has no backend, 500 when it fails. Documents are made
 * one at a time (the picture module resets cairo's and fontconfig's
 * caches when it finishes one). */
void srv_document_reply(const srv_files *files, const srv_doc_spec *spec,
                        const srv_doc_record *recs, size_t n, srv_reply *out);

/* The Content-Type and file extension of a DOC_FORMAT_* document. */
const char *srv_document_type(int format);
const char *srv_document_ext(int format);

/* A private directory under $TMPDIR (or /tmp) for one request's files.
 * @return 0 and its path in dir, or -1. */
int srv_scratch_make(char *dir, size_t cap);
/* Cuts every "dir/" out of msg, in place: a message about a scratch
 * file names the file as the person knows it. */
void srv_scratch_unname(char *msg, const char *dir);
/* Removes the files directly in dir, then dir. */
void srv_scratch_remove(const char *dir);

#endif
