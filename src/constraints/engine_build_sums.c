/*
 * engine_build_sums.c — the sums killer cages imply: the "45 rule"
 * (innies and outies of each unit, mixed differences over runs of rows,
 * columns and boxes, one-cell outies, sum intersections), which is what
 * lets hard killers be solved without a deep search; and the grouping of
 * a sum's cells into mutual peers for its propagator.
 */
#include "engine_build_internal.h"
#include "util/bits.h"

#include <string.h>

/* ---- the 45 rule ---- */

typedef struct cellset {
    uint64_t w[4]; /* up to 256 cells */
} cellset;

static void cs_add(cellset *s, int c) { s->w[c / 64] |= 1ull << (c % 64); }
static int cs_has(const cellset *s, int c) { return (int)(s->w[c / 64] >> (c % 64)) & 1; }

/* For one unit H: the sum of the cells the summed cages inside H leave
 * uncovered (a cage: distinct digits), and of the cells the cages meeting
 * H cover outside it, when at most n. */
static void innies_outies(builder *b, const cellset *h, const int *cage_sum,
                          const doku_constraints *cs)
{
    vengine *e = b->e;
    int n = e->n, total = n * (n + 1) / 2;
    size_t ncs = cs->count;
    int sum_in = 0, sum_meet = 0, meet_all = 1, overlap = 0;
    cellset inside = {{0}}, meet = {{0}};
    for (size_t i = 0; i < ncs; i++) {
        const cons_item *it = &cs->items[i];
        if (it->kind != DOKU_CON_CAGE || cage_sum[i] < 0)
            continue;
        const uint16_t *c = cs->cells + it->cell_off;
        int in = 0;
        for (size_t j = 0; j < it->ncells; j++)
            in += cs_has(h, c[j]);
        if (!in)
            continue;
        /* overlapping cages would count their shared cells twice */
        sum_meet += cage_sum[i];
        for (size_t j = 0; j < it->ncells; j++) {
            overlap |= cs_has(&meet, c[j]);
            cs_add(&meet, c[j]);
        }
        if (in == (int)it->ncells) {
            sum_in += cage_sum[i];
            for (size_t j = 0; j < it->ncells; j++)
                cs_add(&inside, c[j]);
        }
    }
    if (overlap)
        return;
    int rest[256], nrest = 0, out[256], nout = 0, ones[256];
    for (int c = 0; c < e->ncells; c++) {
        if (cs_has(h, c) && !cs_has(&inside, c))
            rest[nrest++] = c;
        if (cs_has(h, c) && !cs_has(&meet, c))
            meet_all = 0;
        if (!cs_has(h, c) && cs_has(&meet, c))
            out[nout++] = c;
    }
    for (int i = 0; i < 256; i++)
        ones[i] = 1;
    if (nrest > 0 && nrest <= n && sum_in > 0)
        vbuild_add_cage(b, rest, nrest, total - sum_in);
    if (meet_all && nout > 0 && nout <= n)
        vbuild_add_linear(b, out, ones, nout, sum_meet - total);
}

/* ---- the 45 rule, mixed: innies and outies in one sum ----
 * Interactive Sudoku Solver's derived sums: for a region H of whole units
 * and a set P of non-overlapping summed cages, sum(P \ H) - sum(H \ P) =
 * sum of P's sums - H's total. */

typedef struct sumcage {
    cellset cells;
    int k, sum;
} sumcage;

static int cs_count(const cellset *s)
{
    return bits_count(s->w[0]) + bits_count(s->w[1]) + bits_count(s->w[2]) + bits_count(s->w[3]);
}

static int cs_meet(const cellset *a, const cellset *b)
{
    return bits_count(a->w[0] & b->w[0]) + bits_count(a->w[1] & b->w[1]) +
           bits_count(a->w[2] & b->w[2]) + bits_count(a->w[3] & b->w[3]);
}

