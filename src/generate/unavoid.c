/*
 * unavoid.c — two-digit unavoidable sets of a solution grid, to refute a
 * clue removal without a search.
 *
 * Take two digits a and b of the grid and link, in every unit, the cell
 * holding a to the cell holding b. Swapping a and b on one connected
 * component of those links gives another valid grid (each unit that
 * loses an a gains one back from its own b cell), so a puzzle with no
 * given in that component has at least two solutions. Removing a cell is
 * therefore refuted at once when it is the last given of some component:
 * the limit-2 search would have found the swapped grid (or another one)
 * and kept the given too, so the puzzles made are the same, only cheaper.
 * Each cell lies in exactly one component per other digit (n-1 sets).
 */
#include "gen_internal.h"

#include <stdlib.h>

/* Sets a grid of n digits can have: n(n-1)/2 digit pairs, each with at
 * most n/2 components (a component has at least 4 cells). */
static size_t max_sets(int n) { return (size_t)n * (size_t)(n - 1) / 2 * (size_t)(n / 2 + 1); }

int gen_unavoid_init(doku_generator *g)
{
    const doku_shape *s = g->s;
    if (s->ncells > GEN_UNAVOID_MAX_CELLS || s->n < 2)
        return 0;
    g->uv_left = malloc(sizeof *g->uv_left * max_sets(s->n));
    g->uv_cell_sets = malloc(sizeof *g->uv_cell_sets * (size_t)s->ncells * (size_t)(s->n - 1));
    g->uv_peers = malloc(sizeof *g->uv_peers * (size_t)s->ncells);
    if (!g->uv_left || !g->uv_cell_sets || !g->uv_peers)
        return -1;
    for (int c = 0; c < s->ncells; c++) {
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        g->uv_peers[c].w[0] = g->uv_peers[c].w[1] = 0;
        for (int i = 0; i < s->peer_count[c]; i++)
            g->uv_peers[c].w[pp[i] >> 6] |= (uint64_t)1 << (pp[i] & 63);
    }
    return 0;
}

void gen_unavoid_build(doku_generator *g, const uint8_t *sol, const uint8_t *givens)
{
    const doku_shape *s = g->s;
    int n = s->n;
    g->uv_on = g->uv_left != NULL;
    if (!g->uv_on)
        return;
    /* the cells of each digit and the givens, as 128-bit cell masks */
    uv_mask of[GEN_UNAVOID_MAX_N] = {{{0, 0}}}, giv = {{0, 0}};
    for (int c = 0; c < s->ncells; c++) {
        uint64_t bit = (uint64_t)1 << (c & 63);
        of[sol[c] - 1].w[c >> 6] |= bit;
        if (givens[c])
            giv.w[c >> 6] |= bit;
    }
    int nsets = 0;
    const uv_mask *peers = g->uv_peers;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            /* An a cell's links are the b cells among its peers (and the
             * other way round): flood each component over peer masks,
             * a layer at a time (no branch on which word a cell is in). */
            uint64_t todo0 = of[a].w[0] | of[b].w[0], todo1 = of[a].w[1] | of[b].w[1];
            while (todo0 | todo1) {
                uint64_t c0 = todo0 & (~todo0 + 1), c1 = c0 ? 0 : todo1 & (~todo1 + 1);
                uint64_t f0 = c0, f1 = c1;
                while (f0 | f1) {
                    uint64_t a0 = 0, a1 = 0;
                    for (; f0; f0 &= f0 - 1) {
                        const uv_mask *pm = &peers[__builtin_ctzll(f0)];
                        a0 |= pm->w[0];
                        a1 |= pm->w[1];
                    }
                    for (; f1; f1 &= f1 - 1) {
                        const uv_mask *pm = &peers[64 + __builtin_ctzll(f1)];
                        a0 |= pm->w[0];
                        a1 |= pm->w[1];
                    }
                    f0 = a0 & todo0 & ~c0;
                    f1 = a1 & todo1 & ~c1;
                    c0 |= f0;
                    c1 |= f1;
                }
                todo0 &= ~c0;
                todo1 &= ~c1;
                int id = nsets++;
                g->uv_left[id] = bits_count(c0 & giv.w[0]) + bits_count(c1 & giv.w[1]);
                /* slots among a cell's n-1 other digits: b-1 for the a
                 * cells (b > a), a for the b cells */
                uint16_t *cs = g->uv_cell_sets;
                size_t n1 = (size_t)(n - 1);
                for (uint64_t m = c0 & of[a].w[0]; m; m &= m - 1)
                    cs[(size_t)__builtin_ctzll(m) * n1 + (size_t)(b - 1)] = (uint16_t)id;
                for (uint64_t m = c1 & of[a].w[1]; m; m &= m - 1)
                    cs[(size_t)(64 + __builtin_ctzll(m)) * n1 + (size_t)(b - 1)] = (uint16_t)id;
                for (uint64_t m = c0 & of[b].w[0]; m; m &= m - 1)
                    cs[(size_t)__builtin_ctzll(m) * n1 + (size_t)a] = (uint16_t)id;
                for (uint64_t m = c1 & of[b].w[1]; m; m &= m - 1)
                    cs[(size_t)(64 + __builtin_ctzll(m)) * n1 + (size_t)a] = (uint16_t)id;
            }
        }
}

int gen_unavoid_remove(doku_generator *g, const int *cells, int k)
{
    int n1 = g->n - 1, hit = 0;
    for (int j = 0; j < k; j++) {
        const uint16_t *cs = g->uv_cell_sets + (size_t)cells[j] * n1;
        for (int i = 0; i < n1; i++)
            hit |= --g->uv_left[cs[i]] == 0;
    }
    return hit;
}

void gen_unavoid_restore(doku_generator *g, const int *cells, int k)
{
    int n1 = g->n - 1;
    for (int j = 0; j < k; j++) {
        const uint16_t *cs = g->uv_cell_sets + (size_t)cells[j] * n1;
        for (int i = 0; i < n1; i++)
            g->uv_left[cs[i]]++;
    }
}
