/*
 * combo.c — the one combination walker of the logic engine: every
 * k-subset of a list of items, in lexicographic order, cut early where
 * the union of the items' masks grows too large.
 *
 * Design: naked and hidden sets, fish, finned fish (base lines and cover
 * sets), almost locked sets and the uniqueness techniques' naked/hidden
 * sets all pick k items of a list and look at the union of their masks;
 * they differ only in what they do with a complete pick. The walk is an
 * explicit stack (no recursion), and a prefix whose union already has more
 * than `limit` bits is never extended: the union only grows, so that cut
 * removes no pick that could pass, and the surviving picks come in the
 * same order as without it.
 */
#include "logic_internal.h"

int logic_combinations(const lmask *masks, const int *ids, int m, int k, int limit,
                       logic_combo_fn visit, void *ctx)
{
    int idx[LOGIC_COMBO_MAX], pick[LOGIC_COMBO_MAX];
    lmask uni[LOGIC_COMBO_MAX + 1];
    if (k == 0) {
        pick[0] = -1; /* nothing chosen: not read */
        return visit(ctx, pick, 0, 0);
    }
    if (k < 0 || k > m || k > LOGIC_COMBO_MAX)
        return 0;
    int d = 0;
    idx[0] = 0;
    uni[0] = 0;
    for (;;) {
        if (idx[d] > m - (k - d)) { /* depth d exhausted: back up */
            if (d == 0)
                return 0;
            idx[--d]++;
            continue;
        }
        lmask u2 = uni[d] | (masks ? masks[idx[d]] : 0);
        if (lpop(u2) > limit) {
            idx[d]++;
            continue;
        }
        pick[d] = ids ? ids[idx[d]] : idx[d];
        if (d == k - 1) {
            int r = visit(ctx, pick, k, u2);
            if (r)
                return r;
            idx[d]++;
        } else {
            uni[d + 1] = u2;
            idx[d + 1] = idx[d] + 1;
            d++;
        }
    }
}