/* 1 when a linear sum over exactly these cells and weights exists. */
static int have_linear(const builder *b, const int *cells, const int *w, int k, int value)
{
    for (size_t i = 0; i < b->npv; i++) {
        const vprop *p = &b->pv[i];
        if (p->type != VP_LINEAR || p->ncells != k)
            continue;
        int same = 1;
        for (int j = 0; j < k && same; j++) {
            int c = b->pcells.v[p->cell_off + j];
            int sw = b->aux.v[p->neg_off + j] ? -b->aux.v[p->aux_off + j] : b->aux.v[p->aux_off + j];
            same = c == cells[j] && sw == w[j];
        }
        if (!same)
            continue;
        /* the folded value: value + (n+1) per negative weight */
        int v = value;
        for (int j = 0; j < k; j++)
            if (w[j] < 0)
                v += -w[j] * (b->e->n + 1);
        if (v == p->value)
            return 1;
    }
    return 0;
}

/* Adds sum(pos) - sum(neg) = value unless the same sum exists. */
static void add_signed(builder *b, const int *pos, int np, const int *neg, int nn, int value)
{
    /* after a failed allocation the last rule's cells may be missing:
     * have_linear would read past them */
    if (!b->ok)
        return;
    int cells[512], w[512], k = 0;
    for (int i = 0; i < np; i++) {
        cells[k] = pos[i];
        w[k++] = 1;
    }
    for (int i = 0; i < nn; i++) {
        cells[k] = neg[i];
        w[k++] = -1;
    }
    if (k && !have_linear(b, cells, w, k, value))
        vbuild_add_linear(b, cells, w, k, value);
}

/* The difference sum of region h (units whole units) and pieces pc (sum
 * psum), when small: at most n cells, one side at most 2, and at most 5
 * when every cell is in a cage already (6 cost 3-4% more instructions a
 * node on TAREK and EXTREME for the same nodes, measured). */
static void add_difference(builder *b, const cellset *h, const cellset *pc, const cellset *caged,
                           int units, int psum)
{
    vengine *e = b->e;
    int n = e->n, pos[256], np = 0, neg[256], nn = 0, all_caged = 1;
    for (int c = 0; c < e->ncells; c++) {
        int in_h = cs_has(h, c), in_p = cs_has(pc, c);
        if (in_h == in_p)
            continue;
        if (in_p)
            pos[np++] = c;
        else
            neg[nn++] = c;
        all_caged &= cs_has(caged, c);
    }
    if (!np && !nn)
        return;
    if (np + nn > n || (np > 2 && nn > 2) || (all_caged && np + nn > 5))
        return;
    add_signed(b, pos, np, neg, nn, psum - units * (n * (n + 1) / 2));
}

/* Grows a region unit by unit (rows down, rows up, columns right,
 * columns left, boxes row by row and column by column, each both ways);
 * a cage joins once more than half of it is inside, and each region of
 * 2 .. n-1 units gives its difference. Every orientation of a grid gets
 * the same runs: boxes in row order alone gave a transposed killer 43
 * derived sums instead of 45 and up to 6x its nodes (MATHEMAGIC#4). */
