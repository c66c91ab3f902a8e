/*
 * engine_line.c — line and outside-clue rules: between lines, sandwiches
 * and X-sums, each by the bounds or digit sets its cells leave room for;
 * short arrows exactly (renban: engine_line_renban.c).
 */
#include "engine_prop_internal.h"

/* Bounds of cells[from..to) summing to target: each cell keeps the
 * digits the others' bounds leave room for. */
static int bound_sum(pstate *ps, const uint16_t *cells, int from, int to, int target)
{
    int n = ps->e->n;
    for (int round = 0; round < 2; round++) {
        int lo = 0, hi = 0;
        for (int i = from; i < to; i++) {
            lo += lo_digit(ps->dom[cells[i]]);
            hi += hi_digit(ps->dom[cells[i]]);
        }
        if (target < lo || target > hi)
            return 0;
        for (int i = from; i < to; i++) {
            vmask m = ps->dom[cells[i]];
            int olo = lo - lo_digit(m), ohi = hi - hi_digit(m);
            if (!narrow(ps, cells[i], range(target - ohi, target - olo, n)))
                return 0;
        }
    }
    return 1;
}

/* Sum bounds of cells[a+1..b-1] of a row that hold neither 1 nor n. */
static void between_bounds(pstate *ps, const uint16_t *cells, int a, int b, int *lo, int *hi)
{
    int n = ps->e->n, len = b - a - 1, l = 0, h = 0;
    vmask inner = ps->e->all & ~(vmask)1 & ~((vmask)1 << (n - 1));
    for (int i = a + 1; i < b; i++) {
        vmask m = ps->dom[cells[i]] & inner;
        if (!m) {
            *lo = 1;
            *hi = 0;
            return;
        }
        l += lo_digit(m);
        h += hi_digit(m);
    }
    /* distinct digits of 2..n-1 */
    int dl = len * (len + 3) / 2, dh = len * (2 * n - len - 1) / 2;
    *lo = l > dl ? l : dl;
    *hi = h < dh ? h : dh;
}

/* The digit sets of `need` digits of avail summing to sum whose
 * complement in mid the outer cells can hold (mid & ~set within outer):
 * their union into *in_u, the complements' into *out_u. */
static void sandwich_sets(vmask avail, int need, int sum, vmask acc, vmask mid, vmask outer,
                          vmask *in_u, vmask *out_u)
{
    if (need == 0) {
        if (sum == 0 && !(mid & ~acc & ~outer)) {
            *in_u |= acc;
            *out_u |= mid & ~acc;
        }
        return;
    }
    if (bits_count(avail) < need || sum < need * (bits_lowest(avail) + 1) ||
        sum > need * (bits_highest(avail) + 1))
        return;
    vmask bit = avail & -avail;
    int d = bits_lowest(avail) + 1;
    sandwich_sets(avail & ~bit, need - 1, sum - d, acc | bit, mid, outer, in_u, out_u);
    sandwich_sets(avail & ~bit, need, sum, acc, mid, outer, in_u, out_u);
}

/* A sandwich clue on a row (a unit: 1 and n appear once each): for each
 * pair of places for the 1 and the n, the digit sets of the cells between
 * that sum to the clue and leave the other digits to the cells outside.
 * Each cell keeps what some such pair and set give it (Interactive Sudoku
 * Solver's Lunchbox reasoning); with one pair left, the inner cells'
 * bounds too. */
