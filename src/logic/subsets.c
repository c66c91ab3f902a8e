/*
 * subsets.c — naked and hidden pairs, triples and quads, and SE's "direct"
 * hidden pair/triple (a hidden set that at once leaves a hidden single).
 *
 * Design: one combination search per unit over small masks. Naked: k
 * cells whose candidates together are k digits. Hidden: k digits whose
 * places together are k cells. Both are the same search with the roles
 * of cells and digits swapped, so one walk (combo.c) serves both.
 */
#include "logic_internal.h"

/* A complete pick (cells for naked, digits for hidden) and the union of
 * their masks is confirmed by accept(), which writes the step. */
typedef int (*accept_fn)(doku_logic *L, int unit, const int *pick, int k, lmask uni, void *ctx);

typedef struct sub_ctx {
    int k;
    int direct;
    doku_technique tech;
    lrate rating;
    doku_logic *L;
    int unit;
    accept_fn accept;
} sub_ctx;

/* k items whose union has exactly k bits: a naked or hidden set. */
static int visit_set(void *vctx, const int *pick, int k, lmask uni)
{
    sub_ctx *cx = vctx;
    return lpop(uni) == k && cx->accept(cx->L, cx->unit, pick, k, uni, cx);
}

static void unit_order(const doku_logic *L, int *order)
{
    int k = 0;
    for (int rank = 0; rank < 4; rank++)
        for (int u = 0; u < L->nunits; u++) {
            int kd = L->shape->unit_kind[u];
            int r = (kd == DOKU_UNIT_BOX || kd == DOKU_UNIT_REGION) ? 0
                    : kd == DOKU_UNIT_ROW                             ? 1
                    : kd == DOKU_UNIT_COL                             ? 2
                                                                      : 3;
            if (r == rank)
                order[k++] = u;
        }
}

static void digits_text(doku_logic *L, lmask m)
{
    int first = 1, cnt = lpop(m), i = 0;
    while (m) {
        int d = lfirst(m) + 1;
        m &= m - 1;
        i++;
        lstep_text(L, "%s%d", first ? "" : (i == cnt ? " and " : ", "), d);
        first = 0;
    }
}

/* naked: pick = cell ids, uni = digits */
static int accept_naked(doku_logic *L, int unit, const int *pick, int k, lmask uni, void *vctx)
{
    sub_ctx *cx = vctx;
    int n = L->n, any = 0;
    for (int i = 0; i < n; i++) {
        int c = logic_unit_cell(L, unit, i);
        int in = 0;
        for (int j = 0; j < k; j++)
            in |= pick[j] == c;
        if (!in && (L->cand[c] & uni))
            any = 1;
    }
    if (!any)
        return 0;
    char un[40];
    logic_unitname(L, unit, un, sizeof un);
    lstep_begin(L, cx->tech, cx->rating, NULL);
    for (int i = 0; i < n; i++) {
        int c = logic_unit_cell(L, unit, i);
        int in = 0;
        for (int j = 0; j < k; j++)
            in |= pick[j] == c;
        if (in)
            continue;
        lmask m = L->cand[c] & uni;
        while (m) {
            lstep_elim(L, c, lfirst(m) + 1);
            m &= m - 1;
        }
    }
    for (int j = 0; j < k; j++) {
        lmask m = L->cand[pick[j]];
        while (m) {
            lstep_proof(L, pick[j], lfirst(m) + 1);
            m &= m - 1;
        }
    }
    lstep_text(L, "%s: in %s, ", L->step.name, un);
    lstep_text_cells(L, pick, k, ", ", " and ");
    lstep_text(L, " hold only ");
    digits_text(L, uni);
    lstep_text(L, ", so those digits go from the rest of %s: ", un);
    lstep_text_elims(L);
    return 1;
}

/* hidden: pick = digits, uni = positions in unit */
static int accept_hidden(doku_logic *L, int unit, const int *pick, int k, lmask uni, void *vctx)
{
    sub_ctx *cx = vctx;
    int n = L->n;
    lmask dm = 0;
    for (int j = 0; j < k; j++)
        dm |= LBIT(pick[j]);
    int cells[8], nc = 0;
    lmask m = uni;
    while (m) {
        cells[nc++] = logic_unit_cell(L, unit, lfirst(m));
        m &= m - 1;
    }
    int any = 0;
    for (int j = 0; j < nc; j++)
        if (L->cand[cells[j]] & ~dm)
            any = 1;
    int place_cell = -1, place_digit = 0;
    if (cx->direct) {
        /* another digit left with one place once the set's cells are taken */
        const lmask *p = L->pos + (size_t)unit * n;
        for (int d = 1; d <= n && place_cell < 0; d++) {
            if (dm & LBIT(d) || !p[d - 1])
                continue;
            lmask rest = p[d - 1] & ~uni;
            if (lpop(rest) == 1 && lpop(p[d - 1]) > 1) {
                place_cell = logic_unit_cell(L, unit, lfirst(rest));
                place_digit = d;
            }
        }
        if (place_cell < 0)
            return 0;
    } else if (!any) {
        return 0;
    }
    char un[40];
    logic_unitname(L, unit, un, sizeof un);
    lstep_begin(L, cx->tech, cx->rating, NULL);
    for (int j = 0; j < nc; j++) {
        lmask o = L->cand[cells[j]];
        while (o) {
            int d = lfirst(o) + 1;
            o &= o - 1;
            if (dm & LBIT(d))
                lstep_proof(L, cells[j], d);
            else if (!cx->direct)
                lstep_elim(L, cells[j], d);
        }
    }
    lstep_text(L, "%s: in %s, ", L->step.name, un);
    digits_text(L, dm);
    lstep_text(L, " can only go in ");
    lstep_text_cells(L, cells, nc, ", ", " and ");
    if (cx->direct) {
        char a[24];
        logic_cellname(L, place_cell, a, sizeof a);
        lstep_place(L, place_cell, place_digit);
        lstep_text(L, ", so %d can only go in %s", place_digit, a);
    } else {
        lstep_text(L, ", so those cells lose their other candidates: ");
        lstep_text_elims(L);
    }
    return 1;
}

