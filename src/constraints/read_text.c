/*
 * read_text.c — doku's own variant format, one statement a line, meant
 * to be written by hand (docs/FORMATS.md, "Variant puzzles"):
 *
 *   size 9
 *   variant x
 *   givens ....5....(n*n symbols, '.' or 0 empty; optional)
 *   cage 15 r1c1 r1c2 r1c3
 *   thermo r2c1 r2c2 r2c3
 *   sandwich 12 row 3
 *   anti-knight
 *
 * Numbers before the cells are the constraint's parameters; "row N",
 * "column N" (optionally "reversed") name a whole line for sandwich and
 * xsum; a little killer or quadruple may give only its first cell.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TOK 600

typedef struct line {
    const char *tok[MAX_TOK];
    size_t len[MAX_TOK];
    int ntok;
    int no;
} line;

static int fail(const line *ln, char *msg, size_t cap, doku_status *st, const char *why)
{
    snprintf(msg, cap, "line %d: %s", ln->no, why);
    *st = DOKU_ERR_PARSE;
    return 0;
}

static int tok_is(const line *ln, int i, const char *w)
{
    return i < ln->ntok && ln->len[i] == strlen(w) && strncasecmp(ln->tok[i], w, ln->len[i]) == 0;
}

static int tok_int(const line *ln, int i, int *v)
{
    if (i >= ln->ntok || ln->len[i] > 6)
        return 0;
    int x = 0;
    for (size_t j = 0; j < ln->len[i]; j++) {
        if (!isdigit((unsigned char)ln->tok[i][j]))
            return 0;
        x = x * 10 + (ln->tok[i][j] - '0');
    }
    *v = x;
    return 1;
}

/* A symbol of a givens line: digit value, 0 empty, -1 not a symbol. */
static int symbol(char ch, int n)
{
    if (ch == '.' || ch == '0')
        return 0;
    int v = -1;
    if (ch >= '1' && ch <= '9')
        v = ch - '0';
    else if (isalpha((unsigned char)ch))
        v = toupper((unsigned char)ch) - 'A' + 10;
    return v >= 1 && v <= n ? v : -1;
}

static int read_grid(const line *ln, int n, uint8_t *out, const char *what, char *msg,
                     size_t cap, doku_status *st)
{
    size_t total = 0;
    for (int i = 1; i < ln->ntok; i++)
        total += ln->len[i];
    char why[128];
    if (total != (size_t)(n * n)) {
        snprintf(why, sizeof why, "%s needs %d symbols for a %dx%d grid, found %zu", what, n * n,
                 n, n, total);
        return fail(ln, msg, cap, st, why);
    }
    int c = 0;
    for (int i = 1; i < ln->ntok; i++)
        for (size_t j = 0; j < ln->len[i]; j++, c++) {
            int v = symbol(ln->tok[i][j], n);
            if (v < 0) {
                snprintf(why, sizeof why, "%s: '%c' at r%dc%d is not a digit of 1-%d or '.'",
                         what, ln->tok[i][j], c / n + 1, c % n + 1, n);
                return fail(ln, msg, cap, st, why);
            }
            out[c] = (uint8_t)v;
        }
    return 1;
}

/* Splits one line into tokens (a '#' starts a comment). */
static void tokens(const char *s, size_t len, line *ln)
{
    ln->ntok = 0;
    size_t i = 0;
    while (i < len && ln->ntok < MAX_TOK) {
        while (i < len && (isspace((unsigned char)s[i]) || s[i] == ','))
            i++;
        if (i >= len || s[i] == '#')
            break;
        size_t j = i;
        while (j < len && !isspace((unsigned char)s[j]) && s[j] != ',' && s[j] != '#')
            j++;
        ln->tok[ln->ntok] = s + i;
        ln->len[ln->ntok++] = j - i;
        i = j;
    }
}

