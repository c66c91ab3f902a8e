/*
 * grid.c — the candidate grid of a logic context: geometry in Sudoku
 * Explainer's order, digit positions per unit, the failure memos of the
 * finders, and user-facing names.
 *
 * Design: the shape holds its unit table re-ordered once so that every
 * cell lists its box first, then row, column and extra units, as SE
 * does (shape.c derives it; a context only points at it); chain searches that follow this order find the same chains
 * SE finds, which keeps chain lengths (and so ratings) comparable. The
 * memos let a finder that found nothing skip, next time, what did not
 * change since (a digit's plane, a unit, a cell).
 */
#include "variant_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The geometry is the shape's box-first tables: nothing is derived here,
 * so a context costs no geometry work of its own. */
void logic_geometry_init(doku_logic *L)
{
    const doku_shape *s = L->shape;
    L->maxcu = s->max_cell_units;
    L->maxp = s->max_peers;
    L->cunits = s->cell_units_bf;
    L->ncunits = s->cell_nunits;
    L->peers = s->peers_bf;
    L->npeers = s->peer_count;
    L->box_of = s->cell_box;
    L->row_of = s->cell_row;
    L->col_of = s->cell_col;
    L->cell_in_unit = s->cell_pos;
    L->peerbits = s->peer_bits;
    L->pwords = s->peer_words;
}

/* Incremental: only the cells whose value or candidates differ from the
 * snapshot of the previous call are visited; their bits in pos and plane
 * are redone and their units' versions move on. (pos, plane and the
 * snapshot start all zero, which is consistent.) */
void logic_positions(doku_logic *L)
{
    int n = L->n, pw = L->pwords;
    for (int c = 0; c < L->nc; c++) {
        lmask now = L->cand[c], was = L->snapcand[c];
        if (now == was && L->val[c] == L->snapval[c])
            continue;
        L->snapcand[c] = now;
        L->snapval[c] = L->val[c];
        uint64_t cbit = (uint64_t)1 << (c & 63);
        for (lmask m = was & ~now; m; m &= m - 1)
            L->plane[(size_t)lfirst(m) * pw + (c >> 6)] &= ~cbit;
        for (lmask m = now & ~was; m; m &= m - 1)
            L->plane[(size_t)lfirst(m) * pw + (c >> 6)] |= cbit;
        for (int j = 0; j < L->ncunits[c]; j++) {
            int u = L->cunits[(size_t)c * L->maxcu + j];
            lmask *p = L->pos + (size_t)u * n;
            lmask ibit = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + c];
            for (lmask m = was & ~now; m; m &= m - 1)
                p[lfirst(m)] &= ~ibit;
            for (lmask m = now & ~was; m; m &= m - 1)
                p[lfirst(m)] |= ibit;
            L->uver[u]++;
        }
    }
}

int logic_memo_alloc(doku_logic *L)
{
    size_t words = (size_t)L->n * (size_t)L->pwords;
    L->plane = calloc(words, sizeof(uint64_t));
    L->memo = calloc((size_t)LMEMO_COUNT * (words + (size_t)L->n), sizeof(uint64_t));
    L->snapcand = calloc((size_t)L->nc, sizeof(lmask));
    L->snapval = calloc((size_t)L->nc, 1);
    L->uver = calloc((size_t)L->nunits, sizeof(uint64_t));
    L->umemo = calloc((size_t)LUMEMO_COUNT * (size_t)L->nunits, sizeof(uint64_t));
    L->cmemo_cand = calloc((size_t)LCMEMO_COUNT * (size_t)L->nc, sizeof(lmask));
    L->cmemo_val = calloc((size_t)LCMEMO_COUNT * (size_t)L->nc, 1);
    L->hot = calloc((size_t)L->nc, 1);
    if (!L->plane || !L->memo || !L->snapcand || !L->snapval || !L->uver || !L->umemo ||
        !L->cmemo_cand || !L->cmemo_val || !L->hot)
        return -1;
    return 0;
}

static uint64_t *memo_entry(const doku_logic *L, int slot, int d)
{
    size_t per = (size_t)L->pwords + 1;
    return L->memo + ((size_t)slot * (size_t)L->n + (size_t)(d - 1)) * per;
}

