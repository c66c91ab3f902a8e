/*
 * vgen_sets.c — a constraint set for a full grid, added until the puzzle
 * is unique: thermometers or arrows where the second solution differs
 * (each new one chosen to break that solution), or every kropki dot / X
 * and V with the negative rule at once; givens only where the set cannot
 * tell the two solutions apart. Then every thermometer, arrow and given
 * that the puzzle does not need is removed, in random order.
 *
 * Thermometers run along cells a king's move apart whose digits
 * increase; an arrow's circle is one cell whose digit is the sum of the
 * arrow's cells. Both are read off the grid, so the grid is a solution
 * by construction; no cell is on two of them (a puzzle stays readable).
 */
#include "vgen_internal.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LEN (DOKU_CONSTRAINTS_MAX_N + 1)
/* Tries at one second solution before a given is placed instead. */
#define TRIES 24

typedef struct item {
    doku_constraint_kind kind;
    int ncells;
    uint16_t cells[MAX_LEN];
    int nparams, param;
} item;

typedef struct dress {
    vgen *v;
    item *items;
    int nitems, cap;
    uint8_t *used;   /* [ncells] on a thermometer or arrow */
    uint8_t *givens; /* the caller's */
} dress;

/* The list of the items not dropped (drop: a flag per item, or NULL)
 * and the negative rules of the set. @return DOKU_OK or DOKU_ERR_NOMEM. */
static doku_status build(const dress *d, const uint8_t *drop, doku_constraints **out)
{
    vgen *v = d->v;
    *out = NULL;
    doku_constraints *cs;
    doku_status st = doku_constraints_create(v->s, &cs);
    for (int i = 0; i < d->nitems && st == DOKU_OK; i++) {
        const item *it = &d->items[i];
        if (!drop || !drop[i])
            st = doku_constraints_add(cs, it->kind, it->cells, (size_t)it->ncells, &it->param,
                                      (size_t)it->nparams);
    }
    static const doku_constraint_kind neg[][2] = {{DOKU_CON_KROPKI_WHITE_ALL,
                                                   DOKU_CON_KROPKI_BLACK_ALL},
                                                  {DOKU_CON_X_ALL, DOKU_CON_V_ALL}};
    int set = v->o->set == DOKU_VGEN_KROPKI ? 0 : v->o->set == DOKU_VGEN_XV ? 1 : -1;
    for (int j = 0; set >= 0 && j < 2 && st == DOKU_OK; j++)
        st = doku_constraints_add(cs, neg[set][j], NULL, 0, NULL, 0);
    if (st != DOKU_OK) {
        /* every item holds on the grid: only memory can fail here */
        doku_constraints_free(cs);
        return DOKU_ERR_NOMEM;
    }
    *out = cs;
    return DOKU_OK;
}

static item *push(dress *d)
{
    if (d->nitems == d->cap) {
        int nc = d->cap ? d->cap * 2 : 32;
        item *p = realloc(d->items, sizeof *p * (size_t)nc);
        if (!p)
            return NULL;
        d->items = p;
        d->cap = nc;
    }
    item *it = &d->items[d->nitems++];
    memset(it, 0, sizeof *it);
    return it;
}

/* The cells a king's move from cell, in random order, into out[8].
 * @return how many. */
static int kings(vgen *v, int cell, int out[8])
{
    int n = v->n, r = cell / n, c = cell % n, m = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int rr = r + dr, cc = c + dc;
            if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n)
                out[m++] = rr * n + cc;
        }
    vgen_shuffle(v, out, m);
    return m;
}

/* Every dot (kropki) or X and V the grid has: a pair of orthogonal
 * neighbours gets one when its digits qualify (1 and 2: white). */
static int all_marks(dress *d)
{
    vgen *v = d->v;
    int n = v->n;
    for (int c = 0; c < v->ncells; c++) {
        for (int k = 0; k < 2; k++) {
            int o = k ? c + n : c + 1;
            if ((k && o >= v->ncells) || (!k && c % n == n - 1))
                continue;
            int a = v->grid[c], b = v->grid[o];
            doku_constraint_kind kind = DOKU_CON_NONE;
            if (v->o->set == DOKU_VGEN_KROPKI)
                kind = a - b == 1 || b - a == 1 ? DOKU_CON_KROPKI_WHITE
                       : a == 2 * b || b == 2 * a ? DOKU_CON_KROPKI_BLACK
                                                  : DOKU_CON_NONE;
            else
                kind = a + b == 10 ? DOKU_CON_X : a + b == 5 ? DOKU_CON_V : DOKU_CON_NONE;
            if (kind == DOKU_CON_NONE)
                continue;
            item *it = push(d);
            if (!it)
                return -1;
            it->kind = kind;
            it->ncells = 2;
            it->cells[0] = (uint16_t)c;
            it->cells[1] = (uint16_t)o;
        }
    }
    return 1;
}

