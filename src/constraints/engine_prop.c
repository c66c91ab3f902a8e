/*
 * engine_prop.c — propagation to a fixed point: a placed digit leaves its
 * peers, a group's digit with one place is placed there, and every
 * propagator of a changed cell runs again. Each propagator removes only
 * digits that cannot be part of any assignment of its own cells (pairs,
 * sums, cages), or that its bounds exclude (sandwich, X-sum), so nothing
 * it removes is ever a solution's.
 */
#include "engine_internal.h"
#include "util/bits.h"

#include <string.h>

typedef struct pstate {
    vengine *e;
    vmask *dom;
    uint8_t *fixed;
    int ncq, ngq, npq;
} pstate;




static void push_cell(pstate *ps, int c)
{
    vengine *e = ps->e;
    if (!e->cell_inq[c]) {
        e->cell_inq[c] = 1;
        e->cellq[ps->ncq++] = c;
    }
    for (int i = e->cell_group_off[c]; i < e->cell_group_off[c + 1]; i++) {
        int g = e->cell_groups[i];
        if (!e->group_inq[g]) {
            e->group_inq[g] = 1;
            e->groupq[ps->ngq++] = g;
        }
    }
    for (int i = e->cell_prop_off[c]; i < e->cell_prop_off[c + 1]; i++) {
        int p = e->cell_props[i];
        if (!e->prop_inq[p]) {
            e->prop_inq[p] = 1;
            e->propq[ps->npq++] = p;
        }
    }
}

/* Keeps only the digits of keep in cell c. @return 0 when none is left. */
static inline int narrow(pstate *ps, int c, vmask keep)
{
    vmask old = ps->dom[c], m = old & keep;
    if (m == old)
        return 1;
    if (!m)
        return 0;
    ps->dom[c] = m;
    push_cell(ps, c);
    return 1;
}

/* A digit a cage needs leaves every cell that sees all of the cage's
 * cells that can hold it (pointing, for cages). Done for units' digits
 * with two or three places too, it cut nodes by 5% on the Tarek killers
 * and doubled the time (measured, dropped). */
static int common_peers(pstate *ps, const uint16_t *cells, int k, vmask bit)
{
    vengine *e = ps->e;
    int W = e->peer_words;
    uint64_t common[4] = {~0ull, ~0ull, ~0ull, ~0ull};
    int seen = 0;
    for (int i = 0; i < k; i++) {
        if (!(ps->dom[cells[i]] & bit))
            continue;
        const uint64_t *row = e->peer_bits + (size_t)cells[i] * (size_t)W;
        for (int w = 0; w < W; w++)
            common[w] &= row[w];
        seen++;
    }
    if (seen < 2)
        return 1; /* one place: the single rules see it */
    for (int w = 0; w < W; w++)
        for (uint64_t m = common[w]; m; m &= m - 1) {
            int q = w * 64 + bits_lowest(m);
            if ((ps->dom[q] & bit) && !narrow(ps, q, ~bit))
                return 0;
        }
    return 1;
}

/* Every digit of req must sit in one of the k cells: a digit left in one
 * cell is placed there, one left in several leaves the cells that see all
 * of them. @return 0 on a contradiction. */
static int place_required(pstate *ps, const uint16_t *cells, int k, vmask req)
{
    for (vmask m = req; m; m &= m - 1) {
        vmask bit = m & -m;
        int at = -1, seen = 0;
        for (int i = 0; i < k; i++)
            if (ps->dom[cells[i]] & bit) {
                at = i;
                seen++;
            }
        if (!seen)
            return 0;
        if (seen == 1 && !narrow(ps, cells[at], bit))
            return 0;
        if (seen > 1 && !common_peers(ps, cells, k, bit))
            return 0;
    }
    return 1;
}

