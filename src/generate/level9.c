/*
 * level9.c — the singles tiers of the level classifier (level.c) on the
 * classic 9x9 grid, with fixed-size tables and 16-bit masks.
 *
 * Why a second copy of the singles: on classic 9x9 the generator's
 * guided removal (SIMPLE, EASY) and its logic-proven uniqueness (ANY,
 * EXPERT: reduce.c) are almost all singles closures, and the shared
 * kernel (cands.c) pays for being generic (64-bit masks, unit and peer
 * counts read from the shape, any n). The closures are the same sets of
 * placements whatever the order of steps (each technique only removes
 * candidates), so the levels it returns are exactly level.c's.
 * The tables are copied from the shape (one geometry model); only their
 * sizes are fixed here.
 */
#include "gen_internal.h"

#include <stdlib.h>
#include <string.h>

#define L9_ALL 0x1ffu

/* The mask of a placed value (index 0: open cell). */
static const uint16_t VALUE_BIT[L9_N + 1] = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256};

level9 *level9_create(const doku_shape *s)
{
    if (!s->classic9 || s->nunits != L9_UNITS || s->ncells != L9_CELLS)
        return NULL;
    level9 *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    for (int c = 0; c < L9_CELLS; c++) {
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
        if (s->peer_count[c] != L9_PEERS || s->cell_nunits[c] != 3) {
            free(l);
            return NULL;
        }
        for (int i = 0; i < L9_PEERS; i++)
            l->peer[c][i] = (uint8_t)pp[i];
        for (int i = 0; i < 3; i++)
            l->cell_unit[c][i] = (uint8_t)cu[i];
    }
    for (int u = 0; u < L9_UNITS; u++)
        for (int i = 0; i < L9_N; i++)
            l->unit[u][i] = (uint8_t)s->unit_cells[(size_t)u * L9_N + i];
    return l;
}

void level9_free(level9 *l) { free(l); }

static int single(unsigned m) { return !(m & (m - 1)); }

/* Places the cells on the stack (each open with one candidate) and every
 * naked single that follows. @return 1, or 0 on a contradiction. */
static int cascade(level9 *l, int sp)
{
    uint16_t *cand = l->cand;
    uint8_t *stack = l->stack;
    while (sp) {
        int c = stack[--sp];
        unsigned m = cand[c];
        if (!m)
            return 0;
        l->val[c] = (uint8_t)(__builtin_ctz(m) + 1);
        cand[c] = 0;
        l->left--;
        for (int i = 0; i < 3; i++)
            l->placed[l->cell_unit[c][i]] |= (uint16_t)m;
        const uint8_t *pp = l->peer[c];
        for (int i = 0; i < L9_PEERS; i++) {
            int p = pp[i];
            unsigned q = cand[p];
            if (!(q & m))
                continue;
            q ^= m;
            if (!q)
                return 0;
            cand[p] = (uint16_t)q;
            if (single(q))
                stack[sp++] = (uint8_t)p;
        }
    }
    return 1;
}

/* Candidates from the givens and the naked-singles closure. @return 1, or
 * 0 if the givens contradict each other. */
static int load(level9 *l, const uint8_t *puzzle)
{
    uint16_t um[L9_UNITS] = {0};
    int left = L9_CELLS, sp = 0;
    for (int c = 0; c < L9_CELLS; c++) {
        unsigned bit = VALUE_BIT[puzzle[c]];
        l->val[c] = puzzle[c];
        l->cand[c] = 0;
        if (!bit)
            continue;
        left--;
        for (int i = 0; i < 3; i++) {
            int u = l->cell_unit[c][i];
            if (um[u] & bit)
                return 0;
            um[u] |= (uint16_t)bit;
        }
    }
    l->left = left;
    memcpy(l->placed, um, sizeof um);
    for (int c = 0; c < L9_CELLS; c++) {
        if (puzzle[c])
            continue;
        const uint8_t *cu = l->cell_unit[c];
        unsigned m = L9_ALL & ~(unsigned)(um[cu[0]] | um[cu[1]] | um[cu[2]]);
        if (!m)
            return 0;
        l->cand[c] = (uint16_t)m;
        if (single(m))
            l->stack[sp++] = (uint8_t)c;
    }
    return cascade(l, sp);
}

/* One pass of hidden singles over the units, each placement cascading.
 * @return 1 if something was placed, 0 if not, -1 on a contradiction. */
static int hidden_pass(level9 *l)
{
    uint16_t *cand = l->cand;
    int progress = 0;
    for (int u = 0; u < L9_UNITS; u++) {
        const uint8_t *uc = l->unit[u];
        unsigned once = 0, twice = 0;
        for (int i = 0; i < L9_N; i++) {
            unsigned m = cand[uc[i]];
            twice |= once & m;
            once |= m;
        }
        if ((once | l->placed[u]) != L9_ALL)
            return -1;
        for (unsigned only = once & ~twice; only; only &= only - 1) {
            unsigned bit = only & (~only + 1);
            /* an earlier placement's cascade may have taken its place */
            for (int i = 0; i < L9_N; i++) {
                int c = uc[i];
                if (cand[c] & bit) {
                    cand[c] = (uint16_t)bit;
                    l->stack[0] = (uint8_t)c;
                    if (!cascade(l, 1))
                        return -1;
                    progress = 1;
                    break;
                }
            }
        }
    }
    return progress;
}

static int all_placed(const level9 *l, const int *watch, int nwatch)
{
    for (int i = 0; i < nwatch; i++)
        if (!l->val[watch[i]])
            return 0;
    return nwatch > 0;
}

int level9_singles(level9 *l, const uint8_t *puzzle, doku_difficulty max,
                   const int *watch, int nwatch, doku_difficulty *level)
{
    if (!load(l, puzzle)) {
        *level = DOKU_DIFF_ANY;
        return 1;
    }
    doku_difficulty need = DOKU_DIFF_SIMPLE;
    while (l->left) {
        if (all_placed(l, watch, nwatch))
            break;
        if (max < DOKU_DIFF_EASY) {
            need = DOKU_DIFF_EASY;
            break;
        }
        int r = hidden_pass(l);
        if (r < 0) {
            need = DOKU_DIFF_ANY;
            break;
        }
        if (r) {
            need = DOKU_DIFF_EASY;
            continue;
        }
        if (max < DOKU_DIFF_INTERMEDIATE) {
            need = DOKU_DIFF_INTERMEDIATE;
            break;
        }
        *level = need;
        return 0;
    }
    *level = need;
    return 1;
}
