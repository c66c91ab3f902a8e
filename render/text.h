/*
 * text.h — captions and wrapped sentences under and over the grids.
 */
#ifndef DOKU_RENDER_TEXT_H
#define DOKU_RENDER_TEXT_H

#include "record.h"

#include <cairo.h>
#include <stddef.h>

/* Lays text out in lines no wider than width at cr's current font.
 * With draw, shows them from baseline y (x left) with line height lh.
 * @return the number of lines. */
int rd_wrap(cairo_t *cr, const char *text, double x, double y, double width, double lh,
            int draw);

/* Shows text centred on x at baseline y, shortened with "..." to fit width. */
void rd_text_centred(cairo_t *cr, const char *text, double x, double y, double width);

/* A record's caption: "Puzzle 3 · easy · seed 42", "file:12 · none" ...
 * number > 0 replaces the record's own number (a booklet's count);
 * with_rules puts the global rules (rd_rules) right after it. */
void rd_caption(const rd_record *r, long number, int with_rules, char *buf, size_t cap);

/* The global rules of r (anti-knight, non-consecutive, the negative dot
 * and X/V rules, disjoint groups), which have no mark on the grid, as
 * "anti-knight · non-consecutive" into buf; "" when none. */
void rd_rules(const rd_record *r, char *buf, size_t cap);

/* A context on a 1x1 image for measuring text before a page exists; the
 * caller destroys it. */
cairo_t *rd_measure_context(void);

#endif
