/*
 * chain_nesting.c — Sudoku Explainer's nested forcing chains (ER 9.5 and
 * up): the levels in SE's order, and the inner rule of levels 4 and 5, a
 * whole dynamic forcing chain search run on a stalled walk's grid.
 *
 * Design: a level is the dynamic forcing search of chain_forcing.c whose
 * walks, when stalled (and the (+) patterns found nothing), ask an inner
 * rule: level 2 SE's static forcing chains, level 3 then its multiple
 * forcing chains (both chain_nested.c), level 4 its dynamic forcing chains
 * and level 5 then its level-2 nested chains (here). A dynamic inner rule
 * runs chain_forcing.c again in collect mode, in a child context whose
 * grid is the walk's reduced grid; each hint it collects becomes an inner
 * hint whose parents are the outer walk's removals that the hint's
 * bivalue cells and two-place units needed. The rule is passed to the
 * search as a function, so chain_forcing.c never calls this file.
 *
 * Cost: a level-4 walk stall costs a whole dynamic forcing search
 * (hundreds of walks), so a level-4 step costs thousands of those; level 5
 * nests a level-2 search inside. All of it is only reached on 9x9 grids
 * (SE's size, where its ratings exist): on 16x16 and larger the (+) level
 * alone already costs 35x-100x the plain dynamic search (chain_forcing.c),
 * and the engine goes on to the labelled trial step there.
 */
#include "chain_internal.h"

#include <string.h>

typedef struct collect_ctx {
    doku_logic *L, *C; /* outer context; child holding the walk's grid */
    const lmask *g, *gpos;
    int failed;
} collect_ctx;

/* The parents of a collected hint: every on node among its chains'
 * ancestors adds the outer walk's removals its cause relied on. */
static int hint_parents(collect_ctx *cc, const chain_hint *h)
{
    doku_logic *C = cc->C;
    struct chain_ws *w = C->cw;
    for (int t = 0; t < h->nb; t++) {
        const branch *b = h->brs[t];
        seen_next(w);
        int sp = 0;
        w->stack[sp++] = h->inst[t];
        for (int x; (x = ancestor_next(w, b, &sp)) >= 0;) {
            int node = b->inode[x];
            if (NON(node) && b->icause[x] != -1 &&
                chain_nest_cause_parents(cc->L, cc->g, cc->gpos, node, b->icause[x]))
                return -1;
        }
    }
    /* a cell or region chain's sources are tied by their cell or unit */
    if (h->kind == 1 && chain_nest_cause_parents(cc->L, cc->g, cc->gpos, h->src, -2))
        return -1;
    if (h->kind == 2 && chain_nest_cause_parents(cc->L, cc->g, cc->gpos, h->src, h->unit))
        return -1;
    return 0;
}

static void collect(void *ctx, const chain_hint *h)
{
    collect_ctx *cc = ctx;
    doku_logic *L = cc->L;
    if (cc->failed || chain_nest_open(L) || hint_parents(cc, h)) {
        cc->failed = 1;
        return;
    }
    int c = NCELL(h->node), d = NDIG(h->node), bad = 0;
    if (NON(h->node)) {
        for (lmask o = cc->g[c] & ~LBIT(d); o; o &= o - 1)
            bad |= chain_nest_elim(L, NODE(c, lfirst(o) + 1, 0));
    } else {
        bad |= chain_nest_elim(L, h->node);
    }
    if (bad || chain_nest_close(L, h->rating, h->cx, h->key, h->seq))
        cc->failed = 1;
}

static int dynamic_rule(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add, void *ctx);

/* The static inner rules through the memo of their results
 * (chain_nest_memo.c; keys 2 and 3 its levels): outer walks meet the
 * same grids again. */
static int memo_nested_rule(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add,
                            void *ctx)
{
    return chain_nest_memo_run(L, g, gpos, level, level, add, ctx, chain_nested_rule);
}

/* One inner search of the child at `level` over the walk's grid. */
static int inner_search(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add, void *ctx)
{
    doku_logic *C = chain_child(L);
    if (!C)
        return logic_nomem(L);
    C->nomem = 0;
    memcpy(C->cand, g, sizeof(lmask) * (size_t)L->nc);
    memcpy(C->pos, gpos, sizeof(lmask) * (size_t)L->nunits * (size_t)L->n);
    chain_nest_memo_clear(C); /* its grid changed */
    C->deadline = L->deadline;
    C->timed_out = 0;
    C->work = L->work;
    C->work_limit = L->work_limit;
    collect_ctx cc = {L, C, g, gpos, 0};
    chain_nest_reset(L);
    chain_inner_rule inner = level <= 1 ? NULL : level <= 3 ? memo_nested_rule : dynamic_rule;
    chain_forcing_search(C, level, inner, collect, &cc);
    L->work = C->work;
    if (C->timed_out)
        L->timed_out = 1;
    if (C->nomem)
        L->nomem = 1; /* the inner search's step would be unreliable */
    if (cc.failed || L->timed_out || L->nomem) {
        chain_nest_reset(L);
        return 0;
    }
    return chain_nest_report(L, add, ctx);
}

/* An inner search through the memo (keys 10 + its level, apart from the
 * static rules'): level 5 asks first what level 4 asked on the same
 * grids, and the outer walks meet the same grids again. */
static int memo_inner_search(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add,
                             void *ctx)
{
    return chain_nest_memo_run(L, g, gpos, level, 10 + level, add, ctx, inner_search);
}

/* Level 4: SE's dynamic forcing chains; level 5: then its level-2
 * nested chains (level - 3), when the first found nothing. */
static int dynamic_rule(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add, void *ctx)
{
    if (memo_inner_search(L, g, gpos, 0, add, ctx))
        return 1;
    return level >= 5 && memo_inner_search(L, g, gpos, level - 3, add, ctx);
}

/* SE's own grid size; see the cost note above. */
enum { NESTED_MAX_SIDE = 9, NESTED_MAX_LEVEL = 5 };

int logic_chain_nested(doku_logic *L)
{
    if (!L->cw || L->n > NESTED_MAX_SIDE)
        return 0;
    chain_nest_memo_clear(L); /* L's grid changed since the last search */
    for (int level = 2; level <= NESTED_MAX_LEVEL; level++) {
        chain_inner_rule inner = level <= 3 ? memo_nested_rule : dynamic_rule;
        int found = chain_forcing_search(L, level, inner, NULL, NULL);
        if (found || L->timed_out || logic_past_deadline(L)) {
            chain_nest_memo_clear(L);
            return found;
        }
    }
    chain_nest_memo_clear(L);
    return 0;
}
