/*
 * variant_chain.c — a variant puzzle's constraints inside the dynamic
 * forcing chains (chain_forcing.c): when a walk runs dry, each cage and
 * line whose cells the walk narrowed is asked again, on the walk's grid,
 * what it rules out; those candidates become off nodes of the walk,
 * their parents the removals in the constraint's cells (and, for a
 * cage's locked digits, in the unit that pins them), and the chain's
 * sentence names the constraint at that link ("r1c2<>5 -[cage
 * r1c1-r1c3 (sum 7)]-> r1c3<>2").
 *
 * Design: the support functions of the constraint steps (lvar_cage_support,
 * lvar_fit_support) read the context's grid; the walk's grid is lent to
 * the context for the call (its cand and pos pointers, put back before
 * returning), so one rule serves the steps and the chains and a chain
 * can never conclude what the step would not. Only constraints touched
 * by the walk are asked (an untouched one equals the real grid, where the
 * steps found nothing), and a small memo per constraint remembers the
 * states of its cells that rule nothing out: walks of one search meet the
 * same states again and again. The rules on every pair of neighbours and
 * the cell marks stay out: their parents would be the whole grid.
 */
#include "variant_internal.h"

#include <string.h>

enum { PAR_MAX = 256, WALK_CELLS = 64 };

typedef struct wctx {
    doku_logic *L;
    const lmask *real, *realpos; /* the context's own grid */
    const lmask *g;
    lvar_walk_sink add;
    void *ctx;
    int32_t par[PAR_MAX];
    int np;
    int count;
} wctx;

/* Whether the kind is asked inside walks. */
static int walk_kind(doku_constraint_kind k)
{
    switch (k) {
    case DOKU_CON_THERMO:
    case DOKU_CON_WHISPER:
    case DOKU_CON_RENBAN:
    case DOKU_CON_PALINDROME:
    case DOKU_CON_BETWEEN:
    case DOKU_CON_REGION_SUM:
    case DOKU_CON_ARROW:
    case DOKU_CON_LITTLE_KILLER:
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM:
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
    case DOKU_CON_GREATER:
    case DOKU_CON_QUADRUPLE:
        return 1;
    default:
        return 0;
    }
}

