/*
 * sheet_edges.c — a grid's true edges when text touches it (see
 * sheet_edges.h).
 *
 * Frames: a person who draws a grid draws its outer border. Inside a
 * block of bordered cells that is not itself a square of digits (a
 * bordered title above it, a label column whose cells took the grid's
 * left border), every square whose four sides are drawn is a candidate;
 * the sides are checked in constant time from runs of drawn edges, and
 * the contents from prefix sums, so a block is searched in time linear in
 * its area for each of the three sizes tried.
 *
 * Labels: "1 2 3 ... 9" across the top and down the left of a grid are
 * how printed puzzles name rows and columns; they read as digits, so
 * without this a labelled 9x9 is a 10x10 full of conflicts.
 */
#include "sheet_edges.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Blocks searched for frames at most, in cells: a few grids side by side. */
enum { FRAME_AREA_MAX = 1 << 16, FRAME_SLACK = 2 };

static int drawn_top(const unsigned char *e, size_t w, size_t i, size_t j)
{
    return (e[i * w + j] & WB_EDGE_TOP) || (e[(i - 1) * w + j] & WB_EDGE_BOTTOM);
}
static int drawn_bottom(const unsigned char *e, size_t w, size_t i, size_t j)
{
    return (e[i * w + j] & WB_EDGE_BOTTOM) || (e[(i + 1) * w + j] & WB_EDGE_TOP);
}
static int drawn_left(const unsigned char *e, size_t w, size_t i, size_t j)
{
    return (e[i * w + j] & WB_EDGE_LEFT) || (e[i * w + j - 1] & WB_EDGE_RIGHT);
}
static int drawn_right(const unsigned char *e, size_t w, size_t i, size_t j)
{
    return (e[i * w + j] & WB_EDGE_RIGHT) || (e[i * w + j + 1] & WB_EDGE_LEFT);
}

/* The sum of a (h+1)x(w+1) prefix-sum table over rows i..i+s-1 and
 * columns j..j+s-1. */
static long box_sum(const long *p, size_t w, size_t i, size_t j, size_t s)
{
    size_t W = w + 1;
    return p[(i + s) * W + j + s] - p[i * W + j + s] - p[(i + s) * W + j] + p[i * W + j];
}

long wb_frames_in(const wb_sheet *s, const wb_range *leaf, int min_n, int max_n, int alphabet,
                  wb_range *out, size_t cap)
{
    size_t h = leaf->r1 - leaf->r0 + 1, w = leaf->c1 - leaf->c0 + 1;
    size_t shorter = h < w ? h : w;
    if (shorter > (size_t)max_n + FRAME_SLACK || h * w > FRAME_AREA_MAX || shorter < 2)
        return 0;
    /* edges of the block and the ring of cells around it */
    size_t eh = h + 2, ew = w + 2, W = w + 1;
    unsigned char *e = calloc(eh * ew, 1);
    int *top = malloc(h * w * sizeof *top), *bottom = malloc(h * w * sizeof *bottom);
    int *left = malloc(h * w * sizeof *left), *right = malloc(h * w * sizeof *right);
    long *bad = malloc((h + 1) * W * sizeof *bad), *digits = malloc((h + 1) * W * sizeof *digits);
    long found = -1;
    size_t taken = 0;
    if (!e || !top || !bottom || !left || !right || !bad || !digits)
        goto done;
    for (size_t i = 0; i < eh; i++)
        for (size_t j = 0; j < ew; j++) {
            int64_t row = (int64_t)leaf->r0 - 1 + (int64_t)i, col = (int64_t)leaf->c0 - 1 + (int64_t)j;
            const wb_cell *c = row >= 0 && col >= 0 ? wb_sheet_cell(s, (uint32_t)row, (uint32_t)col)
                                                    : NULL;
            e[i * ew + j] = (unsigned char)(c ? c->edges : 0);
        }
    /* runs of drawn sides: rightwards along a row for top and bottom,
     * downwards along a column for left and right */
    for (size_t i = h; i-- > 0;)
        for (size_t j = w; j-- > 0;) {
            size_t k = i * w + j;
            top[k] = drawn_top(e, ew, i + 1, j + 1) ? 1 + (j + 1 < w ? top[k + 1] : 0) : 0;
            bottom[k] = drawn_bottom(e, ew, i + 1, j + 1) ? 1 + (j + 1 < w ? bottom[k + 1] : 0) : 0;
            left[k] = drawn_left(e, ew, i + 1, j + 1) ? 1 + (i + 1 < h ? left[k + w] : 0) : 0;
            right[k] = drawn_right(e, ew, i + 1, j + 1) ? 1 + (i + 1 < h ? right[k + w] : 0) : 0;
        }
    size_t lo = shorter > FRAME_SLACK ? shorter - FRAME_SLACK : 2;
    if (lo < (size_t)min_n)
        lo = (size_t)min_n;
    for (size_t n = shorter < (size_t)max_n ? shorter : (size_t)max_n; n >= lo; n--) {
        /* cells unreadable for side n, and digits, as prefix sums */
        memset(bad, 0, (h + 1) * W * sizeof *bad);
        memset(digits, 0, (h + 1) * W * sizeof *digits);
        for (size_t i = 0; i < h; i++)
            for (size_t j = 0; j < w; j++) {
                const char *t = wb_sheet_text(s, leaf->r0 + (uint32_t)i, leaf->c0 + (uint32_t)j);
                int v = t ? wb_cell_value(t, (int)n, alphabet) : 0;
                bad[(i + 1) * W + j + 1] =
                    (v < 0) + bad[i * W + j + 1] + bad[(i + 1) * W + j] - bad[i * W + j];
                digits[(i + 1) * W + j + 1] =
                    (v > 0) + digits[i * W + j + 1] + digits[(i + 1) * W + j] - digits[i * W + j];
            }
        for (size_t i = 0; i + n <= h; i++)
            for (size_t j = 0; j + n <= w; j++) {
                int sn = (int)n;
                if (top[i * w + j] < sn || left[i * w + j] < sn ||
                    bottom[(i + n - 1) * w + j] < sn || right[i * w + j + n - 1] < sn ||
                    box_sum(bad, w, i, j, n) || !box_sum(digits, w, i, j, n))
                    continue;
                wb_range sq = {leaf->r0 + (uint32_t)i, leaf->c0 + (uint32_t)j,
                               leaf->r0 + (uint32_t)(i + n - 1), leaf->c0 + (uint32_t)(j + n - 1)};
                int clash = 0;
                for (size_t k = 0; k < taken && k < cap && !clash; k++)
                    clash = out[k].r0 <= sq.r1 && sq.r0 <= out[k].r1 && out[k].c0 <= sq.c1 &&
                            sq.c0 <= out[k].c1;
                if (clash)
                    continue;
                if (taken < cap)
                    out[taken] = sq;
                taken++;
            }
    }
    found = (long)(taken < cap ? taken : cap);
done:
    free(e);
    free(top);
    free(bottom);
    free(left);
    free(right);
    free(bad);
    free(digits);
    return found;
}

