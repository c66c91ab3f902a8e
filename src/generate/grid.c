/*
 * grid.c — random complete grids for any shape and variant.
 *
 * A small randomised search over the shape's tables: naked singles through
 * the peer lists (and hidden singles through the unit table on big grids),
 * then a branch on a fewest-candidates cell found from a random starting
 * point, trying its digits in random order. A try that exceeds its node
 * budget restarts with fresh random choices, so an unlucky early choice
 * cannot stall a 25x25 fill. Every choice comes from the caller's rng: same seed, same grid.
 */
#include "gen_internal.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>

static cands_grid *fill_level(doku_generator *g, int d)
{
    if (d < g->nlevels)
        return &g->levels[d];
    if (d >= g->cap) {
        int cap = g->cap ? g->cap * 2 : 16;
        cands_grid *nl = realloc(g->levels, sizeof *nl * (size_t)cap);
        if (!nl)
            return NULL;
        g->levels = nl;
        g->cap = cap;
    }
    /* every level borrows the level grid's scratch: one cascade at a time */
    if (cands_init(&g->levels[d], g->s, &g->lgrid) != DOKU_OK)
        return NULL;
    g->nlevels = d + 1;
    return &g->levels[d];
}

/* @return 1 solved (grid written), 0 dead end, -1 budget, -2 memory,
 * -3 past the deadline (checked every 64 nodes: a 64x64 node copies
 * 36 KB, so the clock is read often enough yet costs nothing). */
