/*
 * uniqueness.c — techniques that rely on the puzzle having one solution:
 * unique rectangles and loops (types 1-4) and the Bivalue Universal Grave
 * (BUG types 1-4), as Sudoku Explainer finds and rates them.
 *
 * Design: a deadly pattern is a loop of cells holding the same two digits
 * where every unit visited is visited twice (once at an odd, once at an
 * even position); if the loop's extra candidates all vanished the puzzle
 * would have two solutions, so some extra candidate must be true. Loops
 * are found by depth-first walks through the cells' units (any unit kind,
 * so variants and jigsaws work unchanged). The engine only calls these
 * when the puzzle is known to be unique.
 */
#include "logic_internal.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

typedef struct ul_ctx {
    int v1, v2;
    lmask vm;
    int loop[64];
    int len;
    int *ucount;       /* [nunits] loop cells per unit */
    uint8_t *inloop;   /* [nc] cell is on the loop */
    int best_rating, best_type, found;
    long budget;
} ul_ctx;

static int unit_kind_of(const doku_logic *L, int u) { return L->shape->unit_kind[u]; }

static int ul_rating(int len)
{
    int r = 45;
    if (len >= 10)
        r += 3;
    if (len >= 8)
        r += 2;
    else if (len >= 6)
        r += 1;
    return r;
}

/* SE's loop check: each visited unit has exactly one odd and one even cell. */
static int valid_loop(doku_logic *L, const int *loop, int len)
{
    int *odd = calloc((size_t)L->nunits, sizeof(int));
    int *even = calloc((size_t)L->nunits, sizeof(int));
    int ok = odd && even;
    if (!ok)
        logic_nomem(L);
    for (int i = 0; i < len && ok; i++) {
        int c = loop[i];
        for (int j = 0; j < L->ncunits[c] && ok; j++) {
            int u = L->cunits[(size_t)c * L->maxcu + j];
            int *s = (i & 1) ? odd : even;
            if (s[u])
                ok = 0;
            s[u] = 1;
        }
    }
    for (int u = 0; u < L->nunits && ok; u++)
        if (odd[u] != even[u])
            ok = 0;
    free(odd);
    free(even);
    return ok;
}

static void loop_text(doku_logic *L, const ul_ctx *x)
{
    lstep_text_cells(L, x->loop, x->len, ",", NULL);
}

static const char *ul_name(const ul_ctx *x, int type, char *buf, size_t cap)
{
    if (x->len == 4)
        snprintf(buf, cap, "Unique Rectangle type %d", type);
    else
        snprintf(buf, cap, "Unique Loop %d type %d", x->len, type);
    return buf;
}

static void ul_begin(doku_logic *L, ul_ctx *x, int type, int rating)
{
    char nm[64];
    x->best_rating = rating;
    x->best_type = type;
    x->found = 1;
    lstep_begin(L, DOKU_TECH_UNIQUE_RECTANGLE, rating, ul_name(x, type, nm, sizeof nm));
    for (int i = 0; i < x->len; i++) {
        lstep_proof(L, x->loop[i], x->v1);
        lstep_proof(L, x->loop[i], x->v2);
    }
    lstep_text(L, "%s: ", L->step.name);
    loop_text(L, x);
    lstep_text(L, " would hold only %d and %d, a deadly pattern, so ", x->v1, x->v2);
}

static int ul_better(const ul_ctx *x, int rating, int type)
{
    return !x->found || rating < x->best_rating || (rating == x->best_rating && type < x->best_type);
}

/* A naked set's eliminations: cells[r] for r outside pick (positions in
 * cells) lose the digits of vals. emit 0: @return 1 if any would lose
 * one, 0 if none; emit 1: records them. */
static int cells_elims(doku_logic *L, const int *cells, int ncells, const int *pick, int k,
                       lmask vals, int emit)
{
    for (int r = 0; r < ncells; r++) {
        int chosen = 0;
        for (int i = 0; i < k; i++)
            chosen |= pick[i] == r;
        lmask m = chosen ? 0 : L->cand[cells[r]] & vals;
        if (m && !emit)
            return 1;
        for (; m; m &= m - 1)
            lstep_elim(L, cells[r], lfirst(m) + 1);
    }
    return 0;
}

