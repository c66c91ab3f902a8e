/*
 * engine_sum.c — sum rules: a weighted linear sum (arrows, little
 * killers, region sums, folded to positive weights) by bounds and, with
 * few open cells, by reachable sums; a killer cage by its digit
 * combinations.
 */
#include "engine_prop_internal.h"

#include <string.h>

/* The n-digit mask read backwards (digit d becomes n+1-d; n <= 16). */
static inline vmask mirror(vmask m, int n)
{
    m = ((m >> 1) & 0x5555u) | ((m & 0x5555u) << 1);
    m = ((m >> 2) & 0x3333u) | ((m & 0x3333u) << 2);
    m = ((m >> 4) & 0x0f0fu) | ((m & 0x0f0fu) << 4);
    m = ((m >> 8) & 0x00ffu) | ((m & 0x00ffu) << 8);
    return m >> (16 - n);
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
    for (;;) {
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
}

/* The least digits t cells of mutual peers can take when each takes a
 * digit at least its own least: each in turn takes the smallest digit
 * left at or above its least (the set is the same in any order, and
 * sorted it lies at or below any distinct assignment's, digit by digit).
 * @return the set, with a bit above the digits when they run out. */
static vmask least_set(const vmask *m, int t)
{
    vmask seen = 0;
    for (int i = 0; i < t; i++) {
        vmask x = ~(seen | ((m[i] & -m[i]) - 1));
        seen |= x & -x;
    }
    return seen;
}

/* The same from the top: each takes the largest digit left at or below
 * its own largest. @return the set, or 0 when the digits run out. */
static vmask most_set(const vmask *m, int t)
{
    vmask seen = 0;
    for (int i = 0; i < t; i++) {
        vmask x = ~seen & (((vmask)2 << bits_highest(m[i])) - 1);
        if (!x)
            return 0;
        seen |= (vmask)1 << bits_highest(x);
    }
    return seen;
}

static int mask_sum(vmask m)
{
    int s = 0;
    for (; m; m &= m - 1)
        s += bits_lowest(m) + 1;
    return s;
}

/* Bounds of a unit-weight sum whose cells form groups of mutual peers
 * (mirrored cells, negative weights, read mirrored): a group's cells take
 * distinct digits, at least its least set and at most its most set. With
 * slack dl above the least total, a cell keeps only digits at most dl
 * above one of its group's least set (a digit further above all of them
 * lifts the sorted assignment past the least by more than dl), and at
 * most its own least plus the slack of the cells' own bounds; likewise
 * from the top. @return 0 when no total reaches. */
static int unit_bounds(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, ng = p->ngrp;
    vmask all = e->all;
    const uint16_t *cells = e->pcells + p->cell_off;
    const int *neg = e->aux + p->neg_off, *start = e->aux + p->grp_off;
    enum { MAXC = DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N };
    vmask lset[MAXC], hset[MAXC], d[MAXC];
    for (;;) {
        int lo = 0, hi = 0, plo = 0, phi = 0, moved = 0, span = 0;
        for (int g = 0; g < ng; g++) {
            int a = start[g], t = start[g + 1] - a;
            for (int i = a; i < a + t; i++) {
                vmask m = ps->dom[cells[i]];
                d[i] = neg[i] ? mirror(m, n) : m;
                int a0 = lo_digit(d[i]), b0 = hi_digit(d[i]);
                plo += a0;
                phi += b0;
                if (b0 - a0 > span)
                    span = b0 - a0;
            }
            if (t == 1) {
                lset[g] = hset[g] = 0;
                lo += lo_digit(d[a]);
                hi += hi_digit(d[a]);
                continue;
            }
            lset[g] = least_set(d + a, t);
            hset[g] = most_set(d + a, t);
            if ((lset[g] & ~all) || !hset[g])
                return 0;
            lo += mask_sum(lset[g]);
            hi += mask_sum(hset[g]);
        }
        if (p->value < lo || p->value > hi)
            return 0;
        int dl = p->value - lo, dh = hi - p->value, pdl = p->value - plo, pdh = phi - p->value;
        /* no cell's range is wider than the slack either side, and the
         * groups' sets grow over every digit */
        int cells_free = pdl >= span && pdh >= span, groups_free = dl >= n - 1 && dh >= n - 1;
        if (cells_free && groups_free)
            return 1;
        for (int g = 0; g < ng; g++) {
            vmask gk = all;
            if (lset[g] && !groups_free) {
                vmask up = lset[g], down = hset[g];
                for (int j = 0; j < dl && (up & all) != all; j++)
                    up |= up << 1;
                for (int j = 0; j < dh && (down & all) != all; j++)
                    down |= down >> 1;
                gk = up & down & all;
            } else if (start[g + 1] - start[g] == 1 && !groups_free) {
                /* a group of one: the groups' slack bounds it too (it
                 * took only the cells' slack: EXAMPLES#106) */
                vmask m = d[start[g]];
                gk = range(hi_digit(m) - dh, lo_digit(m) + dl, n);
            }
            for (int i = start[g]; i < start[g + 1]; i++) {
                vmask m = d[i];
                if (bits_single(m))
                    continue;
                vmask keep = cells_free ? gk : gk & range(hi_digit(m) - pdh, lo_digit(m) + pdl, n);
                if ((m & keep) == m)
                    continue;
                if (!narrow(ps, cells[i], neg[i] ? mirror(keep, n) : keep))
                    return 0;
                moved = 1;
            }
        }
        if (!moved)
            return 1;
    }
}

/* sum w_i x_i = value: bounds always; with few open cells, every digit
 * kept that some assignment of the others completes (reachable sums
 * forward over prefixes and backward), which also sees holes. */
static int linear_run(pstate *ps, const vprop *p)
{
    if (p->ngrp ? !unit_bounds(ps, p) : !linear_bounds(ps, p))
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

/* Cage pointing: each digit of req, which the cage's open cells
 * oc[0..nopen) (domains od, current) must hold, leaves every cell that
 * sees all of its places (or goes to its one place). W words of peer
 * bits, a constant where it is inlined; cage: the cage's cells.
 * @return 0 on a contradiction. */
static inline int cage_point(pstate *ps, const int *oc, vmask *od, int nopen, vmask req,
                             const uint64_t *cage, int W)
{
    const vengine *e = ps->e;
    for (; req; req &= req - 1) {
        vmask bit = req & -req;
        uint64_t common[4];
        for (int w = 0; w < W; w++)
            common[w] = ~cage[w];
        int at = -1, seen = 0;
        for (int j = 0; j < nopen; j++)
            if (od[j] & bit) {
                const uint64_t *row = e->peer_bits + (size_t)oc[j] * (size_t)W;
                for (int w = 0; w < W; w++)
                    common[w] &= row[w];
                at = j;
                seen++;
            }
        /* a hidden single placed above may have taken a place away */
        if (seen < 2) {
            if (!seen || !narrow(ps, oc[at], bit))
                return 0;
            od[at] = bit;
            continue;
        }
        /* the cage's cells (a third of the common peers) hold req's
         * digits only as places, and a cell never sees itself */
        if (!clear_in_set(ps, common, W, bit))
            return 0;
    }
    return 1;
}

/* The digits t - d for the digits d of m that leave one in 1..n (all:
 * the n-digit mask; t <= 2n). Digit d reversed over 16 bits sits at bit
 * 16 - d, and t - d at bit t - d - 1: one shift by t - 17. */
static inline vmask partners(vmask m, int t, vmask all)
{
    m = ((m >> 1) & 0x5555u) | ((m & 0x5555u) << 1);
    m = ((m >> 2) & 0x3333u) | ((m & 0x3333u) << 2);
    m = ((m >> 4) & 0x0f0fu) | ((m & 0x0f0fu) << 4);
    m = ((m >> 8) & 0x00ffu) | ((m & 0x00ffu) << 8);
    return (t >= 17 ? m << (t - 17) : m >> (17 - t)) & all;
}

/* Two distinct digits of cells a and b totalling t: the digits of a
 * with a partner in b (not t/2, which would pair with itself). */
static inline vmask pair_keep(vmask a, vmask b, int t, int n, vmask all)
{
    if (t < 3 || t > 2 * n - 1)
        return 0;
    vmask half = t % 2 ? 0 : (vmask)1 << (t / 2 - 1);
    return a & ~half & partners(b, t, all);
}

/* One, two or three open cells o[] (fixed digits out) totalling rem,
 * exactly (four, digit by digit of the first over three, cut the nodes
 * 5% on TAREK and 16% on EXTREME for 1.5x the instructions a node,
 * measured): keep[j] gets the digits cell j takes in some assignment of
 * distinct digits, *inter the digits every such assignment uses (ISS is
 * exact on three: a 3-cell cage of 18 whose middle holds 1-3 leaves its
 * ends 6-9, not 1236789). Three cells go digit by digit of the first,
 * each leaving a pair total for the other two. @return 0 when none. */
static int cage_exact(const vmask *o, int nopen, int rem, int n, vmask all, vmask *keep,
                      vmask *inter)
{
    if (nopen == 1) {
        keep[0] = rem <= n ? o[0] & (vmask)1 << (rem - 1) : 0;
        *inter = keep[0];
        return keep[0] != 0;
    }
    if (nopen == 2) {
        keep[0] = pair_keep(o[0], o[1], rem, n, all);
        keep[1] = partners(keep[0], rem, all);
        vmask u = keep[0] | keep[1], rest = u & (u - 1);
        /* one set ({x, y} in either order) or disjoint pairs */
        *inter = rest && bits_single(rest) ? u : 0;
        return keep[0] != 0;
    }
    vmask k0 = 0, k1 = 0, k2 = 0, in = all;
    for (vmask m = o[0]; m; m &= m - 1) {
        vmask x = m & -m;
        int t = rem - lo_digit(x);
        vmask y = pair_keep(o[1] & ~x, o[2] & ~x, t, n, all);
        if (!y)
            continue;
        vmask z = partners(y, t, all), pr = y | z, rest = pr & (pr - 1);
        k0 |= x;
        k1 |= y;
        k2 |= z;
        /* x's sets: one pair, or disjoint pairs meeting only in x */
        in &= x | (rest && bits_single(rest) ? pr : 0);
    }
    keep[0] = k0;
    keep[1] = k1;
    keep[2] = k2;
    *inter = in;
    return k0 != 0;
}

/* A cage with a sum: its fixed cells leave a total for the open ones.
 * Up to three open cells: exactly (cage_exact). More: their digits must
 * be one of the sets of that size and total (one table for every cage)
 * within the digits they hold, each open cell meeting the set, and each
 * keeps the digits of those sets. A digit every set needs goes to its
 * one place, or leaves the cells that see all its places. */
static int cage_run(pstate *ps, const vprop *p, uint8_t *self_inq)
{
    vengine *e = ps->e;
    int k = p->ncells, n = e->n, T = n * (n + 1) / 2;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask od[DOKU_CONSTRAINTS_MAX_N], fixed = 0, once = 0, twice = 0;
    int oc[DOKU_CONSTRAINTS_MAX_N], nopen = 0, rem = p->value;
    for (int i = 0; i < k; i++) {
        vmask m = ps->dom[cells[i]];
        if (bits_single(m)) {
            if (m & fixed)
                return 0; /* the cage's digits differ */
            fixed |= m;
            rem -= lo_digit(m);
        } else {
            od[nopen] = m;
            oc[nopen++] = cells[i];
        }
    }
    if (!nopen)
        return rem == 0;
    if (rem <= 0 || rem > T)
        return 0;
    for (int j = 0; j < nopen; j++) {
        od[j] &= ~fixed;
        twice |= once & od[j];
        once |= od[j];
    }
    vmask keep[3], inter;
    if (nopen <= 3) {
        if (!cage_exact(od, nopen, rem, n, e->all, keep, &inter))
            return 0;
        for (int j = 0; j < nopen; j++)
            if (!narrow(ps, oc[j], keep[j]))
                return 0;
    } else {
        /* a set misses open cell j only when it lies in the digits j
         * lacks: only cells lacking at least nopen of them need the
         * check */
        vmask lack[DOKU_CONSTRAINTS_MAX_N];
        int nlack = 0;
        for (int j = 0; j < nopen; j++) {
            vmask l = once & ~od[j];
            if (bits_count(l) >= nopen)
                lack[nlack++] = l;
        }
        const uint16_t *set = e->sum_sets + e->sum_set_off[nopen * (T + 1) + rem];
        const uint16_t *end = e->sum_sets + e->sum_set_off[nopen * (T + 1) + rem + 1];
        vmask uni = 0, out = ~once;
        inter = e->all;
        for (; set < end; set++) {
            vmask st = *set;
            if (st & out)
                continue;
            int j = 0;
            while (j < nlack && (st & ~lack[j]))
                j++;
            if (j < nlack)
                continue;
            uni |= st;
            inter &= st;
        }
        if (!uni)
            return 0;
        if (once & ~uni)
            for (int j = 0; j < nopen; j++)
                if (!narrow(ps, oc[j], uni))
                    return 0;
    }
    /* a digit placed below may leave sets that met a cell only through
     * the digits it loses: the cage runs again then */
    *self_inq = 0;
    /* a needed digit with one place goes there: two in one cell fail */
    vmask single = inter & ~twice;
    for (int j = 0; j < nopen && single; j++) {
        vmask m = ps->dom[oc[j]] & single;
        if (!m)
            continue;
        if (!bits_single(m) || !narrow(ps, oc[j], m))
            return 0;
        single &= ~m;
    }
    vmask req = inter & twice;
    if (!req)
        return 1;
    for (int j = 0; j < nopen; j++)
        od[j] = ps->dom[oc[j]];
    const uint64_t *cage = e->cage_bits + p->grp_off;
    return e->peer_words == 2 ? cage_point(ps, oc, od, nopen, req, cage, 2)
                              : cage_point(ps, oc, od, nopen, req, cage, e->peer_words);
}

/* A sum or cage at its own fixed point is not queued again by its own
 * narrowing (one run in five was that rerun, finding nothing): it holds
 * its queued flag while it runs. Bounds loop until nothing moves, the
 * reachable sums and a cage's set filtering keep only digits of whole
 * assignments, which the narrowing keeps; a cage drops the flag before
 * it places digits, which can leave sets unfit. */
int vprop_linear(pstate *ps, const vprop *p)
{
    uint8_t *inq = ps->e->q->prop_inq + (p - ps->e->props);
    *inq = 1;
    int ok = linear_run(ps, p);
    *inq = 0;
    return ok;
}

int vprop_cage(pstate *ps, const vprop *p)
{
    uint8_t *inq = ps->e->q->prop_inq + (p - ps->e->props);
    *inq = 1;
    int ok = cage_run(ps, p, inq);
    *inq = 0;
    return ok;
}
