/*
 * engine_prop.c — propagation to a fixed point: a placed digit leaves its
 * peers, a group's digit with one place is placed there, and every
 * propagator of a changed cell runs again. Each propagator removes only
 * digits that cannot be part of any assignment of its own cells (pairs,
 * sums, cages), or that its bounds exclude (sandwich, X-sum), so nothing
 * it removes is ever a solution's. The rule families live in
 * engine_sum.c and engine_line.c (engine_prop_internal.h).
 */
#include "engine_prop_internal.h"

#include <stdlib.h>

static int run_cell(pstate *ps, int c)
{
    vengine *e = ps->e;
    vmask m = ps->dom[c];
    if (ps->fixed[c] || !bits_single(m))
        return 1;
    ps->fixed[c] = 1;
    for (int i = e->cell_fix_off[c]; i < e->cell_fix_off[c + 1]; i++) {
        int p = e->cell_fix[i];
        if (!e->q->prop_inq[p]) {
            e->q->prop_inq[p] = 1;
            e->q->lastq[ps->nlq++] = p;
        }
    }
    for (int i = e->peer_off[c]; i < e->peer_off[c + 1]; i++)
        if (!narrow(ps, e->peers[i], ~m))
            return 0;
    /* m has left c's groups' other cells: there its one place is c, which
     * holds it already (the digit the narrowing above queued them for) */
    vmask *pend = e->q->group_pend;
    for (int i = e->cell_group_off[c]; i < e->cell_group_off[c + 1]; i++)
        pend[e->cell_groups[i]] &= ~m;
    return 1;
}

/* Hidden singles of group g among the digits pend, the only ones whose
 * places may have dropped to one or none. */
static int run_group(pstate *ps, int g, vmask pend)
{
    vengine *e = ps->e;
    int n = e->n;
    const uint16_t *cells = e->group_cells + (size_t)g * (size_t)n;
    vmask once = 0, twice = 0;
    for (int i = 0; i < n; i++) {
        vmask m = ps->dom[cells[i]] & pend;
        twice |= once & m;
        once |= m;
    }
    /* checked once after the loop: a test per cell (most scans end with
     * every pending digit placed twice) ran fewer instructions but 11%
     * more time on HARD_RENBAN, mispredicted */
    if (twice == pend)
        return 1;
    if (once != pend)
        return 0;
    /* digits with one place that is not already theirs alone */
    vmask uniq = pend & ~twice;
    for (int i = 0; i < n && uniq; i++) {
        vmask d = ps->dom[cells[i]], m = d & uniq;
        if (!m)
            continue;
        uniq &= ~m;
        if (!bits_single(m))
            return 0; /* two digits that each have only this place */
        if (m != d && !narrow(ps, cells[i], m))
            return 0;
    }
    return 1;
}

static int run_pair(pstate *ps, const vprop *p)
{
    vengine *e = ps->e;
    int n = e->n;
    int a = e->pcells[p->cell_off], b = e->pcells[p->cell_off + 1];
    if (p->value >= 0) {
        const vmask *t = e->pair_tab + p->value;
        return narrow(ps, b, t[ps->dom[a]]) && narrow(ps, a, t[((size_t)1 << n) + ps->dom[b]]);
    }
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
    case VP_PAIR: {
        /* a pair is at its own fixed point after one run (each digit
         * kept on a side has a partner kept on the other), so its own
         * narrowing does not queue it again: it holds its flag while it
         * runs (a quarter of the thermometers' pair runs were that
         * rerun, finding nothing) */
        ps->e->q->prop_inq[pi] = 1;
        int ok = run_pair(ps, p);
        ps->e->q->prop_inq[pi] = 0;
        return ok;
    }
    case VP_LINEAR: return vprop_linear(ps, p);
    case VP_CAGE: return vprop_cage(ps, p);
    case VP_SANDWICH: return vprop_sandwich(ps, p);
    case VP_XSUM: return vprop_xsum(ps, p);
    case VP_RENBAN: return vprop_renban(ps, p);
    case VP_BETWEEN: return vprop_between(ps, p);
    case VP_QUAD: return run_quad(ps, p);
    case VP_SAME: return run_same(ps, p);
    case VP_ARROW: return vprop_arrow(ps, p);
    }
    return 1;
}

static void clear_queues(pstate *ps)
{
    vqueue *q = ps->e->q;
    for (int i = 0; i < ps->ncq; i++)
        q->cell_inq[q->cellq[i]] = 0;
    for (int i = 0; i < ps->ngq; i++)
        q->group_pend[q->groupq[i]] = 0;
    for (int i = 0; i < ps->npq; i++)
        q->prop_inq[q->propq[i]] = 0;
    for (int i = 0; i < ps->ntq; i++)
        q->prop_inq[q->lateq[i]] = 0;
    for (int i = 0; i < ps->nsq; i++)
        q->prop_inq[q->sumq[i]] = 0;
    for (int i = 0; i < ps->nlq; i++)
        q->prop_inq[q->lastq[i]] = 0;
    ps->ncq = ps->ngq = ps->npq = ps->ntq = ps->nsq = ps->nlq = 0;
}

