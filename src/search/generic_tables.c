/*
 * generic_tables.c — the derived geometry the generic engine propagates
 * over: each cell's position inside each of its units, and every pair of
 * units that share two or more cells (a box and a row, a window and a
 * column, a diagonal and a box, a jigsaw region and a row) with the overlap
 * written as a position mask inside each of the two units.
 *
 * The design idea: locked candidates ("pointing" and "claiming") are one
 * rule on such a pair — a digit whose places in one unit all lie in the
 * overlap is removed from the rest of the other — so listing the pairs once
 * makes the rule work for every shape and variant without special cases.
 */
#include "generic_internal.h"

#include <stdlib.h>
#include <string.h>

void generic_tables_free(generic_tables *t)
{
    free(t->pairs);
    free(t->unit_first);
    free(t->unit_pairs);
    free(t->cell_index);
    free(t->at_pos);
    free(t->at_pos_count);
    free(t->at_mask);
    memset(t, 0, sizeof *t);
}

/* Position of cell in unit, or -1. */
static int index_in(const doku_shape *s, int unit, int cell)
{
    const uint16_t *uc = s->unit_cells + (size_t)unit * s->n;
    for (int i = 0; i < s->n; i++)
        if (uc[i] == cell)
            return i;
    return -1;
}

static uint64_t overlap_mask(const doku_shape *s, int unit, int other)
{
    const uint16_t *uc = s->unit_cells + (size_t)unit * s->n;
    uint64_t m = 0;
    for (int i = 0; i < s->n; i++)
        if (index_in(s, other, uc[i]) >= 0)
            m |= (uint64_t)1 << i;
    return m;
}

static doku_status build_pairs(const doku_shape *s, generic_tables *t)
{
    int nu = s->nunits;
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
    t->unit_first = calloc((size_t)nu + 1, sizeof *t->unit_first);
    t->unit_pairs = malloc(sizeof *t->unit_pairs * (2 * npairs + 1));
    if (!t->pairs || !t->unit_first || !t->unit_pairs) {
        free(shared);
        return DOKU_ERR_NOMEM;
    }
    for (int a = 0; a < nu; a++)
        for (int b = a + 1; b < nu; b++) {
            if (shared[a * nu + b] < 2)
                continue;
            generic_pair *p = &t->pairs[t->npairs++];
            p->unit[0] = (uint16_t)a;
            p->unit[1] = (uint16_t)b;
            p->in[0] = overlap_mask(s, a, b);
            p->in[1] = overlap_mask(s, b, a);
            t->unit_first[a + 1]++;
            t->unit_first[b + 1]++;
        }
    free(shared);
    for (int u = 0; u < nu; u++)
        t->unit_first[u + 1] += t->unit_first[u];
    uint32_t *fill = calloc((size_t)nu, sizeof *fill);
    if (!fill)
        return DOKU_ERR_NOMEM;
    for (size_t i = 0; i < t->npairs; i++)
        for (int side = 0; side < 2; side++) {
            int u = t->pairs[i].unit[side];
            /* Low bit: which side of the pair this unit is. */
            t->unit_pairs[t->unit_first[u] + fill[u]++] = (uint32_t)(i * 2 + (size_t)side);
        }
    free(fill);
    size_t slots = (size_t)nu * (size_t)s->n;
    t->at_pos = malloc(sizeof *t->at_pos * slots * (size_t)s->max_cell_units);
    t->at_pos_count = calloc(slots, 1);
    t->at_mask = malloc(sizeof *t->at_mask * slots * (size_t)s->max_cell_units);
    if (!t->at_pos || !t->at_pos_count || !t->at_mask)
        return DOKU_ERR_NOMEM;
    for (size_t i = 0; i < t->npairs; i++)
        for (int side = 0; side < 2; side++) {
            size_t base = (size_t)t->pairs[i].unit[side] * (size_t)s->n;
            for (uint64_t m = t->pairs[i].in[side]; m; m &= m - 1) {
                size_t slot = base + (size_t)__builtin_ctzll(m);
                /* A cell lies in at most max_cell_units units, so in at
                 * most max_cell_units - 1 overlaps of one of them. */
                size_t at = slot * (size_t)s->max_cell_units + t->at_pos_count[slot]++;
                t->at_pos[at] = (uint32_t)(i * 2 + (size_t)side);
                t->at_mask[at] = t->pairs[i].in[side];
            }
        }
    return DOKU_OK;
}

doku_status generic_tables_build(const doku_shape *s, generic_tables *t)
{
    memset(t, 0, sizeof *t);
    t->cell_index = malloc(sizeof *t->cell_index * (size_t)s->ncells * (size_t)s->max_cell_units);
    if (!t->cell_index) {
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    for (int c = 0; c < s->ncells; c++) {
        const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
        for (int k = 0; k < s->cell_nunits[c]; k++)
            t->cell_index[c * s->max_cell_units + k] = (uint8_t)index_in(s, cu[k], c);
    }
    if (build_pairs(s, t) != DOKU_OK) {
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    return DOKU_OK;
}