static void overlap_runs(builder *b, const sumcage *cg, int ncg, const cellset *caged)
{
    vengine *e = b->e;
    const doku_shape *s = b->e->cs->shape;
    int n = e->n;
    int boxes[DOKU_CONSTRAINTS_MAX_N], bycol[DOKU_CONSTRAINTS_MAX_N], key[DOKU_CONSTRAINTS_MAX_N];
    int nbox = 0;
    for (int u = 0; u < s->nunits && nbox < n; u++)
        if (s->unit_kind[u] == DOKU_UNIT_BOX || s->unit_kind[u] == DOKU_UNIT_REGION) {
            /* the box's first cell column by column: its place in the
             * column-major order */
            int k = e->ncells;
            for (int j = 0; j < n; j++) {
                int c = s->unit_cells[u * n + j];
                if (c % n * n + c / n < k)
                    k = c % n * n + c / n;
            }
            int i = nbox++;
            for (; i > 0 && key[i - 1] > k; i--) {
                key[i] = key[i - 1];
                bycol[i] = bycol[i - 1];
            }
            key[i] = k;
            bycol[i] = u;
            boxes[nbox - 1] = u;
        }
    uint8_t used[512];
    for (int seq = 0; seq < 8; seq++) {
        if (seq >= 4 && nbox != n)
            break;
        cellset h = {{0}}, pc = {{0}};
        int psum = 0;
        memset(used, 0, (size_t)ncg);
        for (int i = 0; i < n - 1; i++) {
            int line = seq % 2 ? n - 1 - i : i;
            const int *order = seq < 6 ? boxes : bycol;
            for (int j = 0; j < n; j++) {
                int c = seq < 2 ? line * n + j : seq < 4 ? j * n + line : s->unit_cells[order[line] * n + j];
                cs_add(&h, c);
            }
            for (int q = 0; q < ncg; q++)
                if (!used[q] && 2 * cs_meet(&cg[q].cells, &h) > cg[q].k) {
                    used[q] = 1;
                    psum += cg[q].sum;
                    for (int w = 0; w < 4; w++)
                        pc.w[w] |= cg[q].cells.w[w];
                }
            if (i > 0)
                add_difference(b, &h, &pc, caged, i + 1, psum);
        }
    }
}

/* For each unit: a cage with one cell outside makes that cell the sum of
 * the unit's cells outside it and the cages inside, less a constant (an
 * arrow), kept when at most 4 cells (up to 6 cost 7-12% more
 * instructions on TAREK and EXTREME and saved no nodes, measured). */
static void one_outies(builder *b, const sumcage *cg, int ncg)
{
    vengine *e = b->e;
    const doku_shape *s = e->cs->shape;
    int n = e->n, total = n * (n + 1) / 2;
    for (int u = 0; u < s->nunits; u++) {
        cellset h = {{0}}, inside = {{0}};
        for (int i = 0; i < n; i++)
            cs_add(&h, s->unit_cells[u * n + i]);
        int sum_in = 0;
        for (int q = 0; q < ncg; q++)
            if (cs_meet(&cg[q].cells, &h) == cg[q].k) {
                sum_in += cg[q].sum;
                for (int w = 0; w < 4; w++)
                    inside.w[w] |= cg[q].cells.w[w];
            }
        for (int q = 0; q < ncg; q++) {
            if (cs_meet(&cg[q].cells, &h) != cg[q].k - 1)
                continue;
            int pos[256], np = 0, out = -1;
            for (int i = 0; i < n; i++) {
                int c = s->unit_cells[u * n + i];
                if (!cs_has(&inside, c) && !cs_has(&cg[q].cells, c))
                    pos[np++] = c;
            }
            if (np + 1 > 4 || np == 0)
                continue;
            for (int c = 0; c < e->ncells; c++)
                if (cs_has(&cg[q].cells, c) && !cs_has(&h, c))
                    out = c;
            add_signed(b, pos, np, &out, 1, total - sum_in - cg[q].sum);
        }
    }
}

/* The least and largest total of cells taking distinct digits within
 * groups of mutual peers (greedy groups). */
static void distinct_range(const builder *b, const int *cells, int k, int *lo, int *hi)
{
    int n = b->e->n, grp[256], size[256], ng = 0;
    for (int i = 0; i < k; i++) {
        grp[i] = -1;
        for (int g = 0; g < ng && grp[i] < 0; g++) {
            int ok = size[g] < n;
            for (int j = 0; j < i && ok; j++)
                if (grp[j] == g)
                    ok = vbuild_peers_of(b, cells[i], cells[j]);
            if (ok)
                grp[i] = g;
        }
        if (grp[i] < 0) {
            size[ng] = 0;
            grp[i] = ng++;
        }
        size[grp[i]]++;
    }
    *lo = *hi = 0;
    for (int g = 0; g < ng; g++) {
        *lo += size[g] * (size[g] + 1) / 2;
        *hi += size[g] * (2 * n - size[g] + 1) / 2;
    }
}

