/*
 * als_chains.c — ALS-XZ (singly and doubly linked) and ALS-XY-Wing over
 * general almost locked sets: extended techniques, off in the SE-style
 * default (SE's WXYZ/VWXYZ-wings in als.c are their small special cases).
 *
 * Design: an almost locked set (ALS) is k cells of one unit holding k+1
 * digits together; take one digit away and the rest is locked. Two ALSs
 * share a restricted common digit x when every x of one sees every x of
 * the other: x is then in at most one of them, so the other is locked.
 * The sets are listed once per call (each cell set once, from its lowest
 * unit, smallest first) and paired, so smaller patterns are found first.
 */
#include "logic_internal.h"

#include <stdio.h>
#include <stdlib.h>

#define ALS_MAXK 8

typedef struct als {
    int cells[ALS_MAXK];
    int k;
    lmask digits;
} als;

typedef struct als_list {
    als *v;
    int n, cap;
} als_list;

static int cell_in(const als *a, int c)
{
    for (int i = 0; i < a->k; i++)
        if (a->cells[i] == c)
            return 1;
    return 0;
}

static int overlap(const als *a, const als *b)
{
    for (int i = 0; i < a->k; i++)
        if (cell_in(b, a->cells[i]))
            return 1;
    return 0;
}

/* Is every cell of s also in some unit below u? Then that unit lists it. */
static int listed_before(const doku_logic *L, int u, const int *s, int k)
{
    for (int j = 0; j < L->ncunits[s[0]]; j++) {
        int v = L->cunits[(size_t)s[0] * L->maxcu + j];
        if (v >= u)
            continue;
        int all = 1;
        for (int i = 1; i < k && all; i++)
            all = L->cell_in_unit[(size_t)v * L->nc + s[i]] != 0xff;
        if (all)
            return 1;
    }
    return 0;
}

static void enum_rec(doku_logic *L, als_list *out, int u, const int *empty, int ne, int start,
                     int *s, int k, int maxk, lmask dig)
{
    if (k > 0 && lpop(dig) == k + 1 && !listed_before(L, u, s, k)) {
        if (out->n == out->cap) {
            int nc = out->cap ? out->cap * 2 : 256;
            als *v = realloc(out->v, (size_t)nc * sizeof *v);
            if (!v)
                return;
            out->v = v;
            out->cap = nc;
        }
        als *a = &out->v[out->n++];
        for (int i = 0; i < k; i++)
            a->cells[i] = s[i];
        a->k = k;
        a->digits = dig;
    }
    if (k >= maxk || k >= ALS_MAXK)
        return;
    for (int i = start; i < ne; i++) {
        lmask d2 = dig | L->cand[empty[i]];
        /* more than k+2 digits can never come back to k'+1 with k' <= maxk */
        if (lpop(d2) > maxk + 1)
            continue;
        s[k] = empty[i];
        enum_rec(L, out, u, empty, ne, i + 1, s, k + 1, maxk, d2);
    }
}

static int by_size(const void *a, const void *b)
{
    return ((const als *)a)->k - ((const als *)b)->k;
}

static int enumerate(doku_logic *L, als_list *out)
{
    int n = L->n, empty[DOKU_MAX_N], s[ALS_MAXK];
    int maxk = n <= 9 ? ALS_MAXK - 1 : 4;
    out->v = NULL;
    out->n = out->cap = 0;
    for (int u = 0; u < L->nunits; u++) {
        int ne = 0;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (!L->val[c])
                empty[ne++] = c;
        }
        enum_rec(L, out, u, empty, ne, 0, s, 0, ne - 1 < maxk ? ne - 1 : maxk, 0);
    }
    qsort(out->v, (size_t)out->n, sizeof *out->v, by_size);
    return out->n;
}

/* Does c see every cell of a and b holding d? (c outside both) */
static int sees_all_d(const doku_logic *L, int c, const als *a, const als *b, int d)
{
    const als *ab[2] = {a, b};
    for (int s = 0; s < 2; s++) {
        if (!ab[s])
            continue;
        for (int i = 0; i < ab[s]->k; i++) {
            int o = ab[s]->cells[i];
            if (o == c)
                return 0;
            if ((L->cand[o] & LBIT(d)) && !logic_sees(L, c, o))
                return 0;
        }
    }
    return 1;
}

