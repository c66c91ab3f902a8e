/*
 * render_document.h — the svg, png and pdf document backend
 * (cli/document.h). doku itself holds only a loader (loader.c): the
 * drawing, cairo and everything cairo loads live in a module,
 * doku-render.so, opened the first time a picture is asked for, so the
 * other commands start as fast as before.
 */
#ifndef DOKU_RENDER_DOCUMENT_H
#define DOKU_RENDER_DOCUMENT_H

#include "document.h"

/* A cli_document_open_fn: opens the module (NULL with a message in why
 * when it cannot be found or loaded) and hands over to its
 * RENDER_MODULE_ENTRY. */
void *render_document_open(const cli_document_spec *spec, const cli_document_ops **ops,
                           char *why, size_t cap);

/* The module's one exported function, of the same type. */
#define RENDER_MODULE_ENTRY "doku_render_document_open"
#define RENDER_MODULE_NAME "doku-render.so"

#endif
