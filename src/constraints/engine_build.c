/*
 * engine_build.c — compiles a constraint list and its shape into the
 * variant engine: starting domains, each cell's all-different peers, the
 * groups that need every digit, and one propagator per rule. Pair rules
 * (dots, thermometer steps, whispers, the negative rules...) become
 * relation tables; sums become cage combinations or a linear sum; and
 * killer cages also give the "45 rule" sums (innies and outies of each
 * unit and of runs of rows and columns), which is what lets hard killers
 * be solved without a deep search.
 */
#include "engine_internal.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

/* A growable int array. */
typedef struct ivec {
    int *v;
    size_t len, cap;
} ivec;

static int ivec_push(ivec *a, int x)
{
    if (a->len == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 64;
        int *p = realloc(a->v, nc * sizeof *p);
        if (!p)
            return 0;
        a->v = p;
        a->cap = nc;
    }
    a->v[a->len++] = x;
    return 1;
}

typedef struct builder {
    vengine *e;
    uint64_t *peer_bits; /* ncells x words */
    int words;
    ivec props;          /* vprop records as ints: packed below */
    vprop *pv;
    size_t npv, cappv;
    ivec pcells, aux, groups;
    vmask *combos;
    size_t ncombos, capcombos;
    int ok;
} builder;

static void peer(builder *b, int p, int q)
{
    if (p == q)
        return;
    b->peer_bits[(size_t)p * b->words + q / 64] |= 1ull << (q % 64);
    b->peer_bits[(size_t)q * b->words + p / 64] |= 1ull << (p % 64);
}

static void peers_all(builder *b, const int *cells, int k)
{
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            peer(b, cells[i], cells[j]);
}

static vprop *new_prop(builder *b, int type, const int *cells, int k)
{
    if (b->npv == b->cappv) {
        size_t nc = b->cappv ? b->cappv * 2 : 64;
        vprop *p = realloc(b->pv, nc * sizeof *p);
        if (!p) {
            b->ok = 0;
            return NULL;
        }
        b->pv = p;
        b->cappv = nc;
    }
    vprop *p = &b->pv[b->npv++];
    memset(p, 0, sizeof *p);
    p->type = (uint8_t)type;
    p->ncells = k;
    p->cell_off = (int)b->pcells.len;
    p->aux_off = (int)b->aux.len;
    for (int i = 0; i < k; i++)
        b->ok &= ivec_push(&b->pcells, cells[i]);
    return p;
}

/* A pair rule: allowed(x, y) for x at a, y at b. */
typedef int (*rel_fn)(int x, int y, int param);

static int rel_white(int x, int y, int p) { (void)p; return x - y == 1 || y - x == 1; }
static int rel_black(int x, int y, int p) { (void)p; return x == 2 * y || y == 2 * x; }
static int rel_x(int x, int y, int p) { (void)p; return x + y == 10; }
static int rel_v(int x, int y, int p) { (void)p; return x + y == 5; }
static int rel_greater(int x, int y, int p) { (void)p; return x > y; }
static int rel_less(int x, int y, int p) { (void)p; return x < y; }
static int rel_equal(int x, int y, int p) { (void)p; return x == y; }
static int rel_whisper(int x, int y, int p) { return x - y >= p || y - x >= p; }
/* the negative rules: bit 0 not consecutive, 1 not ratio 2, 2 not sum
 * 10, 3 not sum 5 */
static int rel_neg(int x, int y, int p)
{
    return !((p & 1 && (x - y == 1 || y - x == 1)) || (p & 2 && (x == 2 * y || y == 2 * x)) ||
             (p & 4 && x + y == 10) || (p & 8 && x + y == 5));
}

static void add_pair(builder *b, int a, int c, rel_fn rel, int param)
{
    int cells[2] = {a, c};
    vprop *p = new_prop(b, VP_PAIR, cells, 2);
    if (!p)
        return;
    int n = b->e->n;
    /* aux: n forward masks (allowed at c given a = x), n backward */
    for (int x = 1; x <= n; x++) {
        int m = 0;
        for (int y = 1; y <= n; y++)
            if (rel(x, y, param))
                m |= 1 << (y - 1);
        b->ok &= ivec_push(&b->aux, m);
    }
    for (int y = 1; y <= n; y++) {
        int m = 0;
        for (int x = 1; x <= n; x++)
            if (rel(x, y, param))
                m |= 1 << (x - 1);
        b->ok &= ivec_push(&b->aux, m);
    }
    p->naux = 2 * n;
}