/* For each unit met by cages (their cells' unit cells all covered, the
 * holes filled by other units lying inside them): the cells the cages
 * and units cover outside it, less units lying wholly in those, sum to a
 * known total; kept when that total's range is more than 4 times its
 * slack (Interactive Sudoku Solver's sum intersections). */
static void sum_intersections(builder *b, const sumcage *cg, int ncg)
{
    vengine *e = b->e;
    const doku_shape *s = e->cs->shape;
    int n = e->n, total = n * (n + 1) / 2;
    cellset *unit = malloc((size_t)(s->nunits + 1) * sizeof *unit);
    if (!unit) {
        b->ok = 0;
        return;
    }
    for (int u = 0; u < s->nunits; u++) {
        memset(&unit[u], 0, sizeof unit[u]);
        for (int i = 0; i < n; i++)
            cs_add(&unit[u], s->unit_cells[u * n + i]);
    }
    int *meet = malloc((size_t)(ncg + 1) * sizeof *meet), *nov = malloc((size_t)(ncg + 1) * sizeof *nov);
    if (!meet || !nov) {
        free(meet);
        free(nov);
        free(unit);
        b->ok = 0;
        return;
    }
    for (int u = 0; u < s->nunits; u++) {
        cellset cand = {{0}};
        int sum = 0, any = 0, nm = 0;
        /* the sums meeting u that share no cell, those overlapping the
         * fewest others first (little killers cross; a sum crossing many
         * would shut them all out) */
        for (int q = 0; q < ncg; q++)
            if (cs_meet(&cg[q].cells, &unit[u])) {
                int o = 0;
                for (int r = 0; r < ncg; r++)
                    o += r != q && cs_meet(&cg[r].cells, &unit[u]) && cs_meet(&cg[q].cells, &cg[r].cells);
                int j = nm++;
                for (; j > 0 && nov[j - 1] > o; j--) {
                    nov[j] = nov[j - 1];
                    meet[j] = meet[j - 1];
                }
                nov[j] = o;
                meet[j] = q;
            }
        for (int i = 0; i < nm; i++) {
            const sumcage *q = &cg[meet[i]];
            if (cs_meet(&q->cells, &cand))
                continue;
            any = 1;
            sum += q->sum;
            for (int w = 0; w < 4; w++)
                cand.w[w] |= q->cells.w[w];
        }
        if (!any)
            continue;
        cellset unc = unit[u];
        for (int w = 0; w < 4; w++)
            unc.w[w] &= ~cand.w[w];
        for (int v = 0; v < s->nunits && cs_count(&unc); v++) {
            if (v == u || cs_meet(&unit[v], &cand))
                continue;
            int m = cs_meet(&unc, &unit[v]);
            if (m < 2 || m != cs_meet(&unit[u], &unit[v]))
                continue;
            sum += total;
            for (int w = 0; w < 4; w++) {
                cand.w[w] |= unit[v].w[w];
                unc.w[w] &= ~unit[v].w[w];
            }
        }
        if (cs_count(&unc))
            continue;
        for (int w = 0; w < 4; w++)
            cand.w[w] &= ~unit[u].w[w];
        sum -= total;
        for (int v = 0; v < s->nunits; v++)
            if (cs_meet(&unit[v], &cand) == n) {
                sum -= total;
                for (int w = 0; w < 4; w++)
                    cand.w[w] &= ~unit[v].w[w];
            }
        int cells[256], k = 0;
        for (int c = 0; c < e->ncells; c++)
            if (cs_has(&cand, c))
                cells[k++] = c;
        if (!k)
            continue;
        int lo, hi;
        distinct_range(b, cells, k, &lo, &hi);
        if (sum < lo || sum > hi)
            continue; /* no solution: the search will find that out */
        int dof = sum - lo < hi - sum ? sum - lo : hi - sum, span = hi - lo;
        if (span == 0 || span <= 4 * dof)
            continue;
        add_signed(b, cells, k, NULL, 0, sum);
    }
    free(meet);
    free(nov);
    free(unit);
}

