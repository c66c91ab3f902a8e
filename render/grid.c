/*
 * grid.c — one grid, drawn from the shape's unit table.
 *
 * The one design idea: nothing here knows a shape. Box, region, window
 * and diagonal come from doku_shape's units; a line between two cells is
 * thick exactly when the cells lie in different boxes (or jigsaw regions),
 * so 4x4, 6x6 with 2x3 boxes, 25x25 and jigsaws are all the same loop.
 * Layers go back to front: tints, step highlights, lines, digits, marks;
 * a variant puzzle's constraints (constraints.c) go between them: shaded
 * regions and lines under the grid lines, cages over them, dots and signs
 * over the digits, clues outside in a margin of one cell.
 */
#include "grid.h"
#include "constraints.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RD_TAU 6.283185307179586

typedef struct rgb {
    double r, g, b;
} rgb;

static const rgb INK = {0.05, 0.05, 0.05};
static const rgb FILLED = {0.10, 0.32, 0.78};
static const rgb RED = {0.82, 0.05, 0.05};
static const rgb CONFLICT_BG = {1.00, 0.82, 0.82};
static const rgb WINDOW_BG = {0.84, 0.89, 0.98};
static const rgb DIAGONAL = {0.80, 0.45, 0.45};
static const rgb PLACE_BG = {0.78, 0.94, 0.78};
static const rgb PLACE = {0.05, 0.50, 0.10};
static const rgb PROOF_CELL_BG = {1.00, 0.96, 0.70};
static const rgb PROOF_CAND = {0.55, 0.80, 1.00};
static const rgb ELIM_BG = {1.00, 0.84, 0.84};
static const rgb LINK = {0.15, 0.25, 0.65};
static const rgb CAND = {0.35, 0.35, 0.35};
/* jigsaw regions: light tints, by region number */
static const rgb REGION_TINT[] = {{1.00, 0.95, 0.86}, {0.90, 0.97, 0.90}, {0.93, 0.92, 0.99},
                                  {0.99, 0.91, 0.94}, {0.90, 0.96, 0.99}, {0.97, 0.97, 0.88}};

static void set(cairo_t *cr, rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

/* Shows text centred on (cx, cy). */
static void centred(cairo_t *cr, const char *text, double cx, double cy)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, cx - e.x_bearing - e.width / 2, cy - e.y_bearing - e.height / 2);
    cairo_show_text(cr, text);
}

/* Where the units put each cell: its box, its jigsaw region, whether a
 * window holds it. */
typedef struct layout {
    int n;
    double cell, x, y;
    int *box, *region;
    uint8_t *window;
    int diagonals;
    int ccols, crows;          /* candidate places in a cell */
    int tint[64];              /* jigsaw: each region's tint, neighbours differ */
} layout;

enum { NTINTS = sizeof REGION_TINT / sizeof REGION_TINT[0] };

/* Greedy colouring of the regions' adjacency: a region takes the first
 * tint none of its already tinted neighbours has (a map of regions
 * rarely needs more than four; past NTINTS the tints repeat). */
static void tint_regions(layout *L)
{
    int n = L->n;
    uint64_t adj[64] = {0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int a = L->region[r * n + c];
            int right = c + 1 < n ? L->region[r * n + c + 1] : a;
            int down = r + 1 < n ? L->region[(r + 1) * n + c] : a;
            adj[a] |= 1ull << right | 1ull << down;
            adj[right] |= 1ull << a;
            adj[down] |= 1ull << a;
        }
    for (int g = 0; g < n; g++) {
        unsigned used = 0;
        for (int h = 0; h < g; h++)
            if (adj[g] >> h & 1)
                used |= 1u << L->tint[h];
        int t = 0;
        while (t < NTINTS - 1 && (used >> t & 1))
            t++;
        L->tint[g] = t;
    }
}

