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
    int band;            /* fins lie in `band` consecutive cross lines
                            starting at a multiple of it; 0: anywhere */
    /* the first sashimi fish met in the finned pass, emitted if no
     * plain finned one turns up */
    int have_sashimi, s_d, s_rows, s_pick[8];
    lmask s_cover;
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

static int has_elims(const doku_logic *L, const fin_ctx *f, lmask cover)
{
    for (lmask cm = cover; cm; cm &= cm - 1)
        for (int y = 0; y < L->n; y++) {
            int c = cell_at(L, f, y, lfirst(cm));
            if (!in_base(f, y) && (L->cand[c] & LBIT(f->d)) && sees_fins(L, f, c))
                return 1;
        }
    return 0;
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
    if (f->nfins == 0)
        return 0;
    if (sashimi != f->sashimi_pass) {
        if (sashimi && !f->have_sashimi && has_elims(L, f, cover)) {
            f->have_sashimi = 1;
            f->s_d = f->d;
            f->s_rows = f->rows_base;
            f->s_cover = cover;
            for (int j = 0; j < f->k; j++)
                f->s_pick[j] = f->pick[j];
        }
        return 0;
    }
    if (!has_elims(L, f, cover))
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
    lstep_text_cells(L, f->fins, f->nfins, ",", NULL);
    lstep_text(L, ", so %d goes from the cells of those %s that see every fin: ", d, cn);
    lstep_text_elims(L);
    return 1;
}

typedef struct fin_walk {
    doku_logic *L;
    fin_ctx *f;
    doku_technique t;
    lrate base;
    lmask must;  /* cover lines every cover set holds */
} fin_walk;

/* One cover set: the lines of must plus the picked ones. */
static int visit_cover(void *vctx, const int *pick, int k, lmask uni)
{
    (void)uni;
    fin_walk *w = vctx;
    lmask cover = w->must;
    for (int i = 0; i < k; i++)
        cover |= (lmask)1 << pick[i];
    return try_cover(w->L, w->f, cover, w->t, w->base);
}

/* All need-subsets of the cross lines in uni, added to must, as cover
 * sets, in increasing order. */
static int covers(fin_walk *w, lmask uni, lmask must, int need)
{
    int bits[64], m = 0;
    for (; uni; uni &= uni - 1)
        bits[m++] = lfirst(uni);
    w->must = must;
    return logic_combinations(NULL, bits, m, need, 0, visit_cover, w);
}

/* k base lines (pick) whose places (uni) spread over more than k cross
 * lines: try every cover set that leaves the rest as fins. */
static int visit_base(void *vctx, const int *pick, int k, lmask uni)
{
    fin_walk *w = vctx;
    fin_ctx *f = w->f;
    int n = w->L->n;
    for (int j = 0; j < k; j++)
        f->pick[j] = pick[j];
    if (lpop(uni) <= f->k)
        return 0;
    if (!f->band)
        return covers(w, uni, 0, f->k);
    /* fins in one band: everything outside it is covered */
    for (int s0 = 0; s0 < n; s0 += f->band) {
        /* band == 64 (1x64 boxes): all of a 64-wide line, no shift by 64 */
        lmask win = (f->band >= 64 ? ~(lmask)0 : ((lmask)1 << f->band) - 1) << s0;
        lmask must = uni & ~win;
        int need = f->k - lpop(must);
        if (need < 0 || lpop(uni & win) <= need)
            continue;
        if (covers(w, uni & win, must, need))
            return 1;
    }
    return 0;
}

/* Width of a box across the cross lines when the fins can only be seen
 * through plain boxes (no windows, diagonals or jigsaw regions); 0 when
 * any layout of fins must be tried. */
static int fin_band(const doku_logic *L, int rows_base)
{
    for (int u = 0; u < L->nunits; u++)
        if (L->shape->unit_kind[u] != DOKU_UNIT_ROW && L->shape->unit_kind[u] != DOKU_UNIT_COL &&
            L->shape->unit_kind[u] != DOKU_UNIT_BOX)
            return 0;
    int b = L->box_of[0], w = 0;
    if (b < 0)
        return 0;
    for (int i = 0; i < L->n; i++) {
        int c = rows_base ? i : i * L->n; /* along row 0 or column 0 */
        if (L->cell_in_unit[(size_t)b * L->nc + c] != 0xff)
            w++;
    }
    return w > 0 && L->n % w == 0 ? w : 0;
}

static int finned(doku_logic *L, int k, doku_technique t, lrate base)
{
    int n = L->n;
    if (L->row_of[0] < 0 || L->col_of[0] < 0 || 2 * k > n)
        return 0;
    int bw = 1;
    while (bw * bw < n)
        bw++;
    lmask lines[DOKU_MAX_N], bases[DOKU_MAX_N];
    int ids[DOKU_MAX_N];
    fin_ctx f;
    fin_walk w = {L, &f, t, base, 0};
    f.k = k;
    f.lines = lines;
    f.sashimi_pass = 0;
    f.have_sashimi = 0;
    for (int d = 1; d <= n; d++) {
        f.d = d;
        for (f.rows_base = 1; f.rows_base >= 0; f.rows_base--) {
            f.band = fin_band(L, f.rows_base);
            /* the union of places: k cover lines plus the fins' band; with
             * other units, fins still span at most about a box's width */
            int maxu = k + (f.band ? f.band : bw);
            int m = 0; /* base line candidates: 2 places of d or more */
            for (int y = 0; y < n; y++) {
                int u = f.rows_base ? L->row_of[y * n] : L->col_of[y];
                lines[y] = L->pos[(size_t)u * n + d - 1];
                if (lpop(lines[y]) >= 2) {
                    bases[m] = lines[y];
                    ids[m++] = y;
                }
            }
            if (logic_combinations(bases, ids, m, k, maxu, visit_base, &w))
                return 1;
        }
    }
    if (!f.have_sashimi)
        return 0;
    f.sashimi_pass = 1;
    f.d = f.s_d;
    f.rows_base = f.s_rows;
    for (int j = 0; j < k; j++)
        f.pick[j] = f.s_pick[j];
    for (int y = 0; y < n; y++) {
        int u = f.rows_base ? L->row_of[y * n] : L->col_of[y];
        lines[y] = L->pos[(size_t)u * n + f.d - 1];
    }
    return try_cover(L, &f, f.s_cover, t, base);
}

int logic_finned_x_wing(doku_logic *L) { return finned(L, 2, DOKU_TECH_FINNED_X_WING, 34); }
int logic_finned_swordfish(doku_logic *L) { return finned(L, 3, DOKU_TECH_FINNED_SWORDFISH, 40); }
int logic_finned_jellyfish(doku_logic *L) { return finned(L, 4, DOKU_TECH_FINNED_JELLYFISH, 54); }
