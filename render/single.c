/*
 * single.c — one grid a page: a caption over it, a sentence under it.
 *
 * What the grid shows follows from the record: a solve record's solution
 * fills the empty cells (in the filled colour); a check record marks its
 * conflicting givens; a record with a player's "entries" shows them as
 * filled digits; a hint draws its step on the puzzle's candidate
 * grid; an explanation gives one page per step, each on the candidates
 * just before that step (replay.h). Every other record (generate,
 * convert, ...) is its puzzle.
 */
#include "pages.h"
#include "grid.h"
#include "replay.h"
#include "text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 20.0
#define TITLE_SIZE 13.0
#define TITLE_SPACE 26.0
#define TEXT_SIZE 11.0
#define TEXT_LINE 14.5
#define TEXT_GAP 12.0

static int is_cmd(const char *cmd, const char *name) { return cmd && !strcmp(cmd, name); }

size_t rd_single_count(const rd_record *recs, size_t n, const char *cmd)
{
    size_t pages = 0;
    for (size_t i = 0; i < n; i++)
        pages += is_cmd(cmd, "explain") && recs[i].nsteps ? recs[i].nsteps : 1;
    return pages;
}

/* The side of the grid: cells big enough for their candidates. */
static double grid_side(const rd_record *r, int with_cands)
{
    double cell = 36;
    if (with_cands) {
        double per = ceil(sqrt((double)r->n));
        cell = fmax(42, 14 * per);
    }
    return fmax(240, cell * r->n);
}

/* One page: title over the grid, text under it. */
static int page(rd_sink *s, const rd_grid *g, const char *title, const char *below)
{
    double side = grid_side(g->rec, g->cands != NULL);
    double w = side + 2 * MARGIN;
    int lines = 0;
    if (below && *below) {
        cairo_t *m = rd_measure_context();
        cairo_set_font_size(m, TEXT_SIZE);
        lines = rd_wrap(m, below, 0, 0, side, TEXT_LINE, 0);
        cairo_destroy(m);
    }
    /* no title (a record with no file, comment or number): no room kept
     * for one, so the margins above and below the grid are even */
    double top = MARGIN + (title && *title ? TITLE_SPACE : 0);
    double h = top + side + (lines ? TEXT_GAP + lines * TEXT_LINE : 0) + MARGIN;
    cairo_t *cr = rd_sink_begin(s, w, h);
    if (!cr)
        return -1;
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
    cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, TITLE_SIZE);
    if (title && *title)
        rd_text_centred(cr, title, w / 2, MARGIN + TITLE_SIZE, side);
    rd_draw_grid(cr, g, MARGIN, top, side);
    if (lines) {
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        cairo_select_font_face(cr, RD_FONT, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr, TEXT_SIZE);
        rd_wrap(cr, below, MARGIN, top + side + TEXT_GAP + TEXT_SIZE, side,
                TEXT_LINE, 1);
    }
    cairo_restore(cr);
    rd_sink_end(s);
    return s->failed ? -1 : 0;
}

/* "12/61 (1.2) Hidden Single: ..." */
static void step_line(const rd_step *st, size_t k, size_t count, char *buf, size_t cap)
{
    if (count > 1)
        snprintf(buf, cap, "%zu/%zu (%.1f) %s", k + 1, count, st->rating,
                 st->text ? st->text : "");
    else
        snprintf(buf, cap, "(%.1f) %s", st->rating, st->text ? st->text : "");
}

/* The steps of an explanation or a hint, each on its candidate grid. */
static int steps(rd_sink *s, const rd_record *r, const char *title)
{
    rd_replay p;
    if (rd_replay_init(&p, r) != 0)
        return -1;
    int rc = 0;
    size_t cap = 8192;
    char *line = malloc(cap);
    if (!line) {
        rd_replay_free(&p);
        return -1;
    }
    for (size_t k = 0; k < r->nsteps && rc == 0; k++) {
        const rd_step *st = &r->steps[k];
        rd_replay_show(&p, st);
        step_line(st, k, r->nsteps, line, cap);
        rd_grid g = {r, p.cells, r->puzzle, NULL, p.cands, st};
        rc = page(s, &g, title, line);
        rd_replay_apply(&p, st);
    }
    free(line);
    rd_replay_free(&p);
    return rc;
}

int rd_single_write(rd_sink *s, const rd_record *recs, size_t n, const char *cmd)
{
    char title[1024];
    for (size_t i = 0; i < n; i++) {
        const rd_record *r = &recs[i];
        rd_caption(r, 0, 0, title, sizeof title);
        /* the global rules under the grid, after the record's message */
        char rules[512], below[1200];
        rd_rules(r, rules, sizeof rules);
        size_t ml = r->message ? strlen(r->message) : 0;
        snprintf(below, sizeof below, "%s%s%s%s", r->message ? r->message : "",
                 ml && *rules ? (r->message[ml - 1] == '.' ? " " : ". ") : "",
                 *rules ? "Also: " : "", rules);
        if (r->nsteps && (is_cmd(cmd, "explain") || is_cmd(cmd, "hint"))) {
            if (steps(s, r, title) != 0)
                return -1;
            continue;
        }
        rd_grid g = {r, r->puzzle, NULL, r->conflict, NULL, NULL};
        if (r->played) {   /* a player's digits drawn as filled, not given */
            g.cells = r->played;
            g.given = r->puzzle;
        }
        if (is_cmd(cmd, "solve") && r->solution) {
            g.cells = r->solution;
            g.given = r->puzzle;
        }
        if (page(s, &g, title, below) != 0)
            return -1;
    }
    return 0;
}