static int layout_make(layout *L, const doku_shape *s, double x, double y, double side)
{
    int n = doku_shape_n(s), ncells = n * n;
    L->n = n;
    L->cell = side / n;
    L->x = x;
    L->y = y;
    L->box = malloc(sizeof(int) * (size_t)ncells * 2);
    L->window = calloc((size_t)ncells, 1);
    if (!L->box || !L->window)
        return -1;
    L->region = L->box + ncells;
    for (int i = 0; i < ncells; i++)
        L->box[i] = L->region[i] = -1;
    L->diagonals = 0;
    for (int u = 0, nu = doku_shape_unit_count(s); u < nu; u++) {
        const uint16_t *cells = doku_shape_unit_cells(s, u);
        doku_unit_kind k = doku_shape_unit_kind(s, u);
        int ord = doku_shape_unit_ordinal(s, u);
        for (int i = 0; i < n; i++) {
            if (k == DOKU_UNIT_BOX)
                L->box[cells[i]] = ord;
            else if (k == DOKU_UNIT_REGION)
                L->region[cells[i]] = ord;
            else if (k == DOKU_UNIT_WINDOW)
                L->window[cells[i]] = 1;
        }
        L->diagonals |= k == DOKU_UNIT_DIAGONAL;
    }
    if (L->region[0] >= 0)
        tint_regions(L);
    int bc = doku_shape_box_cols(s);
    L->ccols = bc > 0 ? bc : (int)ceil(sqrt((double)n));
    L->crows = (n + L->ccols - 1) / L->ccols;
    return 0;
}

static void layout_free(layout *L)
{
    free(L->box);
    free(L->window);
}

/* The heavy borders: regions when the shape has them, else boxes. */
static const int *heavy(const layout *L)
{
    return L->region[0] >= 0 ? L->region : L->box;
}

static void cell_rect(cairo_t *cr, const layout *L, int cell)
{
    cairo_rectangle(cr, L->x + (cell % L->n) * L->cell, L->y + (cell / L->n) * L->cell, L->cell,
                    L->cell);
}

/* Centre of digit d's candidate place in cell. */
static void cand_centre(const layout *L, int cell, int d, double *cx, double *cy)
{
    double w = L->cell / L->ccols, h = L->cell / L->crows;
    *cx = L->x + (cell % L->n) * L->cell + ((d - 1) % L->ccols + 0.5) * w;
    *cy = L->y + (cell / L->n) * L->cell + ((d - 1) / L->ccols + 0.5) * h;
}

static double cand_radius(const layout *L)
{
    double w = L->cell / L->ccols, h = L->cell / L->crows;
    return 0.46 * (w < h ? w : h);
}

static void tints(cairo_t *cr, const layout *L, const rd_grid *g)
{
    int ncells = L->n * L->n;
    for (int i = 0; i < ncells; i++) {
        int tinted = 1;
        if (g->conflict && g->conflict[i])
            set(cr, CONFLICT_BG);
        else if (L->window[i])
            set(cr, WINDOW_BG);
        else if (L->region[i] >= 0)
            set(cr, REGION_TINT[L->tint[L->region[i]]]);
        else
            tinted = 0;
        if (tinted) {
            cell_rect(cr, L, i);
            cairo_fill(cr);
        }
    }
}

static void step_cells(cairo_t *cr, const layout *L, const rd_step *st)
{
    set(cr, PROOF_CELL_BG);
    for (size_t i = 0; i < st->nproof; i++)
        if (st->proof[i].digit == 0) {
            cell_rect(cr, L, st->proof[i].cell);
            cairo_fill(cr);
        }
    set(cr, PLACE_BG);
    for (size_t i = 0; i < st->nplace; i++) {
        cell_rect(cr, L, st->place[i].cell);
        cairo_fill(cr);
    }
}

