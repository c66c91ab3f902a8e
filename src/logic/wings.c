/*
 * wings.c — XY-Wing and XYZ-Wing.
 *
 * Design: both are a pivot cell and two bivalue pincers it sees; whatever
 * the pivot holds, one of the cells holds z, so a cell seeing all the
 * z-holders loses z. The pivot's peers list is the only geometry needed.
 */
#include "logic_internal.h"

static int wing(doku_logic *L, int xyz)
{
    doku_technique t = xyz ? DOKU_TECH_XYZ_WING : DOKU_TECH_XY_WING;
    for (int P = 0; P < L->nc; P++) {
        lmask pm = L->cand[P];
        if (L->val[P] || lpop(pm) != (xyz ? 3 : 2))
            continue;
        const uint16_t *pp = L->peers + (size_t)P * L->maxp;
        int np = L->npeers[P];
        for (int i = 0; i < np; i++) {
            int A = pp[i];
            lmask am = L->cand[A];
            if (lpop(am) != 2)
                continue;
            lmask common_a = am & pm;
            if (xyz ? (common_a != am) : lpop(common_a) != 1)
                continue;
            for (int j = i + 1; j < np; j++) {
                int B = pp[j];
                lmask bm = L->cand[B];
                if (lpop(bm) != 2 || bm == am)
                    continue;
                lmask z;
                if (xyz) {
                    if ((bm & pm) != bm)
                        continue;
                    z = am & bm;
                    if (lpop(z) != 1)
                        continue;
                } else {
                    z = am & bm & ~pm;
                    if (lpop(z) != 1 || (am | bm | pm) != (pm | z) || lpop(bm & pm) != 1 ||
                        (am & pm) == (bm & pm))
                        continue;
                }
                int d = lfirst(z) + 1;
                /* eliminations: cells seeing A and B (and P for XYZ) */
                int any = 0;
                const uint16_t *ap = L->peers + (size_t)A * L->maxp;
                for (int k = 0; k < L->npeers[A] && !any; k++) {
                    int c = ap[k];
                    if (c == P || c == B || !(L->cand[c] & z))
                        continue;
                    if (logic_sees(L, c, B) && (!xyz || logic_sees(L, c, P)))
                        any = 1;
                }
                if (!any)
                    continue;
                lstep_begin(L, t, xyz ? 44 : 42, NULL);
                for (int k = 0; k < L->npeers[A]; k++) {
                    int c = ap[k];
                    if (c == P || c == B || !(L->cand[c] & z))
                        continue;
                    if (logic_sees(L, c, B) && (!xyz || logic_sees(L, c, P)))
                        lstep_elim(L, c, d);
                }
                int cells[3] = {P, A, B};
                for (int k = 0; k < 3; k++) {
                    lmask m = L->cand[cells[k]];
                    while (m) {
                        lstep_proof(L, cells[k], lfirst(m) + 1);
                        m &= m - 1;
                    }
                }
                char sp[24], sa[24], sb[24];
                logic_cellname(L, P, sp, sizeof sp);
                logic_cellname(L, A, sa, sizeof sa);
                logic_cellname(L, B, sb, sizeof sb);
                lstep_text(L, "%s: pivot %s ", L->step.name, sp);
                logic_text_set(L, pm);
                lstep_text(L, ", pincers %s ", sa);
                logic_text_set(L, am);
                lstep_text(L, " and %s ", sb);
                logic_text_set(L, bm);
                lstep_text(L, ": one of %s is %d, so cells seeing %s lose it: ",
                           xyz ? "the three cells" : "the pincers", d,
                           xyz ? "all three" : "both pincers");
                lstep_text_elims(L);
                return 1;
            }
        }
    }
    return 0;
}

int logic_xy_wing(doku_logic *L) { return wing(L, 0); }
int logic_xyz_wing(doku_logic *L) { return wing(L, 1); }

/* W-Wing (extended): two cells holding only {x,y} that do not see each
 * other, and a unit where x has just two places, one seen by each cell.
 * If both cells were x, the unit would have no x; so one of them is y,
 * and a cell seeing both loses y. Any unit kind can carry the link. */
static int w_wing_elims(doku_logic *L, int A, int B, int y, int apply)
{
    int any = 0;
    const uint16_t *ap = L->peers + (size_t)A * L->maxp;
    for (int k = 0; k < L->npeers[A]; k++) {
        int c = ap[k];
        if (c == B || !(L->cand[c] & LBIT(y)) || !logic_sees(L, c, B))
            continue;
        any = 1;
        if (!apply)
            break;
        lstep_elim(L, c, y);
    }
    return any;
}

int logic_w_wing(doku_logic *L)
{
    int n = L->n;
    for (int A = 0; A < L->nc; A++) {
        lmask am = L->cand[A];
        if (L->val[A] || lpop(am) != 2)
            continue;
        for (int B = A + 1; B < L->nc; B++) {
            if (L->cand[B] != am || logic_sees(L, A, B))
                continue;
            for (int xi = 0; xi < 2; xi++) {
                lmask xm = xi ? (am & (am - 1)) : (am & (~am + 1));
                int x = lfirst(xm) + 1, y = lfirst(am & ~xm) + 1;
                if (!w_wing_elims(L, A, B, y, 0))
                    continue;
                for (int u = 0; u < L->nunits; u++) {
                    lmask p = L->pos[(size_t)u * n + x - 1];
                    if (lpop(p) != 2)
                        continue;
                    int s1 = logic_unit_cell(L, u, lfirst(p));
                    int s2 = logic_unit_cell(L, u, lfirst(p & (p - 1)));
                    if (s1 == A || s1 == B || s2 == A || s2 == B)
                        continue;
                    if (!(logic_sees(L, s1, A) && logic_sees(L, s2, B))) {
                        int t = s1;
                        s1 = s2;
                        s2 = t;
                        if (!(logic_sees(L, s1, A) && logic_sees(L, s2, B)))
                            continue;
                    }
                    lstep_begin(L, DOKU_TECH_W_WING, 44, NULL);
                    w_wing_elims(L, A, B, y, 1);
                    lstep_proof(L, A, x);
                    lstep_proof(L, A, y);
                    lstep_proof(L, B, x);
                    lstep_proof(L, B, y);
                    lstep_proof(L, s1, x);
                    lstep_proof(L, s2, x);
                    char sa[24], sb[24], c1[24], c2[24], un[40];
                    logic_cellname(L, A, sa, sizeof sa);
                    logic_cellname(L, B, sb, sizeof sb);
                    logic_cellname(L, s1, c1, sizeof c1);
                    logic_cellname(L, s2, c2, sizeof c2);
                    logic_unitname(L, u, un, sizeof un);
                    lstep_text(L,
                               "W-Wing: %s and %s hold only %d and %d, and %d in %s is in %s or "
                               "%s, which they see, so one of them is %d and cells seeing both "
                               "lose it: ",
                               sa, sb, x < y ? x : y, x < y ? y : x, x, un, c1, c2, y);
                    lstep_text_elims(L);
                    return 1;
                }
            }
        }
    }
    return 0;
}