/* The same in unit u with the positions i1, i2 counted as picked. */
static int set_elims(doku_logic *L, int u, int i1, int i2, const int *pick, int k, lmask vals,
                     int emit)
{
    int all[LOGIC_COMBO_MAX + 2], cells[DOKU_MAX_N], n = L->n;
    for (int i = 0; i < k; i++)
        all[i] = pick[i];
    all[k] = i1;
    all[k + 1] = i2;
    for (int i = 0; i < n; i++)
        cells[i] = logic_unit_cell(L, u, i);
    return cells_elims(L, cells, n, all, k + 2, vals, emit);
}

/* Type 3 sets in unit u (cells i1, i2 of the loop at those positions):
 * the combination walks' context (combo.c). */
typedef struct t3_set {
    doku_logic *L;
    ul_ctx *x;
    int u, i1, i2, degree, rating;
    lmask extra;
    int c1, c2;
} t3_set;

/* Naked: the loop cells' extra values and k other cells (pick: their
 * positions in u) hold degree digits; those leave the rest of u. */
static int visit_t3_naked(void *vctx, const int *pick, int k, lmask uni)
{
    const t3_set *e = vctx;
    doku_logic *L = e->L;
    int u = e->u;
    lmask nset = (e->extra & L->cand[e->c1] & L->cand[e->c2]) | uni;
    if (lpop(nset) != e->degree || lpop(uni | e->extra) != e->degree)
        return 0;
    lmask vals = uni | e->extra;
    if (!set_elims(L, u, e->i1, e->i2, pick, k, vals, 0) || !ul_better(e->x, e->rating, 3))
        return 0;
    ul_begin(L, e->x, 3, e->rating);
    set_elims(L, u, e->i1, e->i2, pick, k, vals, 1);
    lstep_text(L, "its extra candidates form a naked set with other cells: ");
    lstep_text_elims(L);
    return 1;
}

/* Hidden: the loop's two values and k other digits (pick) have degree
 * places in u, counting c1 but not c2; those places lose other digits. */
static int visit_t3_hidden(void *vctx, const int *pick, int k, lmask none)
{
    (void)none;
    const t3_set *e = vctx;
    doku_logic *L = e->L;
    ul_ctx *x = e->x;
    int n = L->n, u = e->u;
    lmask hv = x->vm, uni = 0;
    for (int i = 0; i < k; i++)
        hv |= LBIT(pick[i]);
    for (lmask m = hv; m; m &= m - 1)
        uni |= L->pos[(size_t)u * n + lfirst(m)];
    uni &= ~((lmask)1 << e->i2);
    if (lpop(uni) != e->degree || !ul_better(x, e->rating, 3))
        return 0;
    int any = 0;
    for (lmask m = uni; m; m &= m - 1) {
        int i = lfirst(m);
        if (i == e->i1)
            continue;
        if (L->cand[logic_unit_cell(L, u, i)] & ~hv)
            any = 1;
    }
    if (!any)
        return 0;
    ul_begin(L, x, 3, e->rating);
    for (lmask m = uni; m; m &= m - 1) {
        int i = lfirst(m);
        if (i == e->i1)
            continue;
        int c = logic_unit_cell(L, u, i);
        for (lmask f = L->cand[c] & ~hv; f; f &= f - 1)
            lstep_elim(L, c, lfirst(f) + 1);
    }
    lstep_text(L, "with one of its extra cells it forms a hidden set: ");
    lstep_text_elims(L);
    return 1;
}

