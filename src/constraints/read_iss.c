/*
 * read_iss.c — Interactive Sudoku Solver constraint strings:
 * ".Shape~9x9.Cage~15~R1C1~R1C2.Thermo~R2C1~R2C2.~R3C3_5 ...". Each part
 * is a type and '~'-separated arguments; the shape parts (Shape,
 * Diagonal, Windoku, Jigsaw, NoBoxes) are read first, then the rest in
 * order. A type doku does not support is refused by its name.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ARGS 300

typedef struct part {
    const char *type;
    size_t type_len;
    const char *arg[MAX_ARGS];
    size_t arg_len[MAX_ARGS];
    int nargs;
    int index; /* 1-based, for messages */
} part;

static int is(const part *pt, const char *name)
{
    return pt->type_len == strlen(name) && strncmp(pt->type, name, pt->type_len) == 0;
}

/* A decimal argument. @return 1 with *v, 0 when it is not one. */
static int arg_int(const part *pt, int i, int *v)
{
    if (i >= pt->nargs || pt->arg_len[i] == 0 || pt->arg_len[i] > 6)
        return 0;
    int x = 0, neg = 0;
    size_t j = 0;
    if (pt->arg[i][0] == '-') {
        neg = 1;
        j = 1;
    }
    if (j == pt->arg_len[i])
        return 0;
    for (; j < pt->arg_len[i]; j++) {
        if (!isdigit((unsigned char)pt->arg[i][j]))
            return 0;
        x = x * 10 + (pt->arg[i][j] - '0');
    }
    *v = neg ? -x : x;
    return 1;
}

static int arg_cell(const part *pt, int i, int n)
{
    const char *s = pt->arg[i], *end = s + pt->arg_len[i];
    int c = vp_cell(&s, end, n);
    return s == end ? c : -1;
}

static int bad(const part *pt, char *msg, size_t cap, doku_status *st, const char *why)
{
    snprintf(msg, cap, "part %d (%.*s): %s", pt->index, (int)(pt->type_len ? pt->type_len : 6),
             pt->type_len ? pt->type : "givens", why);
    *st = DOKU_ERR_PARSE;
    return 0;
}

/* Dots, X/V and greater-than take two cells in doku's model. ISS lets one
 * statement list many cells and means every side-sharing pair in it, the
 * earlier cell of the list first (for greater-than, the larger one), so a
 * "fortress" cell is written as the cell and then its neighbours. */
static int pair_kind(doku_constraint_kind kind)
{
    return kind == DOKU_CON_GREATER || kind == DOKU_CON_KROPKI_WHITE ||
           kind == DOKU_CON_KROPKI_BLACK || kind == DOKU_CON_X || kind == DOKU_CON_V;
}

/* Adds one two-cell constraint per side-sharing pair of `cells`, in list
 * order. @return 1, or 0 (msg set) when a cell shares a side with no other
 * cell of the list, as ISS refuses it too. */
static int add_adjacent_pairs(doku_variant_puzzle *p, const char *where, const part *pt,
                              doku_constraint_kind kind, const uint16_t *cells, int k, int n,
                              char *msg, size_t cap, doku_status *st)
{
    for (int i = 0; i < k; i++) {
        int partners = 0;
        for (int j = 0; j < k; j++)
            partners += cons_orth_adjacent(n, cells[i], cells[j]);
        if (!partners) {
            char why[96];
            snprintf(why, sizeof why, "r%dc%d shares a side with no other cell of the list",
                     cells[i] / n + 1, cells[i] % n + 1);
            return bad(pt, msg, cap, st, why);
        }
    }
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++) {
            if (!cons_orth_adjacent(n, cells[i], cells[j]))
                continue;
            uint16_t pair[2] = {cells[i], cells[j]};
            if (!vp_add(p, where, kind, pair, 2, NULL, 0, msg, cap, st))
                return 0;
        }
    return 1;
}

/* Cells from argument `from` on. @return how many, or -1 (msg set) for
 * an argument that is not a cell of the grid. */