/* sum of w_i x_i = value. Negative weights are folded: w x = |w| (n+1-x)
 * - |w| (n+1), so the propagator sees positive weights only. */
static void add_linear(builder *b, const int *cells, const int *w, int k, int value)
{
    vprop *p = new_prop(b, VP_LINEAR, cells, k);
    if (!p)
        return;
    int n = b->e->n, total = 0;
    for (int i = 0; i < k; i++) {
        int aw = w[i] < 0 ? -w[i] : w[i];
        b->ok &= ivec_push(&b->aux, aw);
        total += aw * n;
        if (w[i] < 0)
            value += aw * (n + 1);
    }
    p->neg_off = (int)b->aux.len;
    for (int i = 0; i < k; i++)
        b->ok &= ivec_push(&b->aux, w[i] < 0);
    p->naux = k;
    p->value = value;
    int words = total / 64 + 1;
    if (words > b->e->bits_words)
        b->e->bits_words = words;
}

static int push_combo(builder *b, vmask m)
{
    if (b->ncombos == b->capcombos) {
        size_t nc = b->capcombos ? b->capcombos * 2 : 256;
        vmask *p = realloc(b->combos, nc * sizeof *p);
        if (!p)
            return 0;
        b->combos = p;
        b->capcombos = nc;
    }
    b->combos[b->ncombos++] = m;
    return 1;
}

/* Every set of k distinct digits from..n summing to sum, into combos. */
static void combos_rec(builder *b, int from, int k, int sum, vmask acc)
{
    int n = b->e->n;
    if (k == 0) {
        if (sum == 0)
            b->ok &= push_combo(b, acc);
        return;
    }
    for (int d = from; d <= n; d++) {
        /* the smallest and largest the other k-1 digits above d reach */
        int lo = d + (k - 1) * (2 * d + k) / 2, hi = d + (k - 1) * (2 * n - k + 2) / 2;
        if (lo > sum)
            break;
        if (hi < sum)
            continue;
        combos_rec(b, d + 1, k - 1, sum - d, acc | (vmask)1 << (d - 1));
    }
}

static void add_cage(builder *b, const int *cells, int k, int sum)
{
    vprop *p = new_prop(b, VP_CAGE, cells, k);
    if (!p)
        return;
    p->value = sum;
    p->aux_off = (int)b->ncombos;
    combos_rec(b, 1, k, sum, 0);
    p->naux = (int)b->ncombos - p->aux_off;
}

static int peers_of(const builder *b, int p, int q)
{
    return (int)(b->peer_bits[(size_t)p * (size_t)b->words + (size_t)(q / 64)] >> (q % 64)) & 1;
}

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
        add_cage(b, rest, nrest, total - sum_in);
    if (meet_all && nout > 0 && nout <= n)
        add_linear(b, out, ones, nout, sum_meet - total);
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
        add_linear(b, cells, w, k, value);
}

/* The difference sum of region h (units whole units) and pieces pc (sum
 * psum), when small: at most n cells, one side at most 2, and at most 6
 * when every cell is in a cage already. */
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
    if (np + nn > n || (np > 2 && nn > 2) || (all_caged && np + nn > 6))
        return;
    add_signed(b, pos, np, neg, nn, psum - units * (n * (n + 1) / 2));
}

/* Grows a region unit by unit (rows down, rows up, columns right,
 * columns left, boxes in order); a cage joins once more than half of it
 * is inside, and each region of 2 .. n-1 units gives its difference. */
