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
    int seq;               /* order found in: ties of the size sort */
    lmask digits;
    const uint64_t *bits;  /* per digit of the set (in digit order): the
                              cells holding it, then the cells seeing all
                              of those; pwords words each */
} als;

typedef struct als_list {
    als *v;
    int n, cap;
    uint64_t *pool;        /* the bits of every set */
    uint64_t *dcells;      /* [n digits][pwords]: cells holding each digit */
    int pw;
} als_list;

#define ALS_MAX_SETS 4000

/* The bitsets of digit d in a: holders, common peers of the holders. */
static const uint64_t *holders(const als_list *A, const als *a, int d)
{
    int slot = lpop(a->digits & (LBIT(d) - 1));
    return a->bits + (size_t)slot * 2 * A->pw;
}
static const uint64_t *seers(const als_list *A, const als *a, int d)
{
    return holders(A, a, d) + A->pw;
}

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
    if (k > 0 && lpop(dig) == k + 1 && out->n < ALS_MAX_SETS && !listed_before(L, u, s, k)) {
        if (out->n == out->cap) {
            int nc = out->cap ? out->cap * 2 : 256;
            als *v = realloc(out->v, (size_t)nc * sizeof *v);
            if (!v) {
                logic_nomem(L);
                return;
            }
            out->v = v;
            out->cap = nc;
        }
        als *a = &out->v[out->n++];
        for (int i = 0; i < k; i++)
            a->cells[i] = s[i];
        a->k = k;
        a->seq = out->n - 1;
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

/* qsort is not stable everywhere: equal sizes keep the order found, so
 * every C library lists (and reports) the same sets first. */
static int by_size(const void *a, const void *b)
{
    const als *x = a, *y = b;
    return x->k != y->k ? x->k - y->k : x->seq - y->seq;
}

static int enumerate(doku_logic *L, als_list *out)
{
    int n = L->n, empty[DOKU_MAX_N], s[ALS_MAXK];
    int maxk = n <= 9 ? ALS_MAXK - 1 : 4;
    out->v = NULL;
    out->n = out->cap = 0;
    out->pool = out->dcells = NULL;
    for (int u = 0; u < L->nunits; u++) {
        int ne = 0;
        for (int i = 0; i < n; i++) {
            int c = logic_unit_cell(L, u, i);
            if (!L->val[c])
                empty[ne++] = c;
        }
        enum_rec(L, out, u, empty, ne, 0, s, 0, ne - 1 < maxk ? ne - 1 : maxk, 0);
    }
    if (out->n > 1) /* with no set, out->v is NULL: not even qsort may see it */
        qsort(out->v, (size_t)out->n, sizeof *out->v, by_size);
    /* the bitsets: a link or a victim is then a few word operations */
    int pw = L->pwords;
    out->pw = pw;
    out->pool = calloc((size_t)out->n * (ALS_MAXK + 1) * 2 * (size_t)pw + 1, sizeof(uint64_t));
    out->dcells = calloc((size_t)n * (size_t)pw, sizeof(uint64_t));
    if (!out->pool || !out->dcells) {
        out->n = 0;
        return logic_nomem(L);
    }
    for (int c = 0; c < L->nc; c++)
        for (lmask m = L->val[c] ? 0 : L->cand[c]; m; m &= m - 1)
            out->dcells[(size_t)lfirst(m) * pw + (c >> 6)] |= (uint64_t)1 << (c & 63);
    for (int i = 0; i < out->n; i++) {
        als *a = &out->v[i];
        uint64_t *b = out->pool + (size_t)i * (ALS_MAXK + 1) * 2 * pw;
        a->bits = b;
        for (lmask m = a->digits; m; m &= m - 1, b += 2 * pw) {
            lmask d = m & (~m + 1);
            for (int w = 0; w < pw; w++)
                b[pw + w] = ~(uint64_t)0;
            for (int j = 0; j < a->k; j++) {
                int c = a->cells[j];
                if (!(L->cand[c] & d))
                    continue;
                b[c >> 6] |= (uint64_t)1 << (c & 63);
                const uint64_t *pb = L->peerbits + (size_t)c * pw;
                for (int w = 0; w < pw; w++)
                    b[pw + w] &= pb[w];
            }
        }
    }
    return out->n;
}

static void list_free(als_list *A)
{
    free(A->v);
    free(A->pool);
    free(A->dcells);
}

/* Restricted common digits of a and b (non-overlapping): every holder
 * in a sees every holder in b. */
static lmask rcc(const als_list *A, const als *a, const als *b)
{
    lmask r = 0;
    for (lmask m = a->digits & b->digits; m; m &= m - 1) {
        int d = lfirst(m) + 1, ok = 1;
        const uint64_t *ha = holders(A, a, d), *sb = seers(A, b, d);
        for (int w = 0; w < A->pw && ok; w++)
            ok = (ha[w] & ~sb[w]) == 0;
        if (ok)
            r |= LBIT(d);
    }
    return r;
}

/* Eliminates d from the cells seeing every holder of d in a and in b (b
 * may be NULL); holders do not see themselves, so the sets' own cells
 * never qualify. */
static int elim_d(doku_logic *L, const als_list *A, const als *a, const als *b, int d, int apply)
{
    int any = 0;
    const uint64_t *sa = seers(A, a, d), *sb = b ? seers(A, b, d) : NULL;
    const uint64_t *dc = A->dcells + (size_t)(d - 1) * A->pw;
    for (int w = 0; w < A->pw; w++) {
        uint64_t v = sa[w] & dc[w] & (sb ? sb[w] : ~(uint64_t)0);
        if (v && !apply)
            return 1;
        for (; v; v &= v - 1) {
            any = 1;
            lstep_elim(L, w * 64 + __builtin_ctzll(v), d);
        }
    }
    return any;
}

static void als_text(doku_logic *L, const als *a)
{
    lstep_text_cells(L, a->cells, a->k, ",", NULL);
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
static int xz_elims(doku_logic *L, const als_list *A, const als *a, const als *b, lmask x,
                    int apply)
{
    int any = 0;
    lmask common = a->digits & b->digits & ~x;
    for (lmask m = common; m; m &= m - 1) {
        any |= elim_d(L, A, a, b, lfirst(m) + 1, apply);
        if (any && !apply)
            return 1;
    }
    if (lpop(x) == 2) {
        /* doubly linked: both sets are locked once the links are counted,
         * each link digit is in one of them, every other digit in its set */
        for (lmask m = x; m; m &= m - 1) {
            any |= elim_d(L, A, a, b, lfirst(m) + 1, apply);
            if (any && !apply)
                return 1;
        }
        for (lmask m = a->digits & ~x; m; m &= m - 1) {
            any |= elim_d(L, A, a, NULL, lfirst(m) + 1, apply);
            if (any && !apply)
                return 1;
        }
        for (lmask m = b->digits & ~x; m; m &= m - 1) {
            any |= elim_d(L, A, b, NULL, lfirst(m) + 1, apply);
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
    for (int j = 1; j < A.n && !found && !logic_stop(L); j++)
        for (int i = 0; i < j && !found; i++) {
            const als *a = &A.v[i], *b = &A.v[j];
            if (lpop(a->digits & b->digits) < 2 || overlap(a, b))
                continue;
            lmask x = rcc(&A, a, b);
            if (!x)
                continue;
            if (lpop(x) > 2)
                x = LBIT(lfirst(x) + 1); /* cannot happen in a valid grid */
            if (!xz_elims(L, &A, a, b, x, 0))
                continue;
            int dbl = lpop(x) == 2;
            lstep_begin(L, DOKU_TECH_ALS_XZ, 55 + capped(a->k + b->k - 4) + dbl,
                        dbl ? "ALS-XZ (doubly linked)" : "ALS-XZ");
            xz_elims(L, &A, a, b, x, 1);
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
    list_free(&A);
    return found;
}

int logic_als_xy_wing(doku_logic *L)
{
    als_list A;
    enumerate(L, &A);
    int found = 0, N = A.n;
    /* per pivot: the sets linked to it, with their link digits */
    int *lk = N ? malloc((size_t)N * sizeof(int)) : NULL;
    lmask *lx = N ? malloc((size_t)N * sizeof(lmask)) : NULL;
    if (N && (!lk || !lx)) {
        free(lk);
        free(lx);
        list_free(&A);
        return logic_nomem(L);
    }
    for (int c = 0; c < N && !found && !logic_stop(L); c++) {
        int nl = 0;
        for (int i = 0; i < N; i++)
            if (i != c && (A.v[i].digits & A.v[c].digits) && !overlap(&A.v[i], &A.v[c])) {
                lmask r = rcc(&A, &A.v[c], &A.v[i]);
                if (r) {
                    lk[nl] = i;
                    lx[nl++] = r;
                }
            }
        for (int ia = 0; ia < nl && !found; ia++) {
            int a = lk[ia];
            lmask xa = lx[ia];
            for (int ib = ia + 1; ib < nl && !found; ib++) {
                int b = lk[ib];
                lmask xb = lx[ib];
                if (!(A.v[a].digits & A.v[b].digits) || overlap(&A.v[a], &A.v[b]))
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
                            any = elim_d(L, &A, pa, pb, lfirst(m) + 1, 0);
                        if (!any)
                            continue;
                        lstep_begin(L, DOKU_TECH_ALS_XY_WING,
                                    60 + capped(pa->k + pb->k + pc->k - 6), NULL);
                        for (lmask m = z; m; m &= m - 1)
                            elim_d(L, &A, pa, pb, lfirst(m) + 1, 1);
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
    }
    free(lk);
    free(lx);
    list_free(&A);
    return found;
}
