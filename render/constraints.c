/*
 * constraints.c — variant constraints drawn on a grid (constraints.h).
 *
 * The look follows what players know from the puzzle sites: cages as
 * dashed outlines inset from the cell borders with the sum in the corner,
 * thermometers as a grey tube with a bulb, arrows as a circle with a
 * shaft and a head, the other lines in their usual colours (whispers
 * green, renban purple, palindromes grey, region-sum lines blue), dots and
 * X/V on the border two cells share. Each kind has a colour of its own,
 * so a picture says which rule a mark is (and tests can find it).
 */
#include "constraints.h"
#include "grid.h"

#include "doku_constraints.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAU 6.283185307179586

typedef struct rgb {
    double r, g, b;
} rgb;

static const rgb CAGE = {0.15, 0.15, 0.15};
static const rgb THERMO = {0.70, 0.70, 0.70};
static const rgb ARROW = {0.40, 0.40, 0.40};
static const rgb WHISPER = {0.20, 0.70, 0.30};
static const rgb RENBAN = {0.75, 0.35, 0.85};
static const rgb PALINDROME = {0.50, 0.50, 0.50};
static const rgb BETWEEN = {0.30, 0.50, 0.80};
static const rgb REGION_SUM = {0.20, 0.60, 0.90};
static const rgb DOT_INK = {0.10, 0.10, 0.10};
static const rgb XV_INK = {0.15, 0.15, 0.60};
static const rgb GREATER = {0.25, 0.25, 0.25};
static const rgb QUAD = {0.30, 0.30, 0.30};
static const rgb EVEN = {0.85, 0.85, 0.85};
static const rgb ODD = {0.75, 0.75, 0.75};
static const rgb MINIMUM = {0.30, 0.45, 0.75};
static const rgb MAXIMUM = {0.80, 0.45, 0.30};
static const rgb REGION = {0.95, 0.85, 0.70};
static const rgb LITTLE_KILLER = {0.50, 0.20, 0.10};
static const rgb SANDWICH = {0.10, 0.30, 0.50};
static const rgb XSUM = {0.30, 0.10, 0.50};

static void set(cairo_t *cr, rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

static double cx_of(const rd_geom *g, int cell) { return g->x + (cell % g->n + 0.5) * g->cell; }
static double cy_of(const rd_geom *g, int cell) { return g->y + (cell / g->n + 0.5) * g->cell; }

/* Text centred on (x, y) in the current colour and a face of size. */
static void label(cairo_t *cr, const char *text, double x, double y, double size, int bold)
{
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, x - e.x_bearing - e.width / 2, y - e.y_bearing - e.height / 2);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}

int rd_outside_clues(const rd_record *r)
{
    for (size_t i = 0; i < r->ncons; i++) {
        int k = r->cons[i].kind;
        if (k == DOKU_CON_LITTLE_KILLER || k == DOKU_CON_SANDWICH || k == DOKU_CON_XSUM)
            return 1;
    }
    return 0;
}

/* ---- under: regions, cell marks, lines ----------------------------------- */

static void polyline(cairo_t *cr, const rd_geom *g, const int *cells, size_t count)
{
    cairo_new_path(cr);
    for (size_t k = 0; k < count; k++)
        (k ? cairo_line_to : cairo_move_to)(cr, cx_of(g, cells[k]), cy_of(g, cells[k]));
}

static void line_of(cairo_t *cr, const rd_geom *g, const rd_constraint *c, rgb colour,
                    double width)
{
    set(cr, colour);
    cairo_set_line_width(cr, width * g->cell);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    polyline(cr, g, c->cells, c->ncells);
    cairo_stroke(cr);
}

static void disc(cairo_t *cr, double x, double y, double rad)
{
    cairo_new_path(cr);
    cairo_arc(cr, x, y, rad, 0, TAU);
}

static void thermo(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    line_of(cr, g, c, THERMO, 0.22);
    disc(cr, cx_of(g, c->cells[0]), cy_of(g, c->cells[0]), 0.36 * g->cell);
    cairo_fill(cr);
}

/* An arrow: its circle (one cell: a circle; several: a pill along them),
 * then the shaft from the circle's edge through the other cells, a head
 * at the last. */
