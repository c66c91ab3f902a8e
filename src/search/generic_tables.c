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

/* Implied windows ("ghost" windows). Hyper windows of r x c cells laid out
 * as a grid, kr window rows by kc window columns with one free line between
 * and around them, leave rows and columns outside every window. In the
 * rows of one window row (a of them) each digit occurs a times, kc of them
 * in the windows, so a - kc times in the free columns: when that is once
 * and the block has n cells, the block is a unit. The same holds for the
 * free rows and the free-row, free-column block. On 9x9 these are the
 * well-known five extra windows; on 25x25 (16 windows, 9 ghosts) the
 * engine without them could not fill an empty hyper grid in a minute
 * (with them: a few ms). Returns how many blocks were written to out
 * (each n cells, row-major), 0 when the windows are not such a grid. */
static int ghost_windows(const doku_shape *s, uint16_t *out)
{
    int n = s->n, nw = 0;
    uint64_t rgroup[64], cgroup[64], all_r = 0, all_c = 0;
    int kr = 0, kc = 0;
    for (int u = 0; u < s->nunits; u++) {
        if (s->unit_kind[u] != DOKU_UNIT_WINDOW)
            continue;
        uint64_t rm = 0, cm = 0;
        const uint16_t *uc = s->unit_cells + (size_t)u * n;
        for (int i = 0; i < n; i++) {
            rm |= (uint64_t)1 << (uc[i] / n);
            cm |= (uint64_t)1 << (uc[i] % n);
        }
        if (__builtin_popcountll(rm) * __builtin_popcountll(cm) != n)
            return 0; /* not a rectangle */
        int i = 0, j = 0;
        while (i < kr && rgroup[i] != rm)
            i++;
        if (i == kr) {
            if (rm & all_r)
                return 0; /* overlapping window rows */
            rgroup[kr++] = rm;
            all_r |= rm;
        }
        while (j < kc && cgroup[j] != cm)
            j++;
        if (j == kc) {
            if (cm & all_c)
                return 0;
            cgroup[kc++] = cm;
            all_c |= cm;
        }
        nw++;
    }
    if (nw == 0 || nw != kr * kc)
        return 0;
    uint64_t full = n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
    uint64_t free_r = full & ~all_r, free_c = full & ~all_c;
    int fr = __builtin_popcountll(free_r), fc = __builtin_popcountll(free_c);
    /* Per free-row block L_r x C_j, each digit occurs |C_j| - kr times. */
    int in_free_rows = 0;
    uint64_t blocks_r[130], blocks_c[130];
    int nb = 0;
    for (int i = 0; i < kr; i++) {
        int a = __builtin_popcountll(rgroup[i]);
        if (a - kc == 1 && a * fc == n) {
            blocks_r[nb] = rgroup[i];
            blocks_c[nb++] = free_c;
        }
    }
    for (int j = 0; j < kc; j++) {
        int b = __builtin_popcountll(cgroup[j]);
        in_free_rows += b - kr;
        if (b - kr == 1 && fr * b == n) {
            blocks_r[nb] = free_r;
            blocks_c[nb++] = cgroup[j];
        }
    }
    if (fr - in_free_rows == 1 && fr * fc == n) {
        blocks_r[nb] = free_r;
        blocks_c[nb++] = free_c;
    }
    for (int b = 0; b < nb; b++) {
        int k = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                if ((blocks_r[b] >> r & 1) && (blocks_c[b] >> c & 1))
                    out[(size_t)b * n + (size_t)k++] = (uint16_t)(r * n + c);
    }
    return nb;
}

void generic_view_free(doku_shape *v)
{
    free(v->unit_cells);
    free(v->cell_nunits);
    free(v->cell_units);
    memset(v, 0, sizeof *v);
}

