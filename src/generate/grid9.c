/*
 * grid9.c — grid.c's own filler on the classic 9x9 grid, on level9's
 * fixed tables and 16-bit masks (a tenth of an EXPERT puzzle's time went
 * into filling through the shared kernel).
 *
 * It makes the same grids from the same rng: the branch cell and digit
 * are chosen by the same rules from the same candidates (a naked-singles
 * cascade ends in the same grid, or a contradiction, whatever its
 * order), and the rng is drawn at the same points. Instead of a fresh
 * copy per try, the grid is saved once per node and restored after each
 * failed try.
 */
#include "gen_internal.h"
#include "util/clock.h"

#include <string.h>

static int search9(level9 *l, doku_rng *rng, int depth, int last, uint64_t *nodes,
                   uint64_t budget, double deadline, uint8_t *grid)
{
    l9grid *gr = &l->gr;
    if (!gr->left) {
        memcpy(grid, gr->val, L9_CELLS);
        return 1;
    }
    /* fewest candidates among the last branch cell's peers, from a random
     * one, else over the grid from a random cell (grid.c's rules) */
    int best = 65, cell = -1;
    if (last >= 0) {
        const uint8_t *pp = l->peer[last];
        int start = (int)doku_rng_below(rng, L9_PEERS);
        for (int i = 0, j = start; i < L9_PEERS; i++, j = j + 1 == L9_PEERS ? 0 : j + 1) {
            int c = pp[j];
            if (gr->val[c])
                continue;
            int k = bits_count(gr->cand[c]);
            if (k < best) {
                best = k;
                cell = c;
                if (k == 2)
                    break;
            }
        }
    }
    if (cell < 0) {
        int start = (int)doku_rng_below(rng, L9_CELLS);
        for (int i = 0, c = start; i < L9_CELLS; i++, c = c + 1 == L9_CELLS ? 0 : c + 1) {
            if (gr->val[c])
                continue;
            unsigned m = gr->cand[c], rest = m & (m - 1);
            if (!(rest & (rest - 1))) {
                cell = c;
                break;
            }
            int k = bits_count(m);
            if (k < best) {
                best = k;
                cell = c;
            }
        }
    }
    l9grid *save = &l->fill[depth];
    *save = *gr;
    unsigned m = gr->cand[cell];
    while (m) {
        if (++*nodes > budget)
            return -1;
        if (deadline > 0 && !(*nodes & 63) && clock_monotonic_seconds() > deadline)
            return -3;
        int k = (int)doku_rng_below(rng, (uint32_t)bits_count(m));
        unsigned rest = m;
        while (k--)
            rest &= rest - 1;
        unsigned bit = rest & (~rest + 1);
        m &= ~bit;
        if (level9_place(l, cell, __builtin_ctz(bit))) {
            int r = search9(l, rng, depth + 1, cell, nodes, budget, deadline, grid);
            if (r)
                return r;
        }
        *gr = *save;
    }
    return 0;
}

int gen_fill9_attempt(doku_generator *g, doku_rng *rng, uint64_t budget,
                      double deadline, uint8_t *grid)
{
    level9 *l = g->l9;
    level9_clear(l);
    /* row 1 as a random permutation, as grid.c draws it */
    uint8_t perm[L9_N];
    for (int i = 0; i < L9_N; i++) {
        int j = (int)doku_rng_below(rng, (uint32_t)i + 1);
        perm[i] = perm[j];
        perm[j] = (uint8_t)(i + 1);
    }
    for (int c = 0; c < L9_N; c++)
        if (!level9_place(l, c, perm[c] - 1))
            return -1;
    uint64_t nodes = 0;
    return search9(l, rng, 0, -1, &nodes, budget, deadline, grid);
}
