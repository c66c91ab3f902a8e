/*
 * unit_pairs.c — the pairs of units sharing two or more cells.
 *
 * The design idea: count shared cells per unit pair from each cell's unit
 * list (a cell lies in few units), so building costs cells x units per
 * cell squared, not units squared x n squared; only the pairs found get
 * their overlap masks.
 */
#include "unit_pairs.h"

#include <stdlib.h>
#include <string.h>

int unit_position(const doku_shape *s, int unit, int cell)
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
        if (unit_position(s, other, uc[i]) >= 0)
            m |= (uint64_t)1 << i;
    return m;
}

void unit_pairs_free(unit_pairs *t)
{
    free(t->pairs); /* one block: first and at follow the pairs */
    memset(t, 0, sizeof *t);
}

doku_status unit_pairs_build(const doku_shape *s, unit_pairs *t)
{
    memset(t, 0, sizeof *t);
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
    /* One zeroed block: the pairs (8-byte aligned), then first and at. */
    size_t bytes = sizeof *t->pairs * (npairs ? npairs : 1) +
                   sizeof *t->first * ((size_t)nu + 1) + sizeof *t->at * (2 * npairs + 1);
    t->pairs = calloc(1, bytes);
    uint32_t *fill = calloc((size_t)nu, sizeof *fill);
    if (!t->pairs || !fill) {
        free(shared);
        free(fill);
        unit_pairs_free(t);
        return DOKU_ERR_NOMEM;
    }
    t->first = (uint32_t *)(t->pairs + (npairs ? npairs : 1));
    t->at = t->first + nu + 1;
    for (int a = 0; a < nu; a++)
        for (int b = a + 1; b < nu; b++) {
            if (shared[a * nu + b] < 2)
                continue;
            unit_pair *p = &t->pairs[t->npairs++];
            p->unit[0] = (uint16_t)a;
            p->unit[1] = (uint16_t)b;
            p->in[0] = overlap_mask(s, a, b);
            p->in[1] = overlap_mask(s, b, a);
            t->first[a + 1]++;
            t->first[b + 1]++;
        }
    free(shared);
    for (int u = 0; u < nu; u++)
        t->first[u + 1] += t->first[u];
    /* In pair order: for unit u, first the pairs (a, u) with a < u, then
     * (u, b), so the other unit rises. */
    for (size_t i = 0; i < t->npairs; i++)
        for (int side = 0; side < 2; side++) {
            int u = t->pairs[i].unit[side];
            t->at[t->first[u] + fill[u]++] = (uint32_t)(i * 2 + (size_t)side);
        }
    free(fill);
    return DOKU_OK;
}