int vprop_sandwich(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask one = 1, top = (vmask)1 << (n - 1), mid = e->all & ~one & ~top;
    vmask keep[DOKU_CONSTRAINTS_MAX_N] = {0}, d[DOKU_CONSTRAINTS_MAX_N];
    int pairs = 0, pa = -1, pb = -1;
    for (int i = 0; i < n; i++)
        d[i] = ps->dom[cells[i]];
    for (int i = 0; i < n; i++) {
        if (!(d[i] & (one | top)))
            continue;
        for (int j = i + 1; j < n; j++) {
            int a_one = (d[i] & one) && (d[j] & top);
            int a_top = (d[i] & top) && (d[j] & one);
            if (!a_one && !a_top)
                continue;
            int lo, hi;
            between_bounds(ps, cells, i, j, &lo, &hi);
            if (p->value < lo || p->value > hi)
                continue;
            vmask inner = 0, outer = 0;
            for (int k = 0; k < n; k++)
                if (k > i && k < j)
                    inner |= d[k];
                else if (k != i && k != j)
                    outer |= d[k];
            vmask in_u = 0, out_u = 0;
            sandwich_sets(inner & mid, j - i - 1, p->value, 0, mid, outer & mid, &in_u, &out_u);
            if (!in_u && !(j == i + 1 && p->value == 0 && !(mid & ~outer)))
                continue;
            if (j == i + 1)
                out_u = mid;
            for (int k = 0; k < n; k++)
                if (k != i && k != j)
                    keep[k] |= k > i && k < j ? in_u : out_u;
            if (a_one) {
                keep[i] |= one;
                keep[j] |= top;
            }
            if (a_top) {
                keep[i] |= top;
                keep[j] |= one;
            }
            pairs++;
            pa = i;
            pb = j;
        }
    }
    if (!pairs)
        return 0;
    for (int i = 0; i < n; i++)
        if (!narrow(ps, cells[i], keep[i]))
            return 0;
    if (pairs == 1 && pb - pa > 1)
        return bound_sum(ps, cells, pa + 1, pb, p->value);
    return 1;
}

/* The digit sets of `need` digits of avail summing to sum that the
 * cells d[0..nd) can hold (each holds one of the set, together all of
 * it) and whose complement in rest the outer cells can hold: their union
 * into *in_u, the complements' into *out_u. @return 1 when there is one. */
static int xsum_sets(vmask avail, int need, int sum, vmask acc, const vmask *d, int nd,
                     vmask rest, vmask outer, vmask *in_u, vmask *out_u)
{
    if (need == 0) {
        if (sum || (rest & ~acc & ~outer))
            return 0;
        vmask cover = 0;
        for (int i = 0; i < nd; i++) {
            vmask m = d[i] & acc;
            if (!m)
                return 0;
            cover |= m;
        }
        if (cover != acc)
            return 0;
        *in_u |= acc;
        *out_u |= rest & ~acc;
        return 1;
    }
    if (bits_count(avail) < need || sum < need * (bits_lowest(avail) + 1) ||
        sum > need * (bits_highest(avail) + 1))
        return 0;
    vmask bit = avail & -avail;
    int x = bits_lowest(avail) + 1;
    int a = xsum_sets(avail & ~bit, need - 1, sum - x, acc | bit, d, nd, rest, outer, in_u, out_u);
    return xsum_sets(avail & ~bit, need, sum, acc, d, nd, rest, outer, in_u, out_u) | a;
}

/* An X-sum on a row (a unit): for each digit x of the first cell, the
 * sets of x - 1 distinct digits other than x summing to the clue less x
 * that the next x - 1 cells can hold and whose complement the cells after
 * them can hold (Interactive Sudoku Solver reads it as a sum of distinct
 * cells per x). Each cell keeps what some x and set give it. */
int vprop_xsum(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask d[DOKU_CONSTRAINTS_MAX_N] = {0}, keep[DOKU_CONSTRAINTS_MAX_N] = {0};
    for (int i = 0; i < n; i++)
        d[i] = ps->dom[cells[i]];
    for (vmask m = d[0]; m; m &= m - 1) {
        vmask bit = m & -m;
        int x = bits_lowest(m) + 1;
        if (x == 1) {
            if (p->value == 1) {
                keep[0] |= bit;
                for (int i = 1; i < n; i++)
                    keep[i] |= e->all & ~bit;
            }
            continue;
        }
        vmask outer = 0, in_u = 0, out_u = 0;
        for (int i = x; i < n; i++)
            outer |= d[i];
        if (!xsum_sets(e->all & ~bit, x - 1, p->value - x, 0, d + 1, x - 1, e->all & ~bit,
                       outer, &in_u, &out_u))
            continue;
        keep[0] |= bit;
        for (int i = 1; i < n; i++)
            keep[i] |= i < x ? in_u : out_u;
    }
    for (int i = 0; i < n; i++)
        if (!narrow(ps, cells[i], keep[i]))
            return 0;
    return 1;
}

