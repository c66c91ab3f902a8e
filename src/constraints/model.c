/*
 * model.c — the constraint list: create, add (after validation), read
 * back, and the kinds' names and keywords.
 */
#include "cons_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
    const char *name, *key;
} kinds[DOKU_CON_KIND_COUNT] = {
    [DOKU_CON_NONE] = {"unknown constraint", ""},
    [DOKU_CON_CAGE] = {"killer cage", "cage"},
    [DOKU_CON_LITTLE_KILLER] = {"little killer", "little-killer"},
    [DOKU_CON_SANDWICH] = {"sandwich", "sandwich"},
    [DOKU_CON_XSUM] = {"X-sum", "xsum"},
    [DOKU_CON_REGION] = {"extra region", "region"},
    [DOKU_CON_DISJOINT_GROUPS] = {"disjoint groups", "disjoint-groups"},
    [DOKU_CON_THERMO] = {"thermometer", "thermo"},
    [DOKU_CON_ARROW] = {"arrow", "arrow"},
    [DOKU_CON_WHISPER] = {"German whispers", "whisper"},
    [DOKU_CON_RENBAN] = {"renban", "renban"},
    [DOKU_CON_PALINDROME] = {"palindrome", "palindrome"},
    [DOKU_CON_BETWEEN] = {"between line", "between"},
    [DOKU_CON_REGION_SUM] = {"region sum line", "region-sum"},
    [DOKU_CON_KROPKI_WHITE] = {"white kropki dot", "white"},
    [DOKU_CON_KROPKI_BLACK] = {"black kropki dot", "black"},
    [DOKU_CON_X] = {"X", "x"},
    [DOKU_CON_V] = {"V", "v"},
    [DOKU_CON_GREATER] = {"greater-than", "greater"},
    [DOKU_CON_KROPKI_WHITE_ALL] = {"all white dots given", "white-all"},
    [DOKU_CON_KROPKI_BLACK_ALL] = {"all black dots given", "black-all"},
    [DOKU_CON_X_ALL] = {"all X given", "x-all"},
    [DOKU_CON_V_ALL] = {"all V given", "v-all"},
    [DOKU_CON_QUADRUPLE] = {"quadruple", "quadruple"},
    [DOKU_CON_ANTI_KNIGHT] = {"anti-knight", "anti-knight"},
    [DOKU_CON_ANTI_KING] = {"anti-king", "anti-king"},
    [DOKU_CON_NON_CONSECUTIVE] = {"non-consecutive", "non-consecutive"},
    [DOKU_CON_EVEN] = {"even cell", "even"},
    [DOKU_CON_ODD] = {"odd cell", "odd"},
    [DOKU_CON_MINIMUM] = {"minimum cell", "minimum"},
    [DOKU_CON_MAXIMUM] = {"maximum cell", "maximum"},
};

const char *doku_constraint_kind_name(doku_constraint_kind kind)
{
    if ((int)kind <= 0 || (int)kind >= DOKU_CON_KIND_COUNT)
        return kinds[0].name;
    return kinds[kind].name;
}

const char *doku_constraint_kind_key(doku_constraint_kind kind)
{
    if ((int)kind <= 0 || (int)kind >= DOKU_CON_KIND_COUNT)
        return "";
    return kinds[kind].key;
}

doku_constraint_kind doku_constraint_kind_from_key(const char *key)
{
    if (!key)
        return DOKU_CON_NONE;
    for (int k = 1; k < DOKU_CON_KIND_COUNT; k++)
        if (strcasecmp(key, kinds[k].key) == 0)
            return (doku_constraint_kind)k;
    return DOKU_CON_NONE;
}

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
