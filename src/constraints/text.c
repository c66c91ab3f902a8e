/*
 * text.c — constraints and broken constraints in words: "killer cage 15
 * at r1c1 r1c2 r1c3", "X-sum 20 in row 3 from the right", "anti-knight:
 * r1c1 and r2c3 both hold 4".
 */
#include "cons_internal.h"

#include <stdio.h>
#include <string.h>

/* Appends to buf like snprintf, keeping the full length in *len. */
static void add(char *buf, size_t cap, int *len, const char *fmt, ...) DOKU_PRINTF(4, 5);

#include <stdarg.h>
static void add(char *buf, size_t cap, int *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t at = (size_t)*len;
    int w = vsnprintf(at < cap ? buf + at : NULL, at < cap ? cap - at : 0, fmt, ap);
    va_end(ap);
    if (w > 0)
        *len += w;
}

static void add_cell(char *buf, size_t cap, int *len, const doku_shape *s, int cell)
{
    if (cell >= 0 && cell < s->ncells)
        add(buf, cap, len, "r%dc%d", cell / s->n + 1, cell % s->n + 1);
    else
        add(buf, cap, len, "cell #%d", cell);
}

int cons_describe(const doku_shape *s, doku_constraint_kind kind, const uint16_t *cells,
                  size_t ncells, const int *params, size_t nparams, char *buf, size_t cap)
{
    int len = 0, n = s->n;
    if (cap)
        buf[0] = 0;
    add(buf, cap, &len, "%s", doku_constraint_kind_name(kind));
    if (kind == DOKU_CON_QUADRUPLE) {
        for (size_t i = 0; i < nparams; i++)
            add(buf, cap, &len, "%s%d", i ? "," : " ", params[i]);
    } else if (kind == DOKU_CON_ARROW) {
        /* the circle size is structure, not a clue */
    } else if (nparams) {
        add(buf, cap, &len, " %d", params[0]);
    }
    int whole = (kind == DOKU_CON_SANDWICH || kind == DOKU_CON_XSUM) && (int)ncells == n &&
                n > 1 && cells[0] < s->ncells && cells[1] < s->ncells;
    if (whole) {
        int step = cells[1] - cells[0];
        int row = step == 1 || step == -1;
        add(buf, cap, &len, " in %s %d", row ? "row" : "column",
            row ? cells[0] / n + 1 : cells[0] % n + 1);
        if (kind == DOKU_CON_XSUM)
            add(buf, cap, &len, " from the %s",
                step == 1 ? "left" : step == -1 ? "right" : step > 0 ? "top" : "bottom");
        return len;
    }
    if (ncells)
        add(buf, cap, &len, " at");
    for (size_t i = 0; i < ncells; i++) {
        add(buf, cap, &len, " ");
        add_cell(buf, cap, &len, s, cells[i]);
    }
    return len;
}

static int violation_text(const doku_constraints *cs, const uint8_t *cells,
                          const doku_violation *v, char *buf, size_t cap);

/* The refusal of the writers: "" in buf, 0 in *len. */
static doku_status no_text(char *buf, size_t cap, size_t *len)
{
    if (buf && cap)
        buf[0] = 0;
    if (len)
        *len = 0;
    return DOKU_ERR_ARG;
}

static int constraint_text(const doku_constraints *cs, size_t i, char *buf, size_t cap)
{
    const cons_item *it = &cs->items[i];
    return cons_describe(cs->shape, it->kind, cs->cells + it->cell_off, it->ncells,
                         cs->params + it->param_off, it->nparams, buf, cap);
}

doku_status doku_constraint_text(const doku_constraints *cs, size_t i, char *buf, size_t cap,
                                 size_t *len)
{
    if (!cs || i >= cs->count || (!buf && cap))
        return no_text(buf, cap, len);
    int l = constraint_text(cs, i, buf, cap);
    if (len)
        *len = l < 0 ? 0 : (size_t)l;
    return DOKU_OK;
}

doku_status doku_violation_text(const doku_constraints *cs, const uint8_t *cells,
                                const doku_violation *v, char *buf, size_t cap, size_t *len)
{
    if (!cs || !v || v->constraint >= cs->count || (!buf && cap))
        return no_text(buf, cap, len);
    const doku_shape *s = cs->shape;
    if ((v->cell_a >= s->ncells) || (v->cell_b >= s->ncells))
        return no_text(buf, cap, len);
    int l = violation_text(cs, cells, v, buf, cap);
    if (len)
        *len = l < 0 ? 0 : (size_t)l;
    return DOKU_OK;
}

static int violation_text(const doku_constraints *cs, const uint8_t *cells,
                          const doku_violation *v, char *buf, size_t cap)
{
    const doku_shape *s = cs->shape;
    int len = constraint_text(cs, v->constraint, buf, cap);
    if (v->cell_a >= 0 && v->cell_b >= 0) {
        int a = v->cell_a, b = v->cell_b;
        add(buf, cap, &len, ": ");
        add_cell(buf, cap, &len, s, a);
        add(buf, cap, &len, " and ");
        add_cell(buf, cap, &len, s, b);
        if (cells && cells[a] == cells[b])
            add(buf, cap, &len, " both hold %d", cells[a]);
        else if (cells)
            add(buf, cap, &len, " hold %d and %d", cells[a], cells[b]);
    } else if (v->cell_a >= 0) {
        add(buf, cap, &len, ": ");
        add_cell(buf, cap, &len, s, v->cell_a);
        if (cells)
            add(buf, cap, &len, " holds %d", cells[v->cell_a]);
    } else {
        add(buf, cap, &len, " is broken");
    }
    return len;
}
