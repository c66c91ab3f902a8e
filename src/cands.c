/*
 * cands.c — the shared candidate-grid kernel: place, cascade naked
 * singles, hidden singles (conventions in cands.h).
 *
 * The one design idea: a cascade is a queue of (cell, digit) entries, and
 * a placed cell's mask is 0, so removing a digit from the peers is one
 * test per peer and a placed peer is skipped by the same test. Each cell
 * enters the queue at most once per cascade (its mask turns single once;
 * any later change empties it, which ends the cascade), so the queue
 * needs ncells entries.
 */
#include "cands.h"

#include <stdlib.h>
#include <string.h>

doku_status cands_init(cands_grid *g, const doku_shape *s, const cands_grid *share)
{
    memset(g, 0, sizeof *g);
    g->s = s;
    g->full = bits_all(s->n);
    size_t nc = (size_t)s->ncells;
    g->val = malloc(nc);
    g->cand = malloc(sizeof *g->cand * nc);
    if (share) {
        g->queue = share->queue;
        g->unit_digits = share->unit_digits;
    } else {
        g->owns_scratch = 1;
        g->queue = malloc(sizeof *g->queue * nc);
        g->unit_digits = malloc(sizeof *g->unit_digits * (size_t)s->nunits);
    }
    if (!g->val || !g->cand || !g->queue || !g->unit_digits) {
        cands_free(g);
        return DOKU_ERR_NOMEM;
    }
    cands_clear(g);
    return DOKU_OK;
}

void cands_free(cands_grid *g)
{
    free(g->val);
    free(g->cand);
    if (g->owns_scratch) {
        free(g->queue);
        free(g->unit_digits);
    }
    memset(g, 0, sizeof *g);
}

void cands_copy(cands_grid *dst, const cands_grid *src)
{
    size_t nc = (size_t)src->s->ncells;
    memcpy(dst->cand, src->cand, sizeof *dst->cand * nc);
    memcpy(dst->val, src->val, nc);
    dst->filled = src->filled;
}

void cands_clear(cands_grid *g)
{
    for (int c = 0; c < g->s->ncells; c++) {
        g->cand[c] = g->full;
        g->val[c] = 0;
    }
    g->filled = 0;
}

int cands_load(cands_grid *g, const uint8_t *givens)
{
    const doku_shape *s = g->s;
    /* Far cheaper than placing the givens one by one through the peers. */
    uint64_t *um = g->unit_digits;
    memset(um, 0, sizeof *um * (size_t)s->nunits);
    int filled = 0;
    for (int c = 0; c < s->ncells; c++) {
        if (!givens[c])
            continue;
        uint64_t bit = (uint64_t)1 << (givens[c] - 1);
        const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
        for (int i = 0; i < s->cell_nunits[c]; i++) {
            if (um[cu[i]] & bit)
                return 0;
            um[cu[i]] |= bit;
        }
        filled++;
    }
    g->filled = filled;
    for (int c = 0; c < s->ncells; c++) {
        g->val[c] = givens[c];
        if (givens[c]) {
            g->cand[c] = 0;
            continue;
        }
        const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
        uint64_t b = 0;
        for (int i = 0; i < s->cell_nunits[c]; i++)
            b |= um[cu[i]];
        g->cand[c] = g->full & ~b;
        if (!g->cand[c])
            return 0;
    }
    return 1;
}

void cands_load_state(cands_grid *g, const uint8_t *cells, const uint64_t *cand)
{
    int filled = 0;
    memcpy(g->val, cells, (size_t)g->s->ncells);
    for (int c = 0; c < g->s->ncells; c++) {
        g->cand[c] = cells[c] ? 0 : cand[c];
        filled += cells[c] != 0;
    }
    g->filled = filled;
}

void cands_set(cands_grid *g, int cell, int d)
{
    const doku_shape *s = g->s;
    uint64_t bit = (uint64_t)1 << d;
    g->val[cell] = (uint8_t)(d + 1);
    g->cand[cell] = 0;
    g->filled++;
    const uint16_t *pp = s->peers + (size_t)cell * s->max_peers;
    for (int i = 0, np = s->peer_count[cell]; i < np; i++)
        g->cand[pp[i]] &= ~bit;
}

