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
    return g->uv_left && g->uv_cell_sets ? 0 : -1;
}

void gen_unavoid_build(doku_generator *g, const uint8_t *sol, const uint8_t *givens)
{
    const doku_shape *s = g->s;
    int n = s->n;
    g->uv_on = g->uv_left != NULL;
    if (!g->uv_on)
        return;
    /* where[u][d]: unit u's cell holding digit d; rank[c]: c's index
     * among the cells holding its digit (in cell order) */
    uint16_t where[GEN_UNAVOID_MAX_CELLS * 3][16];
    uint8_t rank[GEN_UNAVOID_MAX_CELLS], seen[16] = {0};
    uint16_t cells_of[16][16];
    if (s->nunits > GEN_UNAVOID_MAX_CELLS * 3 || n > 16) {
        g->uv_on = 0;
        return;
    }
    for (int c = 0; c < s->ncells; c++) {
        int d = sol[c] - 1;
        if (seen[d] >= n) {
            g->uv_on = 0; /* not a grid of n cells per digit */
            return;
        }
        rank[c] = seen[d];
        cells_of[d][seen[d]++] = (uint16_t)c;
    }
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < n; i++) {
            int c = s->unit_cells[(size_t)u * n + i];
            where[u][sol[c] - 1] = (uint16_t)c;
        }
    int nsets = 0;
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            /* local ids: a-cells 0..n-1, b-cells n..2n-1; the links of
             * each as a bit mask of local ids, then a flood per component */
            uint32_t nb[32] = {0};
            for (int u = 0; u < s->nunits; u++) {
                int x = rank[where[u][a]], y = n + rank[where[u][b]];
                nb[x] |= (uint32_t)1 << y;
                nb[y] |= (uint32_t)1 << x;
            }
            uint32_t todo = ((uint32_t)1 << (2 * n)) - 1;
            while (todo) {
                uint32_t comp = todo & (~todo + 1), front = comp;
                while (front) {
                    int i = __builtin_ctz(front);
                    front &= front - 1;
                    uint32_t add = nb[i] & ~comp;
                    comp |= add;
                    front |= add;
                }
                todo &= ~comp;
                int id = nsets++, left = 0;
                for (uint32_t m = comp; m; m &= m - 1) {
                    int i = __builtin_ctz(m);
                    int own = i < n ? a : b, other = i < n ? b : a;
                    int c = cells_of[own][i < n ? i : i - n];
                    /* slot of digit `other` among c's n-1 other digits */
                    int slot = other < own ? other : other - 1;
                    g->uv_cell_sets[(size_t)c * (n - 1) + slot] = (uint16_t)id;
                    left += givens[c] != 0;
                }
                g->uv_left[id] = left;
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