static void type3(doku_logic *L, ul_ctx *x, int c1, int c2, int base)
{
    int n = L->n;
    lmask extra = (L->cand[c1] | L->cand[c2]) & ~x->vm;
    for (int degree = lpop(extra); degree <= n - 2; degree++) {
        int rating = base + (degree - 1);
        if (!ul_better(x, rating, 3))
            return;
        for (int j = 0; j < L->ncunits[c1]; j++) {
            int u = L->cunits[(size_t)c1 * L->maxcu + j];
            if (L->cell_in_unit[(size_t)u * L->nc + c2] == 0xff)
                continue;
            int i1 = L->cell_in_unit[(size_t)u * L->nc + c1];
            int i2 = L->cell_in_unit[(size_t)u * L->nc + c2];
            int empty = 0;
            for (int i = 0; i < n; i++)
                empty += !L->val[logic_unit_cell(L, u, i)];
            if (degree * 2 <= empty && degree <= 8) {
                /* naked: c1 (as the extra values) + degree-1 other cells */
                int others[DOKU_MAX_N], no = 0;
                lmask masks[DOKU_MAX_N];
                for (int i = 0; i < n; i++)
                    if (i != i1 && i != i2 && !L->val[logic_unit_cell(L, u, i)]) {
                        masks[no] = L->cand[logic_unit_cell(L, u, i)];
                        others[no++] = i;
                    }
                t3_set e = {L, x, u, i1, i2, degree, rating, extra, c1, c2};
                if (logic_combinations(masks, others, no, degree - 1, degree, visit_t3_naked, &e))
                    return;
            }
            if (degree * 2 < empty && degree >= 2) {
                /* hidden: v1, v2 and degree-2 other digits (not extra) in
                 * degree places, counting c1 but not c2 */
                int rem[DOKU_MAX_N], nr = 0;
                for (int d = 1; d <= n; d++)
                    if (!(x->vm & LBIT(d)) && !(extra & LBIT(d)) && L->pos[(size_t)u * n + d - 1])
                        rem[nr++] = d;
                int k = degree - 2;
                if (k > nr || k > 8)
                    continue;
                t3_set e = {L, x, u, i1, i2, degree, base + (degree - 2), extra, c1, c2};
                if (logic_combinations(NULL, rem, nr, k, 0, visit_t3_hidden, &e))
                    return;
            }
        }
    }
}

/* Type 2: the cells that see every extra cell (extra[0..ne)) lose d.
 * emit 0: @return 1 if any would, 0 if none; emit 1: records them. */
static int seeing_elims(doku_logic *L, const int *extra, int ne, int d, int emit)
{
    const uint16_t *p = L->peers + (size_t)extra[0] * L->maxp;
    for (int k = 0; k < L->npeers[extra[0]]; k++) {
        int c = p[k], all = 1;
        if (!(L->cand[c] & LBIT(d)))
            continue;
        for (int i = 0; i < ne && all; i++)
            all = c != extra[i] && logic_sees(L, c, extra[i]);
        if (all && !emit)
            return 1;
        if (all)
            lstep_elim(L, c, d);
    }
    return 0;
}

static void evaluate_loop(doku_logic *L, ul_ctx *x)
{
    if (!valid_loop(L, x->loop, x->len))
        return;
    int extra[64], ne = 0;
    for (int i = 0; i < x->len; i++)
        if (lpop(L->cand[x->loop[i]]) > 2)
            extra[ne++] = x->loop[i];
    int base = ul_rating(x->len);
    if (ne == 1) {
        if (!ul_better(x, base, 1))
            return;
        ul_begin(L, x, 1, base);
        lstep_elim(L, extra[0], x->v1);
        lstep_elim(L, extra[0], x->v2);
        lstep_text_elims(L);
        return;
    }
    if (ne == 0)
        return;
    lmask ev = 0;
    for (int i = 0; i < ne; i++)
        ev |= L->cand[extra[i]] & ~x->vm;
    if (ne > 2 || lpop(ev) == 1) {
        /* type 2: the one extra digit is in one of the extra cells */
        if (lpop(ev) == 1 && ul_better(x, base, 2)) {
            int d = lfirst(L->cand[extra[0]] & ~x->vm) + 1;
            if (seeing_elims(L, extra, ne, d, 0)) {
                ul_begin(L, x, 2, base);
                seeing_elims(L, extra, ne, d, 1);
                lstep_text(L, "%d is in one of the cells with extra candidates: ", d);
                lstep_text_elims(L);
            }
        }
        if (ne > 2)
            return;
    } else {
        type3(L, x, extra[0], extra[1], base);
    }
    /* type 4 (two extra cells): one of v1/v2 locked to them in a shared unit */
    if (ne == 2 && ul_better(x, base, 4)) {
        int c1 = extra[0], c2 = extra[1], r1 = -1, r2 = -1, n = L->n;
        for (int j = 0; j < L->ncunits[c1]; j++) {
            int u = L->cunits[(size_t)c1 * L->maxcu + j];
            if (L->cell_in_unit[(size_t)u * L->nc + c2] == 0xff)
                continue;
            int h1 = 0, h2 = 0;
            for (int i = 0; i < n; i++) {
                int c = logic_unit_cell(L, u, i);
                if (c == c1 || c == c2)
                    continue;
                h1 |= (L->cand[c] & LBIT(x->v1)) != 0;
                h2 |= (L->cand[c] & LBIT(x->v2)) != 0;
            }
            if (!h1)
                r1 = u;
            if (!h2)
                r2 = u;
        }
        if (r1 >= 0 || r2 >= 0) {
            int lock = r1 >= 0 ? x->v1 : x->v2, rem = r1 >= 0 ? x->v2 : x->v1;
            ul_begin(L, x, 4, base);
            lstep_elim(L, c1, rem);
            lstep_elim(L, c2, rem);
            char un[40];
            logic_unitname(L, r1 >= 0 ? r1 : r2, un, sizeof un);
            lstep_text(L, "as %d must go in one of them in %s, they cannot hold %d: ", lock, un, rem);
            lstep_text_elims(L);
        }
    }
}

