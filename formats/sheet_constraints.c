/*
 * sheet_constraints.c — see sheet_constraints.h. A statement is checked
 * where it stands, so that a bad one is named by its cell rather than by
 * a line of a text the reader put together; what needs the whole puzzle
 * (the givens against a cage) is the variant reader's to say later.
 */
#include "sheet_constraints.h"

#include "doku_constraints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first text in row's columns c0..c1 and its column, or NULL. */
static const char *row_text(const wb_sheet *s, uint32_t row, uint32_t c0, uint32_t c1,
                            uint32_t *col)
{
    for (uint32_t c = c0; c <= c1 && c < WB_MAX_COLS; c++) {
        const char *t = wb_sheet_text(s, row, c);
        if (t && t[strspn(t, " \t")]) {
            *col = c;
            return t;
        }
    }
    return NULL;
}

/* 0 when stmt reads as one constraint on an n x n grid, else -1 with why. */
static int check_statement(const char *stmt, int n, char *why, size_t cap)
{
    size_t len = strlen(stmt);
    char *text = malloc(len + 32);
    if (!text) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    int k = snprintf(text, len + 32, "size %d\n%s\n", n, stmt);
    doku_variant_puzzle *p = NULL;
    char msg[512];
    doku_status st = doku_variant_puzzle_read(text, (size_t)k, &p, msg, sizeof msg);
    free(text);
    if (st == DOKU_OK) {
        size_t count = doku_constraints_count(doku_variant_puzzle_constraints(p));
        doku_variant_puzzle_free(p);
        if (count == 1)
            return 0;
        snprintf(why, cap, "'%.80s' is not a constraint statement (doku's variant text "
                           "format: 'cage 14 r1c1 r2c1')", stmt);
        return -1;
    }
    /* the reader numbers the lines of its text: this one is line 2 */
    const char *m = strncmp(msg, "line 2: ", 8) == 0 ? msg + 8 : msg;
    snprintf(why, cap, "'%.80s': %s", stmt, st == DOKU_ERR_NOMEM ? "out of memory" : m);
    return -1;
}

/* The statements gathered so far, one a line. */
typedef struct stmts {
    char *text;
    size_t len, cap;
} stmts;

/* Checks the k bytes of t (spaces around them trimmed) and appends them.
 * @return 0; -1 with why (bad statement) or with *nomem set. */
static int take(stmts *o, const char *t, size_t k, int n, char *why, size_t cap, int *nomem)
{
    while (k && (*t == ' ' || *t == '\t')) {
        t++;
        k--;
    }
    while (k && (t[k - 1] == ' ' || t[k - 1] == '\t'))
        k--;
    if (!k)
        return 0;
    char *one = malloc(k + 1);
    if (!one) {
        *nomem = 1;
        return -1;
    }
    memcpy(one, t, k);
    one[k] = '\0';
    int bad = check_statement(one, n, why, cap);
    free(one);
    if (bad)
        return -1;
    if (o->len + k + 2 > o->cap) {
        size_t grow = (o->len + k + 2) * 2;
        char *g = realloc(o->text, grow);
        if (!g) {
            *nomem = 1;
            return -1;
        }
        o->text = g;
        o->cap = grow;
    }
    memcpy(o->text + o->len, t, k);
    o->len += k;
    o->text[o->len++] = '\n';
    o->text[o->len] = '\0';
    return 0;
}

char *wb_read_constraints(const wb_sheet *s, const char *inline_text, uint32_t label_row,
                          uint32_t label_col, uint32_t c0, uint32_t c1, int n, uint32_t *bad_row,
                          uint32_t *bad_col, char *why, size_t cap)
{
    stmts o = {calloc(1, 1), 0, 1};
    int nomem = !o.text;
    /* the label's own cell first: statements separated by ';' */
    for (const char *t = inline_text; !nomem && t && *t;) {
        size_t k = strcspn(t, ";");
        if (take(&o, t, k, n, why, cap, &nomem) != 0) {
            *bad_row = nomem ? UINT32_MAX : label_row;
            *bad_col = label_col;
            free(o.text);
            return NULL;
        }
        t += k + (t[k] == ';');
    }
    uint32_t col, row = label_row + 1;
    for (const char *t; !nomem && row < WB_MAX_ROWS && (t = row_text(s, row, c0, c1, &col)) != NULL;
         row++) {
        if (take(&o, t, strlen(t), n, why, cap, &nomem) != 0) {
            *bad_row = nomem ? UINT32_MAX : row;
            *bad_col = col;
            free(o.text);
            return NULL;
        }
    }
    if (nomem) {
        *bad_row = UINT32_MAX;
        free(o.text);
        return NULL;
    }
    return o.text;
}