int logic_memo_known(const doku_logic *L, int slot, int d)
{
    const uint64_t *e = memo_entry(L, slot, d), *p = L->plane + (size_t)(d - 1) * L->pwords;
    if (!e[0])
        return 0;
    for (int w = 0; w < L->pwords; w++)
        if (e[1 + w] != p[w])
            return 0;
    return 1;
}

lmask logic_memo_skip(const doku_logic *L, int slot)
{
    lmask skip = 0;
    for (int d = 1; d <= L->n; d++)
        if (logic_memo_known(L, slot, d))
            skip |= LBIT(d);
    return skip;
}

void logic_memo_fail(doku_logic *L, int slot)
{
    if (L->timed_out)
        return; /* a search cut short proves no failure */
    for (int d = 1; d <= L->n; d++) {
        uint64_t *e = memo_entry(L, slot, d);
        e[0] = 1;
        memcpy(e + 1, L->plane + (size_t)(d - 1) * L->pwords, sizeof(uint64_t) * (size_t)L->pwords);
    }
}

const uint8_t *logic_cmemo_hot(doku_logic *L, int slot)
{
    if (!L->cmemo_valid[slot])
        return NULL;
    const lmask *sc = L->cmemo_cand + (size_t)slot * L->nc;
    const uint8_t *sv = L->cmemo_val + (size_t)slot * L->nc;
    for (int c = 0; c < L->nc; c++)
        L->hot[c] = L->cand[c] != sc[c] || L->val[c] != sv[c];
    return L->hot;
}

void logic_cmemo_fail(doku_logic *L, int slot)
{
    if (L->timed_out)
        return; /* a search cut short proves no failure */
    memcpy(L->cmemo_cand + (size_t)slot * L->nc, L->cand, sizeof(lmask) * (size_t)L->nc);
    memcpy(L->cmemo_val + (size_t)slot * L->nc, L->val, (size_t)L->nc);
    L->cmemo_valid[slot] = 1;
}

void logic_cmemo_reset(doku_logic *L)
{
    memset(L->cmemo_valid, 0, sizeof L->cmemo_valid);
}

void logic_memo_reset(doku_logic *L)
{
    size_t words = (size_t)L->n * (size_t)L->pwords;
    memset(L->memo, 0, sizeof(uint64_t) * (size_t)LMEMO_COUNT * (words + (size_t)L->n));
    memset(L->umemo, 0, sizeof(uint64_t) * (size_t)LUMEMO_COUNT * (size_t)L->nunits);
    logic_cmemo_reset(L);
}

/* Writes v (>= 0) in decimal at p; returns the digit count. */
static int put_uint(char *p, int v)
{
    char t[12];
    int k = 0;
    do
        t[k++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    for (int i = 0; i < k; i++)
        p[i] = t[k - 1 - i];
    return k;
}

/* "r{row}c{col}" as snprintf would write it (step texts name many cells:
 * by hand, as printf's format parsing showed up in profiles). */
int logic_cellname(const doku_logic *L, int cell, char *buf, size_t cap)
{
    char t[32];
    int k = 0;
    t[k++] = 'r';
    k += put_uint(t + k, cell / L->n + 1);
    t[k++] = 'c';
    k += put_uint(t + k, cell % L->n + 1);
    if (cap) {
        size_t m = (size_t)k < cap ? (size_t)k : cap - 1;
        memcpy(buf, t, m);
        buf[m] = 0;
    }
    return k;
}

int logic_unitname(const doku_logic *L, int unit, char *buf, size_t cap)
{
    if (L->var && unit >= L->var->base_nunits)
        return snprintf(buf, cap, "%s", L->var->extra_name[unit - L->var->base_nunits]);
    size_t len;
    if (doku_shape_unit_name(L->shape, unit, buf, cap, &len) != DOKU_OK)
        return -1;
    return (int)len;
}

int logic_is_line(const doku_logic *L, int unit)
{
    int k = L->shape->unit_kind[unit];
    return k == DOKU_UNIT_ROW || k == DOKU_UNIT_COL;
}

int logic_is_box(const doku_logic *L, int unit)
{
    int k = L->shape->unit_kind[unit];
    return k == DOKU_UNIT_BOX || k == DOKU_UNIT_REGION;
}
