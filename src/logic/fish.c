/*
 * fish.c — basic fish on rows and columns: X-Wing, Swordfish, Jellyfish
 * (and larger, for big grids, through the same routine).
 *
 * Design: a fish of size k is k base lines whose places for a digit lie
 * in k cross lines; the digit then leaves the rest of those cross lines.
 * With a line's places kept as a bit mask over the cross index, the
 * search is a combination walk over masks, the same as a naked set.
 */
#include "logic_internal.h"

static const char *const FISH_NAME[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};

static int walk(doku_logic *L, int k, int rows_base, int d, const lmask *lines, int start,
                int depth, int *pick, lmask uni, doku_technique t, lrate rating)
{
    int n = L->n;
    if (depth == k) {
        if (lpop(uni) != k)
            return 0;
        /* eliminations: cover lines minus base lines */
        int any = 0;
        lmask cm = uni;
        while (cm && !any) {
            int x = lfirst(cm);
            cm &= cm - 1;
            for (int y = 0; y < n; y++) {
                int inbase = 0;
                for (int j = 0; j < k; j++)
                    inbase |= pick[j] == y;
                int c = rows_base ? y * n + x : x * n + y;
                if (!inbase && (L->cand[c] & LBIT(d)))
                    any = 1;
            }
        }
        if (!any)
            return 0;
        lstep_begin(L, t, rating, NULL);
        cm = uni;
        while (cm) {
            int x = lfirst(cm);
            cm &= cm - 1;
            for (int y = 0; y < n; y++) {
                int inbase = 0;
                for (int j = 0; j < k; j++)
                    inbase |= pick[j] == y;
                int c = rows_base ? y * n + x : x * n + y;
                if (!(L->cand[c] & LBIT(d)))
                    continue;
                if (inbase)
                    lstep_proof(L, c, d);
                else
                    lstep_elim(L, c, d);
            }
        }
        const char *bn = rows_base ? "rows" : "columns", *cn = rows_base ? "columns" : "rows";
        lstep_text(L, "%s: %d in %s ", L->step.name, d, bn);
        for (int j = 0; j < k; j++)
            lstep_text(L, "%s%d", j ? (j == k - 1 ? " and " : ", ") : "", pick[j] + 1);
        lstep_text(L, " can only go in %s ", cn);
        int j = 0;
        cm = uni;
        while (cm) {
            lstep_text(L, "%s%d", j ? (j == k - 1 ? " and " : ", ") : "", lfirst(cm) + 1);
            cm &= cm - 1;
            j++;
        }
        lstep_text(L, ", so %d goes from the rest of those %s: ", d, cn);
        lstep_text_elims(L);
        return 1;
    }
    for (int y = start; y < n; y++) {
        lmask m = lines[y];
        int pc = lpop(m);
        if (pc < 2 || pc > k)
            continue;
        lmask u2 = uni | m;
        if (lpop(u2) > k)
            continue;
        pick[depth] = y;
        if (walk(L, k, rows_base, d, lines, y + 1, depth + 1, pick, u2, t, rating))
            return 1;
    }
    return 0;
}

static int fish(doku_logic *L, int k, doku_technique t, lrate rating, int slot)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || 2 * k > n)
        return 0;
    lmask lines[DOKU_MAX_N];
    int pick[8];
    for (int d = 1; d <= n; d++) {
        if (logic_memo_known(L, slot, d))
            continue;
        for (int rows_base = 1; rows_base >= 0; rows_base--) {
            for (int y = 0; y < n; y++) {
                int u = rows_base ? L->row_of[y * n] : L->col_of[y];
                lines[y] = L->pos[(size_t)u * n + d - 1];
            }
            if (walk(L, k, rows_base, d, lines, 0, 0, pick, 0, t, rating))
                return 1;
        }
    }
    logic_memo_fail(L, slot);
    return 0;
}

int logic_x_wing(doku_logic *L) { return fish(L, 2, DOKU_TECH_X_WING, 32, LMEMO_X_WING); }
int logic_swordfish(doku_logic *L) { return fish(L, 3, DOKU_TECH_SWORDFISH, 38, LMEMO_SWORDFISH); }
int logic_jellyfish(doku_logic *L) { return fish(L, 4, DOKU_TECH_JELLYFISH, 52, LMEMO_JELLYFISH); }

const char *logic_fish_name(int k);
const char *logic_fish_name(int k) { return k >= 2 && k <= 4 ? FISH_NAME[k] : "Fish"; }