int vengine_propagate(vengine *e, vmask *dom, uint8_t *fixed, const int *start, int nstart)
{
    pstate ps = {e, dom, fixed, 0, 0, 0, 0, 0, 0};
    vqueue *q = e->q;
    if (start) {
        for (int i = 0; i < nstart; i++)
            push_cell(&ps, start[i], e->all, 1);
    } else {
        for (int c = 0; c < e->ncells; c++)
            push_cell(&ps, c, e->all, 1);
    }
    /* cheapest first: placements, the pair rules (a table load a side:
     * chains of them settle before the groups are scanned, which cut the
     * thermometers' nodes 3.5x), hidden singles, the other rules, the
     * linear sums (the costliest, and the others' narrowing often spares
     * them a run), the locked sets; the queues are stacks (the newest
     * change is the likeliest to bite) */
    for (;;) {
        int ok = 1, kind, id;
        if (ps.ncq) {
            int c = q->cellq[--ps.ncq];
            q->cell_inq[c] = 0;
            ok = run_cell(&ps, c);
            kind = VFAIL_CELL;
            id = c;
        } else if (ps.npq) {
            int p = q->propq[--ps.npq];
            q->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else if (ps.ngq) {
            int g = q->groupq[--ps.ngq];
            vmask pend = q->group_pend[g] & ~(vmask)GROUP_QUEUED;
            q->group_pend[g] = 0;
            ok = !pend || run_group(&ps, g, pend);
            kind = VFAIL_GROUP;
            id = g;
        } else if (ps.ntq) {
            int p = q->lateq[--ps.ntq];
            q->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else if (ps.nsq) {
            int p = q->sumq[--ps.nsq];
            q->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else if (ps.nlq) {
            int p = q->lastq[--ps.nlq];
            q->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else {
            return 1;
        }
        if (!ok) {
            e->fail_kind = kind;
            e->fail_id = id;
            clear_queues(&ps);
            return 0;
        }
    }
}

/* The rules run after the hidden singles: all but the pairs (cages
 * before them too cost more nodes on EXTREME and MATHEMAGIC). */
static int runs_late(const vprop *p)
{
    return p->type != VP_PAIR;
}

void vqueue_free(vqueue *q)
{
    if (!q)
        return;
    free(q->cellq);
    free(q->groupq);
    free(q->propq);
    free(q->lateq);
    free(q->cell_split);
    free(q->sumq);
    free(q->lastq);
    free(q->cell_inq);
    free(q->group_pend);
    free(q->prop_inq);
    free(q);
}

int vqueue_create(vengine *e)
{
    vqueue *q = calloc(1, sizeof *q);
    if (!q)
        return 0;
    e->q = q;
    size_t nc = (size_t)e->ncells, np = (size_t)e->nprops + 1, ng = (size_t)e->ngroups + 1;
    q->cellq = malloc(nc * sizeof *q->cellq);
    q->groupq = malloc(ng * sizeof *q->groupq);
    q->propq = malloc(np * sizeof *q->propq);
    q->lateq = malloc(np * sizeof *q->lateq);
    q->cell_split = malloc((nc + 1) * sizeof *q->cell_split);
    q->sumq = malloc(np * sizeof *q->sumq);
    q->lastq = malloc(np * sizeof *q->lastq);
    q->cell_inq = calloc(nc, 1);
    q->group_pend = calloc(ng, sizeof *q->group_pend);
    q->prop_inq = calloc(np, 1);
    if (!q->cellq || !q->groupq || !q->propq || !q->lateq || !q->cell_split || !q->sumq ||
        !q->lastq || !q->cell_inq || !q->group_pend || !q->prop_inq)
        return 0;
    /* each cell's early rules first (a stable partition) */
    for (int c = 0; c < e->ncells; c++) {
        int *lst = e->cell_props, a = e->cell_prop_off[c], b = e->cell_prop_off[c + 1];
        int late[2 * DOKU_CONSTRAINTS_MAX_N * DOKU_CONSTRAINTS_MAX_N], nl = 0, k = a;
        for (int i = a; i < b; i++) {
            if (runs_late(&e->props[lst[i]]) && nl < (int)(sizeof late / sizeof *late))
                late[nl++] = lst[i];
            else
                lst[k++] = lst[i];
        }
        q->cell_split[c] = k;
        for (int i = 0; i < nl; i++)
            lst[k++] = late[i];
    }
    return 1;
}