/* A thermometer through cell, grown both ways along increasing digits
 * over free cells, into it. @return its length (1: none possible). */
static int thermo_through(dress *d, int cell, item *it)
{
    vgen *v = d->v;
    uint16_t up[MAX_LEN], down[MAX_LEN];
    int nu = 0, nd = 0, want = 3 + vgen_below(v, v->n > 6 ? v->n - 4 : 2);
    uint8_t *on = (uint8_t *)v->tmp; /* cells taken by this one */
    memset(on, 0, (size_t)v->ncells);
    on[cell] = 1;
    int hi = cell, lo = cell;
    while (1 + nu + nd < want) {
        int grew = 0, dir = vgen_below(v, 2);
        for (int k = 0; k < 2 && !grew; k++, dir ^= 1) {
            int from = dir ? hi : lo, nb[8], m = kings(v, from, nb);
            for (int i = 0; i < m && !grew; i++) {
                int x = nb[i];
                if (d->used[x] || on[x] || (dir ? v->grid[x] <= v->grid[from]
                                                : v->grid[x] >= v->grid[from]))
                    continue;
                on[x] = 1;
                if (dir)
                    up[nu++] = (uint16_t)(hi = x);
                else
                    down[nd++] = (uint16_t)(lo = x);
                grew = 1;
            }
        }
        if (!grew)
            break;
    }
    it->kind = DOKU_CON_THERMO;
    it->ncells = 0;
    for (int i = nd - 1; i >= 0; i--)
        it->cells[it->ncells++] = down[i];
    it->cells[it->ncells++] = (uint16_t)cell;
    for (int i = 0; i < nu; i++)
        it->cells[it->ncells++] = up[i];
    it->nparams = 0;
    return it->ncells;
}

/* Extends an arrow path (it->cells[1..k-1], circle it->cells[0]) from its
 * last cell until its digits sum to the circle's: a random depth-first
 * walk over free cells. @return 1 found, 0 not. */
static int arrow_walk(dress *d, item *it, int sum, int *budget)
{
    vgen *v = d->v;
    int target = v->grid[it->cells[0]];
    if (sum == target)
        return it->ncells > 1;
    if (--*budget < 0 || it->ncells >= MAX_LEN)
        return 0;
    int nb[8], m = kings(v, it->cells[it->ncells - 1], nb);
    for (int i = 0; i < m; i++) {
        int x = nb[i], on = 0;
        for (int j = 0; j < it->ncells && !on; j++)
            on = it->cells[j] == x;
        if (on || d->used[x] || sum + v->grid[x] > target)
            continue;
        it->cells[it->ncells++] = (uint16_t)x;
        if (arrow_walk(d, it, sum + v->grid[x], budget))
            return 1;
        it->ncells--;
    }
    return 0;
}

/* An arrow with cell as its circle, or as the first cell of an arrow
 * from a neighbouring circle. @return its cells (0: none possible). */
static int arrow_at(dress *d, int cell, item *it)
{
    vgen *v = d->v;
    int budget = 200;
    it->kind = DOKU_CON_ARROW;
    it->nparams = 1;
    it->param = 1;
    it->ncells = 1;
    it->cells[0] = (uint16_t)cell;
    if (vgen_below(v, 2) && arrow_walk(d, it, 0, &budget))
        return it->ncells;
    int nb[8], m = kings(v, cell, nb);
    for (int i = 0; i < m; i++) {
        if (d->used[nb[i]] || v->grid[nb[i]] <= v->grid[cell])
            continue;
        it->cells[0] = (uint16_t)nb[i];
        it->cells[1] = (uint16_t)cell;
        it->ncells = 2;
        if (arrow_walk(d, it, v->grid[cell], &budget))
            return it->ncells;
    }
    it->ncells = 0;
    return 0;
}

/* 1 when the item does not hold on alt. */
static int breaks(const vgen *v, const item *it, const uint8_t *alt)
{
    if (it->kind == DOKU_CON_THERMO) {
        for (int i = 1; i < it->ncells; i++)
            if (alt[it->cells[i]] <= alt[it->cells[i - 1]])
                return 1;
        return 0;
    }
    int sum = 0;
    for (int i = 1; i < it->ncells; i++)
        sum += alt[it->cells[i]];
    (void)v;
    return sum != alt[it->cells[0]];
}

/* Adds a thermometer or arrow over a cell where v->alt differs from the
 * grid that breaks it. @return 1 added, 0 none found, -1 out of memory. */
