/*
 * sink.h — where pages go: one PDF of many pages, or one SVG or PNG file
 * per page (a PDF too when the -o path holds a %d), named from the -o
 * pattern.
 */
#ifndef DOKU_RENDER_SINK_H
#define DOKU_RENDER_SINK_H

#include <cairo.h>
#include <stddef.h>

enum { RD_PDF, RD_SVG, RD_PNG };

typedef struct rd_sink {
    int kind;                  /* RD_* */
    const char *path;          /* -o: a file, or a pattern with one %d */
    size_t npages;             /* how many pages the document has */
    size_t page;               /* pages begun so far */
    const char *title;         /* PDF metadata; may be NULL */
    cairo_surface_t *surface;  /* the PDF's, or the current page's */
    cairo_t *cr;
    char file[4096];           /* the current page's file (SVG, PNG) */
    char why[512];             /* the first error */
    int failed;
} rd_sink;

/* 0 if path is a file name or holds exactly one printf integer
 * conversion (%d, %3d, %03d, %%-escapes allowed); -1 with a message. */
int rd_sink_check_path(const char *path, char *why, size_t cap);

/* Starts page k (in order) of w x h points. @return its cairo context
 * (drawn on in points), or NULL after an error (see why). */
cairo_t *rd_sink_begin(rd_sink *s, double w, double h);

/* Ends the page begun last (writes its file for SVG and PNG). */
void rd_sink_end(rd_sink *s);

/* Finishes the PDF and frees everything. @return 0, or -1 with s->why. */
int rd_sink_close(rd_sink *s);

#endif
