/*
 * engine_build_prim.c — adds single propagators to the builder: a linear
 * sum folded to positive weights, a killer cage with its digit
 * combinations, and a renban line with its matching tables.
 */
#include "engine_build_internal.h"

#include <string.h>

vprop *vbuild_new_prop(builder *b, int type, const int *cells, int k)
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
        b->ok &= vbuild_push(&b->pcells, cells[i]);
    return p;
}
/* sum of w_i x_i = value. Negative weights are folded: w x = |w| (n+1-x)
 * - |w| (n+1), so the propagator sees positive weights only. */
void vbuild_add_linear(builder *b, const int *cells, const int *w, int k, int value)
{
    vprop *p = vbuild_new_prop(b, VP_LINEAR, cells, k);
    if (!p)
        return;
    int n = b->e->n, total = 0;
    for (int i = 0; i < k; i++) {
        int aw = w[i] < 0 ? -w[i] : w[i];
        b->ok &= vbuild_push(&b->aux, aw);
        total += aw * n;
        if (w[i] < 0)
            value += aw * (n + 1);
    }
    p->neg_off = (int)b->aux.len;
    for (int i = 0; i < k; i++)
        b->ok &= vbuild_push(&b->aux, w[i] < 0);
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

void vbuild_add_cage(builder *b, const int *cells, int k, int sum)
{
    vprop *p = vbuild_new_prop(b, VP_CAGE, cells, k);
    if (!p)
        return;
    p->value = sum;
    p->aux_off = (int)b->ncombos;
    combos_rec(b, 1, k, sum, 0);
    p->naux = (int)b->ncombos - p->aux_off;
}

/* The supports of every matching of m <= 3 cells to m digits: for each
 * index (cell i's digits at bits m*i.., digit j as bit j) the digits each
 * cell takes in some perfect matching, packed the same way (0: none).
 * @return 0 when out of memory. */
static int push_match_table(builder *b, int m)
{
    static const uint8_t perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    int size = 1 << (m * m), ok = 1;
    for (int idx = 0; idx < size; idx++) {
        int sup = 0;
        for (int q = 0; q < 6; q++) {
            int fits = 1, s = 0;
            for (int i = 0; i < m && fits; i++) {
                int x = perm[q][i];
                fits = x < m && (idx >> (m * i + x) & 1);
                s |= 1 << (m * i + x);
            }
            if (fits)
                sup |= s;
        }
        ok &= vbuild_push(&b->aux, sup);
    }
    return ok;
}

void vbuild_add_renban(builder *b, const int *cells, int k)
{
    /* the tables are shared: the first renban's */
    int off = -1;
    for (size_t i = 0; i < b->npv && off < 0; i++)
        if (b->pv[i].type == VP_RENBAN)
            off = b->pv[i].aux_off;
    vprop *p = vbuild_new_prop(b, VP_RENBAN, cells, k);
    if (!p)
        return;
    if (off < 0) {
        b->ok &= push_match_table(b, 3) && push_match_table(b, 2);
        off = p->aux_off;
    }
    p->aux_off = off;
    p->naux = RENBAN_TAB3 + RENBAN_TAB2;
}
