/*
 * level9.c — the level classifier (level.c) on the classic 9x9 grid,
 * with fixed-size tables and 16-bit masks.
 *
 * Why a second copy of level.c's logic: on classic 9x9 the generator's
 * guided removal (SIMPLE, EASY) and its logic-proven uniqueness (ANY,
 * EXPERT: reduce.c) are almost all singles closures, and the shared
 * kernel (cands.c) pays for being generic (64-bit masks, unit and peer
 * counts read from the shape, any n); the final level check of EXPERT
 * candidates runs the pairs too. The closures are the same sets of
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

level9 *level9_create(const doku_generator *g)
{
    const doku_shape *s = g->s;
    if (!s->classic9 || s->nunits != L9_UNITS || s->ncells != L9_CELLS ||
        g->ix_start[L9_UNITS] > L9_CROSSINGS)
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
        for (int i = 0; i < L9_PEERS; i++) {
            l->peer[c][i] = (uint8_t)pp[i];
            l->peer_mask[c][pp[i] >> 6] |= (uint64_t)1 << (pp[i] & 63);
        }
        for (int i = 0; i < 3; i++) {
            l->cell_unit[c][i] = (uint8_t)cu[i];
            l->unit_bits[c] |= ((uint64_t)1 << cu[i]) | ((uint64_t)1 << (32 + cu[i]));
        }
    }
    for (int u = 0; u < L9_UNITS; u++)
        for (int i = 0; i < L9_N; i++)
            l->unit[u][i] = (uint8_t)s->unit_cells[(size_t)u * L9_N + i];
    /* the generator's unit crossings (level.c), in 16-bit masks */
    for (int u = 0; u <= L9_UNITS; u++)
        l->ix_start[u] = (uint8_t)g->ix_start[u];
    for (int e = 0; e < g->ix_start[L9_UNITS]; e++) {
        l->ix_unit[e] = (uint8_t)g->ix_unit[e];
        l->ix_in_u[e] = (uint16_t)g->ix_in_u[e];
        l->ix_in_v[e] = (uint16_t)g->ix_in_v[e];
    }
    return l;
}

void level9_free(level9 *l) { free(l); }

static int single(unsigned m) { return !(m & (m - 1)); }

/* Places the cells on the stack (each open with one candidate) and every
 * naked single that follows. @return 1, or 0 on a contradiction. */
static int cascade(level9 *l, int sp)
{
    uint16_t *cand = l->gr.cand;
    uint8_t *stack = l->stack;
    while (sp) {
        int c = stack[--sp];
        unsigned m = cand[c];
        if (!m)
            return 0;
        int d = __builtin_ctz(m);
        l->gr.val[c] = (uint8_t)(d + 1);
        cand[c] = 0;
        l->gr.left--;
        if (l->watched[c] && !--l->watch_left) {
            l->watch_done = 1; /* the rest of the closure is not needed */
            return 1;
        }
        for (int i = 0; i < 3; i++)
            l->gr.placed[l->cell_unit[c][i]] |= (uint16_t)m;
        uint64_t dirty = l->gr.dirty | l->unit_bits[c];
        /* only the peers d's plane holds: 2-3 of the 20, on average */
        uint64_t *plane = l->gr.plane[d];
        const uint64_t *pm = l->peer_mask[c];
        for (int w = 0; w < 2; w++) {
            uint64_t hit = plane[w] & pm[w];
            plane[w] &= ~pm[w];
            for (; hit; hit &= hit - 1) {
                int p = w * 64 + __builtin_ctzll(hit);
                unsigned q = cand[p];
                if (!(q & m))
                    continue; /* a stale bit (the plane is a superset) */
                q ^= m;
                if (!q)
                    return 0;
                cand[p] = (uint16_t)q;
                dirty |= l->unit_bits[p];
                if (single(q))
                    stack[sp++] = (uint8_t)p;
            }
        }
        l->gr.dirty = dirty;
    }
    return 1;
}