static void arrow(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    size_t m = c->nparams ? (size_t)c->params[0] : 1;
    if (m < 1 || m >= c->ncells)
        m = 1;
    double cell = g->cell, lw = fmax(0.6, 0.05 * cell);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    /* the circle: an outline (a thick stroke, then white inside it) */
    set(cr, ARROW);
    cairo_set_line_width(cr, 0.8 * cell);
    polyline(cr, g, c->cells, m);
    if (m == 1)
        cairo_rel_line_to(cr, 0, 0);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_set_line_width(cr, 0.8 * cell - 2 * lw);
    polyline(cr, g, c->cells, m);
    if (m == 1)
        cairo_rel_line_to(cr, 0, 0);
    cairo_stroke(cr);
    /* the shaft, from the circle's edge */
    int from = c->cells[m - 1], to = c->cells[m];
    double x0 = cx_of(g, from), y0 = cy_of(g, from);
    double dx = cx_of(g, to) - x0, dy = cy_of(g, to) - y0, len = hypot(dx, dy);
    set(cr, ARROW);
    cairo_set_line_width(cr, lw);
    cairo_new_path(cr);
    cairo_move_to(cr, x0 + dx / len * 0.4 * cell, y0 + dy / len * 0.4 * cell);
    for (size_t k = m; k < c->ncells; k++)
        cairo_line_to(cr, cx_of(g, c->cells[k]), cy_of(g, c->cells[k]));
    cairo_stroke(cr);
    /* the head, along the last segment */
    int a = c->cells[c->ncells - 2], b = c->cells[c->ncells - 1];
    double hx = cx_of(g, b), hy = cy_of(g, b);
    dx = hx - cx_of(g, a);
    dy = hy - cy_of(g, a);
    len = hypot(dx, dy);
    dx /= len;
    dy /= len;
    double h = 0.22 * cell;
    cairo_new_path(cr);
    cairo_move_to(cr, hx - dx * h - dy * h * 0.7, hy - dy * h + dx * h * 0.7);
    cairo_line_to(cr, hx, hy);
    cairo_line_to(cr, hx - dx * h + dy * h * 0.7, hy - dy * h - dx * h * 0.7);
    cairo_stroke(cr);
}

static void between(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    line_of(cr, g, c, BETWEEN, 0.06);
    double rad = 0.38 * g->cell;
    int ends[2] = {c->cells[0], c->cells[c->ncells - 1]};
    for (int k = 0; k < 2; k++) {
        disc(cr, cx_of(g, ends[k]), cy_of(g, ends[k]), rad);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill_preserve(cr);
        set(cr, BETWEEN);
        cairo_set_line_width(cr, fmax(0.6, 0.05 * g->cell));
        cairo_stroke(cr);
    }
}

static void shade_cells(cairo_t *cr, const rd_geom *g, const rd_constraint *c, rgb colour)
{
    set(cr, colour);
    for (size_t k = 0; k < c->ncells; k++)
        cairo_rectangle(cr, g->x + (c->cells[k] % g->n) * g->cell,
                        g->y + (c->cells[k] / g->n) * g->cell, g->cell, g->cell);
    cairo_fill(cr);
}

void rd_constraints_under(cairo_t *cr, const rd_geom *g, const rd_record *r)
{
    cairo_save(cr);
    /* areas first, then marks, then lines over them */
    for (size_t i = 0; i < r->ncons; i++) {
        const rd_constraint *c = &r->cons[i];
        if (c->kind == DOKU_CON_REGION)
            shade_cells(cr, g, c, REGION);
    }
    for (size_t i = 0; i < r->ncons; i++) {
        const rd_constraint *c = &r->cons[i];
        for (size_t k = 0; k < c->ncells; k++) {
            double x = cx_of(g, c->cells[k]), y = cy_of(g, c->cells[k]), s = 0.62 * g->cell;
            if (c->kind == DOKU_CON_EVEN) {
                set(cr, EVEN);
                cairo_rectangle(cr, x - s / 2, y - s / 2, s, s);
                cairo_fill(cr);
            } else if (c->kind == DOKU_CON_ODD) {
                set(cr, ODD);
                disc(cr, x, y, s / 2);
                cairo_fill(cr);
            }
        }
    }
    for (size_t i = 0; i < r->ncons; i++) {
        const rd_constraint *c = &r->cons[i];
        if (c->ncells < 2)
            continue;
        switch (c->kind) {
        case DOKU_CON_THERMO: thermo(cr, g, c); break;
        case DOKU_CON_ARROW: arrow(cr, g, c); break;
        case DOKU_CON_WHISPER: line_of(cr, g, c, WHISPER, 0.16); break;
        case DOKU_CON_RENBAN: line_of(cr, g, c, RENBAN, 0.16); break;
        case DOKU_CON_PALINDROME: line_of(cr, g, c, PALINDROME, 0.12); break;
        case DOKU_CON_REGION_SUM: line_of(cr, g, c, REGION_SUM, 0.10); break;
        case DOKU_CON_BETWEEN: between(cr, g, c); break;
        default: break;
        }
    }
    cairo_restore(cr);
}

