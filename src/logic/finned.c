/*
 * finned.c — finned and sashimi fish (X-Wing, Swordfish, Jellyfish) on
 * rows and columns: an extended technique, off in the SE-style default.
 *
 * Design: k base lines whose places for a digit lie in k cover lines,
 * except for some "fin" cells. Either a fin holds the digit, or the base
 * lines form a plain fish; so a cell of a cover line (outside the base
 * lines) that sees every fin loses the digit either way. "Sees every fin"
 * comes from the peer matrix, so the fins may share a box, a window or a
 * diagonal alike. A fish is sashimi when some base line keeps a single
 * place in the cover lines; those are tried after the plain finned ones.
 */
#include "logic_internal.h"

#include <stdio.h>

typedef struct fin_ctx {
    int k, rows_base, d, sashimi_pass;
    const lmask *lines;  /* places of d per line (bit = cross index) */
    int pick[8];
    int fins[DOKU_MAX_N * 8];
    int nfins;
} fin_ctx;

static int cell_at(const doku_logic *L, const fin_ctx *f, int line, int cross)
{
    return f->rows_base ? line * L->n + cross : cross * L->n + line;
}

static int in_base(const fin_ctx *f, int y)
{
    for (int j = 0; j < f->k; j++)
        if (f->pick[j] == y)
            return 1;
    return 0;
}

static int sees_fins(const doku_logic *L, const fin_ctx *f, int c)
{
    for (int i = 0; i < f->nfins; i++)
        if (f->fins[i] == c || !logic_sees(L, c, f->fins[i]))
            return 0;
    return 1;
}

/* Tries cover set `cover` for the chosen base lines; writes the step. */
static int try_cover(doku_logic *L, fin_ctx *f, lmask cover, doku_technique t, lrate base)
{
    int n = L->n, d = f->d, sashimi = 0;
    f->nfins = 0;
    for (int j = 0; j < f->k; j++) {
        lmask in = f->lines[f->pick[j]] & cover, out = f->lines[f->pick[j]] & ~cover;
        if (!in)
            return 0;
        if (lpop(in) == 1)
            sashimi = 1;
        while (out) {
            f->fins[f->nfins++] = cell_at(L, f, f->pick[j], lfirst(out));
            out &= out - 1;
        }
    }
    if (f->nfins == 0 || sashimi != f->sashimi_pass)
        return 0;
    int any = 0;
    for (lmask cm = cover; cm && !any; cm &= cm - 1)
        for (int y = 0; y < n && !any; y++) {
            int c = cell_at(L, f, y, lfirst(cm));
            any = !in_base(f, y) && (L->cand[c] & LBIT(d)) && sees_fins(L, f, c);
        }
    if (!any)
        return 0;
    char nm[64];
    const char *kind = t == DOKU_TECH_FINNED_X_WING      ? "X-Wing"
                       : t == DOKU_TECH_FINNED_SWORDFISH ? "Swordfish"
                                                         : "Jellyfish";
    snprintf(nm, sizeof nm, "%s %s", sashimi ? "Sashimi" : "Finned", kind);
    lstep_begin(L, t, base + sashimi, nm);
    for (lmask cm = cover; cm; cm &= cm - 1)
        for (int y = 0; y < n; y++) {
            int c = cell_at(L, f, y, lfirst(cm));
            if (!(L->cand[c] & LBIT(d)))
                continue;
            if (in_base(f, y))
                lstep_proof(L, c, d);
            else if (sees_fins(L, f, c))
                lstep_elim(L, c, d);
        }
    for (int i = 0; i < f->nfins; i++)
        lstep_proof(L, f->fins[i], d);
    const char *bn = f->rows_base ? "rows" : "columns", *cn = f->rows_base ? "columns" : "rows";
    lstep_text(L, "%s: %d in %s ", nm, d, bn);
    for (int j = 0; j < f->k; j++)
        lstep_text(L, "%s%d", j ? (j == f->k - 1 ? " and " : ", ") : "", f->pick[j] + 1);
    lstep_text(L, " can only go in %s ", cn);
    int j = 0;
    for (lmask cm = cover; cm; cm &= cm - 1, j++)
        lstep_text(L, "%s%d", j ? (j == f->k - 1 ? " and " : ", ") : "", lfirst(cm) + 1);
    lstep_text(L, " or in the fin%s ", f->nfins > 1 ? "s" : "");
    for (int i = 0; i < f->nfins; i++) {
        char a[24];
        logic_cellname(L, f->fins[i], a, sizeof a);
        lstep_text(L, "%s%s", i ? "," : "", a);
    }
    lstep_text(L, ", so %d goes from the cells of those %s that see every fin: ", d, cn);
    lstep_text_elims(L);
    return 1;
}

/* All k-subsets of `uni` as cover sets. */
static int covers(doku_logic *L, fin_ctx *f, lmask uni, lmask cover, int need, doku_technique t,
                  lrate base)
{
    if (need == 0)
        return try_cover(L, f, cover, t, base);
    while (uni) {
        lmask b = uni & (~uni + 1);
        uni &= uni - 1;
        if (lpop(uni) + 1 < need)
            return 0;
        if (covers(L, f, uni, cover | b, need - 1, t, base))
            return 1;
    }
    return 0;
}

static int walk(doku_logic *L, fin_ctx *f, int start, int depth, lmask uni, int maxu,
                doku_technique t, lrate base)
{
    int n = L->n;
    if (depth == f->k)
        return lpop(uni) > f->k && covers(L, f, uni, 0, f->k, t, base);
    for (int y = start; y < n; y++) {
        lmask m = f->lines[y];
        if (lpop(m) < 2)
            continue;
        lmask u2 = uni | m;
        if (lpop(u2) > maxu)
            continue;
        f->pick[depth] = y;
        if (walk(L, f, y + 1, depth + 1, u2, maxu, t, base))
            return 1;
    }
    return 0;
}

static int finned(doku_logic *L, int k, doku_technique t, lrate base)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || 2 * k > n)
        return 0;
    /* fins share a unit with every victim, so they span at most one box's
     * width of cross lines: bound the union of places by that */
    int bw = 1;
    while (bw * bw < n)
        bw++;
    if (L->box_of[0] < 0 || bw * bw != n)
        bw = n - k;
    lmask lines[DOKU_MAX_N];
    fin_ctx f;
    f.k = k;
    f.lines = lines;
    for (f.sashimi_pass = 0; f.sashimi_pass <= 1; f.sashimi_pass++)
        for (int d = 1; d <= n; d++) {
            f.d = d;
            for (f.rows_base = 1; f.rows_base >= 0; f.rows_base--) {
                for (int y = 0; y < n; y++) {
                    int u = f.rows_base ? L->row_of[y * n] : L->col_of[y];
                    lines[y] = L->pos[(size_t)u * n + d - 1];
                }
                if (walk(L, &f, 0, 0, 0, k + bw, t, base))
                    return 1;
            }
        }
    return 0;
}

int logic_finned_x_wing(doku_logic *L) { return finned(L, 2, DOKU_TECH_FINNED_X_WING, 34); }
int logic_finned_swordfish(doku_logic *L) { return finned(L, 3, DOKU_TECH_FINNED_SWORDFISH, 40); }
int logic_finned_jellyfish(doku_logic *L) { return finned(L, 4, DOKU_TECH_FINNED_JELLYFISH, 54); }