static void lines(cairo_t *cr, const layout *L)
{
    int n = L->n;
    const int *h = heavy(L);
    int two_levels = L->region[0] >= 0 && L->box[0] >= 0;  /* jigsaw + kept boxes */
    double thin = fmax(0.4, L->cell * 0.025), thick = fmax(1.0, L->cell * 0.075);
    double side = L->cell * n;
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    set(cr, INK);
    /* thin lines everywhere, then heavy segments where boxes differ */
    cairo_set_line_width(cr, thin);
    for (int k = 1; k < n; k++) {
        cairo_move_to(cr, L->x + k * L->cell, L->y);
        cairo_line_to(cr, L->x + k * L->cell, L->y + side);
        cairo_move_to(cr, L->x, L->y + k * L->cell);
        cairo_line_to(cr, L->x + side, L->y + k * L->cell);
    }
    cairo_stroke(cr);
    for (int level = two_levels; level >= 0; level--) {
        const int *part = level ? L->box : h;
        cairo_set_line_width(cr, level ? (thin + thick) / 2 : thick);
        if (level) {
            double dash = L->cell * 0.2;
            cairo_set_dash(cr, &dash, 1, 0);
        }
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int i = r * n + c;
                if (c + 1 < n && part[i] != part[i + 1]) {
                    cairo_move_to(cr, L->x + (c + 1) * L->cell, L->y + r * L->cell);
                    cairo_line_to(cr, L->x + (c + 1) * L->cell, L->y + (r + 1) * L->cell);
                }
                if (r + 1 < n && part[i] != part[i + n]) {
                    cairo_move_to(cr, L->x + c * L->cell, L->y + (r + 1) * L->cell);
                    cairo_line_to(cr, L->x + (c + 1) * L->cell, L->y + (r + 1) * L->cell);
                }
            }
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
    cairo_set_line_width(cr, thick);
    cairo_rectangle(cr, L->x, L->y, side, side);
    cairo_stroke(cr);
}

static void diagonals(cairo_t *cr, const layout *L)
{
    double side = L->cell * L->n;
    set(cr, DIAGONAL);
    cairo_set_line_width(cr, fmax(0.5, L->cell * 0.04));
    cairo_move_to(cr, L->x, L->y);
    cairo_line_to(cr, L->x + side, L->y + side);
    cairo_move_to(cr, L->x + side, L->y);
    cairo_line_to(cr, L->x, L->y + side);
    cairo_stroke(cr);
}

static int has_cand(const rd_step *st, int cell, int d, int proof_only)
{
    if (!st)
        return 0;
    for (size_t i = 0; i < st->nplace && !proof_only; i++)
        if (st->place[i].cell == cell && st->place[i].digit == d)
            return 2;
    for (size_t i = 0; i < st->nproof; i++)
        if (st->proof[i].cell == cell && st->proof[i].digit == d)
            return 1;
    /* a chain's candidates that are true on it */
    for (size_t i = 0; i < st->nlinks; i++)
        if (st->links[i].to_on && st->links[i].to.cell == cell && st->links[i].to.digit == d)
            return 1;
    return 0;
}

static int eliminated(const rd_step *st, int cell, int d)
{
    for (size_t i = 0; st && i < st->nelim; i++)
        if (st->elim[i].cell == cell && st->elim[i].digit == d)
            return 1;
    return 0;
}

static void digits(cairo_t *cr, const layout *L, const rd_grid *g)
{
    int ncells = L->n * L->n;
    char sym[8];
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    double big = L->cell * (L->n > 35 ? 0.42 : 0.64);
    cairo_set_font_size(cr, big);
    /* givens first, bold, then filled digits: one font switch each */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        for (int i = 0; i < ncells; i++) {
            int v = g->cells[i];
            if (!v)
                continue;
            int given = g->given ? g->given[i] == v : 1;
            if (given != (pass == 0))
                continue;
            set(cr, g->conflict && g->conflict[i] ? RED : given ? INK : FILLED);
            centred(cr, rd_symbol(g->rec, v, sym), L->x + (i % L->n + 0.5) * L->cell,
                    L->y + (i / L->n + 0.5) * L->cell);
        }
    }
    /* a placement on a grid without candidates: the digit, in green */
    if (g->step && !g->cands)
        for (size_t k = 0; k < g->step->nplace; k++) {
            int i = g->step->place[k].cell;
            set(cr, PLACE);
            centred(cr, rd_symbol(g->rec, g->step->place[k].digit, sym),
                    L->x + (i % L->n + 0.5) * L->cell, L->y + (i / L->n + 0.5) * L->cell);
        }
}

