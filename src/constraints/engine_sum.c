/*
 * engine_sum.c — sum rules: a weighted linear sum (arrows, little
 * killers, region sums, folded to positive weights) by bounds and, with
 * few open cells, by reachable sums; a killer cage by its digit
 * combinations.
 */
#include "engine_prop_internal.h"

#include <string.h>

/* The n-digit mask read backwards (digit d becomes n+1-d). */
static vmask mirror(vmask m, int n)
{
    vmask r = 0;
    for (; m; m &= m - 1)
        r |= (vmask)1 << (n - 1 - bits_lowest(m));
    return r;
}

/* dst |= src << sh over w words. */
static void shl_or(uint64_t *dst, const uint64_t *src, int sh, int w)
{
    int ws = sh / 64, bs = sh % 64;
    for (int i = w - 1; i >= ws; i--) {
        uint64_t v = src[i - ws] << bs;
        if (bs && i - ws - 1 >= 0)
            v |= src[i - ws - 1] >> (64 - bs);
        dst[i] |= v;
    }
}

/* dst |= src >> sh over w words. */
static void shr_or(uint64_t *dst, const uint64_t *src, int sh, int w)
{
    int ws = sh / 64, bs = sh % 64;
    for (int i = 0; i + ws < w; i++) {
        uint64_t v = src[i + ws] >> bs;
        if (bs && i + ws + 1 < w)
            v |= src[i + ws + 1] << (64 - bs);
        dst[i] |= v;
    }
}

/* 1 when (a << sh) & b is not empty. */
static int shl_meets(const uint64_t *a, int sh, const uint64_t *b, int w)
{
    int ws = sh / 64, bs = sh % 64;
    for (int i = w - 1; i >= ws; i--) {
        uint64_t v = a[i - ws] << bs;
        if (bs && i - ws - 1 >= 0)
            v |= a[i - ws - 1] >> (64 - bs);
        if (v & b[i])
            return 1;
    }
    return 0;
}

/* Bounds of sum w_i x_i = value (weights > 0, mirrored digits): each
 * cell keeps the digits the others' smallest and largest totals leave
 * room for, until nothing moves. @return 0 when no total reaches. */
static int linear_bounds(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells;
    const uint16_t *cells = e->pcells + p->cell_off;
    const int *w = e->aux + p->aux_off, *neg = e->aux + p->neg_off;
    for (int round = 0; round < 4; round++) {
        int lo = 0, hi = 0, moved = 0, span = 0;
        for (int i = 0; i < k; i++) {
            vmask m = ps->dom[cells[i]];
            int a = bits_lowest(m) + 1, b = bits_highest(m) + 1;
            lo += w[i] * (neg[i] ? n + 1 - b : a);
            hi += w[i] * (neg[i] ? n + 1 - a : b);
            if (w[i] * (b - a) > span)
                span = w[i] * (b - a);
        }
        if (p->value < lo || p->value > hi)
            return 0;
        /* no cell's range is wider than the slack on either side */
        if (p->value - lo >= span && hi - p->value >= span)
            return 1;
        for (int i = 0; i < k; i++) {
            vmask m = ps->dom[cells[i]];
            int a = bits_lowest(m) + 1, b = bits_highest(m) + 1;
            int ml = neg[i] ? n + 1 - b : a, mh = neg[i] ? n + 1 - a : b;
            int olo = lo - w[i] * ml, ohi = hi - w[i] * mh;
            /* w y in [value - ohi, value - olo] */
            int ylo = (p->value - ohi + w[i] - 1) / w[i], yhi = (p->value - olo) / w[i];
            if (p->value - ohi < 0)
                ylo = 0;
            if (ylo <= ml && yhi >= mh)
                continue;
            vmask keep = neg[i] ? range(n + 1 - yhi, n + 1 - ylo, n) : range(ylo, yhi, n);
            if (!narrow(ps, cells[i], keep))
                return 0;
            moved = 1;
        }
        if (!moved)
            return 1;
    }
    return 1;
}