/* Restricted common digits of a and b (non-overlapping). */
static lmask rcc(const doku_logic *L, const als *a, const als *b)
{
    lmask r = 0;
    for (lmask m = a->digits & b->digits; m; m &= m - 1) {
        int d = lfirst(m) + 1, ok = 1;
        for (int i = 0; i < a->k && ok; i++) {
            if (!(L->cand[a->cells[i]] & LBIT(d)))
                continue;
            for (int j = 0; j < b->k && ok; j++)
                if ((L->cand[b->cells[j]] & LBIT(d)) && !logic_sees(L, a->cells[i], b->cells[j]))
                    ok = 0;
        }
        if (ok)
            r |= LBIT(d);
    }
    return r;
}

/* Eliminates d from cells (not in a, b, or skip) seeing every d of a and
 * b; b may be NULL. A cell seeing a d-holder is its peer, so the peers
 * of one holder are the only candidates. */
static int elim_d(doku_logic *L, const als *a, const als *b, int d, int apply)
{
    int h = -1;
    for (int i = 0; i < a->k && h < 0; i++)
        if (L->cand[a->cells[i]] & LBIT(d))
            h = a->cells[i];
    if (h < 0)
        return 0;
    int any = 0;
    const uint16_t *p = L->peers + (size_t)h * L->maxp;
    for (int i = 0; i < L->npeers[h]; i++) {
        int c = p[i];
        if (!(L->cand[c] & LBIT(d)) || cell_in(a, c) || (b && cell_in(b, c)) ||
            !sees_all_d(L, c, a, b, d))
            continue;
        any = 1;
        if (!apply)
            return 1;
        lstep_elim(L, c, d);
    }
    return any;
}

static void als_text(doku_logic *L, const als *a)
{
    char nm[24];
    for (int i = 0; i < a->k; i++) {
        logic_cellname(L, a->cells[i], nm, sizeof nm);
        lstep_text(L, "%s%s", i ? "," : "", nm);
    }
    lstep_text(L, " ");
    logic_text_set(L, a->digits);
}

static void als_proof(doku_logic *L, const als *a)
{
    for (int i = 0; i < a->k; i++)
        for (lmask m = L->cand[a->cells[i]]; m; m &= m - 1)
            lstep_proof(L, a->cells[i], lfirst(m) + 1);
}

/* All eliminations of A and B linked by the digits in x (one or two). */
static int xz_elims(doku_logic *L, const als *a, const als *b, lmask x, int apply)
{
    int any = 0;
    lmask common = a->digits & b->digits & ~x;
    for (lmask m = common; m; m &= m - 1) {
        any |= elim_d(L, a, b, lfirst(m) + 1, apply);
        if (any && !apply)
            return 1;
    }
    if (lpop(x) == 2) {
        /* doubly linked: both sets are locked once the links are counted,
         * each link digit is in one of them, every other digit in its set */
        for (lmask m = x; m; m &= m - 1) {
            any |= elim_d(L, a, b, lfirst(m) + 1, apply);
            if (any && !apply)
                return 1;
        }
        for (lmask m = a->digits & ~x; m; m &= m - 1) {
            any |= elim_d(L, a, NULL, lfirst(m) + 1, apply);
            if (any && !apply)
                return 1;
        }
        for (lmask m = b->digits & ~x; m; m &= m - 1) {
            any |= elim_d(L, b, NULL, lfirst(m) + 1, apply);
            if (any && !apply)
                return 1;
        }
    }
    return any;
}

static int capped(int r) { return r < 0 ? 0 : r; }