void level9_clear(level9 *l)
{
    for (int c = 0; c < L9_CELLS; c++) {
        l->gr.cand[c] = L9_ALL;
        l->gr.val[c] = 0;
    }
    memset(l->gr.placed, 0, sizeof l->gr.placed);
    l->gr.dirty = ~(uint64_t)0;
    for (int d = 0; d < L9_N; d++) {
        l->gr.plane[d][0] = ~(uint64_t)0;
        l->gr.plane[d][1] = ((uint64_t)1 << (L9_CELLS - 64)) - 1;
    }
    l->gr.left = L9_CELLS;
}

int level9_place(level9 *l, int cell, int d)
{
    unsigned bit = 1u << d;
    if (l->gr.val[cell])
        return l->gr.val[cell] == d + 1;
    if (!(l->gr.cand[cell] & bit))
        return 0;
    l->gr.cand[cell] = (uint16_t)bit;
    l->stack[0] = (uint8_t)cell;
    return cascade(l, 1);
}

/* The given cells of puzzle as a cell mask (bit c of out[c >> 6]):
 * eight cells per step, no branch per cell (givens are unpredictable). */
static void given_cells(const uint8_t *puzzle, uint64_t out[2])
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full, high = 0x8080808080808080ull;
    out[0] = out[1] = 0;
    for (int k = 0; k < L9_CELLS / 8; k++) {
        uint64_t x;
        memcpy(&x, puzzle + 8 * k, 8);
        /* the top bit of each nonzero byte, then those eight bits packed */
        uint64_t nz = (((x & low7) + low7) | x) & high;
        uint64_t bits = ((nz >> 7) * 0x0102040810204080ull) >> 56;
        out[k >> 3] |= bits << (8 * (k & 7));
    }
    for (int c = L9_CELLS / 8 * 8; c < L9_CELLS; c++)
        out[c >> 6] |= (uint64_t)(puzzle[c] != 0) << (c & 63);
}

/* Candidates from the givens and the naked-singles closure. @return 1, or
 * 0 if the givens contradict each other. */
static int load(level9 *l, const uint8_t *puzzle)
{
    uint16_t um[L9_UNITS] = {0};
    /* per digit, its givens and their peers (two givens of a digit are
     * in conflict where one is among the other's peers) */
    uint64_t seen[L9_N + 1][2] = {{0}}, own[L9_N + 1][2] = {{0}};
    uint64_t given[2];
    given_cells(puzzle, given);
    memcpy(l->gr.val, puzzle, L9_CELLS);
    memset(l->gr.cand, 0, sizeof l->gr.cand);
    int sp = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = given[w]; m; m &= m - 1) {
            int c = 64 * w + __builtin_ctzll(m), v = puzzle[c];
            seen[v][0] |= l->peer_mask[c][0];
            seen[v][1] |= l->peer_mask[c][1];
            own[v][w] |= m & (~m + 1);
            const uint8_t *cu = l->cell_unit[c];
            um[cu[0]] |= VALUE_BIT[v];
            um[cu[1]] |= VALUE_BIT[v];
            um[cu[2]] |= VALUE_BIT[v];
        }
    for (int d = 1; d <= L9_N; d++)
        if ((own[d][0] & seen[d][0]) | (own[d][1] & seen[d][1]))
            return 0;
    uint64_t open[2] = {~given[0], ~given[1] & (((uint64_t)1 << (L9_CELLS - 64)) - 1)};
    l->gr.left = bits_count(open[0]) + bits_count(open[1]);
    l->gr.dirty = ~(uint64_t)0;
    memcpy(l->gr.placed, um, sizeof um);
    for (int d = 0; d < L9_N; d++) {
        l->gr.plane[d][0] = open[0] & ~seen[d + 1][0];
        l->gr.plane[d][1] = open[1] & ~seen[d + 1][1];
    }
    for (int w = 0; w < 2; w++)
        for (uint64_t o = open[w]; o; o &= o - 1) {
            int c = 64 * w + __builtin_ctzll(o);
            const uint8_t *cu = l->cell_unit[c];
            unsigned m = L9_ALL & ~(unsigned)(um[cu[0]] | um[cu[1]] | um[cu[2]]);
            if (!m)
                return 0;
            l->gr.cand[c] = (uint16_t)m;
            if (single(m))
                l->stack[sp++] = (uint8_t)c;
        }
    return cascade(l, sp);
}

