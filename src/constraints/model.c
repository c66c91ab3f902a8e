/*
 * model.c — the constraint list: create, add (after validation), read
 * back. The kinds' names and keywords are kinds.c's.
 */
#include "cons_internal.h"

#include <stdlib.h>
#include <string.h>

doku_status doku_constraints_create(const doku_shape *shape, doku_constraints **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    if (!shape)
        return DOKU_ERR_ARG;
    if (shape->n > DOKU_CONSTRAINTS_MAX_N)
        return DOKU_ERR_SHAPE;
    doku_constraints *cs = calloc(1, sizeof *cs);
    if (!cs)
        return DOKU_ERR_NOMEM;
    cs->shape = shape;
    /* the pools are never NULL, so "pool + offset" is defined for a
     * constraint without cells or numbers */
    cs->cells = malloc(16 * sizeof *cs->cells);
    cs->params = malloc(16 * sizeof *cs->params);
    if (!cs->cells || !cs->params) {
        doku_constraints_free(cs);
        return DOKU_ERR_NOMEM;
    }
    cs->cells_cap = cs->params_cap = 16;
    *out = cs;
    return DOKU_OK;
}

void doku_constraints_free(doku_constraints *cs)
{
    if (!cs)
        return;
    free(cs->items);
    free(cs->cells);
    free(cs->params);
    free(cs);
}

/* Grows *arr (elements of size sz) to hold need; 0 when out of memory. */
static int grow(void **arr, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap)
        return 1;
    size_t nc = *cap ? *cap * 2 : 16;
    while (nc < need)
        nc *= 2;
    void *p = realloc(*arr, nc * sz);
    if (!p)
        return 0;
    *arr = p;
    *cap = nc;
    return 1;
}

doku_status doku_constraints_add(doku_constraints *cs, doku_constraint_kind kind,
                                 const uint16_t *cells, size_t ncells,
                                 const int *params, size_t nparams)
{
    if (!cs || (!cells && ncells) || (!params && nparams))
        return DOKU_ERR_ARG;
    cs->error[0] = 0;
    if (!cons_validate(cs->shape, kind, cells, ncells, params, nparams, cs->error,
                       sizeof cs->error))
        return DOKU_ERR_ARG;
    if (!grow((void **)&cs->items, &cs->cap, cs->count + 1, sizeof *cs->items) ||
        !grow((void **)&cs->cells, &cs->cells_cap, cs->ncells + ncells, sizeof *cs->cells) ||
        !grow((void **)&cs->params, &cs->params_cap, cs->nparams + nparams, sizeof *cs->params))
        return DOKU_ERR_NOMEM;
    cons_item *it = &cs->items[cs->count++];
    it->kind = kind;
    it->cell_off = cs->ncells;
    it->ncells = ncells;
    it->param_off = cs->nparams;
    it->nparams = nparams;
    if (ncells)
        memcpy(cs->cells + cs->ncells, cells, ncells * sizeof *cells);
    if (nparams)
        memcpy(cs->params + cs->nparams, params, nparams * sizeof *params);
    cs->ncells += ncells;
    cs->nparams += nparams;
    return DOKU_OK;
}

const char *doku_constraints_error(const doku_constraints *cs)
{
    return cs ? cs->error : "";
}

size_t doku_constraints_count(const doku_constraints *cs)
{
    return cs ? cs->count : 0;
}

doku_status doku_constraints_get(const doku_constraints *cs, size_t i, doku_constraint *out)
{
    if (!cs || !out || i >= cs->count)
        return DOKU_ERR_ARG;
    const cons_item *it = &cs->items[i];
    out->kind = it->kind;
    out->cells = cs->cells + it->cell_off;
    out->ncells = it->ncells;
    out->params = cs->params + it->param_off;
    out->nparams = it->nparams;
    return DOKU_OK;
}

const doku_shape *doku_constraints_shape(const doku_constraints *cs)
{
    return cs ? cs->shape : NULL;
}