int cands_place(cands_grid *g, int cell, int d)
{
    const doku_shape *s = g->s;
    /* Locals: stores through cand (uint64_t) could otherwise alias g's
     * fields and force reloads in the peer loop. */
    uint64_t *cand = g->cand;
    uint8_t *val = g->val;
    uint32_t *queue = g->queue;
    const uint16_t *peers = s->peers;
    const size_t maxp = (size_t)s->max_peers;
    int head = 0, tail = 0, nc = s->ncells, filled = g->filled, ok = 1;
    queue[tail++] = cands_entry(cell, d);
    while (head < tail) {
        uint32_t e = queue[head++];
        int c = cands_entry_cell(e), dd = cands_entry_digit(e);
        uint64_t bit = (uint64_t)1 << dd;
        if (val[c]) {
            if (val[c] == dd + 1)
                continue; /* queued twice with the same digit */
            ok = 0;
            break;
        }
        if (!(cand[c] & bit)) {
            ok = 0;
            break;
        }
        val[c] = (uint8_t)(dd + 1);
        cand[c] = 0;
        filled++;
        const uint16_t *pp = peers + (size_t)c * maxp;
        for (int i = 0, np = s->peer_count[c]; i < np; i++) {
            int p = pp[i];
            uint64_t m = cand[p];
            if (!(m & bit))
                continue;
            m &= ~bit;
            if (!m) {
                ok = 0;
                goto done;
            }
            cand[p] = m;
            if (bits_single(m) && tail < nc)
                queue[tail++] = cands_entry(p, bits_lowest(m));
        }
    }
done:
    g->filled = filled;
    return ok;
}

int cands_eliminate(cands_grid *g, int cell, uint64_t bits)
{
    uint64_t m = g->cand[cell];
    if (!(m & bits))
        return 0;
    m &= ~bits;
    if (!m)
        return -1;
    g->cand[cell] = m;
    if (bits_single(m) && !cands_place(g, cell, bits_lowest(m)))
        return -1;
    return 1;
}

int cands_place_singles(cands_grid *g)
{
    for (int c = 0; c < g->s->ncells; c++) {
        uint64_t m = g->cand[c];
        if (m && bits_single(m) && !cands_place(g, c, bits_lowest(m)))
            return 0;
    }
    return 1;
}

/* The mask of a placed value (0: none): one load where a shift would
 * need a test for 0 (this loop is the classifier's hottest). */
#define B(d) ((uint64_t)1 << (d))
#define ROW8(d) B(d), B(d + 1), B(d + 2), B(d + 3), B(d + 4), B(d + 5), B(d + 6), B(d + 7)
static const uint64_t VALUE_BIT[65] = {
    0, ROW8(0), ROW8(8), ROW8(16), ROW8(24), ROW8(32), ROW8(40), ROW8(48), ROW8(56),
};
#undef ROW8
#undef B

int cands_hidden_singles(cands_grid *g)
{
    const doku_shape *s = g->s;
    const uint64_t *cand = g->cand;
    const uint8_t *val = g->val;
    int n = s->n, progress = 0;
    for (int u = 0; u < s->nunits; u++) {
        const uint16_t *uc = s->unit_cells + (size_t)u * n;
        uint64_t once = 0, twice = 0, placed = 0;
        for (int i = 0; i < n; i++) {
            uint64_t m = cand[uc[i]];
            twice |= once & m;
            once |= m;
            placed |= VALUE_BIT[val[uc[i]]];
        }
        if ((once | placed) != g->full)
            return -1;
        /* A placed digit is no open cell's candidate in its units. */
        uint64_t only = once & ~twice;
        while (only) {
            uint64_t bit = only & (~only + 1);
            only &= only - 1;
            /* An earlier placement's cascade may have taken the digit's
             * one place; then nothing is placed. */
            for (int i = 0; i < n; i++) {
                int c = uc[i];
                if (cand[c] & bit) {
                    if (!cands_place(g, c, bits_lowest(bit)))
                        return -1;
                    progress = 1;
                    break;
                }
            }
        }
    }
    return progress;
}

int cands_singles_closure(cands_grid *g)
{
    if (!cands_place_singles(g))
        return -1;
    for (;;) {
        int r = cands_hidden_singles(g);
        if (r < 0)
            return -1;
        if (g->filled == g->s->ncells)
            return 1;
        if (!r)
            return 0;
    }
}
