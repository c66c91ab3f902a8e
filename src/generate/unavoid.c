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
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            /* An a cell's links are the b cells among its peers (and the
             * other way round): flood each component over peer masks. */
            uv_mask todo = {{of[a].w[0] | of[b].w[0], of[a].w[1] | of[b].w[1]}};
            while (todo.w[0] | todo.w[1]) {
                int w0 = todo.w[0] ? 0 : 1;
                uv_mask comp = {{0, 0}}, front;
                comp.w[w0] = todo.w[w0] & (~todo.w[w0] + 1);
                front = comp;
                for (;;) {
                    int w = front.w[0] ? 0 : front.w[1] ? 1 : -1;
                    if (w < 0)
                        break;
                    int c = w * 64 + __builtin_ctzll(front.w[w]);
                    front.w[w] &= front.w[w] - 1;
                    for (int k = 0; k < 2; k++) {
                        uint64_t add = g->uv_peers[c].w[k] & todo.w[k] & ~comp.w[k];
                        comp.w[k] |= add;
                        front.w[k] |= add;
                    }
                }
                todo.w[0] &= ~comp.w[0];
                todo.w[1] &= ~comp.w[1];
                int id = nsets++;
                g->uv_left[id] = bits_count(comp.w[0] & giv.w[0]) + bits_count(comp.w[1] & giv.w[1]);
                for (int k = 0; k < 2; k++)
                    for (uint64_t m = comp.w[k]; m; m &= m - 1) {
                        int c = k * 64 + __builtin_ctzll(m);
                        int own = sol[c] - 1, other = own == a ? b : a;
                        /* slot of digit `other` among c's n-1 other digits */
                        int slot = other < own ? other : other - 1;
                        g->uv_cell_sets[(size_t)c * (n - 1) + slot] = (uint16_t)id;
                    }
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