/* Hidden singles in unit u, each placement cascading. @return 1 if
 * something was placed, 0 if not, -1 on a contradiction. */
static int hidden_unit(level9 *l, int u)
{
    uint16_t *cand = l->gr.cand;
    uint64_t bit_u = (uint64_t)1 << u;
    if (!(l->gr.dirty & bit_u))
        return 0; /* unchanged since a scan that found nothing left */
    l->gr.dirty &= ~bit_u;
    if (l->gr.placed[u] == L9_ALL)
        return 0; /* complete */
    const uint8_t *uc = l->unit[u];
    unsigned once = 0, twice = 0;
    for (int i = 0; i < L9_N; i++) {
        unsigned m = cand[uc[i]];
        twice |= once & m;
        once |= m;
    }
    if ((once | l->gr.placed[u]) != L9_ALL)
        return -1;
    int progress = 0;
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
                if (l->watch_done)
                    return 1;
                progress = 1;
                break;
            }
        }
    }
    return progress;
}

static int all_placed(const level9 *l, const int *watch, int nwatch)
{
    for (int i = 0; i < nwatch; i++)
        if (!l->gr.val[watch[i]])
            return 0;
    return nwatch > 0;
}

/* One pass of hidden singles over the units. @return 1 if something was placed, 0 if not, -1 on a
 * contradiction, 2 as soon as every watched cell is placed (the caller's
 * answer is then known; the pass stops there). */
static int hidden_pass(level9 *l, const int *watch, int nwatch)
{
    int progress = 0;
    for (int u = 0; u < L9_UNITS; u++) {
        int r = hidden_unit(l, u);
        if (r < 0)
            return -1;
        if (r && all_placed(l, watch, nwatch))
            return 2;
        progress |= r;
    }
    return progress;
}

/* Removes the digits bits from cell, placing a naked single it leaves.
 * @return 1 if something was removed, 0 if not, -1 on a contradiction. */
static int eliminate(level9 *l, int cell, unsigned bits)
{
    unsigned m = l->gr.cand[cell];
    if (!(m & bits))
        return 0;
    m &= ~bits;
    if (!m)
        return -1;
    l->gr.cand[cell] = (uint16_t)m;
    l->gr.dirty |= l->unit_bits[cell];
    if (single(m)) {
        l->stack[0] = (uint8_t)cell;
        if (!cascade(l, 1))
            return -1;
    }
    return 1;
}

static int is_pair(unsigned m)
{
    unsigned rest = m & (m - 1);
    return rest && !(rest & (rest - 1));
}

/* Naked pairs, hidden pairs and pointing/claiming over every unit, as
 * level.c's pairs_and_intersections. @return -1 on a contradiction, else
 * whether anything was eliminated. */
