/*
 * aligned.c — Aligned Pair Exclusion (SE 6.2) and Aligned Triplet
 * Exclusion (SE 7.5).
 *
 * Design: for k base cells with common "excluder" peers (cells of 2..k
 * candidates seeing every base cell), list every combination of values the
 * base cells could take; a combination is impossible if two base cells
 * that see each other repeat a value, or if it contains every candidate
 * of some excluder (which would be left empty). A base value that appears
 * in no possible combination is eliminated. As in SE the base cells need
 * not see each other, and at least two common excluders are required; a
 * triplet's third cell is itself an excluder of one of the first two.
 */
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct ae_ctx {
    int k;
    int words;
    uint64_t *ex;      /* [nc * words] excluder bitsets per cell */
    uint8_t *isbase;
} ae_ctx;

/* Tries base cells; returns 1 and builds the step if something goes. */
static int try_set(doku_logic *L, ae_ctx *x, const int *cells, const uint64_t *common)
{
    int k = x->k, ne = 0, ex[64];
    for (int w = 0; w < x->words && ne < 64; w++)
        for (uint64_t m = common[w]; m && ne < 64; m &= m - 1)
            ex[ne++] = w * 64 + __builtin_ctzll(m);
    if (ne < 2)
        return 0;
    int see[4][4];
    for (int i = 0; i < k; i++)
        for (int j = 0; j < k; j++)
            see[i][j] = i != j && logic_sees(L, cells[i], cells[j]);
    lmask ok[4] = {0, 0, 0, 0};
    int vals[4][DOKU_MAX_N], nv[4];
    for (int i = 0; i < k; i++) {
        nv[i] = 0;
        for (lmask m = L->cand[cells[i]]; m; m &= m - 1)
            vals[i][nv[i]++] = lfirst(m);
    }
    /* only an excluder whose candidates all lie among the base cells'
     * can ever be emptied: test just those, by mask */
    lmask all = 0, exm[64];
    int nx = 0;
    for (int i = 0; i < k; i++)
        all |= L->cand[cells[i]];
    for (int e = 0; e < ne; e++)
        if ((L->cand[ex[e]] & ~all) == 0)
            exm[nx++] = L->cand[ex[e]];
    /* enumerate the values of the first k-1 cells; the last cell's
     * possible values for that prefix follow as one mask: an excluder is
     * emptied when its candidates outside the prefix are none (every last
     * value fails) or exactly one (that value fails) */
    int last = k - 1, idx[4] = {0, 0, 0, 0};
    lmask lastc = L->cand[cells[last]];
    for (;;) {
        int v[4];
        lmask set = 0;
        for (int i = 0; i < last; i++) {
            v[i] = vals[i][idx[i]];
            set |= (lmask)1 << v[i];
        }
        int allowed = 1;
        for (int i = 0; i < last && allowed; i++)
            for (int j = i + 1; j < last && allowed; j++)
                if (v[i] == v[j] && see[i][j])
                    allowed = 0;
        lmask lm = allowed ? lastc : 0;
        for (int i = 0; i < last; i++)
            if (see[i][last])
                lm &= ~((lmask)1 << v[i]);
        for (int e = 0; e < nx && lm; e++) {
            lmask rest = exm[e] & ~set;
            if (rest == 0)
                lm = 0;
            else if ((rest & (rest - 1)) == 0)
                lm &= ~rest;
        }
        if (lm) {
            ok[last] |= lm;
            int full = ok[last] == lastc;
            for (int i = 0; i < last; i++) {
                ok[i] |= (lmask)1 << v[i];
                full &= ok[i] == L->cand[cells[i]];
            }
            if (full)
                return 0; /* every value is possible: nothing to exclude */
        }
        int t = 0;
        while (t < last && ++idx[t] == nv[t])
            idx[t++] = 0;
        if (t == last)
            break;
    }
    int any = 0;
    for (int i = 0; i < k; i++)
        if (L->cand[cells[i]] & ~ok[i])
            any = 1;
    if (!any)
        return 0;
    doku_technique t = k == 2 ? DOKU_TECH_ALIGNED_PAIR : DOKU_TECH_ALIGNED_TRIPLE;
    lstep_begin(L, t, k == 2 ? 62 : 75, NULL);
    for (int i = 0; i < k; i++)
        for (lmask m = L->cand[cells[i]] & ~ok[i]; m; m &= m - 1)
            lstep_elim(L, cells[i], lfirst(m) + 1);
    for (int e = 0; e < ne; e++)
        for (lmask m = L->cand[ex[e]]; m; m &= m - 1)
            lstep_proof(L, ex[e], lfirst(m) + 1);
    lstep_text(L, "%s: for ", L->step.name);
    lstep_text_cells(L, cells, k, ", ", " and ");
    lstep_text(L, ", every combination of values using these candidates repeats a digit "
                  "or empties a common peer (");
    lstep_text_cells(L, ex, ne, ", ", NULL);
    lstep_text(L, "), so: ");
    lstep_text_elims(L);
    return 1;
}

/* Whether a set of base cells is worth trying again: when this search
 * last found nothing, a set can only give something now if a base cell or
 * a cell seeing all of them (a possible excluder) changed since, as its
 * test reads nothing else. hotw: the changed cells as a bitset, or NULL
 * (no record: every set is tried). */
