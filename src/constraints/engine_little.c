/*
 * engine_little.c — a sum over cells some of which must differ: little
 * killer diagonals, whose cells in one box are distinct. The cells are
 * split into small groups of mutual peers; each group's possible totals
 * (distinct digits inside the group) are convolved with the others', and
 * each cell keeps the digits of some group assignment whose total the
 * other groups complete to the clue. Without the groups a diagonal of
 * eight cells summing to 36 keeps nearly every digit; with them, a box's
 * three cells on it are no longer allowed 9, 9, 9 (LITTLE_KILLER_SNIPES
 * #9 and #11 ran for minutes on the plain linear sum).
 */
#include "engine_prop_internal.h"

#include <string.h>

enum { GS_WORDS = 5, GS_GROUP = 3 }; /* sums up to 16 * 16; group size cap */

/* dst |= src << sh over w words. */
static void gs_shl_or(uint64_t *dst, const uint64_t *src, int sh, int w)
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
static void gs_shr_or(uint64_t *dst, const uint64_t *src, int sh, int w)
{
    int ws = sh / 64, bs = sh % 64;
    for (int i = 0; i + ws < w; i++) {
        uint64_t v = src[i + ws] >> bs;
        if (bs && i + ws + 1 < w)
            v |= src[i + ws + 1] << (64 - bs);
        dst[i] |= v;
    }
}

static int gs_has(const uint64_t *s, int t) { return (int)(s[t / 64] >> (t % 64)) & 1; }

int vline_group_cells(const uint64_t *peer_bits, int words, int *cells, int k, int n, int *starts)
{
    int cap = n > 9 ? 2 : GS_GROUP, ng = 0, out[DOKU_CONSTRAINTS_MAX_N * 2], m = 0;
    uint8_t used[DOKU_CONSTRAINTS_MAX_N * 2] = {0};
    for (int i = 0; i < k; i++) {
        if (used[i])
            continue;
        starts[ng++] = m;
        out[m++] = cells[i];
        used[i] = 1;
        int size = 1;
        for (int j = i + 1; j < k && size < cap; j++) {
            if (used[j])
                continue;
            int all = 1;
            for (int q = starts[ng - 1]; q < m && all; q++)
                all = (int)(peer_bits[(size_t)out[q] * (size_t)words + (size_t)cells[j] / 64] >>
                            (cells[j] % 64)) &
                      1;
            if (!all)
                continue;
            out[m++] = cells[j];
            used[j] = 1;
            size++;
        }
    }
    starts[ng] = m;
    memcpy(cells, out, (size_t)k * sizeof *cells);
    return ng;
}

/* A group: the domains of its m cells (1 <= m <= GS_GROUP). */
typedef struct gs_enum {
    const vmask *d;
    int m;
} gs_enum;

/* Over every assignment of distinct digits to the group's cells: without
 * allowed, sets bit t of tot for each total t; with allowed, ORs into
 * keep[i] the digit of cell i in each assignment whose total is allowed. */
static void gs_walk(const gs_enum *g, uint64_t *tot, const uint64_t *allowed, vmask *keep)
{
    const vmask *d = g->d;
    if (g->m == 1) {
        for (vmask a = d[0]; a; a &= a - 1) {
            int t = bits_lowest(a) + 1;
            if (!allowed)
                tot[t / 64] |= 1ull << (t % 64);
            else if (gs_has(allowed, t))
                keep[0] |= a & -a;
        }
        return;
    }
    for (vmask a = d[0]; a; a &= a - 1) {
        vmask ab = a & -a;
        int ta = bits_lowest(a) + 1;
        for (vmask b = d[1] & ~ab; b; b &= b - 1) {
            vmask bb = b & -b;
            int tb = ta + bits_lowest(b) + 1;
            if (g->m == 2) {
                if (!allowed) {
                    tot[tb / 64] |= 1ull << (tb % 64);
                } else if (gs_has(allowed, tb)) {
                    keep[0] |= ab;
                    keep[1] |= bb;
                }
                continue;
            }
            for (vmask c = d[2] & ~ab & ~bb; c; c &= c - 1) {
                int tc = tb + bits_lowest(c) + 1;
                if (!allowed) {
                    tot[tc / 64] |= 1ull << (tc % 64);
                } else if (gs_has(allowed, tc)) {
                    keep[0] |= ab;
                    keep[1] |= bb;
                    keep[2] |= c & -c;
                }
            }
        }
    }
}

