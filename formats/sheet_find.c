/*
 * sheet_find.c — the search for puzzles on a sheet (wb_find_puzzles,
 * sheet.h).
 *
 * Puzzles are found by cutting the sheet along empty rows and columns,
 * again and again, until no piece splits (an "XY cut"): what is left are
 * blocks framed by empty cells or the sheet's edge. A block is a puzzle
 * when it is square and every cell holds a digit of its size or an empty
 * mark. The pieces are kept on an explicit work list, so a hostile sheet
 * cannot exhaust the stack. A puzzle with empty rows or columns of its
 * own is cut into pieces; squares spanned by pieces' edges put it back.
 * Three searches run in turn, each keeping what the earlier ones did not
 * find: cells with a border alone (a drawn grid, whatever text touches
 * it: sheet_edges.c), then with styled empty cells, then by content.
 */
#include "sheet.h"
#include "sheet_edges.h"

#include <stdint.h>
#include <stdlib.h>

/* ---- finding puzzles ---------------------------------------------------- */

/* What makes a cell part of a block in one search. */
typedef enum find_mode {
    FIND_CONTENT = 0,    /* cells with text */
    FIND_DRAWN = 1,      /* cells with text, and empty cells with a border or fill */
    FIND_BORDERED = 2    /* cells with a border, text or not: the grid a person
                            drew, whatever unbordered text touches it */
} find_mode;

typedef struct finder {
    const wb_sheet *s;
    find_mode mode;
    int alphabet;
} finder;

static int counts(const finder *f, const wb_cell *c)
{
    return f->mode == FIND_BORDERED ? c->edges != 0 : c->text || f->mode == FIND_DRAWN;
}

/* 1 if (row, col) belongs to a block in this search's sense. */
static int occupied(const finder *f, int64_t row, int64_t col)
{
    if (row < 0 || col < 0)
        return 0;
    const wb_cell *c = wb_sheet_cell(f->s, (uint32_t)row, (uint32_t)col);
    return c && counts(f, c);
}

typedef struct piece {
    size_t start, count;  /* a slice of the position array */
} piece;

typedef struct pos {
    uint32_t row, col;
    size_t cell;          /* index into the sheet's cells */
} pos;

static int by_row(const void *a, const void *b)
{
    const pos *x = a, *y = b;
    return x->row < y->row ? -1 : x->row > y->row;
}
static int by_col(const void *a, const void *b)
{
    const pos *x = a, *y = b;
    return x->col < y->col ? -1 : x->col > y->col;
}

/* Sorts the slice along one axis and splits it at empty lines: pushes the
 * parts onto the stack. @return the number of parts (1: no cut), -1 on
 * out of memory. */
static long split(pos *idx, piece p, int cols, piece **stack,
                  size_t *top, size_t *cap)
{
    qsort(idx + p.start, p.count, sizeof *idx, cols ? by_col : by_row);
    long parts = 0;
    size_t begin = p.start;
    for (size_t i = p.start; i < p.start + p.count; i++) {
        int last = i + 1 == p.start + p.count;
        uint32_t here = cols ? idx[i].col : idx[i].row;
        uint32_t next = last ? 0 : cols ? idx[i + 1].col : idx[i + 1].row;
        if (!last && next <= here + 1)
            continue;
        if (begin == p.start && last)
            return 1;   /* one part: nothing to push */
        if (*top == *cap) {
            size_t ncap = *cap ? *cap * 2 : 64;
            piece *q = realloc(*stack, ncap * sizeof *q);
            if (!q)
                return -1;
            *stack = q;
            *cap = ncap;
        }
        (*stack)[(*top)++] = (piece){begin, i + 1 - begin};
        begin = i + 1;
        parts++;
    }
    return parts;
}

static int push_range(wb_range **list, size_t *count, size_t *cap, wb_range r)
{
    if (*count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        wb_range *q = realloc(*list, ncap * sizeof *q);
        if (!q)
            return -1;
        *list = q;
        *cap = ncap;
    }
    (*list)[(*count)++] = r;
    return 0;
}

/* 1 if the square r holds only cells readable for its side. */
static int contents_ok(const finder *f, const wb_range *r)
{
    int n = (int)(r->r1 - r->r0 + 1);
    for (uint32_t row = r->r0; row <= r->r1; row++)
        for (uint32_t col = r->c0; col <= r->c1; col++) {
            const char *t = wb_sheet_text(f->s, row, col);
            if (t && wb_cell_value(t, n, f->alphabet) < 0)
                return 0;
        }
    return 1;
}

/* 1 if the square r holds only cells readable for its side and the ring
 * of cells around it (inside the sheet) is empty. */
static int square_ok(const finder *f, const wb_range *r)
{
    int64_t top = (int64_t)r->r0 - 1, bottom = (int64_t)r->r1 + 1;
    int64_t left = (int64_t)r->c0 - 1, right = (int64_t)r->c1 + 1;
    for (int64_t row = top; row <= bottom; row++) {
        int edge = row == top || row == bottom;
        for (int64_t col = left; col <= right; col += edge ? 1 : right - left) {
            if (occupied(f, row, col))
                return 0;
        }
    }
    return contents_ok(f, r);
}

