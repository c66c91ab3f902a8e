/*
 * generic.c — the search engine for every shape and variant.
 *
 * Candidates are 64-bit masks per cell. Each node propagates naked singles
 * (through the peer lists) and hidden singles (through the unit table) to a
 * fixpoint, then branches on the cell with the fewest candidates. Undo is by
 * copying the per-cell state into the next level of a stack that grows on
 * demand, so the search allocates nothing after its first deep descent.
 */
#include "search_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct level {
    uint64_t *cand;   /* [ncells] candidates; a single bit once placed */
    uint8_t *val;     /* [ncells] placed digit or 0 */
    int filled;
} level;

struct generic_engine {
    const doku_shape *s;
    uint64_t full;
    level *levels;
    int nlevels, cap;
    int *queue;       /* [ncells] cells whose digit waits to be placed */
    uint8_t *qdigit;  /* digit per queued cell */
};

static int bit_index(uint64_t m) { return __builtin_ctzll(m); }
static int popcount64(uint64_t m) { return __builtin_popcountll(m); }

doku_status generic_create(const doku_shape *s, generic_engine **out)
{
    generic_engine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    e->s = s;
    e->full = s->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << s->n) - 1);
    e->queue = malloc(sizeof(int) * (size_t)s->ncells);
    e->qdigit = malloc((size_t)s->ncells);
    if (!e->queue || !e->qdigit) {
        generic_free(e);
        return DOKU_ERR_NOMEM;
    }
    *out = e;
    return DOKU_OK;
}

void generic_free(generic_engine *e)
{
    if (!e)
        return;
    for (int i = 0; i < e->nlevels; i++) {
        free(e->levels[i].cand);
        free(e->levels[i].val);
    }
    free(e->levels);
    free(e->queue);
    free(e->qdigit);
    free(e);
}

/* @return level d, allocating it on first use, or NULL when out of memory. */
static level *get_level(generic_engine *e, int d)
{
    if (d < e->nlevels)
        return &e->levels[d];
    if (d >= e->cap) {
        int cap = e->cap ? e->cap * 2 : 16;
        level *nl = realloc(e->levels, sizeof(level) * (size_t)cap);
        if (!nl)
            return NULL;
        e->levels = nl;
        e->cap = cap;
    }
    level *L = &e->levels[d];
    L->cand = malloc(sizeof(uint64_t) * (size_t)e->s->ncells);
    L->val = malloc((size_t)e->s->ncells);
    if (!L->cand || !L->val) {
        free(L->cand);
        free(L->val);
        return NULL;
    }
    e->nlevels = d + 1;
    return L;
}

/* Places digit d (1-based) in cell and everything it forces through naked
 * singles. @return 0 on contradiction. */
static int place(generic_engine *e, level *L, int cell, int d)
{
    const doku_shape *s = e->s;
    int head = 0, tail = 0;
    e->queue[tail] = cell;
    e->qdigit[tail++] = (uint8_t)d;
    while (head < tail) {
        int c = e->queue[head];
        int v = e->qdigit[head++];
        uint64_t bit = (uint64_t)1 << (v - 1);
        if (L->val[c])
            if (L->val[c] == v)
                continue;
        if (!(L->cand[c] & bit))
            return 0;
        L->val[c] = (uint8_t)v;
        L->cand[c] = bit;
        L->filled++;
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        for (int i = 0, np = s->peer_count[c]; i < np; i++) {
            int p = pp[i];
            uint64_t m = L->cand[p];
            if (!(m & bit))
                continue;
            m &= ~bit;
            if (!m)
                return 0;
            L->cand[p] = m;
            if (!(m & (m - 1)) && !L->val[p]) {
                if (tail >= s->ncells)
                    return 0; /* cannot happen: each cell queues once */
                e->queue[tail] = p;
                e->qdigit[tail++] = (uint8_t)(bit_index(m) + 1);
            }
        }
    }
    return 1;
}

/* Hidden singles over every unit, to a fixpoint. @return 0 on contradiction. */
static int hidden_singles(generic_engine *e, level *L)
{
    const doku_shape *s = e->s;
    int n = s->n, progress = 1;
    while (progress) {
        progress = 0;
        for (int u = 0; u < s->nunits; u++) {
            const uint16_t *uc = s->unit_cells + (size_t)u * n;
            uint64_t once = 0, twice = 0;
            for (int i = 0; i < n; i++) {
                uint64_t m = L->cand[uc[i]];
                twice |= once & m;
                once |= m;
            }
            if (once != e->full)
                return 0;
            uint64_t only = once & ~twice;
            while (only) {
                uint64_t bit = only & (~only + 1);
                only &= only - 1;
                for (int i = 0; i < n; i++) {
                    int c = uc[i];
                    if (!(L->cand[c] & bit))
                        continue;
                    if (!L->val[c]) {
                        if (!place(e, L, c, bit_index(bit) + 1))
                            return 0;
                        progress = 1;
                    }
                    break;
                }
            }
        }
    }
    return 1;
}

static int pick_branch_cell(const generic_engine *e, const level *L)
{
    int best = -1, best_count = 65;
    for (int c = 0; c < e->s->ncells; c++) {
        if (L->val[c])
            continue;
        int k = popcount64(L->cand[c]);
        if (k < best_count) {
            best_count = k;
            best = c;
            if (k == 2)
                break;
        }
    }
    return best;
}

static void search_level(generic_engine *e, int depth, search_ctx *ctx)
{
    level *L = &e->levels[depth];
    if (!hidden_singles(e, L))
        return;
    if (L->filled == e->s->ncells) {
        search_report_solution(ctx, L->val, e->s->ncells);
        return;
    }
    int cell = pick_branch_cell(e, L);
    level *next = get_level(e, depth + 1);
    if (!next) {
        ctx->gave_up = ctx->stop = 1; /* out of memory: an honest give-up */
        return;
    }
    L = &e->levels[depth]; /* get_level may have moved the array */
    uint64_t m = L->cand[cell];
    while (m && !ctx->stop) {
        int d = bit_index(m) + 1;
        m &= m - 1;
        if (m)
            ctx->guesses++;
        if (search_count_node(ctx))
            return;
        memcpy(next->cand, L->cand, sizeof(uint64_t) * (size_t)e->s->ncells);
        memcpy(next->val, L->val, (size_t)e->s->ncells);
        next->filled = L->filled;
        if (place(e, next, cell, d))
            search_level(e, depth + 1, ctx);
        L = &e->levels[depth];
        next = &e->levels[depth + 1];
    }
}

void generic_run(generic_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    const doku_shape *s = e->s;
    level *L = get_level(e, 0);
    if (!L) {
        ctx->gave_up = 1;
        return;
    }
    for (int c = 0; c < s->ncells; c++) {
        L->cand[c] = e->full;
        L->val[c] = 0;
    }
    L->filled = 0;
    search_count_node(ctx);
    for (int c = 0; c < s->ncells; c++)
        if (givens[c] && !place(e, L, c, givens[c]))
            return;
    search_level(e, 0, ctx);
}