static void add_mixed_45(builder *b, const doku_constraints *cs, const int *cage_sum)
{
    int ncg = 0;
    sumcage *cg = malloc((cs->count + 1) * sizeof *cg);
    if (!cg) {
        b->ok = 0;
        return;
    }
    /* every known sum (cages and little killers, overlapping or not)
     * for the sum intersections, which choose per unit */
    sumcage *all = malloc((cs->count + 1) * sizeof *all);
    if (!all) {
        free(cg);
        b->ok = 0;
        return;
    }
    int nall = 0;
    cellset caged = {{0}};
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        if (cage_sum[i] < 0)
            continue;
        sumcage c = {{{0}}, (int)it->ncells, cage_sum[i]};
        for (size_t j = 0; j < it->ncells; j++)
            cs_add(&c.cells, cs->cells[it->cell_off + j]);
        all[nall++] = c;
        if (it->kind != DOKU_CON_CAGE || cs_meet(&c.cells, &caged))
            continue; /* overlapping cages would count shared cells twice */
        for (int w = 0; w < 4; w++)
            caged.w[w] |= c.cells.w[w];
        cg[ncg++] = c;
    }
    overlap_runs(b, cg, ncg, &caged);
    one_outies(b, cg, ncg);
    sum_intersections(b, all, nall);
    free(all);
    free(cg);
}

void vbuild_sums_45(builder *b, const doku_constraints *cs)
{
    vengine *e = b->e;
    const doku_shape *s = cs->shape;
    int n = e->n, any = 0;
    int *cage_sum = malloc((cs->count + 1) * sizeof *cage_sum);
    if (!cage_sum) {
        b->ok = 0;
        return;
    }
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        /* a little killer's total joins the sum intersections too */
        cage_sum[i] = (it->kind == DOKU_CON_CAGE && it->nparams) || it->kind == DOKU_CON_LITTLE_KILLER
                          ? cs->params[it->param_off]
                          : -1;
        any |= cage_sum[i] >= 0;
    }
    if (any) {
        /* every unit of n cells (rows, columns, boxes or regions, extra
         * units) */
        for (int u = 0; u < s->nunits; u++) {
            cellset h = {{0}};
            for (int i = 0; i < n; i++)
                cs_add(&h, s->unit_cells[u * n + i]);
            innies_outies(b, &h, cage_sum, cs);
        }
        /* runs of rows, columns and boxes: add_mixed_45 (ISS's; doku's
         * own pure innies/outies of row and column runs cost more time
         * than they saved, measured) */
        add_mixed_45(b, cs, cage_sum);
    }
    free(cage_sum);
}

/* ---- distinct digits inside sums ----
 * A sum of unit weights (innies, outies, little killers) whose cells
 * include mutual peers: its cells are split greedily into groups of
 * mutual peers of one sign, made contiguous, so the propagator can bound
 * each group by distinct digits (t cells take at least the t smallest
 * digits they hold), far tighter than each cell's own range. */
