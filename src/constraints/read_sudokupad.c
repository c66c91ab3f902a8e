/*
 * read_sudokupad.c — SudokuPad's own JSON (the "ctc" and, unzipped, "scl"
 * links) into a variant puzzle.
 *
 * The one design idea: SudokuPad stores drawings, not rules. Only what
 * reads one way is read: the givens ("cells"), the regions, cages
 * (killer cages with their sums; cells-less cages are its metadata:
 * title, author, rules, solution), the corner-to-corner lines of the
 * diagonals, small round dots on a cell edge (black: ratio 2, white:
 * consecutive) and X or V on an edge. Every other line, arrow, overlay or
 * underlay is refused naming where it is, because its rule lives in the
 * rules text.
 */
#include "read_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAXC (DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N)

typedef rj_reader sp;

static int num(const io_json *j, int node, double *v)
{
    if (node < 0 || j->nodes[node].type != IO_JSON_NUMBER)
        return 0;
    *v = j->nodes[node].num;
    return 1;
}

/* A cell as SudokuPad writes it: [row, col] from 0, or "r1c1". @return
 * the index, -1 when it is none of the grid's. */
static int cell_of(sp *f, int node)
{
    int r, c;
    double a, b;
    if (rj_rc(f->j, node, f->n, &r, &c)) {
        r--;
        c--;
    } else if (num(f->j, rj_at(f->j, node, 0), &a) && num(f->j, rj_at(f->j, node, 1), &b) &&
               a == floor(a) && b == floor(b) && a >= 0 && b >= 0 && a < f->n && b < f->n) {
        r = (int)a;
        c = (int)b;
    } else {
        return -1;
    }
    if (r < 0 || c < 0 || r >= f->n || c >= f->n)
        return -1;
    return r * f->n + c;
}

static int cells_of(sp *f, int arr, uint16_t *cells)
{
    if (arr < 0 || f->j->nodes[arr].type != IO_JSON_ARRAY) {
        rj_bad(f, "\"cells\" must be an array of cells");
        return -1;
    }
    int k = 0;
    char show[64];
    for (int e = f->j->nodes[arr].first; e >= 0; e = f->j->nodes[e].next) {
        int c = cell_of(f, e);
        if (c < 0 || k == MAXC) {
            rj_bad(f, "%s is not a cell of the %dx%d grid ([row, column] from 0)",
                rj_show(f->j, e, show, sizeof show), f->n, f->n);
            return -1;
        }
        cells[k++] = (uint16_t)c;
    }
    return k;
}

/* The metadata cage "key: value" into the puzzle (a solution) or nothing
 * (title, author, rules...). @return 1, 0 on a rule it cannot honour. */
static int meta_cage(sp *f, const char *v)
{
    if (!strncmp(v, "title: ", 7))
        return vp_set_words(&f->p->title, v + 7, strlen(v + 7), f->st);
    if (!strncmp(v, "author: ", 8))
        return vp_set_words(&f->p->author, v + 8, strlen(v + 8), f->st);
    if (!strncmp(v, "solution: ", 10)) {
        const char *s = v + 10;
        int nn = f->n * f->n;
        if (f->n > 9 || (int)strlen(s) != nn)
            return 1;
        for (int i = 0; i < nn; i++)
            if (s[i] < '1' || s[i] > '0' + f->n)
                return 1;
        uint8_t *sol = malloc((size_t)nn);
        if (!sol) {
            *f->st = DOKU_ERR_NOMEM;
            snprintf(f->msg, f->cap, "out of memory");
            return 0;
        }
        for (int i = 0; i < nn; i++)
            sol[i] = (uint8_t)(s[i] - '0');
        free(f->p->solution);
        f->p->solution = sol;
    }
    return 1;
}

static int is_meta(const char *v)
{
    const char *s = v;
    while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))
        s++;
    return s > v && s[0] == ':';
}