/* The header statements (size, variant, regions). @return 1, 0 on error. */
static int header(const line *ln, vp_decl *d, char *msg, size_t cap, doku_status *st)
{
    int v;
    if (tok_is(ln, 0, "size")) {
        if (ln->ntok != 2 || !tok_int(ln, 1, &v) || v < 4 || v > DOKU_CONSTRAINTS_MAX_N)
            return fail(ln, msg, cap, st, "size is a side from 4 to 16");
        d->n = v;
    } else if (tok_is(ln, 0, "variant")) {
        for (int i = 1; i < ln->ntok; i++) {
            if (tok_is(ln, i, "x"))
                d->variants |= DOKU_VARIANT_X;
            else if (tok_is(ln, i, "hyper"))
                d->variants |= DOKU_VARIANT_HYPER;
            else
                return fail(ln, msg, cap, st, "variant is x or hyper");
        }
    } else if (tok_is(ln, 0, "regions")) {
        int n = d->n ? d->n : 9;
        uint8_t reg[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
        if (!read_grid(ln, n, reg, "regions", msg, cap, st))
            return 0;
        for (int c = 0; c < n * n; c++) {
            if (!reg[c])
                return fail(ln, msg, cap, st, "regions: every cell needs a region 1..n");
            d->regions[c] = (uint8_t)(reg[c] - 1);
        }
        d->has_regions = 1;
    } else if (tok_is(ln, 0, "keep-boxes")) {
        d->keep_boxes = 1;
    }
    return 1;
}

static int statement(doku_variant_puzzle *p, const line *ln, char *msg, size_t cap,
                     doku_status *st)
{
    int n = p->shape->n;
    if (tok_is(ln, 0, "size") || tok_is(ln, 0, "variant") || tok_is(ln, 0, "regions") ||
        tok_is(ln, 0, "keep-boxes"))
        return 1;
    if (tok_is(ln, 0, "givens"))
        return read_grid(ln, n, p->givens, "givens", msg, cap, st);
    if (tok_is(ln, 0, "title") || tok_is(ln, 0, "author")) {
        /* the words after the keyword, as written (a '#' ends them) */
        const char *a = ln->ntok > 1 ? ln->tok[1] : "";
        size_t len = ln->ntok > 1 ? (size_t)(ln->tok[ln->ntok - 1] + ln->len[ln->ntok - 1] - a) : 0;
        if (!vp_set_words(tok_is(ln, 0, "title") ? &p->title : &p->author, a, len, st)) {
            snprintf(msg, cap, "out of memory");
            return 0;
        }
        return 1;
    }
    if (tok_is(ln, 0, "solution")) {
        p->solution = calloc((size_t)(n * n), 1);
        if (!p->solution) {
            *st = DOKU_ERR_NOMEM;
            return 0;
        }
        return read_grid(ln, n, p->solution, "solution", msg, cap, st);
    }
    char key[40], why[160];
    snprintf(key, sizeof key, "%.*s", (int)(ln->len[0] < 39 ? ln->len[0] : 39), ln->tok[0]);
    doku_constraint_kind kind = doku_constraint_kind_from_key(key);
    if (kind == DOKU_CON_NONE) {
        snprintf(why, sizeof why, "'%s' is not a statement or a constraint doku supports", key);
        return fail(ln, msg, cap, st, why);
    }
    int params[8], np = 0, i = 1;
    while (i < ln->ntok && np < 8 && tok_int(ln, i, &params[np]))
        np++, i++;
    uint16_t cells[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    int k = 0;
    if (tok_is(ln, i, "row") || tok_is(ln, i, "column")) {
        int row = tok_is(ln, i, "row"), x;
        if (!tok_int(ln, i + 1, &x) || x < 1 || x > n)
            return fail(ln, msg, cap, st, "row and column take a number 1..n");
        int rev = tok_is(ln, i + 2, "reversed");
        if (ln->ntok != i + 2 + rev)
            return fail(ln, msg, cap, st, "nothing may follow \"row N [reversed]\"");
        for (int t = 0; t < n; t++) {
            int j = rev ? n - 1 - t : t;
            cells[k++] = (uint16_t)(row ? (x - 1) * n + j : j * n + (x - 1));
        }
    } else {
        for (; i < ln->ntok; i++) {
            const char *s = ln->tok[i], *end = s + ln->len[i];
            int c = vp_cell(&s, end, n);
            if (c < 0 || s != end) {
                snprintf(why, sizeof why, "'%.*s' is not a cell of the %dx%d grid (r1c1 to r%dc%d)",
                         (int)(ln->len[i] > 40 ? 40 : ln->len[i]), ln->tok[i], n, n, n, n);
                return fail(ln, msg, cap, st, why);
            }
            cells[k++] = (uint16_t)c;
        }
    }
    /* shorthands: a little killer's first cell, a quadruple's top-left */
    if (kind == DOKU_CON_LITTLE_KILLER && k == 1) {
        int c = cells[0], r = c / n, col = c % n, dr = r == 0 ? 1 : r == n - 1 ? -1 : 0,
            dc = col == 0 ? 1 : col == n - 1 ? -1 : 0;
        if (!dr && !dc)
            return fail(ln, msg, cap, st, "a little killer's one cell must be on the edge");
        if (!dr)
            dr = 1;
        if (!dc)
            dc = -dr;
        for (r += dr, col += dc; r >= 0 && r < n && col >= 0 && col < n; r += dr, col += dc)
            cells[k++] = (uint16_t)(r * n + col);
    }
    if (kind == DOKU_CON_QUADRUPLE && k == 1 && cells[0] % n < n - 1 && cells[0] / n < n - 1) {
        int c = cells[0];
        cells[1] = (uint16_t)(c + 1);
        cells[2] = (uint16_t)(c + n);
        cells[3] = (uint16_t)(c + n + 1);
        k = 4;
    }
    if (kind == DOKU_CON_ARROW && np == 0)
        params[np++] = 1;
    char where[32];
    snprintf(where, sizeof where, "line %d: ", ln->no);
    return vp_add(p, where, kind, cells, (size_t)k, params, (size_t)np, msg, cap, st);
}

/* Calls fn on every non-empty line. @return 0 when fn refused one. */
static int each_line(const char *text, size_t len, line *ln,
                     int (*fn)(void *, const line *), void *user)
{
    size_t at = 0;
    int no = 0;
    while (at < len) {
        size_t e = at;
        while (e < len && text[e] != '\n')
            e++;
        tokens(text + at, e - at, ln);
        ln->no = ++no;
        if (ln->ntok && !fn(user, ln))
            return 0;
        at = e + 1;
    }
    return 1;
}

typedef struct pass {
    doku_variant_puzzle *p;
    vp_decl *d;
    char *msg;
    size_t cap;
    doku_status *st;
    int statements;
} pass;

static int on_header(void *u, const line *ln)
{
    pass *ps = u;
    return header(ln, ps->d, ps->msg, ps->cap, ps->st);
}

static int on_statement(void *u, const line *ln)
{
    pass *ps = u;
    ps->statements++;
    if (ln->ntok == MAX_TOK)
        return fail(ln, ps->msg, ps->cap, ps->st, "too many cells on one line");
    return statement(ps->p, ln, ps->msg, ps->cap, ps->st);
}

int vp_read_text(doku_variant_puzzle *p, const char *text, size_t len, char *msg, size_t cap,
                 doku_status *st)
{
    vp_decl d;
    memset(&d, 0, sizeof d);
    line *ln = malloc(sizeof *ln);
    if (!ln) {
        *st = DOKU_ERR_NOMEM;
        return 0;
    }
    pass ps = {p, &d, msg, cap, st, 0};
    int ok = each_line(text, len, ln, on_header, &ps) && vp_begin(p, &d, msg, cap, st) &&
             each_line(text, len, ln, on_statement, &ps);
    free(ln);
    if (ok && !ps.statements) {
        snprintf(msg, cap, "no puzzle: the text is empty");
        *st = DOKU_ERR_PARSE;
        ok = 0;
    }
    return ok;
}
