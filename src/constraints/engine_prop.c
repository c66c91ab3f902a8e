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
            e->lastq[ps->nlq++] = p;
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
    vmask once = 0, twice = 0, placed = 0;
    for (int i = 0; i < n; i++) {
        vmask m = ps->dom[cells[i]];
        twice |= once & m;
        once |= m;
        placed |= bits_single(m) ? m : 0;
    }
    if (once != e->all)
        return 0;
    /* digits with one place that is not already theirs alone */
    vmask uniq = once & ~twice & ~placed;
    for (int i = 0; i < n && uniq; i++) {
        vmask m = ps->dom[cells[i]] & uniq;
        if (!m)
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
    case VP_PAIR: return run_pair(ps, p);
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
    vengine *e = ps->e;
    for (int i = 0; i < ps->ncq; i++)
        e->cell_inq[e->cellq[i]] = 0;
    for (int i = 0; i < ps->ngq; i++)
        e->group_inq[e->groupq[i]] = 0;
    for (int i = 0; i < ps->npq; i++)
        e->prop_inq[e->propq[i]] = 0;
    for (int i = 0; i < ps->nsq; i++)
        e->prop_inq[e->sumq[i]] = 0;
    for (int i = 0; i < ps->nlq; i++)
        e->prop_inq[e->lastq[i]] = 0;
    ps->ncq = ps->ngq = ps->npq = ps->nsq = ps->nlq = 0;
}

int vengine_propagate(vengine *e, vmask *dom, uint8_t *fixed, const int *start, int nstart)
{
    pstate ps = {e, dom, fixed, 0, 0, 0, 0, 0};
    if (start) {
        for (int i = 0; i < nstart; i++)
            push_cell(&ps, start[i], 1);
    } else {
        for (int c = 0; c < e->ncells; c++)
            push_cell(&ps, c, 1);
    }
    /* cheapest first: placements, then hidden singles, then the rules,
     * the linear sums last (the costliest, and the others' narrowing
     * often spares them a run); the queues are stacks (the newest change
     * is the likeliest to bite) */
    for (;;) {
        int ok = 1, kind, id;
        if (ps.ncq) {
            int c = e->cellq[--ps.ncq];
            e->cell_inq[c] = 0;
            ok = run_cell(&ps, c);
            kind = VFAIL_CELL;
            id = c;
        } else if (ps.ngq) {
            int g = e->groupq[--ps.ngq];
            e->group_inq[g] = 0;
            ok = run_group(&ps, g);
            kind = VFAIL_GROUP;
            id = g;
        } else if (ps.npq) {
            int p = e->propq[--ps.npq];
            e->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else if (ps.nsq) {
            int p = e->sumq[--ps.nsq];
            e->prop_inq[p] = 0;
            ok = run_prop(&ps, p);
            kind = VFAIL_PROP;
            id = p;
        } else if (ps.nlq) {
            int p = e->lastq[--ps.nlq];
            e->prop_inq[p] = 0;
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