static int read_cages(sp *f)
{
    int a = io_json_get(f->j, 0, "cages");
    if (a < 0 || f->j->nodes[a].type != IO_JSON_ARRAY)
        return 1;
    uint16_t cells[MAXC];
    int i = 0;
    for (int e = f->j->nodes[a].first; e >= 0; e = f->j->nodes[e].next, i++) {
        snprintf(f->where, sizeof f->where, "cages[%d]", i);
        int cn = io_json_get(f->j, e, "cells"), vn = io_json_get(f->j, e, "value");
        const char *vs = io_json_str(f->j, vn);
        if (cn < 0 || !f->j->nodes[cn].count) {
            if (vs && is_meta(vs)) {
                if (!meta_cage(f, vs))
                    return 0;
                continue;
            }
            if (vn < 0)
                continue; /* an empty cage says nothing */
        }
        int k = cells_of(f, cn, cells);
        if (k < 0)
            return 0;
        if (io_json_get(f->j, e, "style") >= 0)
            return rj_bad(f, "a cage with SudokuPad style %s is not supported by doku",
                       io_json_str(f->j, io_json_get(f->j, e, "style"))
                           ? io_json_str(f->j, io_json_get(f->j, e, "style"))
                           : "(unnamed)");
        int un = io_json_get(f->j, e, "unique");
        if (un >= 0 && f->j->nodes[un].type == IO_JSON_FALSE)
            return rj_bad(f, "a cage whose digits may repeat is not supported by doku");
        int sum, has = 0;
        char show[64];
        if (vn >= 0 && !(vs && !*vs) && f->j->nodes[vn].type != IO_JSON_NULL) {
            if (!rj_int(f->j, vn, &sum))
                return rj_bad(f, "the cage's value %s is not a sum",
                           rj_show(f->j, vn, show, sizeof show));
            has = 1;
        }
        if (!rj_add(f, DOKU_CON_CAGE, cells, (size_t)k, &sum, has ? 1 : 0))
            return 0;
    }
    return 1;
}

/* Point [r, c] of node (cell units from the top-left corner). */
static int point(sp *f, int node, double *r, double *c)
{
    return num(f->j, rj_at(f->j, node, 0), r) && num(f->j, rj_at(f->j, node, 1), c);
}

static int near(double a, double b) { return fabs(a - b) < 0.02; }

/* The corner-to-corner lines: 1 main diagonal, 2 anti-diagonal, 0 neither. */
static int diagonal_of(sp *f, int line)
{
    int wp = io_json_get(f->j, line, "wayPoints");
    double r0, c0, r1, c1, n = f->n;
    if (wp < 0 || f->j->nodes[wp].count != 2 || !point(f, rj_at(f->j, wp, 0), &r0, &c0) ||
        !point(f, rj_at(f->j, wp, 1), &r1, &c1))
        return 0;
    if ((near(r0, 0) && near(c0, 0) && near(r1, n) && near(c1, n)) ||
        (near(r1, 0) && near(c1, 0) && near(r0, n) && near(c0, n)))
        return 1;
    if ((near(r0, 0) && near(c0, n) && near(r1, n) && near(c1, 0)) ||
        (near(r1, 0) && near(c1, n) && near(r0, n) && near(c0, 0)))
        return 2;
    return 0;
}

/* Where an item is drawn, for a refusal: "at r2c3" or "from r1c1". */
static void place(sp *f, int item, char *buf, size_t cap)
{
    int ct = io_json_get(f->j, item, "center"), wp = io_json_get(f->j, item, "wayPoints");
    double r, c;
    buf[0] = 0;
    if (ct >= 0 && point(f, ct, &r, &c))
        snprintf(buf, cap, " at r%.4gc%.4g", r + 0.5, c + 0.5);
    else if (wp >= 0 && point(f, rj_at(f->j, wp, 0), &r, &c))
        snprintf(buf, cap, " from r%.4gc%.4g", floor(r) + 1, floor(c) + 1);
}

