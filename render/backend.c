/*
 * backend.c — the document backend inside doku-render.so: records are
 * read (record.c) as they come and kept; at the end the pages are laid
 * out (single.c, or booklet.c for `doku print`) into the sink (sink.c).
 *
 * Records are kept rather than drawn at once because a path without a
 * number names one file only when the run turns out to have one page:
 * several pages become name-001.png, name-002.png ... (docs/FORMATS.md).
 */
#include "render_document.h"
#include "pages.h"
#include "record.h"
#include "sink.h"

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct backend {
    char *cmd, *path, *title;
    int kind;                  /* RD_* */
    doku_symbols symbols;
    int is_booklet;
    document_booklet booklet;
    rd_record *recs;
    size_t n, cap;
} backend;

static int add(void *self, const doku_shape *shape, const char *json, size_t len, char *why,
               size_t cap)
{
    backend *b = self;
    /* an input that is no puzzle: the runner has said why on stderr */
    if (!shape)
        return 0;
    if (b->n == b->cap) {
        size_t c = b->cap ? b->cap * 2 : 64;
        rd_record *m = realloc(b->recs, c * sizeof *m);
        if (!m) {
            snprintf(why, cap, "out of memory");
            return -1;
        }
        b->recs = m;
        b->cap = c;
    }
    if (rd_record_parse(&b->recs[b->n], shape, b->symbols, json, len, why, cap) != 0)
        return -1;
    b->n++;
    return 0;
}

static int finish(void *self, char *why, size_t cap)
{
    backend *b = self;
    rd_sink s;
    memset(&s, 0, sizeof s);
    s.kind = b->kind;
    s.path = b->path;
    s.title = b->title;
    if (b->n == 0) {
        snprintf(why, cap, "no puzzle to draw: %s not written", b->path);
        return -1;
    }
    if (b->is_booklet) {
        s.npages = rd_booklet_count(&b->booklet, b->recs, b->n);
        rd_booklet_write(&s, &b->booklet, b->recs, b->n);
    } else {
        s.npages = rd_single_count(b->recs, b->n, b->cmd);
        if (rd_single_write(&s, b->recs, b->n, b->cmd) != 0 && !s.failed) {
            s.failed = 1;
            snprintf(s.why, sizeof s.why, "out of memory");
        }
    }
    int rc = rd_sink_close(&s);
    /* cairo's and fontconfig's caches live until the process ends; freed
     * here (doku draws one document per run) so leak checkers see none */
    cairo_debug_reset_static_data();
    FcFini();
    if (rc != 0) {
        snprintf(why, cap, "%s", s.why);
        return -1;
    }
    return 0;
}

static void destroy(void *self)
{
    backend *b = self;
    if (!b)
        return;
    for (size_t i = 0; i < b->n; i++)
        rd_record_free(&b->recs[i]);
    free(b->recs);
    free(b->cmd);
    free(b->path);
    free(b->title);
    free(b);
}

static const document_ops render_ops = {add, finish, destroy};

void *render_module_open(const document_spec *spec, const document_ops **ops, char *why,
                         size_t cap)
{
    if (rd_sink_check_path(spec->path, why, cap) != 0)
        return NULL;
    backend *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    b->kind = spec->format == DOC_FORMAT_PDF ? RD_PDF : spec->format == DOC_FORMAT_SVG ? RD_SVG
                                                                                       : RD_PNG;
    b->symbols = spec->symbols;
    b->cmd = rd_strdup(spec->cmd);
    b->path = rd_strdup(spec->path);
    if (spec->booklet) {
        b->is_booklet = 1;
        b->booklet = *spec->booklet;
        b->title = rd_strdup(spec->booklet->title);
        b->booklet.title = b->title;
    }
    if (!b->cmd || !b->path || (spec->booklet && spec->booklet->title && !b->title)) {
        destroy(b);
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    *ops = &render_ops;
    return b;
}