/* sum w_i x_i = value: bounds always; with few open cells, every digit
 * kept that some assignment of the others completes (reachable sums
 * forward over prefixes and backward), which also sees holes. */
int vprop_linear(pstate *ps, const vprop *p)
{
    if (!linear_bounds(ps, p))
        return 0;
    {
        int open = 0;
        for (int i = 0; i < p->ncells; i++)
            open += !bits_single(ps->dom[ps->e->pcells[p->cell_off + i]]);
        if (open > 2)
            return 1;
    }
    vengine *e = ps->e;
    int n = e->n, k = p->ncells, W = e->bits_words;
    const uint16_t *cells = e->pcells + p->cell_off;
    const int *w = e->aux + p->aux_off, *neg = e->aux + p->neg_off;
    if (p->value < 0 || p->value >= W * 64)
        return 0;
    uint64_t *pre = e->dp, *post = e->dp + (size_t)(k + 1) * (size_t)W;
    vmask dm[256];
    for (int i = 0; i < k; i++)
        dm[i] = neg[i] ? mirror(ps->dom[cells[i]], n) : ps->dom[cells[i]];
    memset(pre, 0, (size_t)(k + 1) * (size_t)W * sizeof *pre);
    memset(post, 0, (size_t)(k + 1) * (size_t)W * sizeof *post);
    pre[0] = 1;
    for (int i = 0; i < k; i++)
        for (vmask m = dm[i]; m; m &= m - 1)
            shl_or(pre + (size_t)(i + 1) * W, pre + (size_t)i * W, w[i] * (bits_lowest(m) + 1),
                   W);
    post[(size_t)k * W + (size_t)(p->value / 64)] = 1ull << (p->value % 64);
    if (!(pre[(size_t)k * W + (size_t)(p->value / 64)] >> (p->value % 64) & 1))
        return 0;
    for (int i = k - 1; i >= 0; i--)
        for (vmask m = dm[i]; m; m &= m - 1)
            shr_or(post + (size_t)i * W, post + (size_t)(i + 1) * W,
                   w[i] * (bits_lowest(m) + 1), W);
    for (int i = 0; i < k; i++) {
        vmask keep = 0;
        for (vmask m = dm[i]; m; m &= m - 1) {
            int d = bits_lowest(m) + 1;
            if (shl_meets(pre + (size_t)i * W, w[i] * d, post + (size_t)(i + 1) * W, W))
                keep |= (vmask)1 << (d - 1);
        }
        if (neg[i])
            keep = mirror(keep, n);
        if (!narrow(ps, cells[i], keep))
            return 0;
    }
    return 1;
}

/* A cage with a sum: the digit sets that fit, then each cell keeps the
 * digits of those sets, and a digit every set needs that only one cell
 * can take goes there. */
int vprop_cage(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int k = p->ncells;
    const uint16_t *cells = e->pcells + p->cell_off;
    const vmask *combos = e->combos + p->aux_off;
    vmask d[DOKU_CONSTRAINTS_MAX_N], all = 0, fixed = 0;
    for (int i = 0; i < k; i++) {
        d[i] = ps->dom[cells[i]];
        all |= d[i];
        if (bits_single(d[i]))
            fixed |= d[i];
    }
    vmask uni = 0, inter = e->all;
    for (int c = 0; c < p->naux; c++) {
        vmask cm = combos[c];
        if ((cm & fixed) != fixed || (cm & all) != cm)
            continue;
        int ok = 1;
        for (int i = 0; i < k && ok; i++)
            ok = (d[i] & cm) != 0;
        if (!ok)
            continue;
        uni |= cm;
        inter &= cm;
    }
    if (!uni)
        return 0;
    for (int i = 0; i < k; i++)
        if (!narrow(ps, cells[i], uni))
            return 0;
    return vprop_place_required(ps, cells, k, inter);
}
