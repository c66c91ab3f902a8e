/*
 * variant_fit.c — each constraint's own eliminations (DOKU_TECH_CONSTRAINT):
 * a candidate goes when no filling of the constraint's cells from their
 * candidates keeps the constraint, e.g. "thermometer r1c1-r1c4: only
 * {2,3} fits r1c2, so r1c2 is not 1".
 *
 * Design: one rule for every kind, the constraint's own check on a
 * filling (plus the digits that must differ where cells share a unit or
 * a cage), searched depth first with the checks that can fail early on a
 * partial filling. Sum clues (arrows, little killers, sandwiches,
 * X-sums) go through the sum rule (variant_clues.c); rules on every pair
 * of neighbours (non-consecutive, the negative dot rules) look at each
 * pair. A search over its node budget concludes nothing, which is always
 * sound. Tiers give the simplest kinds the lowest ratings; within the
 * lowest tier that eliminates, the first constraint in the list wins.
 */
#include "variant_internal.h"

#include <stdlib.h>
#include <string.h>

enum { FIT_MAX = 64, FIT_NODES = 100000 };

typedef struct fit_ctx {
    const doku_logic *L;
    doku_constraint c;
    int m;
    int cells[FIT_MAX];
    lmask dom[FIT_MAX];
    int val[FIT_MAX];
    int order[FIT_MAX];
    uint8_t diff[FIT_MAX * FIT_MAX];
    long nodes;
    int wd; /* whispers' difference */
} fit_ctx;

/* The checks a partial filling can fail, p being the cell just filled. */
static int partial_ok(const fit_ctx *x, int p)
{
    int m = x->m, v = x->val[p], n = x->L->n;
    switch (x->c.kind) {
    case DOKU_CON_THERMO:
        if (v < p + 1 || v > n - (m - 1 - p))
            return 0;
        for (int j = 0; j < m; j++)
            if (x->val[j] && j != p && (j > p ? x->val[j] - v < j - p : v - x->val[j] < p - j))
                return 0;
        return 1;
    case DOKU_CON_WHISPER:
        if (p > 0 && x->val[p - 1] && abs(x->val[p - 1] - v) < x->wd)
            return 0;
        if (p + 1 < m && x->val[p + 1] && abs(x->val[p + 1] - v) < x->wd)
            return 0;
        return 1;
    case DOKU_CON_RENBAN: {
        int lo = v, hi = v;
        for (int j = 0; j < m; j++)
            if (x->val[j]) {
                lo = x->val[j] < lo ? x->val[j] : lo;
                hi = x->val[j] > hi ? x->val[j] : hi;
            }
        return hi - lo <= m - 1;
    }
    case DOKU_CON_PALINDROME: {
        int q = m - 1 - p;
        return !x->val[q] || x->val[q] == v;
    }
    case DOKU_CON_BETWEEN: {
        int a = x->val[0], b = x->val[m - 1];
        if (!a || !b)
            return 1;
        int lo = a < b ? a : b, hi = a < b ? b : a;
        if (m > 2 && hi - lo < 2)
            return 0;
        return p == 0 || p == m - 1 || (v > lo && v < hi);
    }
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM: {
        int mid = x->val[0];
        for (int j = 1; j < m && mid; j++)
            if (x->val[j] && (x->c.kind == DOKU_CON_MINIMUM ? mid >= x->val[j] : mid <= x->val[j]))
                return 0;
        return 1;
    }
    default:
        return 1;
    }
}

/* The checks only a full filling can pass or fail. */
static int leaf_ok(const fit_ctx *x)
{
    int m = x->m;
    switch (x->c.kind) {
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
    case DOKU_CON_GREATER:
        return lvar_pair_ok(x->c.kind, x->val[0], x->val[1]);
    case DOKU_CON_QUADRUPLE: {
        int need[DOKU_CONSTRAINTS_MAX_N + 2] = {0};
        for (size_t i = 0; i < x->c.nparams; i++)
            if (x->c.params[i] >= 1 && x->c.params[i] <= DOKU_CONSTRAINTS_MAX_N)
                need[x->c.params[i]]++;
        for (int i = 0; i < m; i++)
            if (need[x->val[i]] > 0)
                need[x->val[i]]--;
        for (int d = 1; d <= DOKU_CONSTRAINTS_MAX_N; d++)
            if (need[d])
                return 0;
        return 1;
    }
    case DOKU_CON_REGION_SUM: {
        int first = 1, sum = 0;
        for (int i = 0; i < m;) {
            int box = x->L->box_of[x->cells[i]], t = 0, j = i;
            for (; j < m && x->L->box_of[x->cells[j]] == box; j++)
                t += x->val[j];
            if (first)
                sum = t;
            else if (t != sum)
                return 0;
            first = 0;
            i = j;
        }
        return 1;
    }
    default:
        return 1;
    }
}