static void walk(doku_logic *L, ul_ctx *x, int cell, int allowed_ex, lmask exv, int last_kind)
{
    if (x->len >= 64 || --x->budget < 0 || logic_stop(L))
        return;
    x->loop[x->len++] = cell;
    x->inloop[cell] = 1;
    for (int j = 0; j < L->ncunits[cell]; j++)
        x->ucount[L->cunits[(size_t)cell * L->maxcu + j]]++;
    int n = L->n;
    for (int j = 0; j < L->ncunits[cell]; j++) {
        int u = L->cunits[(size_t)cell * L->maxcu + j];
        int kind = unit_kind_of(L, u);
        if (kind == last_kind)
            continue;
        /* only the unit's cells holding both digits can continue the loop
         * (the start cell among them), in the same order */
        lmask both = L->pos[(size_t)u * n + x->v1 - 1] & L->pos[(size_t)u * n + x->v2 - 1];
        for (; both; both &= both - 1) {
            int next = logic_unit_cell(L, u, lfirst(both));
            if (next == x->loop[0] && x->len >= 4) {
                evaluate_loop(L, x);
                continue;
            }
            /* pure tests, cheapest first */
            lmask pot = L->cand[next];
            if ((pot & x->vm) != x->vm || x->inloop[next])
                continue;
            /* a valid loop has two cells per unit: prune a third */
            int full = 0;
            for (int t = 0; t < L->ncunits[next] && !full; t++)
                full = x->ucount[L->cunits[(size_t)next * L->maxcu + t]] >= 2;
            if (full)
                continue;
            exv |= pot & ~x->vm;
            int card = lpop(pot);
            if (card == 2 || lpop(exv) == 1 || allowed_ex > 0)
                walk(L, x, next, allowed_ex - (card > 2), exv, kind);
        }
    }
    for (int j = 0; j < L->ncunits[cell]; j++)
        x->ucount[L->cunits[(size_t)cell * L->maxcu + j]]--;
    x->inloop[cell] = 0;
    x->len--;
}

int logic_unique_loops(doku_logic *L)
{
    ul_ctx x;
    memset(&x, 0, sizeof x);
    x.ucount = calloc((size_t)L->nunits, sizeof(int));
    x.inloop = calloc((size_t)L->nc, 1);
    if (!x.ucount || !x.inloop) {
        free(x.ucount);
        free(x.inloop);
        return logic_nomem(L);
    }
    x.budget = 2000000;
    for (int c = 0; c < L->nc && !logic_past_deadline(L); c++) {
        if (L->val[c] || lpop(L->cand[c]) != 2)
            continue;
        x.vm = L->cand[c];
        x.v1 = lfirst(x.vm) + 1;
        x.v2 = lfirst(x.vm & (x.vm - 1)) + 1;
        x.len = 0;
        walk(L, &x, c, 2, 0, -1);
    }
    free(x.ucount);
    free(x.inloop);
    return x.found;
}

/* ------------------------------------------------------------------ */
/* BUG                                                                 */