/* ---- cages ------------------------------------------------------------------ */

static int in_cage(const rd_constraint *c, int n, int row, int col)
{
    if (row < 0 || col < 0 || row >= n || col >= n)
        return 0;
    for (size_t k = 0; k < c->ncells; k++)
        if (c->cells[k] == row * n + col)
            return 1;
    return 0;
}

/* Where an inset border segment ends along one side: inside the cell when
 * the cage turns there, at the cell's edge when the next cell carries the
 * same border on, past it (into a concave corner) when the cage wraps. */
static double end_of(int next_in, int corner_in, double edge, double inset, int sign)
{
    if (!next_in)
        return edge - sign * inset;
    return corner_in ? edge + sign * inset : edge;
}

static void cage(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    int n = g->n;
    double m = 0.08 * g->cell;
    cairo_new_path(cr);
    for (size_t k = 0; k < c->ncells; k++) {
        int row = c->cells[k] / n, col = c->cells[k] % n;
        double L = g->x + col * g->cell, T = g->y + row * g->cell;
        double R = L + g->cell, B = T + g->cell;
        int up = in_cage(c, n, row - 1, col), down = in_cage(c, n, row + 1, col);
        int left = in_cage(c, n, row, col - 1), right = in_cage(c, n, row, col + 1);
        if (!up) {
            cairo_move_to(cr, end_of(left, in_cage(c, n, row - 1, col - 1), L, m, -1), T + m);
            cairo_line_to(cr, end_of(right, in_cage(c, n, row - 1, col + 1), R, m, 1), T + m);
        }
        if (!down) {
            cairo_move_to(cr, end_of(left, in_cage(c, n, row + 1, col - 1), L, m, -1), B - m);
            cairo_line_to(cr, end_of(right, in_cage(c, n, row + 1, col + 1), R, m, 1), B - m);
        }
        if (!left) {
            cairo_move_to(cr, L + m, end_of(up, in_cage(c, n, row - 1, col - 1), T, m, -1));
            cairo_line_to(cr, L + m, end_of(down, in_cage(c, n, row + 1, col - 1), B, m, 1));
        }
        if (!right) {
            cairo_move_to(cr, R - m, end_of(up, in_cage(c, n, row - 1, col + 1), T, m, -1));
            cairo_line_to(cr, R - m, end_of(down, in_cage(c, n, row + 1, col + 1), B, m, 1));
        }
    }
    set(cr, CAGE);
    double dash[2] = {0.10 * g->cell, 0.07 * g->cell};
    cairo_set_dash(cr, dash, 2, 0);
    cairo_set_line_width(cr, fmax(0.5, 0.03 * g->cell));
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
    if (!c->nparams)
        return;
    /* the sum in the top-left corner of the cage's first cell in reading
     * order, on white so the dashes stop short of it */
    int first = c->cells[0];
    for (size_t k = 1; k < c->ncells; k++)
        if (c->cells[k] < first)
            first = c->cells[k];
    char text[16];
    snprintf(text, sizeof text, "%d", c->params[0]);
    double size = 0.24 * g->cell;
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    double x = g->x + (first % n) * g->cell + m * 0.5, y = g->y + (first / n) * g->cell + m * 0.5;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x, y, e.x_advance + 0.06 * g->cell, size * 1.1);
    cairo_fill(cr);
    set(cr, CAGE);
    cairo_move_to(cr, x + 0.03 * g->cell, y + size * 0.95);
    cairo_show_text(cr, text);
    cairo_new_path(cr);
}

void rd_constraints_cages(cairo_t *cr, const rd_geom *g, const rd_record *r)
{
    cairo_save(cr);
    for (size_t i = 0; i < r->ncons; i++)
        if (r->cons[i].kind == DOKU_CON_CAGE && r->cons[i].ncells)
            cage(cr, g, &r->cons[i]);
    cairo_restore(cr);
}

