/*
 * sink.c — pages to files. A PDF is one surface whose page size is set
 * per page (or, with a numbered path, one PDF per page); an SVG or PNG
 * page is a surface of its own, written as soon
 * as the page ends, so a long explanation never holds more than one
 * picture. PNG pages are drawn at 2 pixels a point (at most 2400 pixels
 * a side) so a grid stays sharp on screens.
 */
#include "sink.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <stdio.h>
#include <string.h>

int rd_sink_check_path(const char *path, char *why, size_t cap)
{
    int conversions = 0;
    for (const char *p = path; *p; p++) {
        if (*p != '%')
            continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        const char *q = p + 1;
        while (*q >= '0' && *q <= '9')
            q++;
        if (*q != 'd' || q - p > 4) {
            snprintf(why, cap, "-o %s: a file name takes one number as %%d or %%03d, nothing else "
                     "after a %%", path);
            return -1;
        }
        conversions++;
        p = q;
    }
    if (conversions > 1) {
        snprintf(why, cap, "-o %s: one %%d at most", path);
        return -1;
    }
    return 0;
}

/* 1 if path holds a number conversion (not just %%). */
static int has_pattern(const char *path)
{
    for (const char *p = path; *p; p++)
        if (*p == '%') {
            if (p[1] != '%')
                return 1;
            p++;
        }
    return 0;
}

/* The file of page k (1-based): the pattern's number, or with no pattern
 * and several pages, name-001.ext. */
static void page_file(const rd_sink *s, size_t k, char *buf, size_t cap)
{
    if (has_pattern(s->path)) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
        /* checked by rd_sink_check_path: one integer conversion at most */
        snprintf(buf, cap, s->path, (int)k);
#pragma GCC diagnostic pop
        return;
    }
    if (s->npages <= 1) {
        snprintf(buf, cap, "%s", s->path);
        return;
    }
    const char *slash = strrchr(s->path, '/');
    const char *dot = strrchr(s->path, '.');
    if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : s->path))
        dot = s->path + strlen(s->path);
    snprintf(buf, cap, "%.*s-%03zu%s", (int)(dot - s->path), s->path, k, dot);
}

static int fail(rd_sink *s, cairo_status_t st, const char *file)
{
    if (!s->failed)
        snprintf(s->why, sizeof s->why, "cannot write %.400s: %s", file,
                 st == CAIRO_STATUS_WRITE_ERROR || st == CAIRO_STATUS_FILE_NOT_FOUND
                     ? "no such directory, or not writable"
                     : cairo_status_to_string(st));
    s->failed = 1;
    return -1;
}

static double png_scale(double w, double h)
{
    double big = w > h ? w : h, sc = 2.0;
    if (big * sc > 2400)
        sc = 2400 / big;
    return sc;
}

cairo_t *rd_sink_begin(rd_sink *s, double w, double h)
{
    if (s->failed)
        return NULL;
    s->page++;
    /* a PDF is one file of many pages unless the path numbers its files */
    if (s->kind == RD_PDF && !has_pattern(s->path)) {
        if (!s->surface) {
            s->surface = cairo_pdf_surface_create(s->path, w, h);
            if (cairo_surface_status(s->surface) != CAIRO_STATUS_SUCCESS) {
                fail(s, cairo_surface_status(s->surface), s->path);
                return NULL;
            }
            cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_CREATOR, "doku");
            if (s->title)
                cairo_pdf_surface_set_metadata(s->surface, CAIRO_PDF_METADATA_TITLE, s->title);
            s->cr = cairo_create(s->surface);
        } else {
            cairo_pdf_surface_set_size(s->surface, w, h);
        }
        return s->cr;
    }
    page_file(s, s->page, s->file, sizeof s->file);
    if (s->kind == RD_PDF) {
        s->surface = cairo_pdf_surface_create(s->file, w, h);
    } else if (s->kind == RD_SVG) {
        s->surface = cairo_svg_surface_create(s->file, w, h);
        cairo_svg_surface_restrict_to_version(s->surface, CAIRO_SVG_VERSION_1_1);
    } else {
        double sc = png_scale(w, h);
        s->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(w * sc + 0.5),
                                                (int)(h * sc + 0.5));
    }
    if (cairo_surface_status(s->surface) != CAIRO_STATUS_SUCCESS) {
        fail(s, cairo_surface_status(s->surface), s->file);
        cairo_surface_destroy(s->surface);
        s->surface = NULL;
        return NULL;
    }
    s->cr = cairo_create(s->surface);
    if (s->kind == RD_PNG) {
        double sc = png_scale(w, h);
        cairo_scale(s->cr, sc, sc);
    }
    cairo_set_source_rgb(s->cr, 1, 1, 1);
    cairo_paint(s->cr);
    return s->cr;
}

void rd_sink_end(rd_sink *s)
{
    if (!s->cr)
        return;
    if (s->kind == RD_PDF && !has_pattern(s->path)) {
        cairo_show_page(s->cr);
        return;
    }
    cairo_destroy(s->cr);
    s->cr = NULL;
    cairo_status_t st = CAIRO_STATUS_SUCCESS;
    if (s->kind == RD_PNG)
        st = cairo_surface_write_to_png(s->surface, s->file);
    cairo_surface_finish(s->surface);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s->surface);
    if (st != CAIRO_STATUS_SUCCESS)
        fail(s, st, s->file);
    cairo_surface_destroy(s->surface);
    s->surface = NULL;
}

int rd_sink_close(rd_sink *s)
{
    if (s->cr)
        cairo_destroy(s->cr);
    s->cr = NULL;
    if (s->surface) {
        cairo_surface_finish(s->surface);
        cairo_status_t st = cairo_surface_status(s->surface);
        if (st != CAIRO_STATUS_SUCCESS)
            fail(s, st, s->path);
        cairo_surface_destroy(s->surface);
        s->surface = NULL;
    }
    return s->failed ? -1 : 0;
}
