/*
 * document.c — opening a document through a program's table of back ends
 * (document.h), and the thin wrapper over a back end's operations.
 */
#include "document.h"

#include <stdio.h>
#include <stdlib.h>

struct document_file {
    const document_ops *ops;
    void *self;
};

int document_format_is(int format)
{
    return format >= DOC_FORMAT_XLSX && format < DOC_FORMAT_END;
}

document_file *document_open(const document_backend *table, size_t count,
                             const document_spec *spec, char *why, size_t cap)
{
    const document_backend *b = NULL;
    for (size_t i = 0; i < count; i++)
        if (table[i].format == spec->format)
            b = &table[i];
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
    document_file *d = calloc(1, sizeof *d);
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

int document_add(document_file *d, const doku_shape *shape, const char *json, size_t len,
                 char *why, size_t cap)
{
    return d->ops->add(d->self, shape, json, len, why, cap);
}

int document_close(document_file *d, char *why, size_t cap)
{
    if (!d)
        return 0;
    int rc = d->ops->finish(d->self, why, cap);
    d->ops->destroy(d->self);
    free(d);
    return rc;
}

void document_discard(document_file *d)
{
    if (!d)
        return;
    d->ops->destroy(d->self);
    free(d);
}