/* ---- over: dots, signs, quadruples, cell marks, outside clues ------------ */

static void edge_point(const rd_geom *g, const rd_constraint *c, double *x, double *y)
{
    *x = (cx_of(g, c->cells[0]) + cx_of(g, c->cells[1])) / 2;
    *y = (cy_of(g, c->cells[0]) + cy_of(g, c->cells[1])) / 2;
}

static void kropki(cairo_t *cr, const rd_geom *g, const rd_constraint *c, int black)
{
    double x, y;
    edge_point(g, c, &x, &y);
    disc(cr, x, y, 0.12 * g->cell);
    if (black)
        set(cr, DOT_INK);
    else
        cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    set(cr, DOT_INK);
    cairo_set_line_width(cr, fmax(0.5, 0.03 * g->cell));
    cairo_stroke(cr);
}

static void xv(cairo_t *cr, const rd_geom *g, const rd_constraint *c, const char *text)
{
    double x, y, s = 0.3 * g->cell;
    edge_point(g, c, &x, &y);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x - s * 0.45, y - s * 0.5, s * 0.9, s);
    cairo_fill(cr);
    set(cr, XV_INK);
    label(cr, text, x, y, s, 1);
}

/* cells[0] > cells[1]: a chevron on their border opening towards the
 * greater cell, its point towards the smaller. */
static void greater(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    double x, y;
    edge_point(g, c, &x, &y);
    double dx = cx_of(g, c->cells[1]) - cx_of(g, c->cells[0]);
    double dy = cy_of(g, c->cells[1]) - cy_of(g, c->cells[0]), len = hypot(dx, dy);
    dx /= len;
    dy /= len;
    double h = 0.1 * g->cell;
    set(cr, GREATER);
    cairo_set_line_width(cr, fmax(0.6, 0.04 * g->cell));
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_new_path(cr);
    cairo_move_to(cr, x - dx * h - dy * h * 1.2, y - dy * h + dx * h * 1.2);
    cairo_line_to(cr, x + dx * h, y + dy * h);
    cairo_line_to(cr, x - dx * h + dy * h * 1.2, y - dy * h - dx * h * 1.2);
    cairo_stroke(cr);
}

static void quadruple(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    int top_left = c->cells[0];
    for (size_t k = 1; k < c->ncells; k++)
        if (c->cells[k] < top_left)
            top_left = c->cells[k];
    double x = g->x + (top_left % g->n + 1) * g->cell, y = g->y + (top_left / g->n + 1) * g->cell;
    double rad = 0.24 * g->cell;
    disc(cr, x, y, rad);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    set(cr, QUAD);
    cairo_set_line_width(cr, fmax(0.5, 0.03 * g->cell));
    cairo_stroke(cr);
    /* the digits two to a row */
    char d[8];
    size_t count = c->nparams;
    for (size_t k = 0; k < count; k++) {
        snprintf(d, sizeof d, "%d", c->params[k]);
        double ox = count == 1 ? 0 : (k % 2 ? 0.5 : -0.5) * rad * 0.8;
        double oy = count <= 2 ? 0 : (k / 2 ? 0.5 : -0.5) * rad * 0.8;
        label(cr, d, x + ox, y + oy, rad * (count <= 2 ? 0.8 : 0.66), 0);
    }
}

/* Minimum: four small wedges pointing into the cell from its sides (its
 * neighbours are greater); maximum: pointing out. */