doku_status generic_view_build(const doku_shape *s, doku_shape *v)
{
    *v = *s;
    v->unit_kind = v->unit_ordinal = NULL;
    v->peer_count = v->peers = NULL;
    v->unit_cells = NULL;
    v->cell_nunits = NULL;
    v->cell_units = NULL;
    int n = s->n, nc = s->ncells;
    uint16_t *ghost = malloc(sizeof *ghost * (size_t)n * 130);
    if (!ghost)
        return DOKU_ERR_NOMEM;
    int ng = ghost_windows(s, ghost);
    int nu = s->nunits + ng;
    v->nunits = nu;
    v->unit_cells = malloc(sizeof *v->unit_cells * (size_t)nu * (size_t)n);
    v->cell_nunits = calloc((size_t)nc, 1);
    if (!v->unit_cells || !v->cell_nunits) {
        free(ghost);
        generic_view_free(v);
        return DOKU_ERR_NOMEM;
    }
    memcpy(v->unit_cells, s->unit_cells, sizeof *v->unit_cells * (size_t)s->nunits * (size_t)n);
    memcpy(v->unit_cells + (size_t)s->nunits * n, ghost, sizeof *ghost * (size_t)ng * (size_t)n);
    free(ghost);
    int maxu = 0;
    for (int u = 0; u < nu; u++)
        for (int i = 0; i < n; i++) {
            int c = v->unit_cells[(size_t)u * n + (size_t)i];
            if (++v->cell_nunits[c] > maxu)
                maxu = v->cell_nunits[c];
        }
    v->max_cell_units = maxu;
    v->cell_units = malloc(sizeof *v->cell_units * (size_t)nc * (size_t)maxu);
    if (!v->cell_units) {
        generic_view_free(v);
        return DOKU_ERR_NOMEM;
    }
    memset(v->cell_nunits, 0, (size_t)nc);
    for (int u = 0; u < nu; u++)
        for (int i = 0; i < n; i++) {
            int c = v->unit_cells[(size_t)u * n + (size_t)i];
            v->cell_units[(size_t)c * maxu + v->cell_nunits[c]++] = (uint16_t)u;
        }
    return DOKU_OK;
}

void generic_tables_free(generic_tables *t)
{
    unit_pairs_free(&t->up);
    free(t->cell_index);
    free(t->at_pos);
    free(t->at_pos_count);
    free(t->at_mask);
    memset(t, 0, sizeof *t);
}

/* For each position of each unit, the overlaps that hold it. */
static doku_status build_at_pos(const doku_shape *s, generic_tables *t)
{
    const unit_pairs *up = &t->up;
    size_t slots = (size_t)s->nunits * (size_t)s->n;
    t->at_pos = malloc(sizeof *t->at_pos * slots * (size_t)s->max_cell_units);
    t->at_pos_count = calloc(slots, 1);
    t->at_mask = malloc(sizeof *t->at_mask * slots * (size_t)s->max_cell_units);
    if (!t->at_pos || !t->at_pos_count || !t->at_mask)
        return DOKU_ERR_NOMEM;
    for (size_t i = 0; i < up->npairs; i++)
        for (int side = 0; side < 2; side++) {
            size_t base = (size_t)up->pairs[i].unit[side] * (size_t)s->n;
            for (uint64_t m = up->pairs[i].in[side]; m; m &= m - 1) {
                size_t slot = base + (size_t)__builtin_ctzll(m);
                /* A cell lies in at most max_cell_units units, so in at
                 * most max_cell_units - 1 overlaps of one of them. */
                size_t at = slot * (size_t)s->max_cell_units + t->at_pos_count[slot]++;
                t->at_pos[at] = (uint32_t)(i * 2 + (size_t)side);
                t->at_mask[at] = up->pairs[i].in[side];
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
            t->cell_index[c * s->max_cell_units + k] = (uint8_t)unit_position(s, cu[k], c);
    }
    if (unit_pairs_build(s, &t->up) != DOKU_OK || build_at_pos(s, t) != DOKU_OK) {
        generic_tables_free(t);
        return DOKU_ERR_NOMEM;
    }
    return DOKU_OK;
}