int vprop_groupsum(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells, ng = p->naux - 1, target = p->value;
    const uint16_t *cells = e->pcells + p->cell_off;
    const int *starts = e->aux + p->aux_off;
    int W = (k * n) / 64 + 1;
    if (target < 0 || target > k * n)
        return 0;
    /* bounds first: groups' smallest and largest distinct totals; when no
     * cell's range is wider than the slack either way, nothing moves */
    {
        int lo = 0, hi = 0, span = 0;
        for (int i = 0; i < k; i++) {
            vmask m = ps->dom[cells[i]];
            lo += lo_digit(m);
            hi += hi_digit(m);
            if (hi_digit(m) - lo_digit(m) > span)
                span = hi_digit(m) - lo_digit(m);
        }
        if (target < lo || target > hi)
            return 0;
        if (target - lo >= span && hi - target >= span && span > 0)
            return 1;
    }
    uint64_t tot[DOKU_CONSTRAINTS_MAX_N][GS_WORDS];
    uint64_t pre[DOKU_CONSTRAINTS_MAX_N + 1][GS_WORDS], post[DOKU_CONSTRAINTS_MAX_N + 1][GS_WORDS];
    vmask d[DOKU_CONSTRAINTS_MAX_N];
    for (int i = 0; i < k; i++)
        d[i] = ps->dom[cells[i]];
    memset(tot, 0, sizeof tot);
    memset(pre, 0, sizeof pre);
    memset(post, 0, sizeof post);
    pre[0][0] = 1;
    for (int g = 0; g < ng; g++) {
        gs_enum ge = {d + starts[g], starts[g + 1] - starts[g]};
        gs_walk(&ge, tot[g], NULL, NULL);
        for (int w = 0; w < W; w++)
            for (uint64_t m = tot[g][w]; m; m &= m - 1)
                gs_shl_or(pre[g + 1], pre[g], w * 64 + bits_lowest(m), W);
    }
    if (!gs_has(pre[ng], target))
        return 0;
    post[ng][target / 64] = 1ull << (target % 64);
    for (int g = ng - 1; g > 0; g--)
        for (int w = 0; w < W; w++)
            for (uint64_t m = tot[g][w]; m; m &= m - 1)
                gs_shr_or(post[g], post[g + 1], w * 64 + bits_lowest(m), W);
    for (int g = 0; g < ng; g++) {
        /* the group's totals t with pre[g] + t meeting post[g + 1] */
        uint64_t allowed[GS_WORDS] = {0};
        int changed = 0;
        for (int w = 0; w < W; w++)
            for (uint64_t m = tot[g][w]; m; m &= m - 1) {
                int t = w * 64 + bits_lowest(m);
                uint64_t sh[GS_WORDS] = {0};
                gs_shl_or(sh, pre[g], t, W);
                for (int x = 0; x < W; x++)
                    if (sh[x] & post[g + 1][x]) {
                        allowed[t / 64] |= 1ull << (t % 64);
                        break;
                    }
            }
        for (int w = 0; w < W; w++)
            changed |= allowed[w] != tot[g][w];
        int m = starts[g + 1] - starts[g];
        vmask keep[GS_GROUP] = {0};
        if (!changed && m == 1)
            continue;
        gs_enum ge = {d + starts[g], m};
        gs_walk(&ge, tot[g], allowed, keep);
        for (int i = 0; i < m; i++)
            if (!narrow(ps, cells[starts[g] + i], keep[i]))
                return 0;
    }
    return 1;
}