static int refuse_drawing(sp *f, int item, const char *what)
{
    char at[64];
    place(f, item, at, sizeof at);
    return rj_bad(f, "%s%s: a drawing whose rule lives in the rules text; doku does not guess it", what, at);
}

static int read_lines(sp *f, unsigned *variants, int *diag)
{
    int a = io_json_get(f->j, 0, "lines"), i = 0;
    for (int e = a >= 0 ? f->j->nodes[a].first : -1; e >= 0; e = f->j->nodes[e].next, i++) {
        snprintf(f->where, sizeof f->where, "lines[%d]", i);
        int d = diagonal_of(f, e);
        if (!d)
            return refuse_drawing(f, e, "a line");
        *diag |= d;
    }
    if (*diag == 3)
        *variants |= DOKU_VARIANT_X;
    a = io_json_get(f->j, 0, "arrows");
    i = 0;
    for (int e = a >= 0 ? f->j->nodes[a].first : -1; e >= 0; e = f->j->nodes[e].next, i++) {
        snprintf(f->where, sizeof f->where, "arrows[%d]", i);
        return refuse_drawing(f, e, "an arrow");
    }
    return 1;
}

static int is_colour(const char *s, const char *a, const char *b)
{
    return s && (!strcasecmp(s, a) || !strcasecmp(s, b));
}

/* Dots and X/V on an edge; anything else refused. */
static int read_marks(sp *f, const char *key)
{
    int a = io_json_get(f->j, 0, key), i = 0, n = f->n;
    for (int e = a >= 0 ? f->j->nodes[a].first : -1; e >= 0; e = f->j->nodes[e].next, i++) {
        snprintf(f->where, sizeof f->where, "%s[%d]", key, i);
        double r, c, w = 1;
        if (!point(f, io_json_get(f->j, e, "center"), &r, &c))
            return refuse_drawing(f, e, "a mark");
        num(f->j, io_json_get(f->j, e, "width"), &w);
        /* on an edge: one coordinate on a grid line, the other mid-cell */
        int a0 = -1, a1 = -1;
        if (near(r - floor(r), 0.5) && near(c, floor(c + 0.5)) && c > 0.5 && c < n - 0.5) {
            int rr = (int)floor(r), cc = (int)floor(c + 0.5);
            if (rr >= 0 && rr < n)
                a0 = rr * n + cc - 1, a1 = rr * n + cc;
        } else if (near(c - floor(c), 0.5) && near(r, floor(r + 0.5)) && r > 0.5 && r < n - 0.5) {
            int rr = (int)floor(r + 0.5), cc = (int)floor(c);
            if (cc >= 0 && cc < n)
                a0 = (rr - 1) * n + cc, a1 = rr * n + cc;
        }
        const char *text = io_json_str(f->j, io_json_get(f->j, e, "text"));
        int tn = io_json_get(f->j, e, "text");
        int has_text = tn >= 0 && rj_truthy(f->j, tn);
        doku_constraint_kind kind = DOKU_CON_NONE;
        if (a0 >= 0 && has_text && text && (!strcasecmp(text, "X") || !strcasecmp(text, "V")))
            kind = (*text == 'X' || *text == 'x') ? DOKU_CON_X : DOKU_CON_V;
        else if (a0 >= 0 && !has_text && rj_truthy(f->j, io_json_get(f->j, e, "rounded")) &&
                 w <= 0.45) {
            const char *bg = io_json_str(f->j, io_json_get(f->j, e, "backgroundColor"));
            if (is_colour(bg, "#000000", "#000"))
                kind = DOKU_CON_KROPKI_BLACK;
            else if (is_colour(bg, "#FFFFFF", "#fff"))
                kind = DOKU_CON_KROPKI_WHITE;
        }
        if (kind == DOKU_CON_NONE)
            return refuse_drawing(f, e, !strcmp(key, "overlays") ? "an overlay" : "an underlay");
        uint16_t cells[2] = {(uint16_t)a0, (uint16_t)a1};
        if (!rj_add(f, kind, cells, 2, NULL, 0))
            return 0;
    }
    return 1;
}