static int run_cell(pstate *ps, int c)
{
    vengine *e = ps->e;
    vmask m = ps->dom[c];
    if (ps->fixed[c] || !bits_single(m))
        return 1;
    ps->fixed[c] = 1;
    for (int i = e->cell_fix_off[c]; i < e->cell_fix_off[c + 1]; i++) {
        int p = e->cell_fix[i];
        if (!e->prop_inq[p]) {
            e->prop_inq[p] = 1;
            e->propq[ps->npq++] = p;
        }
    }
    for (int i = e->peer_off[c]; i < e->peer_off[c + 1]; i++)
        if (!narrow(ps, e->peers[i], ~m))
            return 0;
    return 1;
}

static int run_group(pstate *ps, int g)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->group_cells + (size_t)g * (size_t)n;
    vmask once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        vmask m = ps->dom[cells[i]];
        twice |= once & m;
        once |= m;
    }
    if (once != e->all)
        return 0;
    vmask uniq = once & ~twice;
    for (int i = 0; i < n && uniq; i++) {
        vmask m = ps->dom[cells[i]] & uniq;
        if (!m || bits_single(ps->dom[cells[i]]))
            continue;
        if (!bits_single(m))
            return 0; /* two digits that each have only this place */
        if (!narrow(ps, cells[i], m))
            return 0;
    }
    return 1;
}

static int run_pair(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    int a = e->pcells[p->cell_off], b = e->pcells[p->cell_off + 1];
    const int *fwd = e->aux + p->aux_off, *bwd = fwd + n;
    vmask mb = 0, ma = 0;
    for (vmask m = ps->dom[a]; m; m &= m - 1)
        mb |= (vmask)fwd[bits_lowest(m)];
    if (!narrow(ps, b, mb))
        return 0;
    for (vmask m = ps->dom[b]; m; m &= m - 1)
        ma |= (vmask)bwd[bits_lowest(m)];
    return narrow(ps, a, ma);
}

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

static int lo_digit(vmask m) { return bits_lowest(m) + 1; }
static int hi_digit(vmask m) { return bits_highest(m) + 1; }

/* Digits lo..hi as a mask (empty when lo > hi). */
static vmask range(int lo, int hi, int n)
{
    if (lo < 1)
        lo = 1;
    if (hi > n)
        hi = n;
    if (lo > hi)
        return 0;
    return (vmask)(((1ull << (hi - lo + 1)) - 1) << (lo - 1));
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
static int run_linear(pstate *ps, const vprop *p)
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
static int run_cage(pstate *ps, const vprop *p)
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
    return place_required(ps, cells, k, inter);
}

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

static int run_sandwich(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask one = 1, top = (vmask)1 << (n - 1);
    vmask ok1 = 0, okn = 0; /* positions (bit i) where 1 / n may go */
    int pairs = 0, pa = -1, pb = -1;
    for (int i = 0; i < n; i++) {
        if (!(ps->dom[cells[i]] & (one | top)))
            continue;
        for (int j = i + 1; j < n; j++) {
            int a_one = (ps->dom[cells[i]] & one) && (ps->dom[cells[j]] & top);
            int a_top = (ps->dom[cells[i]] & top) && (ps->dom[cells[j]] & one);
            if (!a_one && !a_top)
                continue;
            int lo, hi;
            between_bounds(ps, cells, i, j, &lo, &hi);
            if (p->value < lo || p->value > hi)
                continue;
            if (a_one) {
                ok1 |= 1u << i;
                okn |= 1u << j;
            }
            if (a_top) {
                okn |= 1u << i;
                ok1 |= 1u << j;
            }
            pairs++;
            pa = i;
            pb = j;
        }
    }
    if (!pairs)
        return 0;
    for (int i = 0; i < n; i++) {
        vmask drop = 0;
        if (!(ok1 >> i & 1))
            drop |= one;
        if (!(okn >> i & 1))
            drop |= top;
        if (drop && !narrow(ps, cells[i], ~drop))
            return 0;
    }
    if (pairs == 1 && pb - pa > 1)
        return bound_sum(ps, cells, pa + 1, pb, p->value);
    return 1;
}

