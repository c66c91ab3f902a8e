/*
 * engine_prop_internal.h — what the propagation files share: the state of
 * one propagation, narrowing a cell (which queues the cell's groups and
 * rules again), digit-range helpers, and the rule families' propagators.
 *
 * engine_prop.c holds the queues, placements, hidden singles, pairs, quads
 * and locked sets, and dispatches to the families: engine_sum.c (linear
 * sums, cages), engine_line.c (between, sandwich, X-sum),
 * engine_line_renban.c (renban). They
 * place required digits through engine_place.c. Calls go prop -> family
 * -> place only; every family propagator removes only digits no
 * assignment of its own cells takes, and returns 0 on a contradiction.
 */
#ifndef DOKU_ENGINE_PROP_INTERNAL_H
#define DOKU_ENGINE_PROP_INTERNAL_H

#include "engine_internal.h"
#include "util/bits.h"

/* The queues of one propagation (kept in the engine between runs, empty
 * between them): stacks, and flags for what each holds. */
typedef struct vqueue {
    int *cellq, *groupq, *propq, *lateq, *sumq, *lastq;
    uint8_t *cell_inq, *prop_inq;
    /* each group's digits that lost a place since its last scan, with
     * GROUP_QUEUED while it is on groupq: only those can have dropped to
     * one place or none (every other digit's count is as the last scan,
     * or the last fixed point, left it) */
    vmask *group_pend;
    /* each cell's rules (e->cell_props) hold first those run before the
     * hidden singles, up to cell_split[c], then those run after them
     * (lateq) */
    int *cell_split;
} vqueue;

enum { GROUP_QUEUED = 1 << 30 }; /* above every digit (n <= 16) */

typedef struct pstate {
    vengine *e;
    vmask *dom;
    uint8_t *fixed;
    int ncq, ngq, npq, ntq, nsq, nlq; /* ntq: lateq; nsq: the linear sums */
} pstate;

/* 1 when linear sum p must see a change inside the range of its cell c:
 * only its reachable-sum pass reads more than bounds, and that runs with
 * at most two cells open (c, still open, and one other). */
static inline int few_open(const pstate *ps, int p, int c)
{
    const vengine *e = ps->e;
    const vprop *pp = &e->props[p];
    const uint16_t *cells = e->pcells + pp->cell_off;
    int open = 0;
    for (int i = 0; i < pp->ncells; i++)
        if (cells[i] != c && !bits_single(ps->dom[cells[i]]) && ++open > 1)
            return 0;
    return 1;
}

/* Queues cell c (once fixed: its digit leaves its peers), its groups
 * (for the digits gone from c) and its rules; its linear sums only when
 * bounds says its least or greatest digit changed, or when few_open.
 * (Lists and counts are read into locals: the byte-wide flags alias
 * everything, and the compiler would reload them after every store.) */
static inline void push_cell(pstate *ps, int c, vmask gone, int bounds)
{
    const vengine *e = ps->e;
    vqueue *q = e->q;
    if (!q->cell_inq[c] && bits_single(ps->dom[c])) {
        q->cell_inq[c] = 1;
        q->cellq[ps->ncq++] = c;
    }
    vmask *pend = q->group_pend;
    const int *lst = e->cell_groups;
    int *stk = q->groupq, k = ps->ngq;
    for (int i = e->cell_group_off[c], end = e->cell_group_off[c + 1]; i < end; i++) {
        int g = lst[i];
        if (!pend[g])
            stk[k++] = g;
        pend[g] |= gone | GROUP_QUEUED;
    }
    ps->ngq = k;
    uint8_t *inq = q->prop_inq;
    lst = e->cell_props;
    stk = q->propq;
    k = ps->npq;
    int split = q->cell_split[c];
    for (int i = e->cell_prop_off[c]; i < split; i++) {
        int p = lst[i];
        if (!inq[p]) {
            inq[p] = 1;
            stk[k++] = p;
        }
    }
    ps->npq = k;
    stk = q->lateq;
    k = ps->ntq;
    for (int i = split, end = e->cell_prop_off[c + 1]; i < end; i++) {
        int p = lst[i];
        if (!inq[p]) {
            inq[p] = 1;
            stk[k++] = p;
        }
    }
    ps->ntq = k;
    lst = e->cell_bnd;
    stk = q->sumq;
    k = ps->nsq;
    for (int i = e->cell_bnd_off[c], end = e->cell_bnd_off[c + 1]; i < end; i++) {
        int p = lst[i];
        if (!inq[p] && (bounds || few_open(ps, p, c))) {
            inq[p] = 1;
            stk[k++] = p;
        }
    }
    ps->nsq = k;
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
    /* the removed digits hold old's greatest when they outweigh the kept */
    vmask gone = old ^ m;
    push_cell(ps, c, gone, gone > m || (gone & old & -old));
    return 1;
}

/* Removes digit bit from every cell of the cell set common (W words)
 * that still holds it: the cells that see every place of a digit.
 * @return 0 when a cell is left empty. */
static inline int clear_in_set(pstate *ps, const uint64_t *common, int W, vmask bit)
{
    for (int w = 0; w < W; w++)
        for (uint64_t m = common[w]; m; m &= m - 1) {
            int q = w * 64 + bits_lowest(m);
            if ((ps->dom[q] & bit) && !narrow(ps, q, ~bit))
                return 0;
        }
    return 1;
}

static inline int lo_digit(vmask m) { return bits_lowest(m) + 1; }
static inline int hi_digit(vmask m) { return bits_highest(m) + 1; }

/* Digits lo..hi as a mask (empty when lo > hi). */
static inline vmask range(int lo, int hi, int n)
{
    if (lo < 1)
        lo = 1;
    if (hi > n)
        hi = n;
    if (lo > hi)
        return 0;
    return (vmask)(((1ull << (hi - lo + 1)) - 1) << (lo - 1));
}

/* Every digit of req must sit in one of the k cells: a digit left in one
 * cell is placed there, one left in several leaves the cells that see all
 * of them (engine_place.c). @return 0 on a contradiction. */
int vprop_place_required(pstate *ps, const uint16_t *cells, int k, vmask req);

/* engine_sum.c: sum w_i x_i = value; a cage's combinations. */
int vprop_linear(pstate *ps, const vprop *p);
int vprop_cage(pstate *ps, const vprop *p);

/* engine_line_renban.c: renban windows; engine_line.c: between lines,
 * sandwiches, X-sums, short arrows. */
int vprop_renban(pstate *ps, const vprop *p);
int vprop_between(pstate *ps, const vprop *p);
int vprop_sandwich(pstate *ps, const vprop *p);
int vprop_xsum(pstate *ps, const vprop *p);
int vprop_arrow(pstate *ps, const vprop *p);

#endif
