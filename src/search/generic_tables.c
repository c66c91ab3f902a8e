/*
 * generic_tables.c — the derived geometry the generic engine propagates
 * over: every pair of units that share two or more cells (a box and a row,
 * a window and a column, a diagonal and a box, a jigsaw region and a row),
 * with the cells of the overlap and of each unit's remainder.
 *
 * The design idea: locked candidates ("pointing" and "claiming") are one
 * rule on such a pair — a digit confined to the overlap within one unit is
 * removed from the rest of the other — so listing the pairs once makes the
 * rule work for every shape and variant without special cases.
 */
#include "generic_internal.h"

#include <stdlib.h>
#include <string.h>

void generic_tables_free(generic_tables *t)
{
    free(t->pairs);
    free(t->pool);
    free(t->unit_first);
    free(t->unit_pairs);
    memset(t, 0, sizeof *t);
}

static int in_unit(const doku_shape *s, int unit, int cell)
{
    const uint16_t *cu = s->cell_units + (size_t)cell * s->max_cell_units;
    for (int k = 0; k < s->cell_nunits[cell]; k++)
        if (cu[k] == unit)
            return 1;
    return 0;
}

doku_status generic_tables_build(const doku_shape *s, generic_tables *t)
{
    int nu = s->nunits, n = s->n;
    memset(t, 0, sizeof *t);
    uint16_t *shared = calloc((size_t)nu * (size_t)nu, sizeof *shared);
    if (!shared)
        return DOKU_ERR_NOMEM;
    for (int c = 0; c < s->ncells; c++) {
        const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
        int k = s->cell_nunits[c];
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++) {
                int a = cu[i] < cu[j] ? cu[i] : cu[j], b = cu[i] ^ cu[j] ^ a;
                shared[a * nu + b]++;
            }
    }
    size_t npairs = 0;
    for (int i = 0; i < nu * nu; i++)
        npairs += shared[i] >= 2;
    t->pairs = calloc(npairs ? npairs : 1, sizeof *t->pairs);
    /* Each pair stores the overlap and both remainders: 2n - |overlap|. */
    t->pool = malloc(sizeof *t->pool * (npairs ? npairs : 1) * (size_t)(2 * n));
    if (!t->pairs || !t->pool) {
        free(shared);
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    size_t at = 0;
    for (int a = 0; a < nu; a++)
        for (int b = a + 1; b < nu; b++) {
            if (shared[a * nu + b] < 2)
                continue;
            generic_pair *p = &t->pairs[t->npairs++];
            const uint16_t *ua = s->unit_cells + (size_t)a * n;
            const uint16_t *ub = s->unit_cells + (size_t)b * n;
            p->a = (uint16_t)a;
            p->b = (uint16_t)b;
            p->both = (uint32_t)at;
            for (int i = 0; i < n; i++)
                if (in_unit(s, b, ua[i]))
                    t->pool[at++] = ua[i];
            p->nboth = (uint16_t)(at - p->both);
            p->only_a = (uint32_t)at;
            for (int i = 0; i < n; i++)
                if (!in_unit(s, b, ua[i]))
                    t->pool[at++] = ua[i];
            p->nonly_a = (uint16_t)(at - p->only_a);
            p->only_b = (uint32_t)at;
            for (int i = 0; i < n; i++)
                if (!in_unit(s, a, ub[i]))
                    t->pool[at++] = ub[i];
            p->nonly_b = (uint16_t)(at - p->only_b);
        }
    free(shared);
    t->unit_first = calloc((size_t)nu + 1, sizeof *t->unit_first);
    t->unit_pairs = malloc(sizeof *t->unit_pairs * (2 * t->npairs + 1));
    if (!t->unit_first || !t->unit_pairs) {
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    for (size_t i = 0; i < t->npairs; i++) {
        t->unit_first[t->pairs[i].a + 1]++;
        t->unit_first[t->pairs[i].b + 1]++;
    }
    for (int u = 0; u < nu; u++)
        t->unit_first[u + 1] += t->unit_first[u];
    uint32_t *fill = calloc((size_t)nu, sizeof *fill);
    if (!fill) {
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    for (size_t i = 0; i < t->npairs; i++) {
        int a = t->pairs[i].a, b = t->pairs[i].b;
        t->unit_pairs[t->unit_first[a] + fill[a]++] = (uint32_t)i;
        t->unit_pairs[t->unit_first[b] + fill[b]++] = (uint32_t)i;
    }
    free(fill);
    return DOKU_OK;
}
