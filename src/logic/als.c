/*
 * als.c — almost locked sets: WXYZ-Wing and VWXYZ-Wing, the forms of
 * ALS-XZ (an almost locked set plus a bivalue cell) that the Sukaku
 * Explainer rater uses between the subsets and the chains.
 *
 * Design: an ALS is k-1 cells of one unit holding k digits between them.
 * With a bivalue cell Y = {x,z} whose x sees every x of the ALS (x is a
 * restricted common), one of them holds z, so z leaves every cell that
 * sees Y and all the ALS's z-cells. When z is restricted too (doubly
 * linked), every digit of the set becomes locked and more go.
 */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct als_best {
    int found, rating, nelim;
    int cells[8], ncells, y;
    lmask digits;
} als_best;

/* cells seeing every cell of list[] that holds digit d (and extra, if >= 0) */
static void elim_seeing(doku_logic *L, const int *cells, int nc, int extra, int d, int apply, int *count)
{
    int anchor = extra >= 0 ? extra : -1;
    for (int i = 0; i < nc && anchor < 0; i++)
        if (L->cand[cells[i]] & LBIT(d))
            anchor = cells[i];
    if (anchor < 0)
        return;
    const uint16_t *p = L->peers + (size_t)anchor * L->maxp;
    for (int k = 0; k < L->npeers[anchor]; k++) {
        int c = p[k];
        if (!(L->cand[c] & LBIT(d)) || c == extra)
            continue;
        int ok = 1;
        for (int i = 0; i < nc && ok; i++) {
            if (cells[i] == c)
                ok = 0;
            else if ((L->cand[cells[i]] & LBIT(d)) && !logic_sees(L, c, cells[i]))
                ok = 0;
        }
        if (ok && extra >= 0 && !logic_sees(L, c, extra))
            ok = 0;
        if (ok) {
            (*count)++;
            if (apply)
                lstep_elim(L, c, d);
        }
    }
}

static int restricted(doku_logic *L, const int *cells, int nc, int y, int d)
{
    for (int i = 0; i < nc; i++)
        if ((L->cand[cells[i]] & LBIT(d)) && !logic_sees(L, y, cells[i]))
            return 0;
    return 1;
}

/* eliminations of ALS cells[] + bivalue y; returns count, applies if asked */
static int als_elims(doku_logic *L, const int *cells, int nc, int y, lmask digits, int apply)
{
    lmask ym = L->cand[y];
    int x = lfirst(ym) + 1, z = lfirst(ym & (ym - 1)) + 1;
    int rx = restricted(L, cells, nc, y, x), rz = restricted(L, cells, nc, y, z);
    int count = 0;
    if (!rx && !rz)
        return 0;
    if (rx && rz) {
        elim_seeing(L, cells, nc, y, x, apply, &count);
        elim_seeing(L, cells, nc, y, z, apply, &count);
        for (lmask m = digits & ~ym; m; m &= m - 1)
            elim_seeing(L, cells, nc, -1, lfirst(m) + 1, apply, &count);
    } else {
        elim_seeing(L, cells, nc, y, rx ? z : x, apply, &count);
    }
    return count;
}

static void consider(doku_logic *L, const int *cells, int k1, lmask digits, int base, int size,
                     const int *bv, int nbv, als_best *b)
{
    int bc = 0;
    for (int i = 0; i < k1; i++)
        if (lpop(L->cand[cells[i]]) > bc)
            bc = lpop(L->cand[cells[i]]);
    int avg = (size + 2) / 2;
    int diff = bc > avg ? bc - avg : avg - bc;
    int rating = base + (size - avg) - diff;
    if (b->found && rating > b->rating)
        return;
    for (int t = 0; t < nbv; t++) {
        int y = bv[t];
        lmask ym = L->cand[y];
        if ((ym & digits) != ym)
            continue;
        int in = 0, sees = 0;
        for (int i = 0; i < k1; i++) {
            in |= cells[i] == y;
            sees |= logic_sees(L, y, cells[i]);
        }
        if (in || !sees)
            continue;
        int cnt = als_elims(L, cells, k1, y, digits, 0);
        if (!cnt)
            continue;
        if (!b->found || rating < b->rating || (rating == b->rating && cnt > b->nelim)) {
            b->found = 1;
            b->rating = rating;
            b->nelim = cnt;
            memcpy(b->cells, cells, sizeof(int) * (size_t)k1);
            b->ncells = k1;
            b->y = y;
            b->digits = digits;
        }
    }
}