static int worth_trying(const doku_logic *L, const uint64_t *hotw, const int *cells, int k)
{
    if (!hotw)
        return 1;
    for (int i = 0; i < k; i++)
        if ((hotw[cells[i] >> 6] >> (cells[i] & 63)) & 1u)
            return 1;
    for (int w = 0; w < L->pwords; w++) {
        uint64_t m = hotw[w];
        for (int i = 0; i < k && m; i++)
            m &= L->peerbits[(size_t)cells[i] * L->pwords + w];
        if (m)
            return 1;
    }
    return 0;
}

static int aligned(doku_logic *L, int k)
{
    int nc = L->nc;
    int slot = k == 2 ? LCMEMO_ALIGNED_PAIR : LCMEMO_ALIGNED_TRIPLE;
    const uint8_t *hot = logic_cmemo_hot(L, slot);
    uint64_t *hotw = hot ? calloc((size_t)L->pwords, sizeof(uint64_t)) : NULL;
    if (hotw)
        for (int c = 0; c < nc; c++)
            if (hot[c])
                hotw[c >> 6] |= (uint64_t)1 << (c & 63);
    ae_ctx x;
    x.k = k;
    x.words = (nc + 63) / 64;
    x.ex = calloc((size_t)nc * (size_t)x.words, sizeof(uint64_t));
    x.isbase = calloc((size_t)nc, 1);
    int *base = malloc(sizeof(int) * (size_t)nc);
    int *bidx = malloc(sizeof(int) * (size_t)nc); /* cell -> index in base, -1 */
    uint64_t *c2 = malloc(sizeof(uint64_t) * (size_t)x.words * 2);
    int found = 0, nb = 0;
    if (!x.ex || !x.isbase || !base || !bidx || !c2) {
        logic_nomem(L);
        goto out;
    }
    for (int c = 0; c < nc; c++)
        bidx[c] = -1;
    for (int c = 0; c < nc; c++) {
        if (L->val[c] || lpop(L->cand[c]) < 2)
            continue;
        uint64_t *b = x.ex + (size_t)c * x.words;
        const uint16_t *p = L->peers + (size_t)c * L->maxp;
        int has = 0;
        for (int i = 0; i < L->npeers[c]; i++) {
            int pc = lpop(L->cand[p[i]]);
            if (pc >= 2 && pc <= k) {
                b[p[i] >> 6] |= (uint64_t)1 << (p[i] & 63);
                has = 1;
            }
        }
        if (has) {
            bidx[c] = nb;
            base[nb++] = c;
            x.isbase[c] = 1;
        }
    }
    uint64_t *c3 = c2 + x.words;
    /* visited triples (by base index), when small enough to keep */
    uint8_t *seen3 = NULL;
    if (k == 3 && nb <= 256)
        seen3 = calloc(((size_t)nb * (size_t)nb * (size_t)nb + 7) / 8, 1);
    for (int i = 0; i < nb && !found && !logic_past_deadline(L); i++)
        for (int j = i + 1; j < nb && !found; j++) {
            const uint64_t *ei = x.ex + (size_t)base[i] * x.words;
            const uint64_t *ej = x.ex + (size_t)base[j] * x.words;
            int cnt = 0;
            for (int w = 0; w < x.words; w++) {
                c2[w] = ei[w] & ej[w];
                cnt += lpop(c2[w]);
            }
            if (cnt < 2)
                continue;
            if (k == 2) {
                int cells[2] = {base[i], base[j]};
                if (worth_trying(L, hotw, cells, 2))
                    found = try_set(L, &x, cells, c2);
                continue;
            }
            /* third cell: a base cell among the excluders of the first two */
            /* the excluders of either cell, in cell order (= base order) */
            for (int w3 = 0; w3 < x.words && !found; w3++)
            for (uint64_t m3 = ei[w3] | ej[w3]; m3 && !found; m3 &= m3 - 1) {
                int c = w3 * 64 + __builtin_ctzll(m3);
                int t = bidx[c];
                if (t < 0 || t == i || t == j)
                    continue;
                const uint64_t *et = x.ex + (size_t)c * x.words;
                int cnt3 = 0;
                for (int w = 0; w < x.words; w++) {
                    c3[w] = c2[w] & et[w];
                    cnt3 += lpop(c3[w]);
                }
                if (cnt3 < 2)
                    continue;
                if (seen3) {
                    /* a triple reached from two of its pairs is tried once */
                    int a = i, b2 = j, e = t, tmp;
                    if (a > b2) tmp = a, a = b2, b2 = tmp;
                    if (b2 > e) tmp = b2, b2 = e, e = tmp;
                    if (a > b2) tmp = a, a = b2, b2 = tmp;
                    size_t key = ((size_t)a * (size_t)nb + (size_t)b2) * (size_t)nb + (size_t)e;
                    if (seen3[key >> 3] & (1u << (key & 7)))
                        continue;
                    seen3[key >> 3] |= (uint8_t)(1u << (key & 7));
                }
                int cells[3] = {base[i], base[j], c};
                if (worth_trying(L, hotw, cells, 3))
                    found = try_set(L, &x, cells, c3);
            }
        }
    free(seen3);
    if (!found)
        logic_cmemo_fail(L, slot);
out:
    free(hotw);
    free(x.ex);
    free(x.isbase);
    free(base);
    free(bidx);
    free(c2);
    return found;
}

int logic_aligned_pair(doku_logic *L) { return aligned(L, 2); }
int logic_aligned_triple(doku_logic *L) { return aligned(L, 3); }