static void candidates(cairo_t *cr, const layout *L, const rd_grid *g)
{
    int n = L->n, ncells = n * n;
    char sym[8];
    double rad = cand_radius(L);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, rad * (n > 35 ? 1.1 : 1.5));
    for (int i = 0; i < ncells; i++) {
        if (g->cells[i])
            continue;
        for (int d = 1; d <= n; d++) {
            if (!(g->cands[i] >> (d - 1) & 1))
                continue;
            double cx, cy;
            cand_centre(L, i, d, &cx, &cy);
            int mark = has_cand(g->step, i, d, 0);
            int gone = eliminated(g->step, i, d);
            if (mark || gone) {
                set(cr, gone ? ELIM_BG : mark == 2 ? PLACE_BG : PROOF_CAND);
                if (mark == 2 && !gone)
                    cairo_set_source_rgb(cr, 0.45, 0.82, 0.45);
                cairo_new_path(cr); /* else a line joins the last text's point to the disc */
                cairo_arc(cr, cx, cy, rad, 0, RD_TAU);
                cairo_fill(cr);
            }
            set(cr, gone ? RED : mark == 2 ? PLACE : CAND);
            centred(cr, rd_symbol(g->rec, d, sym), cx, cy);
            if (gone) {
                cairo_set_line_width(cr, fmax(0.4, rad * 0.18));
                cairo_move_to(cr, cx - rad, cy + rad);
                cairo_line_to(cr, cx + rad, cy - rad);
                cairo_stroke(cr);
            }
        }
    }
}

/* The chain's links as arrows between candidate places. */
static void links(cairo_t *cr, const layout *L, const rd_step *st)
{
    double rad = cand_radius(L);
    set(cr, LINK);
    cairo_set_line_width(cr, fmax(0.5, rad * 0.16));
    for (size_t i = 0; i < st->nlinks; i++) {
        const rd_link *k = &st->links[i];
        if (k->from.cell == k->to.cell && k->from.digit == k->to.digit)
            continue;
        double x0, y0, x1, y1;
        cand_centre(L, k->from.cell, k->from.digit, &x0, &y0);
        cand_centre(L, k->to.cell, k->to.digit, &x1, &y1);
        double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
        if (len < 2 * rad)
            continue;
        dx /= len;
        dy /= len;
        x0 += dx * rad;
        y0 += dy * rad;
        x1 -= dx * rad;
        y1 -= dy * rad;
        if (!k->to_on) {
            double dash = rad * 0.6;
            cairo_set_dash(cr, &dash, 1, 0);
        }
        cairo_move_to(cr, x0, y0);
        cairo_line_to(cr, x1, y1);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
        double head = rad * 0.9;
        cairo_move_to(cr, x1, y1);
        cairo_line_to(cr, x1 - dx * head - dy * head * 0.5, y1 - dy * head + dx * head * 0.5);
        cairo_line_to(cr, x1 - dx * head + dy * head * 0.5, y1 - dy * head - dx * head * 0.5);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
}

void rd_draw_grid(cairo_t *cr, const rd_grid *g, double x, double y, double side)
{
    layout L;
    double full = side, gx = x, gy = y;
    int n = doku_shape_n(g->rec->shape);
    if (n > 0 && rd_outside_clues(g->rec)) {
        /* clues outside the grid: a margin of one cell all round */
        side = full * n / (n + 2);
        gx += side / n;
        gy += side / n;
    }
    if (layout_make(&L, g->rec->shape, gx, gy, side) != 0) {
        layout_free(&L);
        return;
    }
    rd_geom geom = {gx, gy, L.cell, L.n};
    cairo_save(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x, y, full, full);
    cairo_fill(cr);
    tints(cr, &L, g);
    if (g->step)
        step_cells(cr, &L, g->step);
    if (g->rec->ncons)
        rd_constraints_under(cr, &geom, g->rec);
    if (L.diagonals)
        diagonals(cr, &L);
    lines(cr, &L);
    if (g->rec->ncons)
        rd_constraints_cages(cr, &geom, g->rec);
    digits(cr, &L, g);
    if (g->rec->ncons)
        rd_constraints_over(cr, &geom, g->rec);
    if (g->cands)
        candidates(cr, &L, g);
    if (g->step && g->cands)
        links(cr, &L, g->step);
    cairo_restore(cr);
    layout_free(&L);
}
