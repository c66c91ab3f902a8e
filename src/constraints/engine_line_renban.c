/*
 * engine_line_renban.c — renban lines: k cells (mutual peers) whose
 * digits are a window of k consecutive digits. Placed cells pin the
 * window down (it holds every placed digit), so the work shrinks as the
 * line fills: the open cells share the window's digits not yet placed,
 * matched exactly when at most six cells are open (up to three by the
 * shared tables). Lines of two or three cells take every window at once
 * by shifted masks (renban_short).
 */
#include "engine_prop_internal.h"

/* For m <= 6 open cells taking the m digits of dig[] once each (a perfect
 * matching): writes to sup[i] the digits cell i takes in some matching
 * (a DP over the sets of digits used, each set a bit of one 64-bit word,
 * forward then backward). @return 0 when there is no matching. */
static int match_support(const vmask *d, int m, const vmask *dig, vmask *sup)
{
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

/* For m <= 3 open cells taking the m digits of open once each: ORs into
 * keep[i] the digits cell i takes in some matching, read from the
 * shared tables (aux of VP_RENBAN). @return 0 when there is no
 * matching. */
static int table_support(const int *tab, const vmask *d, int m, vmask open, vmask *keep)
{
    if (m == 1) {
        if (!(d[0] & open))
            return 0;
        keep[0] |= open;
        return 1;
    }
    if (m == 2)
        tab += RENBAN_TAB3;
    vmask dig[3];
    int x = 0, idx = 0, sup;
    for (vmask o = open; o; o &= o - 1)
        dig[x++] = o & -o;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            idx |= ((d[i] & dig[j]) != 0) << (m * i + j);
    if (!(sup = tab[idx]))
        return 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++)
            if (sup >> (m * i + j) & 1)
                keep[i] |= dig[j];
    return 1;
}

/* Windows as a mask: bit lo-1 stands for the window of digits
 * lo..lo+k-1. The windows holding a digit of d: d shifted down by 0..k-1
 * (doubling the shift: log k steps). */
static vmask spread_down(vmask d, int k)
{
    int w = 1;
    for (; 2 * w <= k; w *= 2)
        d |= d >> w;
    return w < k ? d | d >> (k - w) : d;
}

/* The windows whose every digit is in a. */
static vmask inside(vmask a, int k)
{
    int w = 1;
    for (; 2 * w <= k; w *= 2)
        a &= a >> w;
    return w < k ? a & a >> (k - w) : a;
}

/* Each window that holds every placed digit and that the open cells can
 * fill lends its other digits to them: exactly (a matching) with at most
 * six open cells (up to three by a table), else each open cell keeps the
 * window's digits it holds.
 * The candidate windows come from masks first (inside the line's digits,
 * around the placed ones, touching every open cell), so only those are
 * matched. A digit of every such window is required: with one place it
 * goes there, with more it leaves the cells that see all its places. */
/* Lines of two or three cells, every window at once: with window lo as
 * bit lo-1, cell i holds the window's (j+1)-th digit in the windows
 * dom >> j, so an order of the cells over the window's digits fits in
 * the AND of those, and lends each cell its digit (the windows shifted
 * back by j). Placed cells take part as one-digit cells. @return 0 on a
 * contradiction. */
static int renban_short(pstate *ps, const uint16_t *cells, int k)
{
    vmask d0 = ps->dom[cells[0]], d1 = ps->dom[cells[1]], win, keep[3];
    if (k == 2) {
        /* cell 0 the window's first digit, or its second */
        vmask w01 = d0 & d1 >> 1, w10 = d0 >> 1 & d1;
        win = w01 | w10;
        keep[0] = w01 | w10 << 1;
        keep[1] = w01 << 1 | w10;
    } else {
        /* the six orders, cell i at place j of the window: d_i >> j */
        vmask d2 = ps->dom[cells[2]];
        vmask a1 = d0 >> 1, a2 = d0 >> 2, b1 = d1 >> 1, b2 = d1 >> 2, c1 = d2 >> 1, c2 = d2 >> 2;
        vmask w012 = d0 & b1 & c2, w021 = d0 & b2 & c1, w102 = a1 & d1 & c2;
        vmask w120 = a1 & b2 & d2, w201 = a2 & d1 & c1, w210 = a2 & b1 & d2;
        win = w012 | w021 | w102 | w120 | w201 | w210;
        keep[0] = w012 | w021 | (w102 | w120) << 1 | (w201 | w210) << 2;
        keep[1] = w102 | w201 | (w012 | w210) << 1 | (w021 | w120) << 2;
        keep[2] = w120 | w210 | (w021 | w201) << 1 | (w012 | w102) << 2;
    }
    if (!win)
        return 0;
    for (int i = 0; i < k; i++)
        if (!narrow(ps, cells[i], keep[i]))
            return 0;
    /* the digits every window holds, less the placed ones */
    vmask req = range(bits_highest(win) + 1, bits_lowest(win) + k, ps->e->n), placed = 0;
    for (int i = 0; i < k; i++)
        if (bits_single(ps->dom[cells[i]]))
            placed |= ps->dom[cells[i]];
    req &= ~placed;
    return req ? vprop_place_required(ps, cells, k, req) : 1;
}

int vprop_renban(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n, k = p->ncells, m = 0;
    const uint16_t *cells = e->pcells + p->cell_off;
    if (k <= 3)
        return renban_short(ps, cells, k);
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
    vmask win = inside(all, k);
    if (placed)
        win &= range(hi_digit(placed) - k + 1, lo_digit(placed), n);
    for (int i = 0; i < m && win; i++)
        win &= spread_down(d[i], k);
    if (!win)
        return 0;
    int first = 0, last = 0;
    for (; win; win &= win - 1) {
        int lo = bits_lowest(win) + 1;
        vmask w = range(lo, lo + k - 1, n), open = w & ~placed;
        int same = 1;
        for (int i = 0; i < m; i++)
            same &= (d[i] & open) == open;
        if (same) {
            /* every open cell holds every open digit */
            for (int i = 0; i < m; i++)
                keep[i] |= open;
        } else if (m <= 3) {
            if (!table_support(e->aux + p->aux_off, d, m, open, keep))
                continue;
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
        if (!first)
            first = lo;
        last = lo;
    }
    if (!first)
        return 0;
    for (int i = 0; i < m; i++)
        if (!narrow(ps, cells[at[i]], keep[i]))
            return 0;
    /* the digits every window holds: last..first + k - 1 */
    vmask req = range(last, first + k - 1, n) & ~placed;
    return req ? vprop_place_required(ps, cells, k, req) : 1;
}
