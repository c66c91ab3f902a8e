/*
 * chain_nest_memo.c — remembers what an inner rule of the nested forcing
 * chains reported for a walk's grid, so that the same grid, met again by
 * another outer walk, costs a table look-up instead of a whole inner
 * search.
 *
 * Why: the outer walks of one nested search stall on the same reduced
 * grids again and again (a region chain's walks repeat the cell loop's,
 * a bivalue cell's off walk ends where its other digit's on walk does,
 * and level 5 first asks again what level 4 asked). On Golden Nugget 59%
 * of the level-4 inner searches were repeats.
 *
 * Design: the key is the caller's (the rule and its level) and the walk's
 * grid g (gpos follows from g); what an inner rule reports also depends
 * on the context's own grid (the parents are the walk's removals from
 * it), so the caller clears the memo whenever that grid changes
 * (chain_nest_memo_clear).
 * An entry holds the rule's return value and every call it made to the
 * sink, in order, and a hit replays them: the outer walk cannot tell.
 * A search cut short (time limit, no memory) stores nothing. Past a
 * memory cap the memo starts empty again.
 */
#include "chain_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct memo_slot {
    uint64_t h;      /* 0: empty */
    int32_t key, ret;
    size_t gat, rat; /* g's copy in gpool; the calls in rpool */
    size_t rn;
} memo_slot;

struct nest_memo {
    int nc;
    memo_slot *tab;
    size_t cap, used;
    lmask *gpool;
    size_t ng, capg;
    int32_t *rpool;
    size_t nr, capr;
};

/* Past this the memo empties (the grids of one search rarely need more). */
enum { MEMO_MAX_BYTES = 48 << 20 };

void chain_nest_memo_free(struct nest_memo *m)
{
    if (!m)
        return;
    free(m->tab);
    free(m->gpool);
    free(m->rpool);
    free(m);
}

/* Empties the memo; `release` also gives its memory back (a context
 * keeps little between searches). */
static void memo_empty(struct nest_memo *m, int release)
{
    if (release && m->cap > 4096) {
        memo_slot *t = calloc(4096, sizeof(memo_slot));
        if (t) {
            free(m->tab);
            m->tab = t;
            m->cap = 4096;
            m->used = 0;
        }
    }
    if (m->used)
        memset(m->tab, 0, sizeof(memo_slot) * m->cap);
    if (release) {
        free(m->gpool);
        free(m->rpool);
        m->gpool = NULL;
        m->rpool = NULL;
        m->capg = m->capr = 0;
    }
    m->used = m->ng = m->nr = 0;
}

void chain_nest_memo_clear(doku_logic *L)
{
    struct nest_memo *m = L->cw ? L->cw->memo : NULL;
    if (m)
        memo_empty(m, 1);
}

static uint64_t grid_hash(const lmask *g, int nc, int key)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ (uint64_t)key;
    for (int i = 0; i < nc; i++) {
        h = (h ^ g[i]) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    return h ? h : 1;
}

static memo_slot *find_slot(struct nest_memo *m, uint64_t h, const lmask *g, int key)
{
    size_t mask = m->cap - 1;
    for (size_t k = (size_t)h & mask;; k = (k + 1) & mask) {
        memo_slot *s = &m->tab[k];
        if (!s->h || (s->h == h && s->key == key &&
                      !memcmp(m->gpool + s->gat, g, sizeof(lmask) * (size_t)m->nc)))
            return s;
    }
}

static struct nest_memo *memo_get(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    if (w->memo)
        return w->memo;
    struct nest_memo *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->nc = L->nc;
    m->cap = 4096;
    m->tab = calloc(m->cap, sizeof(memo_slot));
    if (!m->tab) {
        free(m);
        return NULL;
    }
    w->memo = m;
    return m;
}

/* The capacity, doubled from 4096, that holds need entries. */
static size_t grown(size_t cap, size_t need)
{
    size_t nc = cap ? cap : 4096;
    while (nc < need)
        nc *= 2;
    return nc;
}

