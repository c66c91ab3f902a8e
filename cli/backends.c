/*
 * backends.c — doku's table of back ends: where main wires in formats/
 * and render/ (declared in common/backend_entries.h). A format whose back end
 * this build lacks keeps its name, so the message can say what to
 * install rather than "unknown format".
 */
#include "backends.h"

#if defined(DOKU_HAVE_XLSX) || defined(DOKU_HAVE_RENDER) || defined(DOKU_HAVE_WORKBOOK)
#include "backend_entries.h"
#endif

static const document_backend documents[] = {
#ifdef DOKU_HAVE_XLSX
    {DOC_FORMAT_XLSX, "xlsx", xlsx_document_open, NULL},
#else
    {DOC_FORMAT_XLSX, "xlsx", NULL, "libxlsxwriter (Debian: libxlsxwriter-dev)"},
#endif
#ifdef DOKU_HAVE_RENDER
    {DOC_FORMAT_SVG, "svg", render_document_open, NULL},
    {DOC_FORMAT_PNG, "png", render_document_open, NULL},
    {DOC_FORMAT_PDF, "pdf", render_document_open, NULL},
#else
    {DOC_FORMAT_SVG, "svg", NULL, "cairo (Debian: libcairo2-dev)"},
    {DOC_FORMAT_PNG, "png", NULL, "cairo (Debian: libcairo2-dev)"},
    {DOC_FORMAT_PDF, "pdf", NULL, "cairo (Debian: libcairo2-dev)"},
#endif
};

document_file *cli_document_open(const document_spec *spec, char *why, size_t cap)
{
    return document_open(documents, sizeof documents / sizeof documents[0], spec, why, cap);
}

long cli_workbook_read(const char *path, book_kind kind, const book_request *req, book_sink sink,
                       void *ctx, char *why, size_t cap)
{
#ifdef DOKU_HAVE_WORKBOOK
    return formats_book_read(path, kind, req, sink, ctx, why, cap);
#else
    return book_read_unavailable(path, kind, req, sink, ctx, why, cap);
#endif
}
