/*
 * booklet.c — `doku print`'s pages: the title and page number on every
 * page, puzzles in a fixed table of slots (1, 2, 4 or 6 a page), each
 * with its caption, then the solutions as small grids (or one beside each
 * puzzle with --solutions inline).
 *
 * The one design idea: every page is a table of equal slots, and a slot
 * is "a square grid with a caption under it"; puzzle pages and solution
 * pages differ only in the table's size, so one routine lays out both.
 */
#include "pages.h"
#include "grid.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MARGIN 40.0
#define TITLE_SIZE 16.0
#define TITLE_SPACE 30.0
#define FOOT_SPACE 24.0
#define CAPTION_SIZE 9.0
#define CAPTION_SPACE 16.0
#define GAP 14.0
#define INLINE_RATIO 0.36  /* a solution beside its puzzle: this much of its side */

static void paper(const document_booklet *b, double *w, double *h)
{
    if (b->paper == DOC_PAPER_LETTER) {
        *w = 612;
        *h = 792;
    } else {
        *w = 595.276;
        *h = 841.89;
    }
}

static void table(int per_page, int *cols, int *rows)
{
    *cols = per_page >= 4 ? 2 : 1;
    *rows = per_page / *cols;
}

/* Solutions a page at the back: small grids, fewer for big sides. */
static void solution_table(const rd_record *recs, size_t n, int *cols, int *rows)
{
    int side = 0;
    for (size_t i = 0; i < n; i++)
        if (recs[i].n > side)
            side = recs[i].n;
    if (side <= 9) {
        *cols = 4;
        *rows = 6;
    } else if (side <= 16) {
        *cols = 3;
        *rows = 4;
    } else {
        *cols = 2;
        *rows = 3;
    }
}

static size_t pages_of(size_t items, size_t per) { return items ? (items + per - 1) / per : 0; }

/* Puzzles a page: as asked, but a solution beside a 16x16 at 4 or 6 a page
 * would print its digits at about 4 pt, so inline solutions of sides above
 * 9 take 2 a page, above 16 one. */
static int puzzles_per_page(const document_booklet *b, const rd_record *recs, size_t n)
{
    int side = 0;
    for (size_t i = 0; i < n; i++)
        if (recs[i].n > side)
            side = recs[i].n;
    int cap = b->solutions != DOC_SOLUTIONS_INLINE || side <= 9 ? b->per_page : side <= 16 ? 2 : 1;
    return b->per_page < cap ? b->per_page : cap;
}

size_t rd_booklet_count(const document_booklet *b, const rd_record *recs, size_t n)
{
    size_t pages = pages_of(n, (size_t)puzzles_per_page(b, recs, n));
    if (b->solutions == DOC_SOLUTIONS_BACK) {
        int c, r;
        solution_table(recs, n, &c, &r);
        pages += pages_of(n, (size_t)(c * r));
    }
    return pages;
}

/* Title at the top, "page k of N" at the bottom. */
static void frame(cairo_t *cr, const document_booklet *b, const char *heading, size_t k,
                  size_t npages, double w, double h)
{
    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, TITLE_SIZE);
    char text[1024];
    if (b->title && heading)
        snprintf(text, sizeof text, "%s \xe2\x80\x94 %s", b->title, heading);
    else
        snprintf(text, sizeof text, "%s", b->title ? b->title : heading ? heading : "");
    if (*text)
        rd_text_centred(cr, text, w / 2, MARGIN + TITLE_SIZE, w - 2 * MARGIN);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, CAPTION_SIZE + 1);
    snprintf(text, sizeof text, "page %zu of %zu", k, npages);
    rd_text_centred(cr, text, w / 2, h - MARGIN + 4, w - 2 * MARGIN);
}

static void caption(cairo_t *cr, const char *text, double cx, double y, double width)
{
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, CAPTION_SIZE);
    rd_text_centred(cr, text, cx, y, width);
}

/* The solution grid of r (puzzle givens bold, the rest filled), or the
 * puzzle alone when the record has none. */
static void solution_grid(cairo_t *cr, const rd_record *r, double x, double y, double side)
{
    rd_grid g = {r, r->solution ? r->solution : r->puzzle, r->puzzle, NULL, NULL, NULL};
    rd_draw_grid(cr, &g, x, y, side);
}

/* One page of the table: items first .. first+count-1 of recs. */
static int table_page(rd_sink *s, const document_booklet *b, const rd_record *recs, size_t first,
                      size_t count, int cols, int rows, int solutions, size_t npages)
{
    double w, h;
    paper(b, &w, &h);
    cairo_t *cr = rd_sink_begin(s, w, h);
    if (!cr)
        return -1;
    cairo_save(cr);
    frame(cr, b, solutions ? "Solutions" : NULL, s->page, npages, w, h);
    double top = MARGIN + (b->title || solutions ? TITLE_SPACE : 0);
    double bottom = h - MARGIN - FOOT_SPACE;
    double sw = (w - 2 * MARGIN) / cols, sh = (bottom - top) / rows;
    int beside = !solutions && b->solutions == DOC_SOLUTIONS_INLINE;
    double side = fmin(sw - GAP, sh - CAPTION_SPACE - GAP);
    if (beside)
        side = fmin((sw - 1.5 * GAP) / (1 + INLINE_RATIO), sh - CAPTION_SPACE - GAP);
    char text[1024];
    for (size_t k = 0; k < count; k++) {
        const rd_record *r = &recs[first + k];
        int col = (int)(k % (size_t)cols), row = (int)(k / (size_t)cols);
        double block = beside ? side * (1 + INLINE_RATIO) + GAP / 2 : side;
        double x = MARGIN + col * sw + (sw - block) / 2;
        double y = top + row * sh + (sh - side - CAPTION_SPACE) / 2;
        if (solutions) {
            solution_grid(cr, r, x, y, side);
            snprintf(text, sizeof text, "%zu%s", first + k + 1, r->solution ? "" : " (no solution)");
        } else {
            rd_grid g = {r, r->puzzle, NULL, NULL, NULL, NULL};
            rd_draw_grid(cr, &g, x, y, side);
            if (beside)
                solution_grid(cr, r, x + side + GAP / 2, y + side * (1 - INLINE_RATIO),
                              side * INLINE_RATIO);
            rd_caption(r, (long)(first + k + 1), 1, text, sizeof text);
        }
        caption(cr, text, x + block / 2, y + side + CAPTION_SPACE - 4, sw - GAP / 2);
    }
    cairo_restore(cr);
    rd_sink_end(s);
    return s->failed ? -1 : 0;
}

int rd_booklet_write(rd_sink *s, const document_booklet *b, const rd_record *recs, size_t n)
{
    size_t npages = rd_booklet_count(b, recs, n);
    int cols, rows;
    table(puzzles_per_page(b, recs, n), &cols, &rows);
    size_t per = (size_t)(cols * rows);
    for (size_t i = 0; i < n; i += per)
        if (table_page(s, b, recs, i, n - i < per ? n - i : per, cols, rows, 0, npages) != 0)
            return -1;
    if (b->solutions != DOC_SOLUTIONS_BACK)
        return 0;
    solution_table(recs, n, &cols, &rows);
    per = (size_t)(cols * rows);
    for (size_t i = 0; i < n; i += per)
        if (table_page(s, b, recs, i, n - i < per ? n - i : per, cols, rows, 1, npages) != 0)
            return -1;
    return 0;
}
