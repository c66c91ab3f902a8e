/*
 * engine_line_renban.c — renban lines: k cells (mutual peers) whose
 * digits are a window of k consecutive digits. Placed cells pin the
 * window down (it holds every placed digit), so the work shrinks as the
 * line fills: the open cells share the window's digits not yet placed,
 * matched exactly when at most six cells are open.
 */
#include "engine_prop_internal.h"

/* For m <= 6 open cells taking the m digits of dig[] once each (a perfect
 * matching): writes to sup[i] the digits cell i takes in some matching
 * (every assignment for m <= 3, else a DP over the sets of digits used,
 * each set a bit of one 64-bit word, forward then backward). @return 0
 * when there is no matching. */
static int match_support(const vmask *d, int m, const vmask *dig, vmask *sup)
{
    if (m <= 3) {
        /* few enough to try every assignment: the orders of 0..m-1 are
         * the rows of perm whose first m entries are below m */
        static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                           {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        int any = 0;
        for (int i = 0; i < m; i++)
            sup[i] = 0;
        for (int q = 0; q < 6; q++) {
            const uint8_t *pq = perm[q];
            int ok = 1;
            for (int i = 0; i < m && ok; i++)
                ok = pq[i] < m && (d[i] & dig[pq[i]]) != 0;
            if (!ok)
                continue;
            any = 1;
            for (int i = 0; i < m; i++)
                sup[i] |= dig[pq[i]];
        }
        return any;
    }
    /* nobit[x]: the sets (bit s of a word) without digit x */
    static const uint64_t nobit[6] = {0x5555555555555555ull, 0x3333333333333333ull,
                                      0x0f0f0f0f0f0f0f0full, 0x00ff00ff00ff00ffull,
                                      0x0000ffff0000ffffull, 0x00000000ffffffffull};
    uint64_t reach[7], back;
    reach[0] = 1;
    for (int i = 0; i < m; i++) {
        uint64_t r = 0;
        for (int x = 0; x < m; x++)
            if (d[i] & dig[x])
                r |= (reach[i] & nobit[x]) << (1 << x);
        if (!r)
            return 0;
        reach[i + 1] = r;
    }
    int full = (1 << m) - 1;
    if (!(reach[m] >> full & 1))
        return 0;
    back = 1ull << full;
    for (int i = m - 1; i >= 0; i--) {
        uint64_t r = 0;
        vmask keep = 0;
        for (int x = 0; x < m; x++)
            if (d[i] & dig[x]) {
                uint64_t step = (reach[i] & nobit[x]) << (1 << x);
                if (step & back)
                    keep |= dig[x];
                r |= (back >> (1 << x)) & nobit[x];
            }
        back = r;
        sup[i] = keep;
    }
    return 1;
}

/* Each window that holds every placed digit and that the open cells can
 * fill lends its other digits to them: exactly (a matching) with at most
 * six open cells, else each open cell keeps the window's digits it holds.
 * A digit of every such window is required: with one place it goes there,
 * with more it leaves the cells that see all its places. */
int vprop_renban(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells, m = 0;
    const uint16_t *cells = e->pcells + p->cell_off;
    vmask d[DOKU_CONSTRAINTS_MAX_N], keep[DOKU_CONSTRAINTS_MAX_N], all = 0, placed = 0;
    int at[DOKU_CONSTRAINTS_MAX_N];
    for (int i = 0; i < k; i++) {
        vmask x = ps->dom[cells[i]];
        all |= x;
        if (bits_single(x)) {
            if (placed & x)
                return 0; /* two cells with one digit */
            placed |= x;
        } else {
            at[m] = i;
            d[m] = x;
            keep[m++] = 0;
        }
    }
    /* windows [lo, lo + k - 1] holding every placed digit */
    int first = 1, last = n - k + 1;
    if (placed) {
        int pl = lo_digit(placed), ph = hi_digit(placed);
        if (ph - k + 1 > first)
            first = ph - k + 1;
        if (pl < last)
            last = pl;
    }
    vmask req = e->all;
    int windows = 0;
    for (int lo = first; lo <= last; lo++) {
        vmask w = range(lo, lo + k - 1, n);
        if ((all & w) != w)
            continue;
        vmask open = w & ~placed;
        int fits = 1, same = 1;
        for (int i = 0; i < m && fits; i++) {
            fits = (d[i] & open) != 0;
            same &= (d[i] & open) == open;
        }
        if (!fits)
            continue;
        if (same) {
            /* every open cell holds every open digit */
            for (int i = 0; i < m; i++)
                keep[i] |= open;
        } else if (m <= 6) {
            vmask dig[6], sup[6];
            int x = 0;
            for (vmask o = open; o; o &= o - 1)
                dig[x++] = o & -o;
            if (!match_support(d, m, dig, sup))
                continue;
            for (int i = 0; i < m; i++)
                keep[i] |= sup[i];
        } else {
            for (int i = 0; i < m; i++)
                keep[i] |= d[i] & open;
        }
        req &= w;
        windows++;
    }
    if (!windows)
        return 0;
    for (int i = 0; i < m; i++)
        if (!narrow(ps, cells[at[i]], keep[i]))
            return 0;
    req &= ~placed;
    return req ? vprop_place_required(ps, cells, k, req) : 1;
}