static int cells_from(const part *pt, int from, int n, uint16_t *cells, char *msg, size_t cap,
                      doku_status *st)
{
    int k = 0;
    for (int i = from; i < pt->nargs; i++) {
        int c = arg_cell(pt, i, n);
        if (c < 0) {
            char why[96];
            snprintf(why, sizeof why, "'%.*s' is not a cell of the %dx%d grid",
                     (int)(pt->arg_len[i] > 40 ? 40 : pt->arg_len[i]), pt->arg[i], n, n);
            bad(pt, msg, cap, st, why);
            return -1;
        }
        cells[k++] = (uint16_t)c;
    }
    return k;
}

/* The cells of row or column id ("R3", "C5") from its start (dir 1) or
 * its end (dir -1). @return n, or 0 when id is not one. */
static int line_cells(const char *id, size_t len, int n, int dir, uint16_t *cells)
{
    if (len < 2 || (toupper((unsigned char)id[0]) != 'R' && toupper((unsigned char)id[0]) != 'C'))
        return 0;
    int x = 0;
    for (size_t j = 1; j < len; j++) {
        if (!isdigit((unsigned char)id[j]))
            return 0;
        x = x * 10 + (id[j] - '0');
        if (x > n)
            return 0;
    }
    if (x < 1)
        return 0;
    int row = toupper((unsigned char)id[0]) == 'R';
    for (int i = 0; i < n; i++) {
        int t = dir > 0 ? i : n - 1 - i;
        cells[i] = (uint16_t)(row ? (x - 1) * n + t : t * n + (x - 1));
    }
    return n;
}

/* The little killer diagonal ISS keys by its first cell: from the left
 * edge down-right, the right edge up-left, the top edge down-left, the
 * bottom edge up-right. @return its length, 0 when the cell keys none. */
static int diagonal_from(int cell, int n, uint16_t *cells)
{
    int r = cell / n, c = cell % n, dr, dc;
    if (c == 0 && r < n - 1) {
        dr = 1;
        dc = 1;
    } else if (r == 0 && c >= 1) {
        dr = 1;
        dc = -1;
    } else if (c == n - 1 && r >= 1 && r < n - 1) {
        dr = -1;
        dc = -1;
    } else if (r == n - 1 && c >= 1 && c < n - 1) {
        dr = -1;
        dc = 1;
    } else {
        return 0;
    }
    int k = 0;
    for (; r >= 0 && r < n && c >= 0 && c < n; r += dr, c += dc)
        cells[k++] = (uint16_t)(r * n + c);
    return k > 1 ? k : 0;
}

static int split(const char *text, size_t len, size_t *at, part *pt)
{
    size_t i = *at;
    if (i >= len)
        return 0;
    if (text[i] == '.')
        i++;
    size_t end = i;
    while (end < len && text[end] != '.' && !isspace((unsigned char)text[end]))
        end++;
    size_t j = i;
    while (j < end && text[j] != '~')
        j++;
    pt->type = text + i;
    pt->type_len = j - i;
    pt->nargs = 0;
    while (j < end && pt->nargs < MAX_ARGS) {
        j++; /* the '~' */
        size_t k = j;
        while (k < end && text[k] != '~')
            k++;
        pt->arg[pt->nargs] = text + j;
        pt->arg_len[pt->nargs++] = k - j;
        j = k;
    }
    while (end < len && isspace((unsigned char)text[end]))
        end++;
    *at = end;
    return 1;
}