/* The side and the regions (jigsaw when they are not the boxes). */
static int read_shape(sp *f, vp_decl *d)
{
    const io_json *j = f->j;
    int cells = io_json_get(j, 0, "cells");
    snprintf(f->where, sizeof f->where, "cells");
    if (cells < 0 || j->nodes[cells].type != IO_JSON_ARRAY)
        return rj_bad(f, "must be the grid's rows");
    int n = j->nodes[cells].count;
    if (n < 4 || n > DOKU_CONSTRAINTS_MAX_N)
        return rj_bad(f, "%d rows: variant grids are 4x4 to %dx%d", n, DOKU_CONSTRAINTS_MAX_N,
                   DOKU_CONSTRAINTS_MAX_N);
    f->n = d->n = n;
    int r = 0;
    for (int row = j->nodes[cells].first; row >= 0; row = j->nodes[row].next, r++) {
        snprintf(f->where, sizeof f->where, "cells[%d]", r);
        if (j->nodes[row].type != IO_JSON_ARRAY || j->nodes[row].count != n)
            return rj_bad(f, "must hold %d cells (square grids only)", n);
    }
    int br, bc;
    doku_default_box(n, &br, &bc);
    for (int i = 0; i < n * n; i++)
        d->regions[i] = (uint8_t)((i / n / br) * (n / bc) + (i % n) / bc);
    int regs = io_json_get(j, 0, "regions");
    if (regs < 0)
        return 1;
    snprintf(f->where, sizeof f->where, "regions");
    if (j->nodes[regs].type != IO_JSON_ARRAY || j->nodes[regs].count != n)
        return rj_bad(f, "must be %d regions", n);
    uint8_t seen[MAXC] = {0}, map[MAXC];
    uint16_t rc[MAXC];
    int id = 0, jigsaw = 0;
    for (int reg = j->nodes[regs].first; reg >= 0; reg = j->nodes[reg].next, id++) {
        snprintf(f->where, sizeof f->where, "regions[%d]", id);
        int k = cells_of(f, reg, rc);
        if (k < 0)
            return 0;
        if (k != n)
            return rj_bad(f, "holds %d cells, not %d", k, n);
        for (int m = 0; m < k; m++) {
            if (seen[rc[m]])
                return rj_bad(f, "r%dc%d is in two regions", rc[m] / n + 1, rc[m] % n + 1);
            seen[rc[m]] = 1;
            map[rc[m]] = (uint8_t)id;
            jigsaw |= d->regions[rc[m]] != d->regions[rc[0]];
        }
    }
    /* the boxes in another order are still the boxes */
    if (jigsaw) {
        memcpy(d->regions, map, (size_t)(n * n));
        d->has_regions = 1;
    }
    return 1;
}

static int read_givens(sp *f)
{
    const io_json *j = f->j;
    int n = f->n, cells = io_json_get(j, 0, "cells"), r = 0;
    for (int row = j->nodes[cells].first; row >= 0; row = j->nodes[row].next, r++) {
        int c = 0;
        for (int cell = j->nodes[row].first; cell >= 0; cell = j->nodes[cell].next, c++) {
            int vn = io_json_get(j, cell, "value"), v;
            if (vn < 0 || (io_json_str(j, vn) && !*io_json_str(j, vn)))
                continue;
            snprintf(f->where, sizeof f->where, "cells[%d][%d] (r%dc%d)", r, c, r + 1, c + 1);
            char show[64];
            if (!rj_int(j, vn, &v) || v < 1 || v > n)
                return rj_bad(f, "value %s is not a digit 1..%d", rj_show(j, vn, show, sizeof show), n);
            f->p->givens[r * n + c] = (uint8_t)v;
        }
    }
    return 1;
}