static int dfs(fit_ctx *x, int k)
{
    if (++x->nodes > FIT_NODES)
        return -1;
    if (k == x->m)
        return leaf_ok(x);
    int p = x->order[k];
    for (lmask d = x->dom[p]; d; d &= d - 1) {
        int v = lfirst(d) + 1, clash = 0;
        for (int j = 0; j < k && !clash; j++) {
            int q = x->order[j];
            clash = x->diff[p * x->m + q] && x->val[q] == v;
        }
        if (clash)
            continue;
        x->val[p] = v;
        if (partial_ok(x, p)) {
            int r = dfs(x, k + 1);
            if (r)
                return r;
        }
        x->val[p] = 0;
    }
    return 0;
}

/* The supported digits of each cell of x (x->dom, diff, order set).
 * @return 1, or 0 when over budget. */
static int supports_search(fit_ctx *x, lmask *sup)
{
    int m = x->m;
    for (int i = 0; i < m; i++)
        sup[i] = 0;
    for (int i = 0; i < m; i++) {
        lmask all = x->dom[i];
        for (lmask d = all & ~sup[i]; d; d &= d - 1) {
            lmask b = d & -d;
            if (sup[i] & b)
                continue;
            x->dom[i] = b;
            memset(x->val, 0, sizeof(int) * (size_t)m);
            int r = dfs(x, 0);
            x->dom[i] = all;
            if (r < 0)
                return 0;
            if (r)
                for (int j = 0; j < m; j++)
                    sup[j] |= LBIT(x->val[j]);
        }
    }
    return 1;
}

/* supports_search, its nodes counted in the context's work
 * (logic_past_deadline folds V->spent into work units). */
static int supports(fit_ctx *x, lmask *sup)
{
    long before = x->nodes;
    int ok = supports_search(x, sup);
    x->L->var->spent += (uint64_t)(x->nodes - before);
    return ok;
}

/* Fills x for the cells cells[0..k) of constraint c. */
static void fit_setup(fit_ctx *x, const doku_logic *L, const doku_constraint *c, const int *cells,
                      int k)
{
    x->L = L;
    x->c = *c;
    x->nodes = 0;
    x->wd = c->kind == DOKU_CON_WHISPER ? (c->nparams ? c->params[0] : (L->n + 1) / 2) : 0;
    x->m = k;
    int all_diff = c->kind == DOKU_CON_RENBAN || c->kind == DOKU_CON_THERMO;
    for (int i = 0; i < k; i++) {
        x->cells[i] = cells[i];
        x->dom[i] = lvar_dom(L, cells[i]);
        x->val[i] = 0;
        for (int j = 0; j < k; j++)
            x->diff[i * k + j] =
                (uint8_t)(i != j && (all_diff || lvar_must_differ(L, cells[i], cells[j])));
    }
    /* the ends of a between line first: they bound the rest */
    int o = 0;
    if (c->kind == DOKU_CON_BETWEEN) {
        x->order[o++] = 0;
        x->order[o++] = k - 1;
        for (int i = 1; i + 1 < k; i++)
            x->order[o++] = i;
    } else {
        for (int i = 0; i < k; i++)
            x->order[o++] = i;
    }
}

/* A constraint's cells and their supported digits: lines, dots, marks.
 * A whisper or thermometer too long to search whole is searched in
 * windows of consecutive cells (each a weaker rule, so still sound).
 * @return 1 when computed, 0 when not (a kind handled elsewhere, too
 * long a line, a search over budget). */
static int fit_line(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                    lmask *sup)
{
    fit_ctx x;
    int k = 0;
    if (c->kind == DOKU_CON_MINIMUM || c->kind == DOKU_CON_MAXIMUM) {
        int n = L->n, p = c->cells[0], r = p / n, col = p % n;
        cells[k++] = p;
        if (r > 0) cells[k++] = p - n;
        if (r < n - 1) cells[k++] = p + n;
        if (col > 0) cells[k++] = p - 1;
        if (col < n - 1) cells[k++] = p + 1;
    } else {
        if (c->ncells > FIT_MAX)
            return 0;
        for (size_t i = 0; i < c->ncells; i++)
            cells[k++] = c->cells[i];
    }
    *m = k;
    fit_setup(&x, L, c, cells, k);
    if (supports(&x, sup))
        return 1;
    if (c->kind != DOKU_CON_WHISPER && c->kind != DOKU_CON_THERMO)
        return 0;
    enum { WINDOW = 5 };
    lmask part[WINDOW];
    for (int i = 0; i < k; i++)
        sup[i] = lvar_dom(L, cells[i]);
    for (int at = 0; at + WINDOW <= k; at++) {
        fit_setup(&x, L, c, cells + at, WINDOW);
        if (!supports(&x, part))
            return 0;
        for (int i = 0; i < WINDOW; i++)
            sup[at + i] &= part[i];
    }
    return 1;
}