/* Pieces searched for squares at most: the search below tries every
 * pair of a piece's top row and a piece's left column with each piece's
 * bottom row (cubic in pieces),
 * so the bound keeps a sheet of scattered numbers quick. */
enum { MAX_PARTS = 100 };

/* 1 if the cells of square r that belong to a block reach all four of
 * its sides. */
static int content_fills(const finder *f, const wb_range *r)
{
    uint32_t r0 = UINT32_MAX, r1 = 0, c0 = UINT32_MAX, c1 = 0;
    for (uint32_t row = r->r0; row <= r->r1; row++)
        for (uint32_t col = r->c0; col <= r->c1; col++)
            if (occupied(f, row, col)) {
                if (row < r0) r0 = row;
                if (row > r1) r1 = row;
                if (col < c0) c0 = col;
                if (col > c1) c1 = col;
            }
    return r0 == r->r0 && r1 == r->r1 && c0 == r->c0 && c1 == r->c1;
}

/* Puzzles cut apart by their own empty rows or columns: squares whose
 * top row is some piece's top, left column some piece's left, bottom row
 * some piece's bottom and right column some piece's right, whose cells
 * reach all four sides, are all readable and are framed by empty cells. */
static int u32_order(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The distinct values of one edge of the pieces, sorted, into out.
 * @return how many. */
static size_t edges(const wb_range *parts, size_t count, int which, uint32_t *out)
{
    for (size_t i = 0; i < count; i++)
        out[i] = which == 0 ? parts[i].r0 : which == 1 ? parts[i].c0
               : which == 2 ? parts[i].r1 : parts[i].c1;
    qsort(out, count, sizeof *out, u32_order);
    size_t k = 0;
    for (size_t i = 0; i < count; i++)
        if (!k || out[k - 1] != out[i])
            out[k++] = out[i];
    return k;
}

/* 1 if r overlaps one of the count ranges at list. */
static int overlaps(const wb_range *list, size_t count, const wb_range *r)
{
    for (size_t f = 0; f < count; f++)
        if (list[f].r0 <= r->r1 && r->r0 <= list[f].r1 && list[f].c0 <= r->c1 &&
            r->c0 <= list[f].c1)
            return 1;
    return 0;
}

static int join_parts(const finder *f, const wb_range *parts, size_t count, int min_n,
                      int max_n, wb_range **found, size_t *nfound, size_t *fcap)
{
    uint32_t tops[MAX_PARTS], lefts[MAX_PARTS], bottoms[MAX_PARTS], rights[MAX_PARTS];
    size_t nt = edges(parts, count, 0, tops), nl = edges(parts, count, 1, lefts);
    size_t nb = edges(parts, count, 2, bottoms), nr = edges(parts, count, 3, rights);
    for (size_t i = 0; i < nt; i++)
        for (size_t k = 0; k < nb; k++) {
            if (bottoms[k] < tops[i] || bottoms[k] - tops[i] + 1 < (uint32_t)min_n ||
                bottoms[k] - tops[i] + 1 > (uint32_t)max_n)
                continue;
            uint32_t n = bottoms[k] - tops[i] + 1;
            for (size_t j = 0; j < nl; j++) {
                uint32_t want = lefts[j] + n - 1;
                if (!bsearch(&want, rights, nr, sizeof *rights, u32_order))
                    continue;   /* no piece ends in the square's right column */
                wb_range sq = {tops[i], lefts[j], tops[i] + n - 1, lefts[j] + n - 1};
                if (overlaps(*found, *nfound, &sq) || !square_ok(f, &sq) || !content_fills(f, &sq))
                    continue;
                if (push_range(found, nfound, fcap, sq) != 0)
                    return -1;
            }
        }
    return 0;
}

static int range_order(const void *a, const void *b)
{
    const wb_range *x = a, *y = b;
    if (x->r0 != y->r0)
        return x->r0 < y->r0 ? -1 : 1;
    return x->c0 < y->c0 ? -1 : x->c0 > y->c0;
}

/* A leaf of the bordered search: the block itself when it is a square
 * grid (labels stripped), else the framed squares inside it.
 * @return 0, -1 when out of memory. */
static int bordered_leaf(const finder *f, const wb_range *r, int min_n, int max_n,
                         wb_range **mine, size_t *nmine, size_t *mcap)
{
    uint32_t h = r->r1 - r->r0 + 1, w = r->c1 - r->c0 + 1;
    wb_range inner = *r;
    if (h <= (uint32_t)max_n + 2 && w <= (uint32_t)max_n + 2 &&
        wb_strip_labels(f->s, &inner, min_n) && contents_ok(f, &inner))
        return push_range(mine, nmine, mcap, inner);
    if (h == w && h >= (uint32_t)min_n && h <= (uint32_t)max_n && square_ok(f, r))
        return push_range(mine, nmine, mcap, *r);
    wb_range frames[16];
    long k = wb_frames_in(f->s, r, min_n, max_n, f->alphabet, frames, 16);
    for (long i = 0; i < k; i++)
        if (push_range(mine, nmine, mcap, frames[i]) != 0)
            return -1;
    return k < 0 ? -1 : 0;
}

/* One XY-cut search in f's sense, adding the puzzles it finds that
 * overlap none already in *found. @return 0, -1 when out of memory. */
static int find_blocks(const finder *f, int min_n, int max_n, wb_range **found, size_t *nfound,
                       size_t *fcap)
{
    const wb_sheet *s = f->s;
    size_t known = *nfound;
    pos *idx = malloc((s->count ? s->count : 1) * sizeof *idx);
    piece *stack = NULL;
    size_t top = 0, scap = 0, npos = 0;
    wb_range *parts = NULL, *mine = NULL;
    size_t nparts = 0, pcap = 0, nmine = 0, mcap = 0;
    int result = -1;
    if (!idx)
        goto done;
    for (size_t i = 0; i < s->count; i++)
        if (counts(f, &s->cells[i]))
            idx[npos++] = (pos){s->cells[i].row, s->cells[i].col, i};
    if (!npos) {
        result = 0;
        goto done;
    }
    stack = malloc(sizeof *stack);
    if (!stack)
        goto done;
    scap = 1;
    stack[top++] = (piece){0, npos};
    while (top) {
        piece p = stack[--top];
        long k = split(idx, p, 0, &stack, &top, &scap);
        if (k < 0)
            goto done;
        if (k > 1)
            continue;
        k = split(idx, p, 1, &stack, &top, &scap);
        if (k < 0)
            goto done;
        if (k > 1)
            continue;
        /* a leaf: its bounding box */
        wb_range r = {UINT32_MAX, UINT32_MAX, 0, 0};
        for (size_t i = p.start; i < p.start + p.count; i++) {
            const pos *c = &idx[i];
            if (c->row < r.r0) r.r0 = c->row;
            if (c->row > r.r1) r.r1 = c->row;
            if (c->col < r.c0) r.c0 = c->col;
            if (c->col > r.c1) r.c1 = c->col;
        }
        uint32_t h = r.r1 - r.r0 + 1, w = r.c1 - r.c0 + 1;
        if (f->mode == FIND_BORDERED) {
            if (bordered_leaf(f, &r, min_n, max_n, &mine, &nmine, &mcap) != 0)
                goto done;
            continue;
        }
        /* labels 1..n along two sides (or one of a block that is not
         * square) are no part of the grid */
        wb_range inner = r;
        if (h <= (uint32_t)max_n + 2 && w <= (uint32_t)max_n + 2 &&
            wb_strip_labels(s, &inner, min_n) && contents_ok(f, &inner)) {
            if (push_range(&mine, &nmine, &mcap, inner) != 0)
                goto done;
            continue;
        }
        int ok = h <= (uint32_t)max_n && w <= (uint32_t)max_n;
        for (size_t i = p.start; i < p.start + p.count && ok; i++) {
            const char *t = s->cells[idx[i].cell].text;
            ok = !t || wb_cell_value(t, max_n, f->alphabet) >= 0;
        }
        if (!ok)
            continue;   /* text, or too big: no part of a puzzle */
        if (h == w && h >= (uint32_t)min_n && square_ok(f, &r)) {
            if (push_range(&mine, &nmine, &mcap, r) != 0)
                goto done;
        } else if (push_range(&parts, &nparts, &pcap, r) != 0) {
            goto done;
        }
    }
    /* Pieces of digits that are no puzzle alone may be parts of one whose
     * own empty rows or columns cut it apart. */
    if (nparts > 1 && nparts <= MAX_PARTS &&
        join_parts(f, parts, nparts, min_n, max_n, &mine, &nmine, &mcap) != 0)
        goto done;
    for (size_t i = 0; i < nmine; i++)
        if (!overlaps(*found, known, &mine[i]) && push_range(found, nfound, fcap, mine[i]) != 0)
            goto done;
    result = 0;
done:
    free(idx);
    free(stack);
    free(parts);
    free(mine);
    return result;
}

long wb_find_puzzles(const wb_sheet *s, int min_n, int max_n, int alphabet, wb_range *out,
                     size_t cap)
{
    wb_range *found = NULL;
    size_t nfound = 0, fcap = 0;
    finder bordered = {s, FIND_BORDERED, alphabet}, drawn = {s, FIND_DRAWN, alphabet};
    finder content = {s, FIND_CONTENT, alphabet};
    int edges = 0;
    for (size_t i = 0; i < s->count && !edges; i++)
        edges = s->cells[i].edges != 0;
    if (s->count &&
        ((edges && find_blocks(&bordered, min_n, max_n, &found, &nfound, &fcap) != 0) ||
         (s->styled && find_blocks(&drawn, min_n, max_n, &found, &nfound, &fcap) != 0) ||
         find_blocks(&content, min_n, max_n, &found, &nfound, &fcap) != 0)) {
        free(found);
        return -1;
    }
    if (nfound)
        qsort(found, nfound, sizeof *found, range_order);
    for (size_t i = 0; i < nfound && i < cap; i++)
        out[i] = found[i];
    free(found);
    return (long)nfound;
}