/* BUG type 3: the BUG cells share a unit; one of them takes a BUG value,
 * so with degree-1 other cells of that unit (seeing all BUG cells) whose
 * candidates are degree digits including every BUG value, they form a
 * naked set: its digits leave the rest of those cells' common unit part.
 * Rated 5.6 + 0.1 per digit of the set (pair 5.8 ... quintuple 6.1). */
typedef struct bug3_set {
    doku_logic *L;
    int u;
    const int *rc; /* the unit's cells seeing every BUG cell */
    int nr, degree;
    lmask allbug;
} bug3_set;

/* k of the cells rc (pick: their positions in rc) holding degree digits,
 * every BUG value among them: a naked set with the BUG cell. */
static int visit_bug3(void *vctx, const int *pick, int k, lmask uni)
{
    const bug3_set *e = vctx;
    doku_logic *L = e->L;
    const int *rc = e->rc;
    int nr = e->nr, degree = e->degree;
    if (lpop(uni) != degree || (uni & e->allbug) != e->allbug)
        return 0;
    if (!cells_elims(L, rc, nr, pick, k, uni, 0))
        return 0;
    lstep_begin(L, DOKU_TECH_BUG, 56 + degree, "BUG type 3");
    cells_elims(L, rc, nr, pick, k, uni, 1);
    char un[40];
    logic_unitname(L, e->u, un, sizeof un);
    lstep_text(L, "BUG type 3: one cell with extra candidates in %s takes one of ", un);
    logic_text_set(L, e->allbug);
    lstep_text(L, ", so with %d other cell%s it locks ", k, k > 1 ? "s" : "");
    logic_text_set(L, uni);
    lstep_text(L, ": ");
    lstep_text_elims(L);
    return 1;
}

static int bug_type3(doku_logic *L, const int *bug, int nbug, lmask allbug, const uint8_t *common)
{
    int n = L->n;
    for (int j = 0; j < L->ncunits[bug[0]]; j++) {
        int u = L->cunits[(size_t)bug[0] * L->maxcu + j], all = 1;
        for (int b = 1; b < nbug && all; b++)
            all = L->cell_in_unit[(size_t)u * L->nc + bug[b]] != 0xff;
        if (!all)
            continue;
        int rc[DOKU_MAX_N], nr = 0;
        lmask masks[DOKU_MAX_N];
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (common[c] && !L->val[c]) {
                masks[nr] = L->cand[c];
                rc[nr++] = c;
            }
        }
        for (int degree = 2; degree <= 6 && degree <= n; degree++) {
            int k = degree - 1;
            if (nr < k + 1)
                break;
            bug3_set e = {L, u, rc, nr, degree, allbug};
            if (logic_combinations(masks, NULL, nr, k, degree, visit_bug3, &e))
                return 1;
        }
    }
    return 0;
}

