/*
 * engine_search.c — doku_constraints_search: depth-first search over the
 * variant engine's domains, one copy of the domains per level, branching
 * on the open cell with the fewest digits (ties: the one in most rules).
 * Limit, node budget and deadline are those of doku_search
 * (search_ctx.c).
 */
#include "engine_internal.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

typedef struct vsearch {
    vengine *e;
    search_ctx *ctx;
    vmask *dom;      /* (ncells + 1) levels */
    uint8_t *fixed;
    uint8_t *grid;
    int *weight;     /* [ncells] rules and peers a cell takes part in */
} vsearch;

static void leaf(vsearch *s, const vmask *dom)
{
    vengine *e = s->e;
    for (int c = 0; c < e->ncells; c++)
        s->grid[c] = (uint8_t)(bits_lowest(dom[c]) + 1);
    /* every propagator is complete on a full grid; this is the net under
     * that claim (a few hundred operations per solution) */
    size_t broken;
    if (doku_constraints_check(e->cs, s->grid, (size_t)e->ncells, NULL, 0, &broken) != DOKU_OK ||
        broken)
        return;
    search_report_solution(s->ctx, s->grid, e->ncells);
}

static void dfs(vsearch *s, int lv)
{
    vengine *e = s->e;
    size_t nc = (size_t)e->ncells;
    vmask *dom = s->dom + (size_t)lv * nc;
    uint8_t *fixed = s->fixed + (size_t)lv * nc;
    int best = -1, bc = 99, bw = -1;
    uint32_t bwd = 0;
    for (int c = 0; c < e->ncells; c++) {
        vmask m = dom[c];
        if (bits_single(m))
            continue;
        /* fewest digits per failure seen on the cell (dom/wdeg); ties:
         * the cell in most rules */
        int k = bits_count(m);
        uint64_t lhs = (uint64_t)k * (1 + bwd), rhs = (uint64_t)bc * (1 + e->wdeg[c]);
        if (best < 0 || lhs < rhs || (lhs == rhs && s->weight[c] > bw)) {
            best = c;
            bc = k;
            bw = s->weight[c];
            bwd = e->wdeg[c];
        }
    }
    if (best < 0) {
        leaf(s, dom);
        return;
    }
    /* Without sum rules, a cell with more than four digits left gives way
     * to a digit with fewer places in a group: branch on its places (a
     * sparse grid of thermometers: 0.82M nodes instead of more than 2M
     * for HARD_THERMOS#0; from 3 digits 1.3M, from 5 0.93M). Killers and
     * little killers keep cell branching: there it tripled the nodes of
     * TAREK_ALL. */
    int bg = -1;
    vmask bdigit = 0;
    if (e->sparse_branching && bc > 4) {
        int n = e->n;
        for (int g = 0; g < e->ngroups; g++) {
            const uint16_t *cells = e->group_cells + (size_t)g * (size_t)n;
            vmask once = 0, twice = 0, done = 0;
            for (int i = 0; i < n; i++) {
                vmask m = dom[cells[i]];
                if (bits_single(m)) {
                    done |= m;
                    continue;
                }
                twice |= once & m;
                once |= m;
            }
            /* digits with two places: the best there is */
            vmask two = twice & ~done;
            for (vmask m = two; m; m &= m - 1) {
                vmask bit = m & -m;
                int places = 0;
                for (int i = 0; i < n; i++)
                    places += (dom[cells[i]] & bit) != 0;
                if (places < bc) {
                    bc = places;
                    bg = g;
                    bdigit = bit;
                    if (places == 2)
                        break;
                }
            }
            if (bc == 2)
                break;
        }
    }
    vmask *next = dom + nc;
    uint8_t *nfixed = fixed + nc;
    int first = 1;
    if (bg >= 0) {
        const uint16_t *cells = e->group_cells + (size_t)bg * (size_t)e->n;
        for (int i = 0; i < e->n; i++) {
            int c = cells[i];
            if (!(dom[c] & bdigit))
                continue;
            if (s->ctx->stop || search_count_node(s->ctx))
                return;
            if (!first)
                s->ctx->guesses++;
            first = 0;
            memcpy(next, dom, nc * sizeof *dom);
            memcpy(nfixed, fixed, nc);
            next[c] = bdigit;
            if (vengine_propagate(e, next, nfixed, &c, 1))
                dfs(s, lv + 1);
        }
        return;
    }
    for (vmask m = dom[best]; m; m &= m - 1) {
        if (s->ctx->stop || search_count_node(s->ctx))
            return;
        if (!first)
            s->ctx->guesses++;
        first = 0;
        memcpy(next, dom, nc * sizeof *dom);
        memcpy(nfixed, fixed, nc);
        next[best] = m & -m;
        if (vengine_propagate(e, next, nfixed, &best, 1))
            dfs(s, lv + 1);
    }
}

doku_status doku_constraints_search(const doku_constraints *cs, const uint8_t *givens,
                                    size_t ncells, const doku_search_opts *opts,
                                    uint8_t *solution, doku_solution_fn on_solution, void *user,
                                    doku_search_result *res)
{
    if (!cs || !givens || !res || ncells != (size_t)cs->shape->ncells ||
        (opts && (!(opts->time_budget >= 0) || (opts->flags & ~(unsigned)DOKU_SEARCH_GENERIC))))
        return DOKU_ERR_ARG;
    memset(res, 0, sizeof *res);
    const doku_shape *sh = cs->shape;
    for (int c = 0; c < sh->ncells; c++)
        if (givens[c] > sh->n)
            return DOKU_ERR_ARG;
    search_ctx ctx;
    search_ctx_start(&ctx, opts, solution, on_solution, user);

    vengine *e;
    if (vengine_create(cs, &e) != DOKU_OK)
        return DOKU_ERR_NOMEM;
    size_t nc = (size_t)sh->ncells;
    vsearch s = {e, &ctx, NULL, NULL, NULL, NULL};
    s.dom = malloc((nc + 2) * nc * sizeof *s.dom);
    s.fixed = malloc((nc + 2) * nc);
    s.grid = malloc(nc);
    s.weight = calloc(nc, sizeof *s.weight);
    e->wdeg = calloc(nc, sizeof *e->wdeg);
    if (!s.dom || !s.fixed || !s.grid || !s.weight || !e->wdeg) {
        free(s.dom);
        free(s.fixed);
        free(s.grid);
        free(s.weight);
        vengine_free(e);
        return DOKU_ERR_NOMEM;
    }
    for (int c = 0; c < e->ncells; c++) {
        s.weight[c] = e->cell_prop_off[c + 1] - e->cell_prop_off[c];
        s.dom[c] = e->init[c];
        if (givens[c])
            s.dom[c] &= (vmask)1 << (givens[c] - 1);
    }
    memset(s.fixed, 0, nc);
    int ok = 1;
    for (int c = 0; c < e->ncells; c++)
        ok &= s.dom[c] != 0;
    search_count_node(&ctx);
    if (ok && vengine_propagate(e, s.dom, s.fixed, NULL, 0))
        dfs(&s, 0);
    res->solutions = ctx.solutions;
    res->nodes = ctx.nodes;
    res->guesses = ctx.guesses;
    free(s.dom);
    free(s.fixed);
    free(s.grid);
    free(s.weight);
    vengine_free(e);
    return ctx.gave_up ? DOKU_GAVE_UP : DOKU_OK;
}