static void extremum(cairo_t *cr, const rd_geom *g, int cell, int maximum)
{
    double x = cx_of(g, cell), y = cy_of(g, cell), h = 0.09 * g->cell, at = 0.38 * g->cell;
    static const int dirs[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    set(cr, maximum ? MAXIMUM : MINIMUM);
    for (int k = 0; k < 4; k++) {
        double dx = dirs[k][0], dy = dirs[k][1];
        double px = x + dx * at, py = y + dy * at, s = maximum ? 1 : -1;
        cairo_new_path(cr);
        cairo_move_to(cr, px + dx * h * s, py + dy * h * s);
        cairo_line_to(cr, px - dx * h * s - dy * h, py - dy * h * s + dx * h);
        cairo_line_to(cr, px - dx * h * s + dy * h, py - dy * h * s - dx * h);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
}

/* A sandwich or X-sum clue: outside the line's first cell (its clued
 * end), left or right of a row, above or below a column. */
static void line_clue(cairo_t *cr, const rd_geom *g, const rd_constraint *c, rgb colour)
{
    if (c->ncells < 2 || !c->nparams)
        return;
    int a = c->cells[0], b = c->cells[1], n = g->n;
    int dr = b / n - a / n, dc = b % n - a % n;
    char text[16];
    snprintf(text, sizeof text, "%d", c->params[0]);
    set(cr, colour);
    label(cr, text, cx_of(g, a) - dc * g->cell, cy_of(g, a) - dr * g->cell, 0.42 * g->cell, 0);
}

/* A little killer: the sum one cell outside the diagonal's clued end (its
 * first cell when that is an end, else the end nearer the top), with a
 * small arrow pointing down the diagonal. */
static void little_killer(cairo_t *cr, const rd_geom *g, const rd_constraint *c)
{
    if (!c->ncells || !c->nparams)
        return;
    int n = g->n, lo = c->cells[0], hi = c->cells[0];
    for (size_t k = 1; k < c->ncells; k++) {
        if (c->cells[k] / n < lo / n)
            lo = c->cells[k];
        if (c->cells[k] / n > hi / n)
            hi = c->cells[k];
    }
    int end = c->cells[0] == hi ? hi : lo, other = end == lo ? hi : lo;
    int dr = other / n > end / n ? 1 : other / n < end / n ? -1 : 1;
    int dc = other % n > end % n ? 1 : other % n < end % n ? -1 : 1;
    if (c->ncells == 1) {
        /* one cell: a corner; the diagonal runs into the grid */
        dr = end / n == 0 ? 1 : -1;
        dc = end % n == 0 ? 1 : -1;
    }
    double x = cx_of(g, end) - dc * g->cell, y = cy_of(g, end) - dr * g->cell;
    char text[16];
    snprintf(text, sizeof text, "%d", c->params[0]);
    set(cr, LITTLE_KILLER);
    label(cr, text, x - dc * 0.12 * g->cell, y - dr * 0.12 * g->cell, 0.32 * g->cell, 0);
    double ax = x + dc * 0.22 * g->cell, ay = y + dr * 0.22 * g->cell, h = 0.13 * g->cell;
    cairo_set_line_width(cr, fmax(0.5, 0.03 * g->cell));
    cairo_new_path(cr);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, ax + dc * h * 2, ay + dr * h * 2);
    cairo_stroke(cr);
    cairo_move_to(cr, ax + dc * h * 2, ay + dr * h * 2);
    cairo_line_to(cr, ax + dc * h * 2 - dc * h, ay + dr * h * 2);
    cairo_line_to(cr, ax + dc * h * 2, ay + dr * h * 2 - dr * h);
    cairo_close_path(cr);
    cairo_fill(cr);
}

void rd_constraints_over(cairo_t *cr, const rd_geom *g, const rd_record *r)
{
    cairo_save(cr);
    for (size_t i = 0; i < r->ncons; i++) {
        const rd_constraint *c = &r->cons[i];
        int pair = c->ncells == 2;
        switch (c->kind) {
        case DOKU_CON_KROPKI_WHITE: if (pair) kropki(cr, g, c, 0); break;
        case DOKU_CON_KROPKI_BLACK: if (pair) kropki(cr, g, c, 1); break;
        case DOKU_CON_X: if (pair) xv(cr, g, c, "X"); break;
        case DOKU_CON_V: if (pair) xv(cr, g, c, "V"); break;
        case DOKU_CON_GREATER: if (pair) greater(cr, g, c); break;
        case DOKU_CON_QUADRUPLE: if (c->ncells) quadruple(cr, g, c); break;
        case DOKU_CON_MINIMUM:
        case DOKU_CON_MAXIMUM:
            for (size_t k = 0; k < c->ncells; k++)
                extremum(cr, g, c->cells[k], c->kind == DOKU_CON_MAXIMUM);
            break;
        case DOKU_CON_SANDWICH: line_clue(cr, g, c, SANDWICH); break;
        case DOKU_CON_XSUM: line_clue(cr, g, c, XSUM); break;
        case DOKU_CON_LITTLE_KILLER: little_killer(cr, g, c); break;
        default: break;
        }
    }
    cairo_restore(cr);
}