int logic_als_xz(doku_logic *L)
{
    als_list A;
    enumerate(L, &A);
    int found = 0;
    for (int j = 1; j < A.n && !found; j++)
        for (int i = 0; i < j && !found; i++) {
            const als *a = &A.v[i], *b = &A.v[j];
            if (lpop(a->digits & b->digits) < 2 || overlap(a, b))
                continue;
            lmask x = rcc(L, a, b);
            if (!x)
                continue;
            if (lpop(x) > 2)
                x = LBIT(lfirst(x) + 1); /* cannot happen in a valid grid */
            if (!xz_elims(L, a, b, x, 0))
                continue;
            int dbl = lpop(x) == 2;
            lstep_begin(L, DOKU_TECH_ALS_XZ, 55 + capped(a->k + b->k - 4) + dbl,
                        dbl ? "ALS-XZ (doubly linked)" : "ALS-XZ");
            xz_elims(L, a, b, x, 1);
            als_proof(L, a);
            als_proof(L, b);
            lstep_text(L, "%s: almost locked sets ", L->step.name);
            als_text(L, a);
            lstep_text(L, " and ");
            als_text(L, b);
            if (dbl)
                lstep_text(L, " are linked by %d and %d: each goes in one of them, so both sets "
                              "are locked and cells seeing every copy of one of their digits "
                              "lose it: ",
                           lfirst(x) + 1, lfirst(x & (x - 1)) + 1);
            else
                lstep_text(L, " are linked by %d: one of them is locked, so cells seeing every "
                              "copy of another common digit in both lose it: ",
                           lfirst(x) + 1);
            lstep_text_elims(L);
            found = 1;
        }
    free(A.v);
    return found;
}

int logic_als_xy_wing(doku_logic *L)
{
    als_list A;
    enumerate(L, &A);
    int found = 0, N = A.n;
    /* link digits between every pair, computed once */
    lmask *R = N ? calloc((size_t)N * (size_t)N, sizeof(lmask)) : NULL;
    if (N && !R) {
        free(A.v);
        return 0;
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            if ((A.v[i].digits & A.v[j].digits) && !overlap(&A.v[i], &A.v[j]))
                R[(size_t)i * N + j] = R[(size_t)j * N + i] = rcc(L, &A.v[i], &A.v[j]);
    for (int c = 0; c < N && !found; c++)
        for (int a = 0; a < N && !found; a++) {
            lmask xa = R[(size_t)c * N + a];
            if (!xa || a == c)
                continue;
            for (int b = a + 1; b < N && !found; b++) {
                lmask xb = R[(size_t)c * N + b];
                if (!xb || b == c || overlap(&A.v[a], &A.v[b]))
                    continue;
                const als *pa = &A.v[a], *pb = &A.v[b], *pc = &A.v[c];
                for (lmask mx = xa; mx && !found; mx &= mx - 1)
                    for (lmask my = xb; my && !found; my &= my - 1) {
                        lmask x = mx & (~mx + 1), y = my & (~my + 1);
                        if (x == y)
                            continue;
                        lmask z = pa->digits & pb->digits & ~x & ~y;
                        int any = 0;
                        for (lmask m = z; m && !any; m &= m - 1)
                            any = elim_d(L, pa, pb, lfirst(m) + 1, 0);
                        if (!any)
                            continue;
                        lstep_begin(L, DOKU_TECH_ALS_XY_WING,
                                    60 + capped(pa->k + pb->k + pc->k - 6), NULL);
                        for (lmask m = z; m; m &= m - 1)
                            elim_d(L, pa, pb, lfirst(m) + 1, 1);
                        als_proof(L, pa);
                        als_proof(L, pb);
                        als_proof(L, pc);
                        lstep_text(L, "ALS-XY-Wing: almost locked sets ");
                        als_text(L, pa);
                        lstep_text(L, " and ");
                        als_text(L, pb);
                        lstep_text(L, " are linked to the pivot set ");
                        als_text(L, pc);
                        lstep_text(L, " by %d and %d: one of the two is locked, so cells seeing "
                                      "every copy of a digit common to both lose it: ",
                                   lfirst(x) + 1, lfirst(y) + 1);
                        lstep_text_elims(L);
                        found = 1;
                    }
            }
        }
    free(R);
    free(A.v);
    return found;
}