/* 1 when a dot of kind a or b joins p and q (lifting a negative rule). */
static int marked(const doku_constraints *cs, int p, int q, doku_constraint_kind a,
                  doku_constraint_kind b)
{
    for (size_t i = 0; i < doku_constraints_count(cs); i++) {
        doku_constraint c;
        doku_constraints_get(cs, i, &c);
        if ((c.kind != a && c.kind != b) || c.ncells != 2)
            continue;
        if ((c.cells[0] == p && c.cells[1] == q) || (c.cells[0] == q && c.cells[1] == p))
            return 1;
    }
    return 0;
}

/* A rule on every pair of orthogonal neighbours: each cell keeps the
 * digits that every neighbour the rule covers can live beside. */
static int fit_pairs(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                     lmask *sup)
{
    int n = L->n, nc = L->nc;
    doku_constraint_kind a = DOKU_CON_NONE, b = DOKU_CON_NONE;
    if (c->kind == DOKU_CON_KROPKI_WHITE_ALL || c->kind == DOKU_CON_KROPKI_BLACK_ALL) {
        a = DOKU_CON_KROPKI_WHITE;
        b = DOKU_CON_KROPKI_BLACK;
    } else if (c->kind == DOKU_CON_X_ALL || c->kind == DOKU_CON_V_ALL) {
        a = DOKU_CON_X;
        b = DOKU_CON_V;
    }
    for (int p = 0; p < nc; p++) {
        cells[p] = p;
        sup[p] = lvar_dom(L, p);
    }
    for (int p = 0; p < nc; p++) {
        int nb[2] = {p % n < n - 1 ? p + 1 : -1, p / n < n - 1 ? p + n : -1};
        for (int j = 0; j < 2; j++) {
            int q = nb[j];
            if (q < 0 || (a != DOKU_CON_NONE && marked(L->var->cs, p, q, a, b)))
                continue;
            lmask dp = lvar_dom(L, p), dq = lvar_dom(L, q), okp = 0, okq = 0;
            for (lmask x = dp; x; x &= x - 1)
                for (lmask y = dq; y; y &= y - 1) {
                    int u = lfirst(x) + 1, v = lfirst(y) + 1;
                    if (lvar_pair_ok(c->kind, u, v) && !(u == v && lvar_must_differ(L, p, q))) {
                        okp |= LBIT(u);
                        okq |= LBIT(v);
                    }
                }
            sup[p] &= okp;
            sup[q] &= okq;
        }
    }
    *m = nc;
    return 1;
}

/* The tier of a kind: its rating in tenths, 0 for kinds handled by
 * other rules (cages, regions, units, the placed-digit rule). */
static int tier(doku_constraint_kind k)
{
    switch (k) {
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD:
        return 12;
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM:
        return 14;
    case DOKU_CON_KROPKI_WHITE:
    case DOKU_CON_KROPKI_BLACK:
    case DOKU_CON_X:
    case DOKU_CON_V:
    case DOKU_CON_GREATER:
    case DOKU_CON_KROPKI_WHITE_ALL:
    case DOKU_CON_KROPKI_BLACK_ALL:
    case DOKU_CON_X_ALL:
    case DOKU_CON_V_ALL:
    case DOKU_CON_NON_CONSECUTIVE:
    case DOKU_CON_QUADRUPLE:
        return 16;
    case DOKU_CON_THERMO:
    case DOKU_CON_WHISPER:
    case DOKU_CON_RENBAN:
    case DOKU_CON_PALINDROME:
    case DOKU_CON_BETWEEN:
    case DOKU_CON_REGION_SUM:
        return 20;
    case DOKU_CON_ARROW:
    case DOKU_CON_LITTLE_KILLER:
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM:
        return 22;
    default:
        return 0;
    }
}

/* The hash a constraint's memo keys on: its cells, or the whole grid for
 * the rules without cells. */
static uint64_t con_hash(const doku_logic *L, const doku_constraint *c)
{
    if (c->ncells && c->kind != DOKU_CON_MINIMUM && c->kind != DOKU_CON_MAXIMUM)
        return lvar_hash(L, c->cells, (int)c->ncells);
    uint16_t all[DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N];
    for (int p = 0; p < L->nc; p++)
        all[p] = (uint16_t)p;
    return lvar_hash(L, all, L->nc);
}

