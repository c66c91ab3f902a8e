/*
 * engine_nogood.c — the restart nogoods of the variant search
 * (engine_nogood.h): recorded at each restart, applied at each node.
 * Without them each restart searched again what the runs before it had
 * searched, and restarts only paid once (BENCHMARKS.md); with them the
 * search restarts as often as it likes at the cost of a prefix scan per
 * record and node (a few hundred operations against ~130,000 for a
 * node's propagation on killers).
 */
#include "engine_nogood.h"

#include <stdlib.h>

int vng_init(vnogoods *g, int ncells)
{
    *g = (vnogoods){0};
    g->changed = malloc((size_t)ncells * sizeof *g->changed);
    return g->changed != NULL;
}

void vng_free(vnogoods *g)
{
    free(g->rec);
    free(g->lit_cell);
    free(g->lit_digit);
    free(g->lvl);
    free(g->changed);
    *g = (vnogoods){0};
}

/* Makes room for need elements of size sz in *p (capacity *cap).
 * @return 0 when out of memory (*p unchanged). */
static int reserve(void **p, int *cap, int need, size_t sz)
{
    if (need <= *cap)
        return 1;
    int c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * sz);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

int vng_record(vnogoods *g, const int *pos_cell, const vmask *pos_digit, int npos,
               const int *neg_cell, const vmask *neg_digit, const int *neg_off)
{
    int nneg = neg_off[npos + 1] - neg_off[0];
    int need = g->nlit + npos + nneg, cap = g->caplit;
    /* lit_cell and lit_digit share caplit: grow both before setting it */
    if (!reserve((void **)&g->lit_cell, &cap, need, sizeof *g->lit_cell))
        return 0;
    cap = g->caplit;
    if (!reserve((void **)&g->lit_digit, &cap, need, sizeof *g->lit_digit))
        return 0;
    g->caplit = cap;
    if (!reserve((void **)&g->lvl, &g->caplvl, g->nlvl + npos + 2, sizeof *g->lvl) ||
        !reserve((void **)&g->rec, &g->caprec, 3 * (g->nrec + 1), sizeof *g->rec))
        return 0;
    int *r = g->rec + 3 * g->nrec++;
    r[0] = g->nlit;
    r[1] = npos;
    r[2] = g->nlvl;
    for (int i = 0; i < npos; i++) {
        g->lit_cell[g->nlit] = pos_cell[i];
        g->lit_digit[g->nlit++] = pos_digit[i];
    }
    for (int l = 0; l <= npos; l++) {
        g->lvl[g->nlvl++] = g->nlit;
        for (int i = neg_off[l]; i < neg_off[l + 1]; i++) {
            g->lit_cell[g->nlit] = neg_cell[i];
            g->lit_digit[g->nlit++] = neg_digit[i];
        }
    }
    g->lvl[g->nlvl++] = g->nlit;
    return 1;
}

int vng_apply(const vnogoods *g, vengine *e, vmask *dom, uint8_t *fixed, int *culprit)
{
    for (;;) {
        int nch = 0;
        for (int r = 0; r < g->nrec; r++) {
            const int *rec = g->rec + 3 * r;
            const int *pc = g->lit_cell + rec[0];
            const vmask *pd = g->lit_digit + rec[0];
            int npos = rec[1], j = 0;
            while (j < npos && dom[pc[j]] == pd[j])
                j++;
            /* positives 0 .. j-1 placed: the negatives of levels 0 .. j act */
            const int *lvl = g->lvl + rec[2];
            for (int i = lvl[0]; i < lvl[j + 1]; i++) {
                int x = g->lit_cell[i];
                vmask a = g->lit_digit[i];
                if (!(dom[x] & a))
                    continue;
                if (dom[x] == a) {
                    *culprit = x;
                    return 0;
                }
                /* each narrowed cell listed once for the propagation */
                int listed = 0;
                for (int k = 0; k < nch && !listed; k++)
                    listed = g->changed[k] == x;
                if (!listed)
                    g->changed[nch++] = x;
                dom[x] &= ~a;
            }
        }
        if (!nch)
            return 1;
        if (!vengine_propagate(e, dom, fixed, g->changed, nch)) {
            *culprit = -1;
            return 0;
        }
    }
}