static void overlap_runs(builder *b, const sumcage *cg, int ncg, const cellset *caged)
{
    vengine *e = b->e;
    const doku_shape *s = b->e->cs->shape;
    int n = e->n;
    int boxes[DOKU_CONSTRAINTS_MAX_N], nbox = 0;
    for (int u = 0; u < s->nunits && nbox < n; u++)
        if (s->unit_kind[u] == DOKU_UNIT_BOX || s->unit_kind[u] == DOKU_UNIT_REGION)
            boxes[nbox++] = u;
    uint8_t used[512];
    for (int seq = 0; seq < 5; seq++) {
        if (seq == 4 && nbox != n)
            break;
        cellset h = {{0}}, pc = {{0}};
        int psum = 0;
        memset(used, 0, (size_t)ncg);
        for (int i = 0; i < n - 1; i++) {
            int line = seq % 2 ? n - 1 - i : i;
            for (int j = 0; j < n; j++) {
                int c = seq < 2 ? line * n + j : seq < 4 ? j * n + line : s->unit_cells[boxes[i] * n + j];
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
 * arrow), kept when at most 6 cells. */
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
            if (np + 1 > 6 || np == 0)
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
                    ok = peers_of(b, cells[i], cells[j]);
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
    for (int u = 0; u < s->nunits; u++) {
        cellset cand = {{0}};
        int sum = 0, any = 0;
        for (int q = 0; q < ncg; q++)
            if (cs_meet(&cg[q].cells, &unit[u])) {
                any = 1;
                sum += cg[q].sum;
                for (int w = 0; w < 4; w++)
                    cand.w[w] |= cg[q].cells.w[w];
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
    cellset caged = {{0}};
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        if (it->kind != DOKU_CON_CAGE || cage_sum[i] < 0)
            continue;
        sumcage c = {{{0}}, (int)it->ncells, cage_sum[i]};
        for (size_t j = 0; j < it->ncells; j++)
            cs_add(&c.cells, cs->cells[it->cell_off + j]);
        if (cs_meet(&c.cells, &caged))
            continue; /* overlapping cages would count shared cells twice */
        for (int w = 0; w < 4; w++)
            caged.w[w] |= c.cells.w[w];
        cg[ncg++] = c;
    }
    overlap_runs(b, cg, ncg, &caged);
    one_outies(b, cg, ncg);
    sum_intersections(b, cg, ncg);
    free(cg);
}

static void add_45_rule(builder *b, const doku_constraints *cs)
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
        cage_sum[i] = it->kind == DOKU_CON_CAGE && it->nparams ? cs->params[it->param_off] : -1;
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

/* ---- locked candidates ----
 * Two groups that need every digit and share w cells (a box and a row,
 * a jigsaw region and a column, a diagonal and a box): the digits their
 * shared cells do not hold fill both remainders, so the remainders hold
 * the same digits. */
static void add_intersections(builder *b)
{
    vengine *e = b->e;
    int n = e->n, ng = (int)(b->groups.len / (size_t)n);
    const int *g = b->groups.v;
    for (int i = 0; i < ng; i++)
        for (int j = i + 1; j < ng; j++) {
            int shared = 0;
            for (int x = 0; x < n; x++)
                for (int y = 0; y < n; y++)
                    shared += g[i * n + x] == g[j * n + y];
            if (shared < 2 || shared >= n - 1)
                continue;
            int cells[2 * DOKU_CONSTRAINTS_MAX_N], k = 0;
            for (int side = 0; side < 2; side++) {
                const int *a = g + (side ? j : i) * n, *o = g + (side ? i : j) * n;
                for (int x = 0; x < n; x++) {
                    int in = 0;
                    for (int y = 0; y < n; y++)
                        in |= a[x] == o[y];
                    if (!in)
                        cells[k++] = a[x];
                }
            }
            vprop *p = new_prop(b, VP_SAME, cells, k);
            if (p) {
                p->on_fix = 1;
                p->naux = k / 2;
            }
        }
}

/* ---- distinct digits inside sums ----
 * A sum of unit weights (innies, outies, little killers) whose cells
 * include mutual peers: its cells are split greedily into groups of
 * mutual peers of one sign, made contiguous, so the propagator can bound
 * each group by distinct digits (t cells take at least the t smallest
 * digits they hold), far tighter than each cell's own range. */
static void group_linear(builder *b)
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
        for (int i = 0; i < k; i++) {
            grp[i] = -1;
            for (int g = 0; g < ng && grp[i] < 0; g++) {
                int ok = neg[first[g]] == neg[i];
                for (int j = 0; j < i && ok; j++)
                    if (grp[j] == g)
                        ok = peers_of(b, cells[i], cells[j]);
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
            b->ok &= ivec_push(&b->aux, start[g]);
    }
}

/* ---- each constraint ---- */

static void compile_one(builder *b, const doku_constraints *cs, const cons_item *it)
{
    vengine *e = b->e;
    const doku_shape *s = cs->shape;
    int n = e->n, k = (int)it->ncells;
    int cells[256], w[256];
    for (int i = 0; i < k; i++)
        cells[i] = cs->cells[it->cell_off + (size_t)i];
    const int *pr = cs->params + it->param_off;
    switch (it->kind) {
    case DOKU_CON_CAGE:
        peers_all(b, cells, k);
        if (it->nparams)
            add_cage(b, cells, k, pr[0]);
        break;
    case DOKU_CON_REGION:
        peers_all(b, cells, k);
        break;
    case DOKU_CON_LITTLE_KILLER:
        for (int i = 0; i < k; i++)
            w[i] = 1;
        add_linear(b, cells, w, k, pr[0]);
        break;
    case DOKU_CON_SANDWICH:
    case DOKU_CON_XSUM: {
        vprop *p = new_prop(b, it->kind == DOKU_CON_SANDWICH ? VP_SANDWICH : VP_XSUM, cells, k);
        if (p)
            p->value = pr[0];
        break;
    }
    case DOKU_CON_DISJOINT_GROUPS: {
        int br = s->box_rows, bc = s->box_cols;
        for (int p = 0; p < e->ncells; p++)
            for (int q = p + 1; q < e->ncells; q++)
                if ((p / n) % br == (q / n) % br && (p % n) % bc == (q % n) % bc)
                    peer(b, p, q);
        break;
    }
    case DOKU_CON_THERMO:
        for (int i = 1; i < k; i++)
            add_pair(b, cells[i - 1], cells[i], rel_less, 0);
        /* a thermometer's digits are distinct: they only rise */
        peers_all(b, cells, k);
        break;
    case DOKU_CON_ARROW: {
        int m = pr[0], pw = 1;
        for (int i = m - 1; i >= 0; i--) {
            w[i] = -pw;
            pw *= 10;
        }
        for (int i = m; i < k; i++)
            w[i] = 1;
        add_linear(b, cells, w, k, 0);
        break;
    }
    case DOKU_CON_WHISPER:
        for (int i = 1; i < k; i++)
            add_pair(b, cells[i - 1], cells[i], rel_whisper,
                     cons_whisper_diff(n, pr, it->nparams));
        break;
    case DOKU_CON_RENBAN:
        peers_all(b, cells, k);
        new_prop(b, VP_RENBAN, cells, k);
        break;
    case DOKU_CON_PALINDROME:
        for (int i = 0; i < k / 2; i++)
            add_pair(b, cells[i], cells[k - 1 - i], rel_equal, 0);
        break;
    case DOKU_CON_BETWEEN:
        new_prop(b, VP_BETWEEN, cells, k);
        break;
    case DOKU_CON_REGION_SUM: {
        /* pieces by box; piece 0 minus piece j sums to 0 */
        int start[256], np = 0;
        for (int i = 0; i < k; i++)
            if (i == 0 || s->cell_box[cells[i]] != s->cell_box[cells[i - 1]])
                start[np++] = i;
        start[np] = k;
        for (int j = 1; j < np; j++) {
            int lc[512], lw[512], m = 0;
            for (int i = start[0]; i < start[1]; i++) {
                lc[m] = cells[i];
                lw[m++] = 1;
            }
            for (int i = start[j]; i < start[j + 1]; i++) {
                lc[m] = cells[i];
                lw[m++] = -1;
            }
            add_linear(b, lc, lw, m, 0);
        }
        break;
    }
    case DOKU_CON_KROPKI_WHITE: add_pair(b, cells[0], cells[1], rel_white, 0); break;
    case DOKU_CON_KROPKI_BLACK: add_pair(b, cells[0], cells[1], rel_black, 0); break;
    case DOKU_CON_X: add_pair(b, cells[0], cells[1], rel_x, 0); break;
    case DOKU_CON_V: add_pair(b, cells[0], cells[1], rel_v, 0); break;
    case DOKU_CON_GREATER: add_pair(b, cells[0], cells[1], rel_greater, 0); break;
    case DOKU_CON_QUADRUPLE: {
        vprop *p = new_prop(b, VP_QUAD, cells, k);
        if (!p)
            break;
        for (int d = 0; d <= n; d++) {
            int t = 0;
            for (size_t i = 0; i < it->nparams; i++)
                t += pr[i] == d;
            b->ok &= ivec_push(&b->aux, t);
        }
        p->naux = n + 1;
        break;
    }
    case DOKU_CON_ANTI_KNIGHT:
    case DOKU_CON_ANTI_KING:
        for (int p = 0; p < e->ncells; p++)
            for (int q = p + 1; q < e->ncells; q++) {
                int dr = abs(p / n - q / n), dc = abs(p % n - q % n);
                int hit = it->kind == DOKU_CON_ANTI_KNIGHT
                              ? (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
                              : dr <= 1 && dc <= 1;
                if (hit)
                    peer(b, p, q);
            }
        break;
    case DOKU_CON_EVEN:
    case DOKU_CON_ODD: {
        vmask m = 0;
        for (int d = 1; d <= n; d++)
            if ((d % 2 == 0) == (it->kind == DOKU_CON_EVEN))
                m |= (vmask)1 << (d - 1);
        for (int i = 0; i < k; i++)
            e->init[cells[i]] &= m;
        break;
    }
    case DOKU_CON_MINIMUM:
    case DOKU_CON_MAXIMUM: {
        int nb[4], cnt = cons_orth(n, cells[0], nb);
        for (int i = 0; i < cnt; i++)
            add_pair(b, cells[0], nb[i], it->kind == DOKU_CON_MINIMUM ? rel_less : rel_greater,
                     0);
        break;
    }
    default:
        break; /* the negative rules and non-consecutive: compile_pairs */
    }
}

/* Non-consecutive and the negative rules, merged into one table per
 * orthogonal pair. */
static void compile_negatives(builder *b, const doku_constraints *cs)
{
    int flags_dot = 0, flags_xv = 0, noncons = 0;
    for (size_t i = 0; i < cs->count; i++) {
        doku_constraint_kind k = cs->items[i].kind;
        flags_dot |= k == DOKU_CON_KROPKI_WHITE_ALL ? 1 : k == DOKU_CON_KROPKI_BLACK_ALL ? 2 : 0;
        flags_xv |= k == DOKU_CON_X_ALL ? 4 : k == DOKU_CON_V_ALL ? 8 : 0;
        noncons |= k == DOKU_CON_NON_CONSECUTIVE;
    }
    if (!flags_dot && !flags_xv && !noncons)
        return;
    int n = b->e->n;
    for (int p = 0; p < b->e->ncells; p++) {
        int nb[4], cnt = cons_orth(n, p, nb);
        for (int j = 0; j < cnt; j++) {
            int q = nb[j];
            if (q < p)
                continue;
            int dot = 0, xv = 0;
            for (size_t i = 0; i < cs->count; i++) {
                const cons_item *it = &cs->items[i];
                if (it->ncells != 2)
                    continue;
                const uint16_t *c = cs->cells + it->cell_off;
                if (!((c[0] == p && c[1] == q) || (c[0] == q && c[1] == p)))
                    continue;
                dot |= it->kind == DOKU_CON_KROPKI_WHITE || it->kind == DOKU_CON_KROPKI_BLACK;
                xv |= it->kind == DOKU_CON_X || it->kind == DOKU_CON_V;
            }
            int f = (dot ? 0 : flags_dot) | (xv ? 0 : flags_xv) | (noncons ? 1 : 0);
            if (f)
                add_pair(b, p, q, rel_neg, f);
        }
    }
}

static int *csr(int ncells, const int *owner_cells, const int *owner_of, size_t m, int **list)
{
    int *off = calloc((size_t)ncells + 1, sizeof *off);
    *list = malloc((m + 1) * sizeof **list);
    if (!off || !*list) {
        free(off);
        free(*list);
        *list = NULL;
        return NULL;
    }
    for (size_t i = 0; i < m; i++)
        off[owner_cells[i] + 1]++;
    for (int c = 0; c < ncells; c++)
        off[c + 1] += off[c];
    int *fill = malloc((size_t)ncells * sizeof *fill);
    if (!fill) {
        free(off);
        free(*list);
        *list = NULL;
        return NULL;
    }
    memcpy(fill, off, (size_t)ncells * sizeof *fill);
    for (size_t i = 0; i < m; i++)
        (*list)[fill[owner_cells[i]]++] = owner_of[i];
    free(fill);
    return off;
}

/* The branching's starting score of each cell: every unit and rule on it
 * adds its weight (sums weigh most, smaller cages more; a pair rule 2,
 * a line its length), so the search starts where the rules are densest
 * (the cell priorities of Interactive Sudoku Solver's optimizer). */
static uint32_t *cell_priorities(const doku_constraints *cs)
{
    const doku_shape *s = cs->shape;
    int n = s->n;
    uint32_t *pr = calloc((size_t)s->ncells, sizeof *pr);
    if (!pr)
        return NULL;
    for (int u = 0; u < s->nunits; u++)
        for (int i = 0; i < n; i++)
            pr[s->unit_cells[u * n + i]] += (uint32_t)n;
    for (size_t i = 0; i < cs->count; i++) {
        const cons_item *it = &cs->items[i];
        int k = (int)it->ncells, w;
        switch (it->kind) {
        case DOKU_CON_CAGE:
            w = it->nparams ? (2 * n - k > n ? 2 * n - k : n) : k;
            break;
        case DOKU_CON_LITTLE_KILLER:
        case DOKU_CON_ARROW:
            w = 2 * n - k > n ? 2 * n - k : n;
            break;
        case DOKU_CON_KROPKI_WHITE:
        case DOKU_CON_KROPKI_BLACK:
        case DOKU_CON_X:
        case DOKU_CON_V:
        case DOKU_CON_GREATER:
        case DOKU_CON_WHISPER:
        case DOKU_CON_PALINDROME:
            w = 2;
            break;
        default:
            w = k;
            break;
        }
        for (int j = 0; j < k; j++)
            pr[cs->cells[it->cell_off + (size_t)j]] += (uint32_t)w;
    }
    return pr;
}

void vengine_free(vengine *e)
{
    if (!e)
        return;
    free(e->init);
    free(e->peer_off);
    free(e->peers);
    free(e->peer_bits);
    free(e->group_cells);
    free(e->cell_group_off);
    free(e->cell_groups);
    free(e->props);
    free(e->pcells);
    free(e->aux);
    free(e->combos);
    free(e->cell_prop_off);
    free(e->cell_props);
    free(e->cell_fix_off);
    free(e->cell_fix);
    free(e->cellq);
    free(e->groupq);
    free(e->propq);
    free(e->cell_inq);
    free(e->group_inq);
    free(e->prop_inq);
    free(e->dp);
    free(e->prio);
    free(e);
}

static uint16_t *to_u16(const ivec *v)
{
    uint16_t *p = malloc((v->len + 1) * sizeof *p);
    if (p)
        for (size_t i = 0; i < v->len; i++)
            p[i] = (uint16_t)v->v[i];
    return p;
}

doku_status vengine_create(const doku_constraints *cs, vengine **out)
{
    *out = NULL;
    const doku_shape *s = cs->shape;
    vengine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    e->cs = cs;
    e->n = s->n;
    e->ncells = s->ncells;
    e->all = (vmask)bits_all(s->n);
    e->bits_words = 1;
    builder b = {0};
    b.e = e;
    b.ok = 1;
    b.words = (e->ncells + 63) / 64;
    b.peer_bits = calloc((size_t)e->ncells * (size_t)b.words, sizeof *b.peer_bits);
    e->init = malloc((size_t)e->ncells * sizeof *e->init);
    if (!b.peer_bits || !e->init)
        b.ok = 0;
    int n = e->n;
    if (b.ok) {
        for (int c = 0; c < e->ncells; c++)
            e->init[c] = e->all;
        /* the shape's units: peers and hidden-single groups */
        for (int u = 0; u < s->nunits; u++) {
            int cells[DOKU_CONSTRAINTS_MAX_N];
            for (int i = 0; i < n; i++) {
                cells[i] = s->unit_cells[u * n + i];
                b.ok &= ivec_push(&b.groups, cells[i]);
            }
            peers_all(&b, cells, n);
        }
        for (size_t i = 0; i < cs->count && b.ok; i++) {
            const cons_item *it = &cs->items[i];
            compile_one(&b, cs, it);
            /* a cage or region of n cells needs every digit */
            if ((it->kind == DOKU_CON_CAGE || it->kind == DOKU_CON_REGION) && (int)it->ncells == n)
                for (int j = 0; j < n; j++)
                    b.ok &= ivec_push(&b.groups, cs->cells[it->cell_off + (size_t)j]);
            if (it->kind == DOKU_CON_DISJOINT_GROUPS) {
                int br = s->box_rows, bc = s->box_cols;
                for (int g = 0; g < n; g++)
                    for (int j = 0; j < n; j++) {
                        int r = (j / (n / bc)) * br + g / bc, c = (j % (n / bc)) * bc + g % bc;
                        b.ok &= ivec_push(&b.groups, r * n + c);
                    }
            }
        }
        compile_negatives(&b, cs);
        add_45_rule(&b, cs);
        add_intersections(&b);
        group_linear(&b);
    }
    /* peers into lists */
    if (b.ok) {
        ivec pl = {0};
        e->peer_off = malloc(((size_t)e->ncells + 1) * sizeof *e->peer_off);
        b.ok = e->peer_off != NULL;
        for (int c = 0; c < e->ncells && b.ok; c++) {
            e->peer_off[c] = (int)pl.len;
            for (int q = 0; q < e->ncells; q++)
                if (b.peer_bits[(size_t)c * b.words + q / 64] >> (q % 64) & 1)
                    b.ok &= ivec_push(&pl, q);
        }
        if (b.ok) {
            e->peer_off[e->ncells] = (int)pl.len;
            e->peers = to_u16(&pl);
            b.ok = e->peers != NULL;
        }
        free(pl.v);
    }
    /* groups and their cells' lists */
    if (b.ok) {
        e->ngroups = (int)(b.groups.len / (size_t)n);
        e->group_cells = to_u16(&b.groups);
        int *owner = malloc((b.groups.len + 1) * sizeof *owner);
        if (e->group_cells && owner) {
            for (size_t i = 0; i < b.groups.len; i++)
                owner[i] = (int)(i / (size_t)n);
            e->cell_group_off = csr(e->ncells, b.groups.v ? b.groups.v : owner, owner,
                                    b.groups.len, &e->cell_groups);
        }
        b.ok = e->group_cells && owner && e->cell_group_off;
        free(owner);
    }
    /* propagators and their cells' lists */
    if (b.ok) {
        e->nprops = (int)b.npv;
        e->props = b.pv;
        b.pv = NULL;
        e->pcells = to_u16(&b.pcells);
        e->aux = b.aux.v;
        b.aux.v = NULL;
        e->combos = b.combos;
        b.combos = NULL;
        /* each cell's props: ordinary ones, and those run on fixing */
        size_t m = b.pcells.len + 1;
        int *owner = malloc(m * sizeof *owner), *at = malloc(m * sizeof *at);
        int *fowner = malloc(m * sizeof *fowner), *fat = malloc(m * sizeof *fat);
        if (owner && at && fowner && fat && e->pcells) {
            size_t no = 0, nf = 0;
            for (int p = 0; p < e->nprops; p++) {
                const vprop *pp = &e->props[p];
                for (int i = 0; i < pp->ncells; i++) {
                    int c = b.pcells.v[pp->cell_off + i];
                    if (pp->on_fix) {
                        fowner[nf] = p;
                        fat[nf++] = c;
                    } else {
                        owner[no] = p;
                        at[no++] = c;
                    }
                }
                if (pp->ncells > e->max_prop_cells)
                    e->max_prop_cells = pp->ncells;
            }
            e->cell_prop_off = csr(e->ncells, at, owner, no, &e->cell_props);
            e->cell_fix_off = csr(e->ncells, fat, fowner, nf, &e->cell_fix);
        }
        b.ok = owner && at && fowner && fat && e->pcells && e->cell_prop_off && e->cell_fix_off;
        free(owner);
        free(at);
        free(fowner);
        free(fat);
    }
    if (b.ok) {
        size_t nc = (size_t)e->ncells;
        e->cellq = malloc(nc * sizeof *e->cellq);
        e->groupq = malloc(((size_t)e->ngroups + 1) * sizeof *e->groupq);
        e->propq = malloc(((size_t)e->nprops + 1) * sizeof *e->propq);
        e->cell_inq = calloc(nc, 1);
        e->group_inq = calloc((size_t)e->ngroups + 1, 1);
        e->prop_inq = calloc((size_t)e->nprops + 1, 1);
        e->dp = malloc(((size_t)e->max_prop_cells + 2) * 2 * (size_t)e->bits_words *
                       sizeof *e->dp);
        e->prio = cell_priorities(cs);
        b.ok = e->prio && e->cellq && e->groupq && e->propq && e->cell_inq && e->group_inq &&
               e->prop_inq && e->dp;
    }
    e->peer_bits = b.peer_bits;
    e->peer_words = b.words;
    free(b.pv);
    free(b.pcells.v);
    free(b.aux.v);
    free(b.groups.v);
    free(b.combos);
    free(b.props.v);
    if (!b.ok) {
        vengine_free(e);
        return DOKU_ERR_NOMEM;
    }
    *out = e;
    return DOKU_OK;
}
