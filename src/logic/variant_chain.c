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
 * The 45 rule's sums (each area's open innies or outies, listed again
 * when the placed digits change) are asked like cages, as virtual cages
 * whose cells differ where they must.
 */
#include "variant_internal.h"

#include <stdlib.h>
#include <string.h>

enum { PAR_MAX = 256, WALK_CELLS = 64, WALK_SUM_NODES = 1000 };

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

/* The 45 rule's sums for the placed digits of now (listed again when
 * they change): each area's open innies, and its open outies when every
 * cell inside lies in a cage. @return 0, or -1 without memory. */
static int vsums_ready(doku_logic *L)
{
    struct logic_variant *V = L->var;
    uint64_t key = 0x9e3779b97f4a7c15ull;
    for (int c = 0; c < L->nc; c++)
        key = mix(key, L->val[c] + ((uint64_t)c << 8));
    key |= 1;
    if (V->vsums && V->vsum_key == key)
        return 0;
    size_t cap = (size_t)V->nareas * 2;
    if (!V->vsums) {
        V->vsums = malloc(sizeof *V->vsums * (cap ? cap : 1));
        V->vsum_memo = malloc(sizeof(uint64_t) * (cap ? cap : 1) * WALK_WAYS);
        if (!V->vsums || !V->vsum_memo) {
            free(V->vsums);
            free(V->vsum_memo);
            V->vsums = NULL;
            V->vsum_memo = NULL;
            return -1;
        }
    }
    memset(V->vsum_memo, 0, sizeof(uint64_t) * (cap ? cap : 1) * WALK_WAYS);
    V->vsum_key = key;
    V->nvsums = 0;
    int nc = L->nc;
    uint8_t *flags = malloc((size_t)(V->ncages ? V->ncages : 1));
    int *buf = malloc(sizeof(int) * (size_t)nc * 3);
    if (!flags || !buf) {
        free(flags);
        free(buf);
        V->vsum_key = 0;
        return -1;
    }
    for (int ai = 0; ai < V->nareas; ai++) {
        int ni, no, unc, s_part, *inn = buf, *out = buf + nc, *un = buf + 2 * nc;
        int t_in = lvar_area_split(L, &V->areas[ai], flags, inn, &ni, un, &unc, out, &no, &s_part);
        for (int side = 0; side < 2; side++) {
            const int *cells = side ? out : inn;
            int m = side ? no : ni, sum = side ? s_part - t_in : t_in;
            if (m == 0 || (side && unc))
                continue;
            lvar_vsum *v = &V->vsums[V->nvsums];
            v->k = 0;
            for (int i = 0; i < m && v->k <= VSUM_MAX; i++) {
                if (L->val[cells[i]])
                    sum -= L->val[cells[i]];
                else if (v->k < VSUM_MAX)
                    v->cells[v->k++] = (uint16_t)cells[i];
                else
                    v->k = VSUM_MAX + 1;
            }
            if (v->k < 2 || v->k > VSUM_MAX)
                continue;
            v->sum = sum;
            v->area = ai;
            v->outies = side;
            V->nvsums++;
        }
    }
    free(flags);
    free(buf);
    return 0;
}

static void walk_sums(wctx *w)
{
    doku_logic *L = w->L;
    struct logic_variant *V = L->var;
    int count = (int)doku_constraints_count(V->cs);
    for (int i = 0; i < V->nvsums; i++) {
        const lvar_vsum *v = &V->vsums[i];
        if (!touched(w, v->cells, v->k))
            continue;
        lmask dom[VSUM_MAX], sup[VSUM_MAX];
        uint8_t pairs[VSUM_MAX * VSUM_MAX];
        uint64_t h = 0x9e3779b97f4a7c15ull;
        for (int j = 0; j < v->k; j++) {
            dom[j] = lvar_dom(L, v->cells[j]);
            h = mix(h, dom[j] + ((uint64_t)j << 58));
        }
        h |= 1;
        uint64_t *slot = V->vsum_memo + (size_t)i * WALK_WAYS;
        int hit = 0;
        for (int j = 0; j < WALK_WAYS && !hit; j++)
            hit = slot[j] == h;
        if (hit)
            continue;
        for (int a = 0; a < v->k; a++)
            for (int b = 0; b < v->k; b++)
                pairs[a * v->k + b] = (uint8_t)lvar_must_differ(L, v->cells[a], v->cells[b]);
        /* a walk's search stays small: over its budget it concludes
         * nothing (remembered like nothing found: the same state would
         * run over again) */
        int r = lvar_sum_support_budget(dom, v->k, pairs, v->sum, sup, WALK_SUM_NODES,
                                        &V->spent);
        int any = 0, cells[VSUM_MAX];
        for (int j = 0; j < v->k && r >= 0; j++) {
            cells[j] = v->cells[j];
            any |= !L->val[cells[j]] && (w->g[cells[j]] & ~sup[j]);
        }
        if (!any) {
            memmove(slot + 1, slot, sizeof(uint64_t) * (WALK_WAYS - 1));
            slot[0] = h;
            continue;
        }
        w->np = 0;
        for (int j = 0; j < v->k; j++)
            parents_of(w, cells[j], ~(lmask)0);
        report(w, count + i, cells, v->k, sup);
    }
}

void lvar_text_link(doku_logic *L, int id)
{
    struct logic_variant *V = L->var;
    int count = (int)doku_constraints_count(V->cs);
    if (id < count) {
        lvar_text_con(L, id);
        return;
    }
    const lvar_vsum *v = &V->vsums[id - count];
    lstep_text(L, "45 rule on %s: ", V->areas[v->area].name);
    lvar_text_cells(L, v->cells, v->k, 1);
    lstep_text(L, " sum to %d", v->sum);
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
    if (V->nareas && vsums_ready(L) == 0)
        walk_sums(&w);
    L->cand = keep;
    L->pos = keeppos;
    return w.count;
}