static int read_shape(const char *text, size_t len, vp_decl *d, char *msg, size_t cap,
                      doku_status *st)
{
    part pt;
    size_t at = 0;
    int index = 0, diag = 0, no_boxes = 0;
    while (split(text, len, &at, &pt)) {
        pt.index = ++index;
        if (is(&pt, "Shape")) {
            int a = 0, b = 0;
            if (pt.nargs < 1 || sscanf(pt.arg[0], "%dx%d", &a, &b) != 2 || a != b || a < 4 ||
                a > DOKU_CONSTRAINTS_MAX_N)
                return bad(&pt, msg, cap, st, "doku reads square shapes 4x4 to 16x16");
            /* ISS's value range ("0-8") and grid kinds ("Raw") change what
             * every digit and sum means: refused, never read as 1..n */
            for (int i = 1; i < pt.nargs; i++) {
                int lo = 0, hi = 0, used = 0;
                if (sscanf(pt.arg[i], "%d-%d%n", &lo, &hi, &used) != 2 ||
                    (size_t)used != pt.arg_len[i] || lo != 1 || hi != a)
                    return bad(&pt, msg, cap, st,
                               "doku reads the digits 1 to n on a sudoku grid (no value range "
                               "or grid kind)");
            }
            d->n = a;
        } else if (is(&pt, "Diagonal")) {
            int v;
            if (!arg_int(&pt, 0, &v) || (v != 1 && v != -1))
                return bad(&pt, msg, cap, st, "the direction is 1 or -1");
            diag |= v == 1 ? 1 : 2;
        } else if (is(&pt, "Windoku")) {
            d->variants |= DOKU_VARIANT_HYPER;
        } else if (is(&pt, "NoBoxes")) {
            no_boxes = 1;
        } else if (is(&pt, "Jigsaw")) {
            if (pt.nargs < 1)
                return bad(&pt, msg, cap, st, "no layout");
            d->has_regions = 1;
        }
    }
    if (diag == 3)
        d->variants |= DOKU_VARIANT_X;
    d->keep_boxes = d->has_regions && !no_boxes;
    if (no_boxes && !d->has_regions) {
        snprintf(msg, cap, "NoBoxes without a Jigsaw layout: doku needs boxes or regions");
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    if (d->has_regions) {
        /* the layout: one symbol per cell, symbols numbered in order of
         * first appearance */
        at = 0;
        index = 0;
        int n = d->n ? d->n : 9;
        while (split(text, len, &at, &pt)) {
            pt.index = ++index;
            if (!is(&pt, "Jigsaw"))
                continue;
            const char *lay = pt.arg[pt.nargs - 1];
            size_t ll = pt.arg_len[pt.nargs - 1];
            if (ll != (size_t)(n * n))
                return bad(&pt, msg, cap, st, "the layout must have one symbol per cell");
            char sym[DOKU_CONSTRAINTS_MAX_N];
            int nsym = 0;
            for (size_t i = 0; i < ll; i++) {
                int id = -1;
                for (int s = 0; s < nsym; s++)
                    if (sym[s] == lay[i])
                        id = s;
                if (id < 0) {
                    if (nsym == n)
                        return bad(&pt, msg, cap, st, "the layout has more regions than digits");
                    sym[nsym] = lay[i];
                    id = nsym++;
                }
                d->regions[i] = (uint8_t)id;
            }
        }
    }
    return 1;
}

/* One constraint part. */
static int read_part(doku_variant_puzzle *p, const part *pt, char *msg, size_t cap,
                     doku_status *st)
{
    int n = p->shape->n;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    char where[64];
    snprintf(where, sizeof where, "part %d (%.*s): ", pt->index, (int)pt->type_len, pt->type);
    int v, k;
    if (is(pt, "Shape") || is(pt, "Windoku") || is(pt, "Jigsaw") || is(pt, "NoBoxes"))
        return 1;
    if (pt->type_len == 0) { /* givens: R1C1_5 */
        for (int i = 0; i < pt->nargs; i++) {
            const char *s = pt->arg[i], *end = s + pt->arg_len[i];
            int c = vp_cell(&s, end, n);
            int val = 0;
            if (c >= 0 && s < end && *s == '_') {
                s++;
                while (s < end && isdigit((unsigned char)*s) && val <= n)
                    val = val * 10 + (*s++ - '0');
            }
            if (c < 0 || s != end || val < 1 || val > n)
                return bad(pt, msg, cap, st, "a given is written R<row>C<col>_<digit>");
            p->givens[c] = (uint8_t)val;
        }
        return 1;
    }
    if (is(pt, "Diagonal")) {
        if (p->shape->variants & DOKU_VARIANT_X)
            return 1;
        arg_int(pt, 0, &v);
        for (int i = 0; i < n; i++)
            cells[i] = (uint16_t)(v == -1 ? i * n + i : i * n + (n - 1 - i));
        return vp_add(p, where, DOKU_CON_REGION, cells, (size_t)n, NULL, 0, msg, cap, st);
    }
    struct {
        const char *name;
        doku_constraint_kind kind;
    } plain[] = {
        {"Thermo", DOKU_CON_THERMO},        {"Renban", DOKU_CON_RENBAN},
        {"Palindrome", DOKU_CON_PALINDROME}, {"Between", DOKU_CON_BETWEEN},
        {"RegionSumLine", DOKU_CON_REGION_SUM}, {"WhiteDot", DOKU_CON_KROPKI_WHITE},
        {"BlackDot", DOKU_CON_KROPKI_BLACK}, {"X", DOKU_CON_X},
        {"V", DOKU_CON_V},                  {"GreaterThan", DOKU_CON_GREATER},
    };
    for (size_t j = 0; j < sizeof plain / sizeof plain[0]; j++)
        if (is(pt, plain[j].name)) {
            if ((k = cells_from(pt, 0, n, cells, msg, cap, st)) < 0)
                return 0;
            if (k > 2 && pair_kind(plain[j].kind))
                return add_adjacent_pairs(p, where, pt, plain[j].kind, cells, k, n, msg, cap, st);
            return vp_add(p, where, plain[j].kind, cells, (size_t)k, NULL, 0, msg, cap, st);
        }
    if (is(pt, "Cage")) {
        int has = pt->nargs > 0 && pt->arg_len[0] > 0;
        if (has && !arg_int(pt, 0, &v))
            return bad(pt, msg, cap, st, "the sum is not a number");
        if ((k = cells_from(pt, 1, n, cells, msg, cap, st)) < 0)
            return 0;
        return vp_add(p, where, DOKU_CON_CAGE, cells, (size_t)k, &v, has && v > 0 ? 1 : 0, msg,
                      cap, st);
    }
    if (is(pt, "Arrow")) {
        if ((k = cells_from(pt, 0, n, cells, msg, cap, st)) < 0)
            return 0;
        int m = 1;
        return vp_add(p, where, DOKU_CON_ARROW, cells, (size_t)k, &m, 1, msg, cap, st);
    }
    if (is(pt, "Whisper")) {
        int has = arg_int(pt, 0, &v);
        if ((k = cells_from(pt, has ? 1 : 0, n, cells, msg, cap, st)) < 0)
            return 0;
        return vp_add(p, where, DOKU_CON_WHISPER, cells, (size_t)k, &v, has ? 1 : 0, msg, cap,
                      st);
    }
    if (is(pt, "LittleKiller")) {
        int c;
        if (!arg_int(pt, 0, &v) || pt->nargs != 2 || (c = arg_cell(pt, 1, n)) < 0)
            return bad(pt, msg, cap, st, "expected LittleKiller~<sum>~<first cell>");
        if (!(k = diagonal_from(c, n, cells)))
            return bad(pt, msg, cap, st, "the cell starts no diagonal of the grid's edge");
        return vp_add(p, where, DOKU_CON_LITTLE_KILLER, cells, (size_t)k, &v, 1, msg, cap, st);
    }
    if (is(pt, "Sandwich")) {
        if (!arg_int(pt, 0, &v) || pt->nargs != 2 ||
            !line_cells(pt->arg[1], pt->arg_len[1], n, 1, cells))
            return bad(pt, msg, cap, st, "expected Sandwich~<sum>~<R or C><index>");
        return vp_add(p, where, DOKU_CON_SANDWICH, cells, (size_t)n, &v, 1, msg, cap, st);
    }
    if (is(pt, "XSum")) {
        if (pt->nargs < 2 || pt->nargs > 3 || !line_cells(pt->arg[0], pt->arg_len[0], n, 1, cells))
            return bad(pt, msg, cap, st, "expected XSum~<R or C><index>~<sum>~<sum>");
        for (int dir = 0; dir < 2; dir++) {
            if (1 + dir >= pt->nargs || pt->arg_len[1 + dir] == 0)
                continue;
            if (!arg_int(pt, 1 + dir, &v))
                return bad(pt, msg, cap, st, "a sum is not a number");
            line_cells(pt->arg[0], pt->arg_len[0], n, dir ? -1 : 1, cells);
            if (!vp_add(p, where, DOKU_CON_XSUM, cells, (size_t)n, &v, 1, msg, cap, st))
                return 0;
        }
        return 1;
    }
    if (is(pt, "Quad")) {
        int c, vals[4], nv = 0;
        if (pt->nargs < 2 || pt->nargs > 5 || (c = arg_cell(pt, 0, n)) < 0)
            return bad(pt, msg, cap, st, "expected Quad~<top-left cell>~<digit>...");
        for (int i = 1; i < pt->nargs; i++)
            if (!arg_int(pt, i, &vals[nv++]))
                return bad(pt, msg, cap, st, "a digit is not a number");
        if (c % n == n - 1 || c / n == n - 1)
            return bad(pt, msg, cap, st, "the top-left cell has no 2x2 block");
        cells[0] = (uint16_t)c;
        cells[1] = (uint16_t)(c + 1);
        cells[2] = (uint16_t)(c + n);
        cells[3] = (uint16_t)(c + n + 1);
        return vp_add(p, where, DOKU_CON_QUADRUPLE, cells, 4, vals, (size_t)nv, msg, cap, st);
    }
    struct {
        const char *name;
        doku_constraint_kind a, b;
    } global[] = {
        {"AntiKnight", DOKU_CON_ANTI_KNIGHT, DOKU_CON_NONE},
        {"AntiKing", DOKU_CON_ANTI_KING, DOKU_CON_NONE},
        {"AntiConsecutive", DOKU_CON_NON_CONSECUTIVE, DOKU_CON_NONE},
        {"DisjointSets", DOKU_CON_DISJOINT_GROUPS, DOKU_CON_NONE},
        {"StrictKropki", DOKU_CON_KROPKI_WHITE_ALL, DOKU_CON_KROPKI_BLACK_ALL},
        {"StrictXV", DOKU_CON_X_ALL, DOKU_CON_V_ALL},
    };
    for (size_t j = 0; j < sizeof global / sizeof global[0]; j++)
        if (is(pt, global[j].name)) {
            if (!vp_add(p, where, global[j].a, NULL, 0, NULL, 0, msg, cap, st))
                return 0;
            return global[j].b == DOKU_CON_NONE ||
                   vp_add(p, where, global[j].b, NULL, 0, NULL, 0, msg, cap, st);
        }
    char why[96];
    snprintf(why, sizeof why, "the constraint '%.*s' is not supported by doku",
             (int)(pt->type_len > 40 ? 40 : pt->type_len), pt->type);
    return bad(pt, msg, cap, st, why);
}

int vp_read_iss(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                doku_status *st)
{
    /* one line: stop at the first line break */
    size_t l = 0;
    while (l < len && text[l] != '\n' && text[l] != '\r')
        l++;
    len = l;
    while (len && isspace((unsigned char)text[len - 1]))
        len--;
    vp_decl d;
    memset(&d, 0, sizeof d);
    part *pt = malloc(sizeof *pt);
    if (!pt) {
        *st = DOKU_ERR_NOMEM;
        snprintf(msg, cap, "out of memory");
        return 0;
    }
    int ok = read_shape(text, len, &d, msg, cap, st) && vp_begin(p, &d, msg, cap, st);
    size_t at = 0;
    int index = 0;
    while (ok && split(text, len, &at, pt)) {
        pt->index = ++index;
        if (pt->nargs == MAX_ARGS) {
            ok = bad(pt, msg, cap, st, "too many arguments");
            break;
        }
        ok = read_part(p, pt, msg, cap, st);
    }
    free(pt);
    return ok;
}
