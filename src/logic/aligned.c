/*
 * aligned.c — Aligned Pair Exclusion (SE 6.2).
 *
 * Design: for two cells with common bivalue "excluder" peers, list every
 * pair of values the two could take; a pair is impossible if both see each
 * other and the values are equal, or if some common excluder holds exactly
 * those two values (it would be left empty). A value of a base cell that
 * appears in no possible pair is eliminated. As in SE the two cells need
 * not see each other, and at least two common excluders are required.
 */
#include "logic_internal.h"

#include <stdlib.h>

int logic_aligned_pair(doku_logic *L)
{
    int nc = L->nc;
    int *base = malloc(sizeof(int) * (size_t)nc);
    if (!base)
        return 0;
    int nb = 0;
    for (int c = 0; c < nc; c++) {
        if (L->val[c] || lpop(L->cand[c]) < 2)
            continue;
        const uint16_t *p = L->peers + (size_t)c * L->maxp;
        int has = 0;
        for (int i = 0; i < L->npeers[c] && !has; i++)
            has = lpop(L->cand[p[i]]) == 2;
        if (has)
            base[nb++] = c;
    }
    int ex[64];
    for (int i = 0; i < nb; i++) {
        int a = base[i];
        for (int j = i + 1; j < nb; j++) {
            int b = base[j];
            /* common bivalue excluders */
            int ne = 0;
            const uint16_t *p = L->peers + (size_t)a * L->maxp;
            for (int k = 0; k < L->npeers[a] && ne < 64; k++) {
                int c = p[k];
                if (c != b && lpop(L->cand[c]) == 2 && logic_sees(L, c, b))
                    ex[ne++] = c;
            }
            if (ne < 2)
                continue;
            int see = logic_sees(L, a, b);
            lmask okA = 0, okB = 0, ma = L->cand[a], mb = L->cand[b];
            for (lmask x = ma; x; x &= x - 1) {
                int va = lfirst(x);
                for (lmask y = mb; y; y &= y - 1) {
                    int vb = lfirst(y);
                    if (va == vb && see)
                        continue;
                    lmask pair = ((lmask)1 << va) | ((lmask)1 << vb);
                    int dead = 0;
                    for (int k = 0; k < ne && !dead; k++)
                        dead = (L->cand[ex[k]] & ~pair) == 0;
                    if (!dead) {
                        okA |= (lmask)1 << va;
                        okB |= (lmask)1 << vb;
                    }
                }
            }
            if (okA == ma && okB == mb)
                continue;
            char sa[24], sb[24];
            logic_cellname(L, a, sa, sizeof sa);
            logic_cellname(L, b, sb, sizeof sb);
            lstep_begin(L, DOKU_TECH_ALIGNED_PAIR, 62, NULL);
            for (lmask x = ma & ~okA; x; x &= x - 1)
                lstep_elim(L, a, lfirst(x) + 1);
            for (lmask x = mb & ~okB; x; x &= x - 1)
                lstep_elim(L, b, lfirst(x) + 1);
            for (int k = 0; k < ne; k++)
                for (lmask x = L->cand[ex[k]]; x; x &= x - 1)
                    lstep_proof(L, ex[k], lfirst(x) + 1);
            lstep_text(L, "Aligned Pair Exclusion: every pair of values for %s and %s that "
                          "remains would empty one of their common bivalue peers, so: ",
                       sa, sb);
            lstep_text_elims(L);
            free(base);
            return 1;
        }
    }
    free(base);
    return 0;
}
