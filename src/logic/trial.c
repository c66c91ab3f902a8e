/*
 * trial.c — the last resort: when no technique makes progress, place the
 * digit the (search-proven) solution has in the cell with the fewest
 * candidates, and say so plainly, so an explanation always finishes.
 *
 * Design: this is the only step that uses the solution; it is labelled
 * "Trial and Error" and rated above every logical technique (10.0).
 */
#include "logic_internal.h"

int logic_trial(doku_logic *L)
{
    if (!L->has_solution)
        return 0;
    int best = -1, bc = 0;
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c])
            continue;
        int k = lpop(L->cand[c]);
        if (best < 0 || k < bc) {
            best = c;
            bc = k;
        }
    }
    if (best < 0)
        return 0;
    int d = L->solution[best];
    if (!(L->cand[best] & LBIT(d)))
        return 0; /* the grid no longer agrees with the solution */
    char a[24];
    logic_cellname(L, best, a, sizeof a);
    lstep_begin(L, DOKU_TECH_TRIAL, 100, NULL);
    lstep_place(L, best, d);
    lstep_proof(L, best, d);
    lstep_text(L, "Trial and Error: no technique applies; of %d candidates of %s, only %d "
                  "leads to a solution (found by search)", bc, a, d);
    return 1;
}