static int grow_r(struct nest_memo *m, size_t need)
{
    if (need <= m->capr)
        return 0;
    size_t nc = grown(m->capr, need);
    int32_t *t = realloc(m->rpool, nc * sizeof(int32_t));
    if (!t)
        return -1;
    m->rpool = t;
    m->capr = nc;
    return 0;
}

static int grow_g(struct nest_memo *m, size_t need)
{
    if (need <= m->capg)
        return 0;
    size_t nc = grown(m->capg, need);
    lmask *t = realloc(m->gpool, nc * sizeof(lmask));
    if (!t)
        return -1;
    m->gpool = t;
    m->capg = nc;
    return 0;
}

/* Doubles the table (at half load), keeping the entries. */
static int rehash(struct nest_memo *m)
{
    size_t ncap = m->cap * 2;
    memo_slot *t = calloc(ncap, sizeof(memo_slot));
    if (!t)
        return -1;
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->tab[i].h)
            continue;
        size_t k = (size_t)m->tab[i].h & (ncap - 1);
        while (t[k].h)
            k = (k + 1) & (ncap - 1);
        t[k] = m->tab[i];
    }
    free(m->tab);
    m->tab = t;
    m->cap = ncap;
    return 0;
}

/* The sink that records each call (node, cx, hint, np, parents) and
 * passes it on. */
typedef struct tee {
    struct nest_memo *m;
    chain_nest_sink add;
    void *ctx;
    int failed;
} tee;

static void tee_sink(void *ctx, int node, const int32_t *parents, int np, int cx, int hint)
{
    tee *t = ctx;
    t->add(t->ctx, node, parents, np, cx, hint);
    struct nest_memo *m = t->m;
    if (t->failed || grow_r(m, m->nr + 4 + (size_t)np)) {
        t->failed = 1;
        return;
    }
    int32_t *r = m->rpool + m->nr;
    r[0] = node;
    r[1] = cx;
    r[2] = hint;
    r[3] = np;
    if (np > 0)
        memcpy(r + 4, parents, sizeof(int32_t) * (size_t)np);
    m->nr += 4 + (size_t)np;
}

int chain_nest_memo_run(doku_logic *L, const lmask *g, const lmask *gpos, int level, int key, chain_nest_sink add,
                        void *ctx, chain_inner_rule rule)
{
    struct nest_memo *m = memo_get(L);
    if (!m)
        return rule(L, g, gpos, level, add, ctx);
    uint64_t h = grid_hash(g, m->nc, key);
    memo_slot *s = find_slot(m, h, g, key);
    if (s->h) { /* seen: replay (an empty result may have no pool yet) */
        for (size_t at = s->rat, end = s->rat + s->rn; at < end; at += 4 + (size_t)m->rpool[at + 3]) {
            const int32_t *r = m->rpool + at;
            add(ctx, r[0], r + 4, r[3], r[1], r[2]);
        }
        return s->ret;
    }
    size_t bytes = m->cap * sizeof(memo_slot) + m->ng * sizeof(lmask) + m->nr * sizeof(int32_t);
    if (bytes > MEMO_MAX_BYTES) {
        memo_empty(m, 0);
        s = find_slot(m, h, g, key);
    }
    size_t rat = m->nr;
    tee t = {m, add, ctx, 0};
    int ret = rule(L, g, gpos, level, tee_sink, &t);
    if (t.failed || L->timed_out || L->nomem || logic_past_deadline(L)) {
        m->nr = rat;
        return ret;
    }
    if (grow_g(m, m->ng + (size_t)m->nc)) {
        m->nr = rat;
        return ret;
    }
    /* the rule's own inner searches may have stored entries meanwhile
     * (not in this memo: each context has its own), so s still holds */
    memcpy(m->gpool + m->ng, g, sizeof(lmask) * (size_t)m->nc);
    s->h = h;
    s->key = key;
    s->ret = ret;
    s->gat = m->ng;
    s->rat = rat;
    s->rn = m->nr - rat;
    m->ng += (size_t)m->nc;
    if (++m->used * 2 > m->cap && rehash(m))
        memo_empty(m, 0);
    return ret;
}
