/*
 * puzzle.c — the variant puzzle object (shape + givens + constraints +
 * an optional solution) and what its readers share (vp_*);
 * doku_variant_puzzle_read, which picks the reader, is puzzle_read.c's.
 */
#include "puzzle_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void doku_variant_puzzle_free(doku_variant_puzzle *p)
{
    if (!p)
        return;
    doku_constraints_free(p->cs);
    doku_shape_free(p->shape);
    free(p->givens);
    free(p->solution);
    free(p->title);
    free(p->author);
    free(p);
}

const doku_shape *doku_variant_puzzle_shape(const doku_variant_puzzle *p)
{
    return p ? p->shape : NULL;
}

const uint8_t *doku_variant_puzzle_givens(const doku_variant_puzzle *p)
{
    return p ? p->givens : NULL;
}

const doku_constraints *doku_variant_puzzle_constraints(const doku_variant_puzzle *p)
{
    return p ? p->cs : NULL;
}

const uint8_t *doku_variant_puzzle_solution(const doku_variant_puzzle *p)
{
    return p ? p->solution : NULL;
}

const char *doku_variant_puzzle_title(const doku_variant_puzzle *p)
{
    return p ? p->title : NULL;
}

const char *doku_variant_puzzle_author(const doku_variant_puzzle *p)
{
    return p ? p->author : NULL;
}

int vp_set_words(char **field, const char *s, size_t len, doku_status *st)
{
    free(*field);
    *field = NULL;
    while (len && (unsigned char)*s <= ' ') {
        s++;
        len--;
    }
    while (len && (unsigned char)s[len - 1] <= ' ')
        len--;
    if (!len)
        return 1;
    char *w = malloc(len + 1);
    if (!w) {
        *st = DOKU_ERR_NOMEM;
        return 0;
    }
    /* one line: a text statement or a JSON string holds it as it is */
    for (size_t i = 0; i < len; i++)
        w[i] = (unsigned char)s[i] < ' ' || s[i] == 0x7f ? ' ' : s[i];
    w[len] = '\0';
    *field = w;
    return 1;
}

int vp_begin(doku_variant_puzzle *p, const vp_decl *d, char *msg, size_t cap, doku_status *st)
{
    int n = d->n ? d->n : 9;
    doku_shape_spec spec = {0};
    spec.n = n;
    spec.keep_boxes = d->keep_boxes;
    spec.variants = d->variants;
    spec.regions = d->has_regions ? d->regions : NULL;
    doku_status s = doku_shape_create(&spec, &p->shape);
    if (s != DOKU_OK) {
        snprintf(msg, cap, "shape %dx%d: %s", n, n, doku_status_string(s));
        *st = s == DOKU_ERR_NOMEM ? s : DOKU_ERR_PARSE;
        return 0;
    }
    if (n > DOKU_CONSTRAINTS_MAX_N) {
        snprintf(msg, cap, "variant puzzles go up to %dx%d, not %dx%d",
                 DOKU_CONSTRAINTS_MAX_N, DOKU_CONSTRAINTS_MAX_N, n, n);
        *st = DOKU_ERR_PARSE;
        return 0;
    }
    s = doku_constraints_create(p->shape, &p->cs);
    p->givens = calloc((size_t)n * (size_t)n, 1);
    if (s != DOKU_OK || !p->givens) {
        snprintf(msg, cap, "out of memory");
        *st = DOKU_ERR_NOMEM;
        return 0;
    }
    return 1;
}

int vp_add(doku_variant_puzzle *p, const char *where, doku_constraint_kind kind,
           const uint16_t *cells, size_t ncells, const int *params, size_t nparams,
           char *msg, size_t cap, doku_status *st)
{
    doku_status s = doku_constraints_add(p->cs, kind, cells, ncells, params, nparams);
    if (s == DOKU_OK)
        return 1;
    if (s == DOKU_ERR_NOMEM) {
        snprintf(msg, cap, "out of memory");
        *st = s;
    } else {
        snprintf(msg, cap, "%s%s", where, doku_constraints_error(p->cs));
        *st = DOKU_ERR_PARSE;
    }
    return 0;
}

int vp_cell(const char **s, const char *end, int n)
{
    const char *q = *s;
    int v[2];
    for (int i = 0; i < 2; i++) {
        if (q >= end || toupper((unsigned char)*q) != (i ? 'C' : 'R'))
            return -1;
        q++;
        if (q < end && isdigit((unsigned char)*q)) {
            int x = 0;
            while (q < end && isdigit((unsigned char)*q) && x < 1000)
                x = x * 10 + (*q++ - '0');
            v[i] = x;
        } else if (q < end && isalpha((unsigned char)*q) && toupper((unsigned char)*q) != 'C') {
            v[i] = tolower((unsigned char)*q++) - 'a' + 10;
        } else {
            return -1;
        }
        if (v[i] < 1 || v[i] > n)
            return -1;
    }
    *s = q;
    return (v[0] - 1) * n + (v[1] - 1);
}
