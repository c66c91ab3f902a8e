/*
 * step.c — the step builder every technique writes its finding into: the
 * technique, its rating, the placements, eliminations and proof cells, and
 * the sentence that explains it.
 *
 * Design: one step lives in the context and its arrays grow and are kept
 * from step to step, so a finder costs no allocation once warm; the text
 * is appended piecewise, as finders name cells while they look.
 */
#include "logic_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int lcands_push(lcands *a, int cell, int digit)
{
    if (a->n == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 32;
        doku_cand *v = realloc(a->v, nc * sizeof *v);
        if (!v)
            return -1;
        a->v = v;
        a->cap = nc;
    }
    a->v[a->n].cell = cell;
    a->v[a->n].digit = digit;
    a->n++;
    return 0;
}

void lstep_begin(doku_logic *L, doku_technique t, lrate rating, const char *name)
{
    lstep *s = &L->step;
    s->tech = t;
    s->rating = rating;
    snprintf(s->name, sizeof s->name, "%s", name ? name : doku_technique_name(t));
    s->place.n = s->elim.n = s->proof.n = 0;
    s->textlen = 0;
    if (s->text)
        s->text[0] = 0;
    s->valid = 1;
}

/* lcands_push onto a list of L's, recording a failure on L. */
static int push(doku_logic *L, lcands *a, int cell, int digit)
{
    if (lcands_push(a, cell, digit) == 0)
        return 0;
    logic_nomem(L);
    return -1;
}

int lstep_place(doku_logic *L, int cell, int digit)
{
    for (size_t i = 0; i < L->step.place.n; i++)
        if (L->step.place.v[i].cell == cell)
            return 0;
    return push(L, &L->step.place, cell, digit);
}

int lstep_elim(doku_logic *L, int cell, int digit)
{
    if (!(L->cand[cell] & LBIT(digit)))
        return 0;
    for (size_t i = 0; i < L->step.elim.n; i++)
        if (L->step.elim.v[i].cell == cell && L->step.elim.v[i].digit == digit)
            return 0;
    return push(L, &L->step.elim, cell, digit);
}

int lstep_proof(doku_logic *L, int cell, int digit)
{
    return push(L, &L->step.proof, cell, digit);
}

void lstep_text(doku_logic *L, const char *fmt, ...)
{
    lstep *s = &L->step;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = s->textcap - s->textlen;
        int w = vsnprintf(s->text ? s->text + s->textlen : NULL, s->text ? room : 0, fmt, ap);
        va_end(ap);
        if (w < 0)
            return;
        if (s->text && (size_t)w < room) {
            s->textlen += (size_t)w;
            return;
        }
        size_t nc = (s->textcap ? s->textcap : 256);
        while (nc < s->textlen + (size_t)w + 1)
            nc *= 2;
        char *t = realloc(s->text, nc);
        if (!t) {
            logic_nomem(L);
            return;
        }
        s->text = t;
        if (s->textcap == 0)
            t[0] = 0;
        s->textcap = nc;
    }
}

void lstep_append(doku_logic *L, const char *str, size_t len)
{
    lstep *s = &L->step;
    if (!s->text || s->textlen + len + 1 > s->textcap) {
        size_t nc = (s->textcap ? s->textcap : 256);
        while (nc < s->textlen + len + 1)
            nc *= 2;
        char *t = realloc(s->text, nc);
        if (!t) {
            logic_nomem(L);
            return;
        }
        if (!s->text)
            t[0] = 0;
        s->text = t;
        s->textcap = nc;
    }
    memcpy(s->text + s->textlen, str, len);
    s->textlen += len;
    s->text[s->textlen] = 0;
}

void lstep_text_cells(doku_logic *L, const int *cells, int k, const char *sep, const char *last)
{
    char a[24];
    for (int i = 0; i < k; i++) {
        logic_cellname(L, cells[i], a, sizeof a);
        lstep_text(L, "%s%s", i == 0 ? "" : i == k - 1 && last ? last : sep, a);
    }
}

void lstep_text_elims(doku_logic *L)
{
    lstep *s = &L->step;
    char a[24];
    for (size_t i = 0; i < s->elim.n; i++) {
        logic_cellname(L, s->elim.v[i].cell, a, sizeof a);
        lstep_text(L, "%s%s<>%d", i ? ", " : "", a, s->elim.v[i].digit);
    }
}

void logic_text_set(doku_logic *L, lmask m)
{
    lstep_text(L, "{");
    int first = 1;
    while (m) {
        lstep_text(L, "%s%d", first ? "" : ",", lfirst(m) + 1);
        m &= m - 1;
        first = 0;
    }
    lstep_text(L, "}");
}