/* Keys that carry no rule, and the ones read above. */
static int known_key(const char *k)
{
    static const char *const keys[] = {"id", "cellSize", "cells", "regions", "cages", "lines",
                                       "arrows", "overlays", "underlays", "metadata",
                                       "metaData", "settings", "title", "author", "rules",
                                       "solution", "videos", "duration", NULL};
    for (int i = 0; keys[i]; i++)
        if (!strcmp(k, keys[i]))
            return 1;
    return 0;
}

static int read_globals(sp *f)
{
    int meta = io_json_get(f->j, 0, "metadata");
    if (meta < 0)
        meta = io_json_get(f->j, 0, "metaData");
    static const struct {
        const char *key;
        doku_constraint_kind kind;
    } g[] = {{"antiknight", DOKU_CON_ANTI_KNIGHT}, {"antiking", DOKU_CON_ANTI_KING}};
    snprintf(f->where, sizeof f->where, "metadata.bgimage");
    if (rj_truthy(f->j, io_json_get(f->j, meta, "bgimage")))
        return rj_bad(f, "part of the puzzle is drawn in a background image, which doku cannot read");
    /* the title and author, in the metadata or at the top */
    static const char *const words[] = {"title", "author"};
    for (int k = 0; k < 2; k++) {
        const char *w = io_json_str(f->j, io_json_get(f->j, meta, words[k]));
        if (!w)
            w = io_json_str(f->j, io_json_get(f->j, 0, words[k]));
        char **field = k ? &f->p->author : &f->p->title;
        if (w && !*field && !vp_set_words(field, w, strlen(w), f->st))
            return 0;
    }
    const char *sol = io_json_str(f->j, io_json_get(f->j, meta, "solution"));
    if (sol) {
        char line[16 + MAXC];
        snprintf(line, sizeof line, "solution: %s", sol);
        if (!meta_cage(f, line))
            return 0;
    }
    for (size_t i = 0; i < 2; i++) {
        if (!rj_truthy(f->j, io_json_get(f->j, meta, g[i].key)))
            continue;
        snprintf(f->where, sizeof f->where, "metadata.%s", g[i].key);
        if (!rj_add(f, g[i].kind, NULL, 0, NULL, 0))
            return 0;
    }
    return 1;
}

int vp_read_sudokupad(doku_variant_puzzle *p, const io_json *j, char *msg, size_t cap,
                      doku_status *st)
{
    sp f = {"SudokuPad", j, p, 0, msg, cap, st, ""};
    if (j->nodes[0].type != IO_JSON_OBJECT) {
        snprintf(msg, cap, "SudokuPad data is no JSON object");
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    for (int k = j->nodes[0].first; k >= 0; k = j->nodes[k].next) {
        const char *key = io_json_key(j, k);
        if (!known_key(key) && rj_truthy(j, k)) {
            snprintf(msg, cap, "SudokuPad constraint '%.60s' is not supported by doku", key);
            *st = DOKU_ERR_PARSE;
            return 0;
        }
    }
    vp_decl d;
    memset(&d, 0, sizeof d);
    int diag = 0;
    if (!read_shape(&f, &d) || !read_lines(&f, &d.variants, &diag) ||
        !vp_begin(p, &d, msg, cap, st) || !read_givens(&f))
        return 0;
    if (diag == 1 || diag == 2) {
        uint16_t cells[DOKU_CONSTRAINTS_MAX_N];
        for (int i = 0; i < f.n; i++)
            cells[i] = (uint16_t)(diag == 1 ? i * f.n + i : (f.n - 1 - i) * f.n + i);
        snprintf(f.where, sizeof f.where, "lines (a diagonal)");
        if (!rj_add(&f, DOKU_CON_REGION, cells, (size_t)f.n, NULL, 0))
            return 0;
    }
    return read_cages(&f) && read_marks(&f, "overlays") && read_marks(&f, "underlays") &&
           read_globals(&f);
}
