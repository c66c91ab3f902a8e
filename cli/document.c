/*
 * document.c — the table of document backends, and the thin wrapper the
 * runner and the commands use. A format whose backend this build lacks
 * keeps its name, so the message can say what to install rather than
 * "unknown format".
 */
#include "document.h"

#ifdef DOKU_HAVE_XLSX
#include "xlsx_document.h"
#endif
#ifdef DOKU_HAVE_RENDER
#include "render_document.h"
#endif

#include <stdio.h>
#include <stdlib.h>

struct cli_document {
    const cli_document_ops *ops;
    void *self;
};

typedef struct backend {
    int format;
    const char *name;
    cli_document_open_fn open;   /* NULL: not in this build */
    const char *needs;           /* what to install when open is NULL */
} backend;

static const backend backends[] = {
#ifdef DOKU_HAVE_XLSX
    {CLI_FORMAT_XLSX, "xlsx", xlsx_document_open, NULL},
#else
    {CLI_FORMAT_XLSX, "xlsx", NULL, "libxlsxwriter (Debian: libxlsxwriter-dev)"},
#endif
#ifdef DOKU_HAVE_RENDER
    {CLI_FORMAT_SVG, "svg", render_document_open, NULL},
    {CLI_FORMAT_PNG, "png", render_document_open, NULL},
    {CLI_FORMAT_PDF, "pdf", render_document_open, NULL},
#else
    {CLI_FORMAT_SVG, "svg", NULL, "cairo (Debian: libcairo2-dev)"},
    {CLI_FORMAT_PNG, "png", NULL, "cairo (Debian: libcairo2-dev)"},
    {CLI_FORMAT_PDF, "pdf", NULL, "cairo (Debian: libcairo2-dev)"},
#endif
};

int cli_format_is_document(int format)
{
    return format >= CLI_FORMAT_XLSX && format < CLI_FORMAT_DOCUMENT_END;
}

cli_document *cli_document_open(const cli_document_spec *spec, char *why, size_t cap)
{
    const backend *b = NULL;
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (backends[i].format == spec->format)
            b = &backends[i];
    if (!b) {
        snprintf(why, cap, "no document format %d", spec->format);
        return NULL;
    }
    if (!b->open) {
        snprintf(why, cap, "this doku was built without %s output: install %s and rebuild",
                 b->name, b->needs);
        return NULL;
    }
    if (!spec->path || !*spec->path) {
        snprintf(why, cap, "--format %s writes a file: give it with -o FILE", b->name);
        return NULL;
    }
    cli_document *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    d->self = b->open(spec, &d->ops, why, cap);
    if (!d->self) {
        free(d);
        return NULL;
    }
    return d;
}

int cli_document_add(cli_document *d, const doku_shape *shape, const char *json, size_t len,
                     char *why, size_t cap)
{
    return d->ops->add(d->self, shape, json, len, why, cap);
}

int cli_document_close(cli_document *d, char *why, size_t cap)
{
    if (!d)
        return 0;
    int rc = d->ops->finish(d->self, why, cap);
    d->ops->destroy(d->self);
    free(d);
    return rc;
}

void cli_document_discard(cli_document *d)
{
    if (!d)
        return;
    d->ops->destroy(d->self);
    free(d);
}
