/*
 * fish.c — basic fish on rows and columns: X-Wing, Swordfish, Jellyfish
 * (and larger, for big grids, through the same routine).
 *
 * Design: a fish of size k is k base lines whose places for a digit lie
 * in k cross lines; the digit then leaves the rest of those cross lines.
 * With a line's places kept as a bit mask over the cross index, the
 * search is a combination walk over masks (combo.c), as for a naked set.
 */
#include "logic_internal.h"

static const char *const FISH_NAME[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};

typedef struct fish_ctx {
    doku_logic *L;
    int k, rows_base, d;
    doku_technique t;
    lrate rating;
} fish_ctx;

/* The cells of the cover lines (uni) holding d: those of the base lines
 * (pick) prove the fish, the others lose d. emit 0: @return 1 at the
 * first cell that would lose d, 0 if none; emit 1: records them all. */
static int cover_cells(doku_logic *L, const fish_ctx *f, const int *pick, lmask uni, int emit)
{
    int n = L->n, d = f->d;
    for (lmask cm = uni; cm; cm &= cm - 1) {
        int x = lfirst(cm);
        for (int y = 0; y < n; y++) {
            int c = f->rows_base ? y * n + x : x * n + y;
            if (!(L->cand[c] & LBIT(d)))
                continue;
            int inbase = 0;
            for (int j = 0; j < f->k; j++)
                inbase |= pick[j] == y;
            if (!emit) {
                if (!inbase)
                    return 1;
            } else if (inbase) {
                lstep_proof(L, c, d);
            } else {
                lstep_elim(L, c, d);
            }
        }
    }
    return 0;
}

/* k base lines (pick: their indexes) whose places lie in k cross lines
 * (uni): a fish if it eliminates anything. */
static int visit_fish(void *vctx, const int *pick, int k, lmask uni)
{
    const fish_ctx *f = vctx;
    doku_logic *L = f->L;
    int rows_base = f->rows_base, d = f->d;
    if (lpop(uni) != k || !cover_cells(L, f, pick, uni, 0))
        return 0;
    lstep_begin(L, f->t, f->rating, NULL);
    cover_cells(L, f, pick, uni, 1);
    const char *bn = rows_base ? "rows" : "columns", *cn = rows_base ? "columns" : "rows";
    lstep_text(L, "%s: %d in %s ", L->step.name, d, bn);
    for (int j = 0; j < k; j++)
        lstep_text(L, "%s%d", j ? (j == k - 1 ? " and " : ", ") : "", pick[j] + 1);
    lstep_text(L, " can only go in %s ", cn);
    int j = 0;
    lmask cm = uni;
    while (cm) {
        lstep_text(L, "%s%d", j ? (j == k - 1 ? " and " : ", ") : "", lfirst(cm) + 1);
        cm &= cm - 1;
        j++;
    }
    lstep_text(L, ", so %d goes from the rest of those %s: ", d, cn);
    lstep_text_elims(L);
    return 1;
}

static int fish(doku_logic *L, int k, doku_technique t, lrate rating, int slot)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || 2 * k > n)
        return 0;
    lmask lines[DOKU_MAX_N];
    int ids[DOKU_MAX_N];
    fish_ctx f = {L, k, 0, 0, t, rating};
    for (int d = 1; d <= n; d++) {
        if (logic_memo_known(L, slot, d))
            continue;
        f.d = d;
        for (int rows_base = 1; rows_base >= 0; rows_base--) {
            int m = 0; /* base line candidates: 2..k places of d */
            for (int y = 0; y < n; y++) {
                int u = rows_base ? L->row_of[y * n] : L->col_of[y];
                lmask p = L->pos[(size_t)u * n + d - 1];
                int pc = lpop(p);
                if (pc >= 2 && pc <= k) {
                    lines[m] = p;
                    ids[m++] = y;
                }
            }
            f.rows_base = rows_base;
            if (logic_combinations(lines, ids, m, k, k, visit_fish, &f))
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