static int fill_search(doku_generator *g, doku_rng *rng, int depth, int last,
                       uint64_t *nodes, uint64_t budget, double deadline,
                       uint8_t *grid)
{
    cands_grid *L = &g->levels[depth];
    /* Hidden singles: filling up to 16x16 is faster without them (naked
     * singles and a few extra nodes cost less than the scans: 15 vs 44 us
     * per 9x9 grid); from 25x25 on they prune enough to pay (2 vs 18 ms). */
    if (g->n > 16 && cands_hidden_singles(L) < 0)
        return 0;
    if (L->filled == g->ncells) {
        memcpy(grid, L->val, (size_t)g->ncells);
        return 1;
    }
    /* Fewest candidates among the peers of the last branch cell (where
     * candidates just shrank), else over the grid from a random cell;
     * a two-candidate cell ends the scan (propagation leaves no singles).
     * A random choice among good cells without a full scan per node. */
    int best = 65, cell = -1, nc = g->ncells;
    if (last >= 0) {
        const uint16_t *pp = g->s->peers + (size_t)last * g->s->max_peers;
        int np = g->s->peer_count[last];
        int start = (int)doku_rng_below(rng, (uint32_t)np);
        for (int i = 0, j = start; i < np; i++, j = j + 1 == np ? 0 : j + 1) {
            int c = pp[j];
            if (L->val[c])
                continue;
            int k = bits_count(L->cand[c]);
            if (k < best) {
                best = k;
                cell = c;
                if (k == 2)
                    break;
            }
        }
    }
    if (cell < 0) {
        int start = (int)doku_rng_below(rng, (uint32_t)nc);
        for (int i = 0, c = start; i < nc; i++, c = c + 1 == nc ? 0 : c + 1) {
            if (L->val[c])
                continue;
            uint64_t m = L->cand[c], rest = m & (m - 1);
            if (!(rest & (rest - 1))) { /* two candidates: as good as it gets */
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
    if (!fill_level(g, depth + 1))
        return -2;
    L = &g->levels[depth];
    uint64_t m = L->cand[cell];
    while (m) {
        if (++*nodes > budget)
            return -1;
        if (deadline > 0 && !(*nodes & 63) && clock_monotonic_seconds() > deadline)
            return -3;
        int k = (int)doku_rng_below(rng, (uint32_t)bits_count(m));
        uint64_t rest = m;
        while (k--)
            rest &= rest - 1;
        uint64_t bit = rest & (~rest + 1);
        m &= ~bit;
        cands_grid *N = &g->levels[depth + 1];
        cands_copy(N, L);
        if (!cands_place(N, cell, bits_lowest(bit)))
            continue;
        int r = fill_search(g, rng, depth + 1, cell, nodes, budget, deadline, grid);
        if (r)
            return r;
        L = &g->levels[depth];
    }
    return 0;
}

/* Attempts of the own filler before the solver takes over: enough for
 * every shape up to 36x36 plain and x (and 12x12 hyper). Where its
 * singles-only propagation keeps failing (hyper from 15x15) or each node's
 * state copy is too dear (49x49 and up: 64x64 spent a 30 s budget in
 * them) the solver goes first: it fills those shapes in milliseconds. */
static int own_attempts(const doku_generator *g)
{
    if (g->n > 36 || (g->n >= 15 && (g->s->variants & DOKU_VARIANT_HYPER)))
        return 0;
    return 8;
}

/* The fallback: a random first row, completed by doku_search (limit 1,
 * its stronger propagation finds hyper's implied regions), restarting
 * with a new row and a doubled node budget when a completion runs long.
 * @return as gen_fill. */
static int fill_by_solver(doku_generator *g, doku_rng *rng, double deadline,
                          uint8_t *grid)
{
    uint8_t *row = g->work; /* the givens: the reduction's scratch, idle now */
    uint64_t budget = 4 * (uint64_t)g->ncells;
    for (int attempt = 0; attempt < 24; attempt++, budget *= 2) {
        memset(row, 0, (size_t)g->ncells);
        for (int i = 0; i < g->n; i++) {
            int j = (int)doku_rng_below(rng, (uint32_t)i + 1);
            row[i] = row[j];
            row[j] = (uint8_t)(i + 1);
        }
        /* The generic engine always: the fast paths exist or not by CPU,
         * and the grid must depend on the seed alone. */
        doku_search_opts so = {1, budget, 0, DOKU_SEARCH_GENERIC};
        if (deadline > 0) {
            so.time_budget = deadline - clock_monotonic_seconds();
            if (so.time_budget <= 0)
                return -2;
        }
        doku_search_result res;
        doku_status st = doku_search(g->solver, row, (size_t)g->ncells, &so, grid, NULL, NULL, &res);
        if (st != DOKU_OK && st != DOKU_GAVE_UP)
            return -1;
        if (res.solutions == 1)
            return 1;
        if (deadline > 0 && clock_monotonic_seconds() > deadline)
            return -2;
        if (st == DOKU_OK && attempt == 0) {
            /* no grid starts with this row; a shape with none at all
             * fails every row, one without grids fails here at once */
            memset(row, 0, (size_t)g->ncells);
            st = doku_search(g->solver, row, (size_t)g->ncells, &so, grid, NULL, NULL, &res);
            if (st != DOKU_OK && st != DOKU_GAVE_UP)
                return -1;
            if (res.solutions == 1)
                continue;
            if (st == DOKU_OK)
                return 0;
        }
    }
    return 0;
}

int gen_fill(doku_generator *g, doku_rng *rng, double deadline, uint8_t *grid)
{
    /* Budgets grow per restart: cheap retries first, yet a shape that
     * needs a long search (an awkward jigsaw) still gets one. */
    uint64_t budget = 50 + 4 * (uint64_t)g->ncells;
    for (int attempt = 0, own = own_attempts(g); attempt < own; attempt++, budget *= 2) {
        if (g->l9) {
            /* classic 9x9: the same search on fixed tables (grid9.c) */
            int r = gen_fill9_attempt(g, rng, budget, deadline, grid);
            if (r == 1 || r == 0)
                return r;
            if (r == -3)
                return -2;
            continue;
        }
        cands_grid *L = fill_level(g, 0);
        if (!L)
            return -1;
        cands_clear(L);
        /* Row 1 as a random permutation: distinct digits never conflict in
         * any unit, and it saves the search n branch nodes. */
        uint8_t perm[DOKU_MAX_N];
        for (int i = 0; i < g->n; i++) {
            int j = (int)doku_rng_below(rng, (uint32_t)i + 1);
            perm[i] = perm[j];
            perm[j] = (uint8_t)(i + 1);
        }
        int ok = 1;
        for (int c = 0; c < g->n && ok; c++)
            ok = cands_place(L, c, perm[c] - 1);
        if (!ok)
            continue; /* a variant's naked singles ruled this row out */
        uint64_t nodes = 0;
        int r = fill_search(g, rng, 0, -1, &nodes, budget, deadline, grid);
        if (r == 1)
            return 1;
        if (r == -3)
            return -2;
        if (r == 0)
            return 0; /* exhausted: the shape has no solution */
        if (r == -2)
            return -1;
    }
    return fill_by_solver(g, rng, deadline, grid);
}

doku_status doku_generate_grid(doku_generator *g, doku_rng *rng, uint8_t *grid, size_t ncells)
{
    return doku_generate_grid_timed(g, rng, 0, grid, ncells);
}

doku_status doku_generate_grid_timed(doku_generator *g, doku_rng *rng,
                                     double time_budget, uint8_t *grid, size_t ncells)
{
    if (!g || !rng || !grid || !(time_budget >= 0) || ncells != (size_t)g->ncells)
        return DOKU_ERR_ARG;
    double deadline = time_budget > 0 ? clock_monotonic_seconds() + time_budget : 0;
    int r = gen_fill(g, rng, deadline, grid);
    if (r == -2)
        return DOKU_GAVE_UP;
    return r > 0 ? DOKU_OK : r < 0 ? DOKU_ERR_NOMEM : DOKU_ERR_SHAPE;
}