static int run_xsum(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask keep = 0;
    for (vmask m = ps->dom[cells[0]]; m; m &= m - 1) {
        int x = bits_lowest(m) + 1, lo = x, hi = x;
        for (int i = 1; i < x; i++) {
            vmask d = ps->dom[cells[i]] & ~((vmask)1 << (x - 1));
            if (!d) {
                lo = 1 << 20;
                break;
            }
            lo += lo_digit(d);
            hi += hi_digit(d);
        }
        if (p->value >= lo && p->value <= hi)
            keep |= m & -m;
    }
    if (!narrow(ps, cells[0], keep))
        return 0;
    vmask m = ps->dom[cells[0]];
    if (bits_single(m)) {
        int x = bits_lowest(m) + 1;
        if (x > 1)
            return bound_sum(ps, cells, 1, x, p->value - x);
        return p->value == 1;
    }
    return 1;
}

/* For k <= 6 cells taking the k digits of a window once each: writes to
 * sup[i] the window digits cell i takes in some such assignment (a DP
 * over the sets of digits used, each set a bit of one 64-bit word).
 * @return 0 when no assignment exists. */
static int window_support(const vmask *d, int k, int lo, vmask *sup)
{
    /* nobit[x]: the sets (bit m of a word) without digit x */
    static const uint64_t nobit[6] = {0x5555555555555555ull, 0x3333333333333333ull,
                                      0x0f0f0f0f0f0f0f0full, 0x00ff00ff00ff00ffull,
                                      0x0000ffff0000ffffull, 0x00000000ffffffffull};
    uint64_t reach[8], back[8];
    reach[0] = 1;
    for (int i = 0; i < k; i++) {
        uint64_t r = 0;
        for (int x = 0; x < k; x++)
            if (d[i] >> (lo - 1 + x) & 1)
                r |= (reach[i] & nobit[x]) << (1 << x);
        reach[i + 1] = r;
    }
    int full = (1 << k) - 1;
    if (!(reach[k] >> full & 1))
        return 0;
    back[k] = 1ull << full;
    for (int i = k - 1; i >= 0; i--) {
        uint64_t r = 0;
        vmask keep = 0;
        for (int x = 0; x < k; x++)
            if (d[i] >> (lo - 1 + x) & 1) {
                uint64_t step = (reach[i] & nobit[x]) << (1 << x);
                if (step & back[i + 1])
                    keep |= (vmask)1 << (lo - 1 + x);
                r |= (back[i + 1] >> (1 << x)) & nobit[x];
            }
        back[i] = r;
        sup[i] = keep;
    }
    return 1;
}

/* A renban: its k distinct digits are a window of k consecutive ones.
 * Each window some assignment fills (exactly, for k <= 6) lends its
 * digits to the cells that can take them; a digit in every such window
 * is required: with one place it goes there, with more it leaves the
 * cells that see all its places. */
static int run_renban(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask d[DOKU_CONSTRAINTS_MAX_N], keep[DOKU_CONSTRAINTS_MAX_N] = {0}, all = 0;
    vmask req = e->all;
    int windows = 0;
    for (int i = 0; i < k; i++) {
        d[i] = ps->dom[cells[i]];
        all |= d[i];
    }
    for (int lo = 1; lo + k - 1 <= n; lo++) {
        vmask w = range(lo, lo + k - 1, n);
        if ((all & w) != w)
            continue;
        if (k <= 6) {
            vmask sup[6];
            if (!window_support(d, k, lo, sup))
                continue;
            for (int i = 0; i < k; i++)
                keep[i] |= sup[i];
        } else {
            int ok = 1;
            for (int i = 0; i < k && ok; i++)
                ok = (d[i] & w) != 0;
            if (!ok)
                continue;
            for (int i = 0; i < k; i++)
                keep[i] |= d[i] & w;
        }
        req &= w;
        windows++;
    }
    if (!windows)
        return 0;
    for (int i = 0; i < k; i++)
        if (!narrow(ps, cells[i], keep[i]))
            return 0;
    return place_required(ps, cells, k, req);
}