/* ---- labels ---------------------------------------------------------------- */

/* 1 if text names position k (0-based) of a row or column: k+1, or the
 * letter k places after A. */
static int label_of(const char *text, int k)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    if (len == 1 && isalpha((unsigned char)text[0]))
        return toupper((unsigned char)text[0]) - 'A' == k;
    if (len == 0 || len > 2)
        return 0;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)text[i]))
            return 0;
        v = v * 10 + (text[i] - '0');
    }
    return v == k + 1 && text[0] != '0';
}

/* 1 if the n cells from (row, col) stepping (dr, dc) read as labels. */
static int label_line(const wb_sheet *s, uint32_t row, uint32_t col, int dr, int dc, int n)
{
    for (int k = 0; k < n; k++) {
        const char *t = wb_sheet_text(s, row + (uint32_t)(k * dr), col + (uint32_t)(k * dc));
        if (!t || !label_of(t, k))
            return 0;
    }
    return 1;
}

static int empty_at(const wb_sheet *s, uint32_t row, uint32_t col)
{
    return !wb_sheet_text(s, row, col);
}

int wb_strip_labels(const wb_sheet *s, wb_range *r, int min_n)
{
    int h = (int)(r->r1 - r->r0 + 1), w = (int)(r->c1 - r->c0 + 1);
    int best = -1, best_sides = 0;
    /* bit 0 top, 1 bottom, 2 left, 3 right */
    for (int m = 1; m < 16; m++) {
        int t = m & 1, b = m >> 1 & 1, l = m >> 2 & 1, rt = m >> 3 & 1;
        int n = h - t - b;
        if (n != w - l - rt || n < min_n || n < 2)
            continue;
        if (h == w && !((t || b) && (l || rt)))
            continue;   /* a square keeps its first row unless a corner says labels */
        uint32_t ir = r->r0 + (uint32_t)t, ic = r->c0 + (uint32_t)l;
        int ok = (!t || label_line(s, r->r0, ic, 0, 1, n)) &&
                 (!b || label_line(s, r->r1, ic, 0, 1, n)) &&
                 (!l || label_line(s, ir, r->c0, 1, 0, n)) &&
                 (!rt || label_line(s, ir, r->c1, 1, 0, n));
        /* the corners two label lines leave are empty */
        ok = ok && !(t && l && !empty_at(s, r->r0, r->c0)) &&
             !(t && rt && !empty_at(s, r->r0, r->c1)) &&
             !(b && l && !empty_at(s, r->r1, r->c0)) &&
             !(b && rt && !empty_at(s, r->r1, r->c1));
        int sides = t + b + l + rt;
        if (ok && sides > best_sides) {
            best = m;
            best_sides = sides;
        }
    }
    if (best < 0)
        return 0;
    r->r0 += (uint32_t)(best & 1);
    r->r1 -= (uint32_t)(best >> 1 & 1);
    r->c0 += (uint32_t)(best >> 2 & 1);
    r->c1 -= (uint32_t)(best >> 3 & 1);
    return 1;
}
