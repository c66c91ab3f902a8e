/*
 * render_document.h — the svg, png and pdf document back end
 * (common/document.h). doku itself holds only a loader (loader.c,
 * render_document_open in common/backend_entries.h): the drawing, cairo
 * and everything cairo loads live in a module, doku-render.so, opened the
 * first time a picture is asked for, so the other commands start as fast
 * as before.
 */
#ifndef DOKU_RENDER_DOCUMENT_H
#define DOKU_RENDER_DOCUMENT_H

#include "document.h"

/* The module's one exported function (backend.c), a document_open_fn:
 * the back end's state with *ops set, or NULL with a message in why. */
__attribute__((visibility("default"))) void *
render_module_open(const document_spec *spec, const document_ops **ops, char *why, size_t cap);

#define RENDER_MODULE_ENTRY "render_module_open"
#define RENDER_MODULE_NAME "doku-render.so"

#endif