int lvar_emit(doku_logic *L, doku_technique t, lrate rating, const char *name, int con,
              const int *cells, int m, const lmask *sup)
{
    int any = 0;
    for (int i = 0; i < m && !any; i++)
        any = !L->val[cells[i]] && (L->cand[cells[i]] & ~sup[i]);
    if (!any)
        return 0;
    lstep_begin(L, t, rating, name);
    for (int i = 0; i < m; i++)
        if (!L->val[cells[i]])
            for (lmask d = L->cand[cells[i]] & ~sup[i]; d; d &= d - 1)
                lstep_elim(L, cells[i], lfirst(d) + 1);
    if (con >= 0)
        lvar_text_con(L, con);
    else
        lstep_text(L, "%s", name);
    lstep_text(L, ": ");
    int first = 1;
    char a[24];
    for (int i = 0; i < m; i++) {
        if (L->val[cells[i]] || !(L->cand[cells[i]] & ~sup[i]))
            continue;
        logic_cellname(L, cells[i], a, sizeof a);
        lstep_text(L, "%s", first ? "" : ", ");
        if (sup[i]) {
            lstep_text(L, "only ");
            logic_text_set(L, sup[i] & L->cand[cells[i]]);
            lstep_text(L, " fits %s", a);
        } else {
            lstep_text(L, "nothing fits %s", a);
        }
        first = 0;
    }
    lstep_text(L, ", so ");
    first = 1;
    for (int i = 0; i < m; i++) {
        lmask d = L->val[cells[i]] ? 0 : L->cand[cells[i]] & ~sup[i];
        if (!d)
            continue;
        logic_cellname(L, cells[i], a, sizeof a);
        lstep_text(L, "%s%s is not ", first ? "" : ", ", a);
        for (int f = 1; d; d &= d - 1, f = 0)
            lstep_text(L, "%s%d", f ? "" : ",", lfirst(d) + 1);
        first = 0;
    }
    return 1;
}

int lvar_fit_support(const doku_logic *L, const doku_constraint *c, int *cells, int *m,
                     lmask *sup)
{
    *m = 0;
    switch (c->kind) {
    case DOKU_CON_KROPKI_WHITE_ALL:
    case DOKU_CON_KROPKI_BLACK_ALL:
    case DOKU_CON_X_ALL:
    case DOKU_CON_V_ALL:
    case DOKU_CON_NON_CONSECUTIVE:
        return fit_pairs(L, c, cells, m, sup);
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD:
        for (size_t j = 0; j < c->ncells; j++) {
            cells[*m] = c->cells[j];
            sup[(*m)++] = lvar_dom(L, c->cells[j]) &
                          (c->kind == DOKU_CON_EVEN ? 0xaaaaaaaaaaaaaaaaull : 0x5555555555555555ull);
        }
        return 1;
    case DOKU_CON_ARROW:
    case DOKU_CON_LITTLE_KILLER:
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM:
        return lvar_clue_support(L, c, cells, m, sup);
    default:
        return fit_line(L, c, cells, m, sup);
    }
}

/* The first constraint of a tier in [lo, hi] whose fit eliminates,
 * lowest tier first. */
static int find(doku_logic *L, int lo, int hi)
{
    struct logic_variant *V = L->var;
    size_t count = doku_constraints_count(V->cs);
    int nc = L->nc;
    int *cells = malloc(sizeof(int) * (size_t)(nc > FIT_MAX ? nc : FIT_MAX));
    lmask *sup = malloc(sizeof(lmask) * (size_t)(nc > FIT_MAX ? nc : FIT_MAX));
    if (!cells || !sup) {
        free(cells);
        free(sup);
        return logic_nomem(L);
    }
    int found = 0;
    for (int t = lo; t <= hi && !found; t += 2)
        for (size_t i = 0; i < count && !found && !logic_past_deadline(L); i++) {
            doku_constraint c;
            doku_constraints_get(V->cs, i, &c);
            if (tier(c.kind) != t)
                continue;
            uint64_t h = con_hash(L, &c);
            if (V->fit_memo[i] == h)
                continue;
            int m = 0, ok = lvar_fit_support(L, &c, cells, &m, sup);
            if (ok && lvar_emit(L, DOKU_TECH_CONSTRAINT, t, doku_constraint_kind_name(c.kind),
                                (int)i, cells, m, sup))
                found = 1;
            else if (ok && !L->timed_out)
                V->fit_memo[i] = h;
        }
    free(cells);
    free(sup);
    return found;
}

int logic_var_marks(doku_logic *L) { return find(L, 12, 16); }
int logic_var_lines(doku_logic *L) { return find(L, 20, 22); }