static int pairs_pass(level9 *l)
{
    uint16_t *cand = l->gr.cand;
    int progress = 0;
    for (int u = 0; u < L9_UNITS; u++) {
        uint64_t bit_u = (uint64_t)1 << (32 + u);
        if (!(l->gr.dirty & bit_u))
            continue; /* unchanged since its last scan */
        l->gr.dirty &= ~bit_u;
        /* with at most one open cell: no pair, nothing to point */
        unsigned open_digits = L9_ALL & ~(unsigned)l->gr.placed[u];
        if (!(open_digits & (open_digits - 1)))
            continue;
        const uint8_t *uc = l->unit[u];
        unsigned pos[L9_N] = {0};
        int pairs[L9_N], npairs = 0, open = 0;
        for (int i = 0; i < L9_N; i++) {
            unsigned m = cand[uc[i]];
            if (!m)
                continue;
            open++;
            if (is_pair(m))
                pairs[npairs++] = i;
            for (; m; m &= m - 1)
                pos[__builtin_ctz(m)] |= 1u << i;
        }
        if (open < 2)
            continue;
        /* naked pairs */
        for (int a = 0; a < npairs && open > 2; a++) {
            unsigned m = cand[uc[pairs[a]]];
            for (int b = a + 1; b < npairs; b++) {
                if (cand[uc[pairs[b]]] != m)
                    continue;
                for (int k = 0; k < L9_N; k++) {
                    if (k == pairs[a] || k == pairs[b])
                        continue;
                    int r = eliminate(l, uc[k], m);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
        /* hidden pairs */
        for (int a = 0; a < L9_N && open > 2; a++) {
            if (!is_pair(pos[a]))
                continue;
            for (int b = a + 1; b < L9_N; b++) {
                if (pos[b] != pos[a])
                    continue;
                unsigned keep = (1u << a) | (1u << b);
                for (unsigned p = pos[a]; p; p &= p - 1) {
                    int r = eliminate(l, uc[__builtin_ctz(p)], L9_ALL & ~keep);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
        /* pointing / claiming: digit d of u confined to a crossing unit */
        for (int d = 0; d < L9_N; d++) {
            unsigned p = pos[d];
            if (!(p & (p - 1)))
                continue;
            for (int e = l->ix_start[u]; e < l->ix_start[u + 1]; e++) {
                if (p & ~l->ix_in_u[e])
                    continue;
                const uint8_t *vc = l->unit[l->ix_unit[e]];
                for (unsigned q = L9_ALL & ~l->ix_in_v[e]; q; q &= q - 1) {
                    int r = eliminate(l, vc[__builtin_ctz(q)], 1u << d);
                    if (r < 0)
                        return -1;
                    progress |= r;
                }
            }
        }
        if (l->watch_done)
            return 1;
    }
    return progress;
}

/* The tiers from the loaded (or stalled) grid in l: as level.c's loop,
 * from level need, with the pairs first when `stalled`. */
static doku_qqwing_level run(level9 *l, doku_qqwing_level need, int stalled,
                           doku_qqwing_level max, const int *watch, int nwatch)
{
    while (l->gr.left) {
        if (!stalled) {
            if (all_placed(l, watch, nwatch))
                return need;
            if (max < DOKU_QQWING_EASY)
                return DOKU_QQWING_EASY;
            int r = hidden_pass(l, watch, nwatch);
            if (r < 0)
                return DOKU_QQWING_ANY;
            if (r == 2)
                return need < DOKU_QQWING_EASY ? DOKU_QQWING_EASY : need;
            if (r) {
                if (need < DOKU_QQWING_EASY)
                    need = DOKU_QQWING_EASY;
                continue;
            }
            if (max < DOKU_QQWING_INTERMEDIATE)
                return DOKU_QQWING_INTERMEDIATE;
        }
        stalled = 0;
        int r = pairs_pass(l);
        if (r < 0)
            return DOKU_QQWING_ANY;
        if (!r)
            return DOKU_QQWING_EXPERT;
        need = DOKU_QQWING_INTERMEDIATE;
    }
    return need;
}

doku_qqwing_level level9_level(level9 *l, const uint8_t *puzzle, doku_qqwing_level max,
                             const int *watch, int nwatch)
{
    /* Watched cells end the closure as soon as they are placed (the
     * caller promises a puzzle whose closure at level max places them
     * all once they are), wherever that happens: in a cascade (run then
     * sees them placed), or at a unit of a pass (which then stops). */
    l->watch_left = 0;
    l->watch_done = 0;
    for (int i = 0; i < nwatch; i++)
        if (!puzzle[watch[i]] && !l->watched[watch[i]]) {
            l->watched[watch[i]] = 1;
            l->watch_left++;
        }
    doku_qqwing_level lv = DOKU_QQWING_ANY;
    if (load(l, puzzle))
        lv = run(l, DOKU_QQWING_SIMPLE, 0, max, watch, nwatch);
    for (int i = 0; i < nwatch; i++)
        l->watched[watch[i]] = 0;
    l->watch_done = 0;
    return lv;
}