void vbuild_group_linear(builder *b)
{
    for (size_t pi = 0; pi < b->npv && b->ok; pi++) {
        vprop *p = &b->pv[pi];
        int k = p->ncells;
        if (p->type != VP_LINEAR || k < 2 || k > 256)
            continue;
        int *cells = b->pcells.v + p->cell_off;
        int *w = b->aux.v + p->aux_off, *neg = b->aux.v + p->neg_off;
        int unit = 1;
        for (int i = 0; i < k; i++)
            unit &= w[i] == 1;
        if (!unit)
            continue;
        int grp[256], first[256], ng = 0;
        /* a sum longer than a unit (combined little killers, sum
         * intersections) groups by cliques; first fit keeps the killers'
         * node counts (measured: clique groups everywhere cost EXTREME
         * 1.3x nodes) and serves past 64 cells */
        int clique = k > b->e->n && k <= 64; /* cliques cost k^3 */
        if (clique)
            ng = vbuild_clique_groups(b, cells, neg, k, grp);
        for (int i = 0; i < k && !clique; i++) {
            grp[i] = -1;
            for (int g = 0; g < ng && grp[i] < 0; g++) {
                int ok = neg[first[g]] == neg[i];
                for (int j = 0; j < i && ok; j++)
                    if (grp[j] == g)
                        ok = vbuild_peers_of(b, cells[i], cells[j]);
                if (ok)
                    grp[i] = g;
            }
            if (grp[i] < 0) {
                first[ng] = i;
                grp[i] = ng++;
            }
        }
        int oc[256], on[256], start[257], m = 0;
        for (int g = 0; g < ng; g++) {
            start[g] = m;
            for (int i = 0; i < k; i++)
                if (grp[i] == g) {
                    oc[m] = cells[i];
                    on[m++] = neg[i];
                }
        }
        start[ng] = m;
        for (int i = 0; i < k; i++) {
            cells[i] = oc[i];
            neg[i] = on[i];
        }
        p->grp_off = (int)b->aux.len;
        p->ngrp = ng;
        for (int g = 0; g <= ng; g++)
            b->ok &= vbuild_push(&b->aux, start[g]);
    }
}

/* ---- the cages' digit sets ----
 * A cage with some cells fixed needs, on its open cells, a set of as
 * many digits totalling what the fixed ones leave: one table of every
 * digit set by size and total serves every cage (2^n sets), so a cage
 * reads only the few sets that can still fit instead of its every
 * combination. */
int vbuild_sum_sets(vengine *e)
{
    int ncage = 0, W = (e->ncells + 63) / 64;
    for (int pi = 0; pi < e->nprops; pi++)
        ncage += e->props[pi].type == VP_CAGE;
    if (!ncage)
        return 1;
    e->cage_bits = calloc((size_t)ncage * (size_t)W, sizeof *e->cage_bits);
    if (!e->cage_bits)
        return 0;
    ncage = 0;
    for (int pi = 0; pi < e->nprops; pi++) {
        vprop *p = &e->props[pi];
        if (p->type != VP_CAGE)
            continue;
        p->grp_off = W * ncage++;
        for (int i = 0; i < p->ncells; i++) {
            int c = e->pcells[p->cell_off + i];
            e->cage_bits[p->grp_off + c / 64] |= 1ull << (c % 64);
        }
    }
    int n = e->n, T = n * (n + 1) / 2;
    size_t nsets = (size_t)1 << n, nidx = (size_t)(n + 1) * (size_t)(T + 1);
    uint8_t *total = malloc(nsets);
    e->sum_sets = malloc(nsets * sizeof *e->sum_sets);
    e->sum_set_off = calloc(nidx + 1, sizeof *e->sum_set_off);
    if (!total || !e->sum_sets || !e->sum_set_off) {
        free(total);
        return 0;
    }
    total[0] = 0;
    for (size_t m = 1; m < nsets; m++)
        total[m] = (uint8_t)(total[m & (m - 1)] + bits_lowest(m) + 1);
    /* counting sort by (size, total): counts, starts, then the sets */
    for (size_t m = 0; m < nsets; m++)
        e->sum_set_off[(size_t)bits_count(m) * (size_t)(T + 1) + total[m] + 1]++;
    for (size_t i = 0; i < nidx; i++)
        e->sum_set_off[i + 1] += e->sum_set_off[i];
    int *at = malloc((nidx + 1) * sizeof *at);
    if (!at) {
        free(total);
        return 0;
    }
    memcpy(at, e->sum_set_off, (nidx + 1) * sizeof *at);
    for (size_t m = 0; m < nsets; m++)
        e->sum_sets[at[(size_t)bits_count(m) * (size_t)(T + 1) + total[m]]++] = (uint16_t)m;
    free(at);
    free(total);
    return 1;
}