int logic_bug(doku_logic *L)
{
    int n = L->n, nc = L->nc;
    lmask *tmp = malloc(sizeof(lmask) * (size_t)nc);
    lmask *bugval = calloc((size_t)nc, sizeof(lmask));
    uint8_t *common = malloc((size_t)nc);
    int *bugcells = malloc(sizeof(int) * (size_t)nc);
    int nbug = 0, have_common = 0, result = 0;
    lmask allbug = 0;
    if (!tmp || !bugval || !common || !bugcells) {
        logic_nomem(L);
        goto done;
    }
    memcpy(tmp, L->cand, sizeof(lmask) * (size_t)nc);
    for (int u = 0; u < L->nunits; u++)
        for (int d = 1; d <= n; d++) {
            lmask pm = L->pos[(size_t)u * n + d - 1];
            int card = lpop(pm);
            if (card == 0 || card == 2)
                continue;
            int nb = 0, cell = -1;
            for (lmask m = pm; m; m &= m - 1) {
                int c = logic_unit_cell(L, u, lfirst(m));
                if (lpop(L->cand[c]) >= 3) {
                    nb++;
                    cell = c;
                }
            }
            if (nb == 0)
                goto done;
            if (nb != 1)
                continue;
            int known = 0;
            for (int i = 0; i < nbug; i++)
                known |= bugcells[i] == cell;
            if (!known)
                bugcells[nbug++] = cell;
            bugval[cell] |= LBIT(d);
            allbug |= LBIT(d);
            tmp[cell] &= ~LBIT(d);
            if (!have_common) {
                memset(common, 0, (size_t)nc);
                const uint16_t *p = L->peers + (size_t)cell * L->maxp;
                for (int i = 0; i < L->npeers[cell]; i++)
                    common[p[i]] = 1;
                have_common = 1;
            } else {
                for (int c = 0; c < nc; c++)
                    if (common[c] && !logic_sees(L, c, cell))
                        common[c] = 0;
            }
            for (int i = 0; i < nbug; i++)
                common[bugcells[i]] = 0;
            int anyc = 0;
            for (int c = 0; c < nc && !anyc; c++)
                anyc = common[c];
            if (nbug > 1 && lpop(allbug) > 1 && !anyc)
                goto done;
        }
    for (int c = 0; c < nc; c++)
        if (!L->val[c] && lpop(tmp[c]) != 2)
            goto done;
    for (int u = 0; u < L->nunits; u++)
        for (int d = 1; d <= n; d++) {
            int cnt = 0;
            for (int i = 0; i < n; i++)
                cnt += (tmp[logic_unit_cell(L, u, i)] & LBIT(d)) != 0;
            if (cnt != 0 && cnt != 2)
                goto done;
        }
    if (nbug == 0)
        goto done;
    char a[24];
    if (nbug == 1) {
        int c = bugcells[0];
        logic_cellname(L, c, a, sizeof a);
        lstep_begin(L, DOKU_TECH_BUG, 56, "BUG type 1");
        lmask keep = allbug;
        if (lpop(keep) == 1 && lpop(L->cand[c]) > 1)
            lstep_place(L, c, lfirst(keep) + 1);
        for (lmask m = L->cand[c] & ~keep; m; m &= m - 1)
            lstep_elim(L, c, lfirst(m) + 1);
        lstep_text(L, "BUG type 1: without %s every cell would have two candidates and every digit "
                      "two places per unit, a deadly pattern, so %s must be ", a, a);
        logic_text_set(L, keep);
        result = 1;
        goto done;
    }
    if (lpop(allbug) == 1) {
        int d = lfirst(allbug) + 1, any = 0;
        for (int c = 0; c < nc; c++)
            if (common[c] && (L->cand[c] & LBIT(d)))
                any = 1;
        if (any) {
            lstep_begin(L, DOKU_TECH_BUG, 57, "BUG type 2");
            for (int c = 0; c < nc; c++)
                if (common[c] && (L->cand[c] & LBIT(d)))
                    lstep_elim(L, c, d);
            lstep_text(L, "BUG type 2: one of the cells with extra candidates holds %d, so: ", d);
            lstep_text_elims(L);
            result = 1;
            goto done;
        }
    }
    if (nbug == 2) {
        /* type 4: the two share a unit and a non-BUG digit; the BUG value
         * of one of them is true, so the other value of the pair... */
        int c1 = bugcells[0], c2 = bugcells[1];
        lmask com = L->cand[c1] & L->cand[c2] & ~allbug;
        if (lpop(com) == 1 && logic_sees(L, c1, c2)) {
            int d = lfirst(com) + 1;
            /* one of c1, c2 holds its BUG value; in the shared unit d then
             * goes in the other, so d is locked to c1/c2 there: remove the
             * candidates of c1/c2 that are neither d nor the BUG value */
            lstep_begin(L, DOKU_TECH_BUG, 57, "BUG type 4");
            for (lmask m = L->cand[c1] & ~com & ~bugval[c1]; m; m &= m - 1)
                lstep_elim(L, c1, lfirst(m) + 1);
            for (lmask m = L->cand[c2] & ~com & ~bugval[c2]; m; m &= m - 1)
                lstep_elim(L, c2, lfirst(m) + 1);
            if (L->step.elim.n) {
                lstep_text(L, "BUG type 4: one of the two cells with extra candidates takes its extra "
                              "value and the other takes %d: ", d);
                lstep_text_elims(L);
                result = 1;
                goto done;
            }
            L->step.valid = 0;
        }
    }
    if (lpop(allbug) > 1 && bug_type3(L, bugcells, nbug, allbug, common))
        result = 1;
done:
    free(tmp);
    free(bugval);
    free(common);
    free(bugcells);
    return result;
}