static int run_between(pstate *ps, const vprop *p)
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

static int run_quad(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->pcells + p->cell_off;
    const int *need = e->aux + p->aux_off;
    int slots = 4, req = 0;
    vmask reqmask = 0;
    for (int d = 1; d <= n; d++)
        if (need[d]) {
            req += need[d];
            reqmask |= (vmask)1 << (d - 1);
            int can = 0;
            for (int i = 0; i < 4; i++)
                can += (ps->dom[cells[i]] >> (d - 1)) & 1;
            if (can < need[d])
                return 0;
            if (can == need[d])
                for (int i = 0; i < 4; i++)
                    if ((ps->dom[cells[i]] >> (d - 1) & 1) &&
                        !narrow(ps, cells[i], (vmask)1 << (d - 1)))
                        return 0;
        }
    if (req == slots)
        for (int i = 0; i < 4; i++)
            if (!narrow(ps, cells[i], reqmask))
                return 0;
    return 1;
}

/* Two remainders that must hold the same k digits: each keeps the
 * digits the other can hold. */
static int run_same(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int k = p->naux;
    const uint16_t *a = e->pcells + p->cell_off, *b = a + k;
    vmask va = 0, vb = 0;
    for (int i = 0; i < k; i++) {
        va |= ps->dom[a[i]];
        vb |= ps->dom[b[i]];
    }
    vmask both = va & vb;
    if (bits_count(both) < k)
        return 0;
    if (va != both)
        for (int i = 0; i < k; i++)
            if (!narrow(ps, a[i], both))
                return 0;
    if (vb != both)
        for (int i = 0; i < k; i++)
            if (!narrow(ps, b[i], both))
                return 0;
    return 1;
}

static int run_prop(pstate *ps, int pi)
{
    const vprop *p = &ps->e->props[pi];
    switch (p->type) {
    case VP_PAIR: return run_pair(ps, p);
    case VP_LINEAR: return run_linear(ps, p);
    case VP_CAGE: return run_cage(ps, p);
    case VP_SANDWICH: return run_sandwich(ps, p);
    case VP_XSUM: return run_xsum(ps, p);
    case VP_RENBAN: return run_renban(ps, p);
    case VP_BETWEEN: return run_between(ps, p);
    case VP_QUAD: return run_quad(ps, p);
    case VP_SAME: return run_same(ps, p);
    }
    return 1;
}

static void clear_queues(pstate *ps)
{
    vengine *e = ps->e;
    for (int i = 0; i < ps->ncq; i++)
        e->cell_inq[e->cellq[i]] = 0;
    for (int i = 0; i < ps->ngq; i++)
        e->group_inq[e->groupq[i]] = 0;
    for (int i = 0; i < ps->npq; i++)
        e->prop_inq[e->propq[i]] = 0;
    ps->ncq = ps->ngq = ps->npq = 0;
}

int vengine_propagate(vengine *e, vmask *dom, uint8_t *fixed, const int *start, int nstart)
{
    pstate ps = {e, dom, fixed, 0, 0, 0};
    if (start) {
        for (int i = 0; i < nstart; i++)
            push_cell(&ps, start[i]);
    } else {
        for (int c = 0; c < e->ncells; c++)
            push_cell(&ps, c);
    }
    /* cheapest first: placements, then hidden singles, then the rules;
     * the queues are stacks (the newest change is the likeliest to bite) */
    for (;;) {
        int ok = 1;
        if (ps.ncq) {
            int c = e->cellq[--ps.ncq];
            e->cell_inq[c] = 0;
            ok = run_cell(&ps, c);
        } else if (ps.ngq) {
            int g = e->groupq[--ps.ngq];
            e->group_inq[g] = 0;
            ok = run_group(&ps, g);
        } else if (ps.npq) {
            int p = e->propq[--ps.npq];
            e->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
        } else {
            return 1;
        }
        if (!ok) {
            clear_queues(&ps);
            return 0;
        }
    }
}