int vprop_between(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells;
    const uint16_t *cells = e->pcells + p->cell_off;
    int a = cells[0], b = cells[k - 1];
    vmask ka = 0, kb = 0, inner = 0;
    for (vmask ma = ps->dom[a]; ma; ma &= ma - 1)
        for (vmask mb = ps->dom[b]; mb; mb &= mb - 1) {
            int x = bits_lowest(ma) + 1, y = bits_lowest(mb) + 1;
            int lo = x < y ? x : y, hi = x < y ? y : x;
            vmask in = range(lo + 1, hi - 1, n);
            int ok = 1;
            for (int i = 1; i < k - 1 && ok; i++)
                ok = (ps->dom[cells[i]] & in) != 0;
            if (!ok)
                continue;
            ka |= ma & -ma;
            kb |= mb & -mb;
            inner |= in;
        }
    if (!narrow(ps, a, ka) || !narrow(ps, b, kb))
        return 0;
    for (int i = 1; i < k - 1; i++)
        if (!narrow(ps, cells[i], inner))
            return 0;
    return 1;
}

/* A circle c and two or three line cells summing to it: every
 * assignment of the line but its last cell is tried, the last cell's
 * digits shifted by that partial sum and met with the circle's, so each
 * cell keeps exactly the digits of some solution (line cells that are
 * peers distinct; the circle differs from them anyway, the line's digits
 * being positive): the bounds of a linear sum miss holes and a unit's
 * distinct digits. value: bit 0 the first two line cells are peers, bit
 * 1 the first and third, bit 2 the second and third. */
int vprop_arrow(pstate *ps, const vprop *p)
{
    const uint16_t *cells = ps->e->pcells + p->cell_off;
    int k = p->ncells, c = cells[0], a = cells[1], b = cells[2], f = p->value;
    vmask dc = ps->dom[c], db = ps->dom[b], kc = 0, ka = 0, kb = 0, kd = 0;
    if (k == 3) {
        for (vmask m = ps->dom[a]; m; m &= m - 1) {
            vmask bit = m & -m;
            int x = bits_lowest(m) + 1;
            vmask s = ((f & 1 ? db & ~bit : db) << x) & dc;
            if (!s)
                continue;
            ka |= bit;
            kc |= s;
            kb |= s >> x;
        }
        return narrow(ps, c, kc) && narrow(ps, a, ka) && narrow(ps, b, kb);
    }
    int d = cells[3];
    vmask dd = ps->dom[d];
    for (vmask m = ps->dom[a]; m; m &= m - 1) {
        vmask ba = m & -m;
        int x = bits_lowest(m) + 1;
        vmask db2 = f & 1 ? db & ~ba : db, dd2 = f & 2 ? dd & ~ba : dd;
        for (vmask q = db2; q; q &= q - 1) {
            vmask bb = q & -q;
            int y = bits_lowest(q) + 1;
            /* x + y reaches 32 on 16x16: shift in 64 bits */
            vmask s = (vmask)((uint64_t)(f & 4 ? dd2 & ~bb : dd2) << (x + y)) & dc;
            if (!s)
                continue;
            ka |= ba;
            kb |= bb;
            kc |= s;
            kd |= s >> (x + y);
        }
    }
    return narrow(ps, c, kc) && narrow(ps, a, ka) && narrow(ps, b, kb) && narrow(ps, d, kd);
}