static int add_line(dress *d)
{
    vgen *v = d->v;
    int *diff = v->tmp + v->ncells, nd = 0; /* tmp[0..ncells) is thermo_through's */
    for (int c = 0; c < v->ncells; c++)
        if (v->alt[c] != v->grid[c] && !d->used[c])
            diff[nd++] = c;
    if (!nd)
        return 0;
    item it;
    for (int t = 0; t < TRIES; t++) {
        int cell = diff[vgen_below(v, nd)];
        int k = v->o->set == DOKU_VGEN_THERMO ? thermo_through(d, cell, &it) : arrow_at(d, cell, &it);
        if (k < 2 || !breaks(v, &it, v->alt))
            continue;
        item *p = push(d);
        if (!p)
            return -1;
        *p = it;
        for (int i = 0; i < it.ncells; i++)
            d->used[it.cells[i]] = 1;
        return 1;
    }
    return 0;
}

/* Places the grid's digit in a random cell where v->alt differs. */
static void add_given(dress *d)
{
    vgen *v = d->v;
    int *diff = v->tmp + v->ncells, nd = 0;
    for (int c = 0; c < v->ncells; c++)
        if (v->alt[c] != v->grid[c])
            diff[nd++] = c;
    int c = diff[vgen_below(v, nd)];
    d->givens[c] = v->grid[c];
}

/* Uniqueness of the items not dropped (drop: a flag per item, or NULL).
 * @return as vgen_check. */
static int unique_with(dress *d, const uint8_t *drop)
{
    doku_constraints *cs;
    if (build(d, drop, &cs) != DOKU_OK)
        return -1;
    int r = vgen_check(d->v, cs, d->givens);
    doku_constraints_free(cs);
    return r;
}

/* Drops every thermometer or arrow, then every given, the puzzle stays
 * unique without, in random order. @return 1, -1 out of memory. */
static int trim(dress *d)
{
    vgen *v = d->v;
    int *order = v->tmp + v->ncells; /* items: at most ncells / 2 */
    int k = v->o->set <= DOKU_VGEN_ARROW ? d->nitems : 0, failed = 0;
    uint8_t *drop = calloc((size_t)k + 1, 1);
    if (!drop)
        return -1;
    v->trim_budget = VGEN_TRIM_BUDGET(v->o->check_budget ? v->o->check_budget : VGEN_CHECK_BUDGET);
    for (int i = 0; i < k; i++)
        order[i] = i;
    vgen_shuffle(v, order, k);
    for (int i = 0; i < k && !v->late && !failed; i++) {
        drop[order[i]] = 1;
        int r = unique_with(d, drop);
        failed = r < 0;
        if (r != 1)
            drop[order[i]] = 0;
    }
    int m = 0;
    for (int x = 0; x < k; x++)
        if (!drop[x])
            d->items[m++] = d->items[x];
    if (k)
        d->nitems = m;
    free(drop);
    int ng = 0;
    for (int c = 0; c < v->ncells; c++)
        if (d->givens[c])
            order[ng++] = c;
    vgen_shuffle(v, order, ng);
    for (int i = 0; i < ng && !v->late && !failed; i++) {
        int c = order[i];
        uint8_t keep = d->givens[c];
        d->givens[c] = 0;
        int r = unique_with(d, NULL);
        failed = r < 0;
        if (r != 1)
            d->givens[c] = keep;
    }
    v->trim_budget = 0;
    return failed ? -1 : 1;
}

int vgen_set(vgen *v, doku_constraints **out, uint8_t *givens)
{
    *out = NULL;
    dress d;
    memset(&d, 0, sizeof d);
    d.v = v;
    d.givens = givens;
    d.used = calloc((size_t)v->ncells, 1);
    v->tmp = malloc(sizeof *v->tmp * (size_t)v->ncells * 2);
    int rc = 0;
    if (!d.used || !v->tmp || (v->o->set >= DOKU_VGEN_KROPKI && all_marks(&d) < 0)) {
        rc = -1;
        goto done;
    }
    v->nalts = v->alt_next = 0;
    for (;;) {
        int r = unique_with(&d, NULL);
        if (r < 0) {
            rc = -1;
            goto done;
        }
        if (r == 1)
            break;
        if (!v->have_alt || v->late)
            goto done; /* a budget stopped the check */
        r = v->o->set <= DOKU_VGEN_ARROW ? add_line(&d) : 0;
        if (r < 0) {
            rc = -1;
            goto done;
        }
        if (!r)
            add_given(&d);
        v->res->repairs++;
    }
    /* the last check is the finished puzzle's: its effort is reported */
    int r = trim(&d) < 0 ? -1 : unique_with(&d, NULL);
    if (r != 1) {
        rc = r < 0 ? -1 : 0;
        goto done;
    }
    if (build(&d, NULL, out) != DOKU_OK) {
        rc = -1;
        goto done;
    }
    rc = 1;
done:
    free(d.items);
    free(d.used);
    free(v->tmp);
    v->tmp = NULL;
    return rc;
}
