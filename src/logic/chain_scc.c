/*
 * chain_scc.c — which chain sources are worth a walk, from the strongly
 * connected components of the static link graph.
 */
#include "chain_internal.h"

#include <stdlib.h>
#include <string.h>

/* The source filter: a source is worth a full walk only if its walk can
 * succeed. Fills ok[on] bits: 1 a cycle may close (the source is reached
 * from a node two links away other than itself: a superset of the walks
 * that close a loop), 2 forcing from on (on reaches its off node), 4
 * forcing from off (off reaches on); 2 and 4 are exact. The links are the
 * mode's: Y links only with useY, X links of off nodes only with useX.
 *
 * Design: reachability through strongly connected components. One Tarjan
 * pass over the link graph gives each node its component and, since a
 * component is closed after every component it reaches, also the set of
 * components it reaches (a bitset); "x reaches y" is then one bit test.
 * (It replaced 64-source bit-parallel walks, with the same bits.)
 * @return 0, or -1 without memory (the caller then walks every source). */
int chain_scc_filter(doku_logic *L, int useY, int useX, uint8_t *ok)
{
    struct chain_ws *w = L->cw;
    int NN = w->NN;
    int nlive = 0;
    for (int c = 0; c < L->nc; c++)
        nlive += 2 * lpop(L->val[c] ? 0 : L->cand[c]);
    int W = (nlive + 63) / 64;
    if (W == 0)
        W = 1;
    int32_t *idx = malloc(sizeof(int32_t) * (size_t)NN * 3);
    int32_t *stk = malloc(sizeof(int32_t) * ((size_t)nlive + 1) * 3);
    uint64_t *reach = malloc(sizeof(uint64_t) * ((size_t)nlive + 1) * (size_t)W);
    if (!idx || !stk || !reach) {
        free(idx), free(stk), free(reach);
        logic_nomem(L);
        return -1;
    }
    int32_t *low = idx + NN, *comp = idx + 2 * NN;
    int32_t *sstack = stk, *cs_node = stk + nlive + 1, *cs_edge = stk + 2 * ((size_t)nlive + 1);
    for (int v = 0; v < NN; v++)
        idx[v] = -1;
    int counter = 0, ncomp = 0, sp = 0;
    for (int c = 0; c < L->nc; c++)
        for (lmask mm = L->val[c] ? 0 : L->cand[c]; mm; mm &= mm - 1)
            for (int on = 0; on < 2; on++) {
                int root = NODE(c, lfirst(mm) + 1, on);
                if (idx[root] >= 0)
                    continue;
                int csp = 0;
                cs_node[csp] = root;
                cs_edge[csp++] = 0;
                idx[root] = low[root] = counter++;
                comp[root] = -1;
                sstack[sp++] = root;
                while (csp) {
                    if (logic_stop(L)) {
                        /* no source passes: the engine discards the search */
                        free(idx), free(stk), free(reach);
                        memset(ok, 0, (size_t)NN);
                        return 0;
                    }
                    int v = cs_node[csp - 1], e = cs_edge[csp - 1];
                    /* v's links: the Y part (lb), then the rest (la) */
                    int nb = useY ? w->sb[v + 1] - w->sb[v] : 0;
                    int na = (NON(v) || useX) ? w->sa[v + 1] - w->sa[v] : 0;
                    if (e < nb + na) {
                        cs_edge[csp - 1] = e + 1;
                        int x = e < nb ? w->lb[w->sb[v] + e] : w->la[w->sa[v] + e - nb];
                        if (idx[x] < 0) {
                            idx[x] = low[x] = counter++;
                            comp[x] = -1;
                            sstack[sp++] = x;
                            cs_node[csp] = x;
                            cs_edge[csp++] = 0;
                        } else if (comp[x] < 0 && idx[x] < low[v]) {
                            low[v] = idx[x]; /* x still on the stack */
                        }
                        continue;
                    }
                    csp--;
                    if (csp && low[v] < low[cs_node[csp - 1]])
                        low[cs_node[csp - 1]] = low[v];
                    if (low[v] != idx[v])
                        continue;
                    /* v closes a component: pop it, then its reach set */
                    int k = ncomp++, first = sp;
                    do
                        comp[sstack[--first]] = k;
                    while (sstack[first] != v);
                    uint64_t *rk = reach + (size_t)k * W;
                    memset(rk, 0, sizeof(uint64_t) * (size_t)W);
                    rk[k >> 6] |= (uint64_t)1 << (k & 63);
                    for (int i = first; i < sp; i++) {
                        int u = sstack[i];
                        int ub = useY ? w->sb[u + 1] - w->sb[u] : 0;
                        int ua = (NON(u) || useX) ? w->sa[u + 1] - w->sa[u] : 0;
                        for (int j = 0; j < ub + ua; j++) {
                            int x = j < ub ? w->lb[w->sb[u] + j] : w->la[w->sa[u] + j - ub];
                            int cx = comp[x];
                            if (cx == k)
                                continue;
                            const uint64_t *rx = reach + (size_t)cx * W;
                            for (int t = 0; t < W; t++)
                                rk[t] |= rx[t];
                        }
                    }
                    sp = first;
                }
            }
#define REACHES(x, y) ((reach[(size_t)comp[x] * W + (comp[y] >> 6)] >> (comp[y] & 63)) & 1u)
    memset(ok, 0, (size_t)NN);
    /* The bit-parallel filter this replaced took the sources in batches of
     * 64 (in this order) and at most NN * 8 cycle starts per batch; that
     * cap is kept so that the bits stay the same even where it bites
     * (never on 9x9: 64 sources have at most 64 * 28 * 4 starts). */
    int nsrc = 0, n0 = 0, cap0 = NN * 8;
    for (int pass = 0; pass < (useY ? 1 : L->n); pass++)
        for (int c = 0; c < L->nc; c++) {
            if (L->val[c])
                continue;
            lmask mm = useY ? L->cand[c] : (L->cand[c] & LBIT(pass + 1));
            for (; mm; mm &= mm - 1) {
                int on = NODE(c, lfirst(mm) + 1, 1);
                if (nsrc++ % 64 == 0)
                    n0 = 0;
                int cyc = 0;
                for (int p1 = 0; p1 < 2; p1++) {
                    const int32_t *st = p1 ? w->sa : w->sb, *li = p1 ? w->la : w->lb;
                    if (!p1 && !useY)
                        continue;
                    for (int e = st[on]; e < st[on + 1]; e++) {
                        int o = li[e];
                        for (int p2 = 0; p2 < 2; p2++) {
                            const int32_t *st2 = p2 ? w->sa : w->sb, *li2 = p2 ? w->la : w->lb;
                            if ((!p2 && !useY) || (p2 && !useX))
                                continue;
                            for (int e2 = st2[o]; e2 < st2[o + 1]; e2++)
                                if (li2[e2] != on && n0 < cap0) {
                                    n0++;
                                    if (!cyc && REACHES(li2[e2], on))
                                        cyc = 1;
                                }
                        }
                    }
                }
                ok[on] = (uint8_t)cyc;
                if (useX) {
                    if (REACHES(on, on ^ 1))
                        ok[on] |= 2;
                    if (REACHES(on ^ 1, on))
                        ok[on] |= 4;
                }
            }
        }
#undef REACHES
    free(idx), free(stk), free(reach);
    return 0;
}