static int touched(const wctx *w, const uint16_t *cells, int m)
{
    for (int i = 0; i < m; i++)
        if (w->g[cells[i]] != w->real[cells[i]])
            return 1;
    return 0;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

/* The memo of constraint con: 1 when state h is known to rule nothing
 * out; remember: record it. */
static int memo(struct logic_variant *V, int con, uint64_t h, int remember)
{
    uint64_t *slot = V->walk_memo + (size_t)con * WALK_WAYS;
    for (int i = 0; i < WALK_WAYS; i++)
        if (slot[i] == h)
            return 1;
    if (remember) {
        memmove(slot + 1, slot, sizeof(uint64_t) * (WALK_WAYS - 1));
        slot[0] = h;
    }
    return 0;
}

/* Adds the walk's removals of cell (candidates of the real grid the
 * walk's grid lacks), digits in mask only. */
static void parents_of(wctx *w, int cell, lmask mask)
{
    doku_logic *L = w->L;
    for (lmask d = w->real[cell] & ~w->g[cell] & mask; d && w->np < PAR_MAX; d &= d - 1)
        w->par[w->np++] = (int32_t)(((cell * L->n) + lfirst(d)) * 2);
}

/* Reports what sup rules out of cells[0..m) for constraint con. */
static int report(wctx *w, int con, const int *cells, int m, const lmask *sup)
{
    doku_logic *L = w->L;
    int k = 0;
    for (int i = 0; i < m; i++) {
        int c = cells[i];
        if (L->val[c])
            continue;
        for (lmask d = w->g[c] & ~sup[i]; d; d &= d - 1) {
            w->add(w->ctx, ((c * L->n) + lfirst(d)) * 2, w->par, w->np, con);
            k++;
        }
    }
    w->count += k;
    return k;
}

static void walk_cages(wctx *w)
{
    doku_logic *L = w->L;
    struct logic_variant *V = L->var;
    for (int k = 0; k < V->ncages; k++) {
        const lvar_cage *cg = &V->cages[k];
        if (cg->m > WALK_CELLS || !touched(w, cg->cells, cg->m))
            continue;
        int why[64];
        lmask need = lvar_cage_needs(L, cg, why);
        uint64_t h = mix(0x9e3779b97f4a7c15ull, need);
        for (int i = 0; i < cg->m; i++)
            h = mix(h, lvar_dom(L, cg->cells[i]) + ((uint64_t)cg->cells[i] << 56));
        h |= 1;
        if (memo(V, cg->con, h, 0))
            continue;
        lmask sup[WALK_CELLS];
        int nf = lvar_cage_support(L, cg, need, sup);
        int cells[WALK_CELLS], any = 0;
        for (int i = 0; i < cg->m; i++) {
            cells[i] = cg->cells[i];
            any |= !L->val[cells[i]] && (w->g[cells[i]] & ~sup[i]);
        }
        if (nf < 0 || !any) {
            if (nf >= 0 && !L->timed_out)
                memo(V, cg->con, h, 1);
            continue;
        }
        w->np = 0;
        for (int i = 0; i < cg->m; i++)
            parents_of(w, cells[i], ~(lmask)0);
        /* a locked digit's unit: the removals that left it only here */
        for (lmask dm = need; dm; dm &= dm - 1) {
            int u = why[lfirst(dm)];
            for (int i = 0; i < L->n; i++) {
                int c = logic_unit_cell(L, u, i);
                if (V->cage_of[c] != k)
                    parents_of(w, c, dm & -dm);
            }
        }
        report(w, cg->con, cells, cg->m, sup);
    }
}

static void walk_lines(wctx *w, int *cells, lmask *sup)
{
    doku_logic *L = w->L;
    struct logic_variant *V = L->var;
    size_t count = doku_constraints_count(V->cs);
    for (size_t i = 0; i < count; i++) {
        doku_constraint c;
        doku_constraints_get(V->cs, i, &c);
        if (!walk_kind(c.kind) || !touched(w, c.cells, (int)c.ncells))
            continue;
        uint64_t h = 0x9e3779b97f4a7c15ull;
        for (size_t j = 0; j < c.ncells; j++)
            h = mix(h, lvar_dom(L, c.cells[j]) + ((uint64_t)c.cells[j] << 56));
        h |= 1;
        if (memo(V, (int)i, h, 0))
            continue;
        int m = 0;
        if (!lvar_fit_support(L, &c, cells, &m, sup))
            continue; /* over budget: nothing may be concluded, nor remembered */
        int any = 0;
        for (int j = 0; j < m && !any; j++)
            any = !L->val[cells[j]] && (w->g[cells[j]] & ~sup[j]);
        if (!any) {
            if (!L->timed_out)
                memo(V, (int)i, h, 1);
            continue;
        }
        w->np = 0;
        for (size_t j = 0; j < c.ncells; j++)
            parents_of(w, c.cells[j], ~(lmask)0);
        report(w, (int)i, cells, m, sup);
    }
}

int logic_var_walk(doku_logic *L, const lmask *g, const lmask *gpos, lvar_walk_sink add, void *ctx)
{
    struct logic_variant *V = L->var;
    if (!V)
        return 0;
    int cells[WALK_CELLS > DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N
                  ? WALK_CELLS
                  : DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    lmask sup[sizeof cells / sizeof cells[0]];
    wctx w;
    w.L = L;
    w.real = L->cand;
    w.realpos = L->pos;
    w.g = g;
    w.add = add;
    w.ctx = ctx;
    w.np = 0;
    w.count = 0;
    /* lend the walk's grid to the context (see the design note) */
    lmask *keep = L->cand, *keeppos = L->pos;
    L->cand = (lmask *)g;
    L->pos = (lmask *)gpos;
    walk_cages(&w);
    if (V->off_table)
        walk_lines(&w, cells, sup);
    L->cand = keep;
    L->pos = keeppos;
    return w.count;
}