/* Each unit's search depends on that unit's cells only: a unit where
 * the search found nothing is skipped until one of its cells changes
 * (logic_umemo_known), which gives the same first find. */
static int naked(doku_logic *L, int k, doku_technique t, lrate rating, int slot)
{
    int n = L->n;
    int order[3 * DOKU_MAX_N + 64];
    unit_order(L, order);
    sub_ctx cx = {k, 0, t, rating, L, 0, accept_naked};
    lmask masks[DOKU_MAX_N];
    int ids[DOKU_MAX_N];
    for (int ui = 0; ui < L->nunits; ui++) {
        int u = order[ui], m = 0, empty = 0;
        if (logic_umemo_known(L, slot, u))
            continue;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (L->val[c])
                continue;
            empty++;
            int pc = lpop(L->cand[c]);
            if (pc >= 2 && pc <= k) {
                masks[m] = L->cand[c];
                ids[m++] = c;
            }
        }
        cx.unit = u;
        if (empty > k && m >= k && logic_combinations(masks, ids, m, k, k, visit_set, &cx))
            return 1;
        logic_umemo_fail(L, slot, u);
    }
    return 0;
}

static int hidden(doku_logic *L, int k, int direct, doku_technique t, lrate rating, int slot)
{
    int n = L->n;
    int order[3 * DOKU_MAX_N + 64];
    unit_order(L, order);
    sub_ctx cx = {k, direct, t, rating, L, 0, accept_hidden};
    lmask masks[DOKU_MAX_N];
    int ids[DOKU_MAX_N];
    for (int ui = 0; ui < L->nunits; ui++) {
        int u = order[ui], m = 0, open = 0;
        if (logic_umemo_known(L, slot, u))
            continue;
        const lmask *p = L->pos + (size_t)u * n;
        for (int d = 1; d <= n; d++) {
            int pc = lpop(p[d - 1]);
            if (pc)
                open++;
            if (pc >= 2 && pc <= k) {
                masks[m] = p[d - 1];
                ids[m++] = d;
            }
        }
        cx.unit = u;
        if (open > k && m >= k && logic_combinations(masks, ids, m, k, k, visit_set, &cx))
            return 1;
        logic_umemo_fail(L, slot, u);
    }
    return 0;
}

int logic_direct_hidden_pair(doku_logic *L)
{
    return hidden(L, 2, 1, DOKU_TECH_DIRECT_HIDDEN_PAIR, 20, LUMEMO_DIRECT_HIDDEN_PAIR);
}
int logic_direct_hidden_triple(doku_logic *L)
{
    return hidden(L, 3, 1, DOKU_TECH_DIRECT_HIDDEN_TRIPLE, 25, LUMEMO_DIRECT_HIDDEN_TRIPLE);
}
int logic_naked_pair(doku_logic *L) { return naked(L, 2, DOKU_TECH_NAKED_PAIR, 30, LUMEMO_NAKED_PAIR); }
int logic_naked_triple(doku_logic *L) { return naked(L, 3, DOKU_TECH_NAKED_TRIPLE, 36, LUMEMO_NAKED_TRIPLE); }
int logic_naked_quad(doku_logic *L) { return naked(L, 4, DOKU_TECH_NAKED_QUAD, 50, LUMEMO_NAKED_QUAD); }
int logic_hidden_pair(doku_logic *L) { return hidden(L, 2, 0, DOKU_TECH_HIDDEN_PAIR, 34, LUMEMO_HIDDEN_PAIR); }
int logic_hidden_triple(doku_logic *L) { return hidden(L, 3, 0, DOKU_TECH_HIDDEN_TRIPLE, 40, LUMEMO_HIDDEN_TRIPLE); }
int logic_hidden_quad(doku_logic *L) { return hidden(L, 4, 0, DOKU_TECH_HIDDEN_QUAD, 54, LUMEMO_HIDDEN_QUAD); }