/* The unit's candidate cells taken k1 at a time (combo.c): a set whose
 * k1 cells hold size digits is an almost locked set; a prefix whose
 * digits already exceed size is cut by the walk. */
struct als_enum {
    doku_logic *L;
    const int *bv;
    int size, base, nbv;
    als_best *b;
};

static int visit_als(void *vctx, const int *cells, int k1, lmask digits)
{
    const struct als_enum *e = vctx;
    if (lpop(digits) == e->size)
        consider(e->L, cells, k1, digits, e->base, e->size, e->bv, e->nbv, e->b);
    return 0; /* the best set is wanted: walk on */
}

/* A set and pivot that gave nothing when this search last found nothing
 * at all can only give something now if one of their cells changed (the
 * eliminations only shrink): in a unit with no changed cell, only the
 * changed bivalue cells are tried as the pivot. Same result, same order. */
static int als_wing(doku_logic *L, int size, int base, doku_technique t, int slot)
{
    int n = L->n, k1 = size - 1;
    als_best b;
    memset(&b, 0, sizeof b);
    const uint8_t *hot = logic_cmemo_hot(L, slot);
    /* the bivalue cells, in cell order: the only candidates for y; then
     * the changed ones among them */
    int *bv = malloc(sizeof(int) * 2 * (size_t)L->nc), nbv = 0, nhot = 0;
    if (!bv)
        return logic_nomem(L);
    int *hotbv = bv + L->nc;
    for (int y = 0; y < L->nc; y++)
        if (lpop(L->cand[y]) == 2) {
            bv[nbv++] = y;
            if (hot && hot[y])
                hotbv[nhot++] = y;
        }
    for (int u = 0; u < L->nunits && nbv && !logic_past_deadline(L); u++) {
        int ids[DOKU_MAX_N], m = 0, changed = !hot;
        lmask masks[DOKU_MAX_N];
        for (int i = 0; i < n && !changed; i++)
            changed = hot[logic_unit_cell(L, u, i)];
        if (!changed && !nhot)
            continue;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            int pc = lpop(L->cand[c]);
            if (!L->val[c] && pc >= 2 && pc <= size) {
                masks[m] = L->cand[c];
                ids[m++] = c;
            }
        }
        if (m < k1)
            continue;
        struct als_enum e = {L, changed ? bv : hotbv, size, base, changed ? nbv : nhot, &b};
        logic_combinations(masks, ids, m, k1, size, visit_als, &e);
    }
    free(bv);
    if (!b.found) {
        logic_cmemo_fail(L, slot);
        return 0;
    }
    lstep_begin(L, t, b.rating, NULL);
    als_elims(L, b.cells, b.ncells, b.y, b.digits, 1);
    char a[24];
    lstep_text(L, "%s: ", L->step.name);
    for (int i = 0; i < b.ncells; i++) {
        logic_cellname(L, b.cells[i], a, sizeof a);
        lstep_text(L, "%s%s", i ? ", " : "", a);
        for (lmask m = L->cand[b.cells[i]]; m; m &= m - 1)
            lstep_proof(L, b.cells[i], lfirst(m) + 1);
    }
    logic_cellname(L, b.y, a, sizeof a);
    lstep_text(L, " hold only ");
    logic_text_set(L, b.digits);
    lstep_text(L, " (one digit too many) and %s is ", a);
    logic_text_set(L, L->cand[b.y]);
    lstep_text(L, ", linked by a digit they cannot share, so: ");
    for (lmask m = L->cand[b.y]; m; m &= m - 1)
        lstep_proof(L, b.y, lfirst(m) + 1);
    lstep_text_elims(L);
    return 1;
}

int logic_wxyz_wing(doku_logic *L) { return als_wing(L, 4, 55, DOKU_TECH_WXYZ_WING, LCMEMO_WXYZ_WING); }
int logic_vwxyz_wing(doku_logic *L) { return als_wing(L, 5, 62, DOKU_TECH_VWXYZ_WING, LCMEMO_VWXYZ_WING); }
