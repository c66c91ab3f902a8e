/*
 * colouring.c — simple colouring (colour trap, colour wrap),
 * multi-colouring and remote pairs: extended techniques, off in the
 * SE-style default.
 *
 * Design: all three 2-colour a graph whose edges force "exactly one of
 * the two ends". For a digit, the edges are conjugate pairs (a unit with
 * just two places); for remote pairs, the edges join cells holding the
 * same two candidates that see each other. In a cluster one colour is
 * true and the other false, which is all the eliminations rely on.
 * Clusters are breadth-first walks over the unit table, so any shape and
 * any extra unit (windows, diagonals, jigsaw regions) contributes links.
 */
#include "logic_internal.h"

#include <stdlib.h>

typedef struct colours {
    int *col;    /* [nc] colour 0/1, -1 outside every cluster */
    int *comp;   /* [nc] cluster id */
    int *order;  /* [nc] cells in cluster order */
    int *start;  /* [ncomp+1] cluster k = order[start[k] .. start[k+1]) */
    int *from;   /* [nc] BFS parent (for paths) */
    int ncomp;
} colours;

static int col_alloc(doku_logic *L, colours *x)
{
    size_t nc = (size_t)L->nc;
    x->col = malloc(nc * sizeof(int));
    x->comp = malloc(nc * sizeof(int));
    x->order = malloc(nc * sizeof(int));
    x->start = malloc((nc + 1) * sizeof(int));
    x->from = malloc(nc * sizeof(int));
    if (x->col && x->comp && x->order && x->start && x->from)
        return 0;
    logic_nomem(L);
    return -1;
}

static void col_free(colours *x)
{
    free(x->col);
    free(x->comp);
    free(x->order);
    free(x->start);
    free(x->from);
}

/* The other end of c's conjugate pair for d in unit u, or -1. */
static int conjugate(const doku_logic *L, int u, int c, int d)
{
    lmask p = L->pos[(size_t)u * L->n + d - 1];
    if (lpop(p) != 2)
        return -1;
    int a = logic_unit_cell(L, u, lfirst(p)), b = logic_unit_cell(L, u, lfirst(p & (p - 1)));
    return a == c ? b : b == c ? a : -1;
}

/* Clusters of digit d (pair = 0) or of bivalue cells holding exactly
 * `pair` (remote pairs). Single cells are left out. */
static void build(doku_logic *L, colours *x, int d, lmask pair)
{
    int nc = L->nc, n = 0;
    for (int c = 0; c < nc; c++)
        x->col[c] = -1;
    x->ncomp = 0;
    for (int s = 0; s < nc; s++) {
        if (x->col[s] >= 0 || L->val[s])
            continue;
        if (pair ? L->cand[s] != pair : !(L->cand[s] & LBIT(d)))
            continue;
        int head = n;
        x->col[s] = 0;
        x->comp[s] = x->ncomp;
        x->from[s] = -1;
        x->order[n++] = s;
        for (int q = head; q < n; q++) {
            int c = x->order[q];
            if (pair) {
                const uint16_t *p = L->peers + (size_t)c * L->maxp;
                for (int i = 0; i < L->npeers[c]; i++) {
                    int o = p[i];
                    if (L->cand[o] != pair || L->val[o] || x->col[o] >= 0)
                        continue;
                    x->col[o] = !x->col[c];
                    x->comp[o] = x->ncomp;
                    x->from[o] = c;
                    x->order[n++] = o;
                }
            } else {
                for (int j = 0; j < L->ncunits[c]; j++) {
                    int o = conjugate(L, L->cunits[(size_t)c * L->maxcu + j], c, d);
                    if (o < 0 || x->col[o] >= 0)
                        continue;
                    x->col[o] = !x->col[c];
                    x->comp[o] = x->ncomp;
                    x->from[o] = c;
                    x->order[n++] = o;
                }
            }
        }
        if (n - head < 2) {
            x->col[s] = -1;
            n = head;
            continue;
        }
        x->start[x->ncomp++] = head;
    }
    x->start[x->ncomp] = n;
}

/* Does c see a cell of colour `colour` of cluster k? */
static int sees_colour(const doku_logic *L, const colours *x, int c, int k, int colour)
{
    for (int i = x->start[k]; i < x->start[k + 1]; i++) {
        int o = x->order[i];
        if (x->col[o] == colour && o != c && logic_sees(L, c, o))
            return 1;
    }
    return 0;
}

static void text_colour(doku_logic *L, const colours *x, int k, int colour)
{
    char a[24];
    int first = 1;
    for (int i = x->start[k]; i < x->start[k + 1]; i++) {
        int o = x->order[i];
        if (x->col[o] != colour)
            continue;
        logic_cellname(L, o, a, sizeof a);
        lstep_text(L, "%s%s", first ? "" : ",", a);
        first = 0;
    }
}

static void proof_cluster(doku_logic *L, const colours *x, int k, int d)
{
    for (int i = x->start[k]; i < x->start[k + 1]; i++)
        lstep_proof(L, x->order[i], d);
}

/* Colour wrap: two cells of one colour see each other, so that colour
 * is false everywhere. */
static int wrap(doku_logic *L, const colours *x, int k, int d)
{
    for (int i = x->start[k]; i < x->start[k + 1]; i++)
        for (int j = i + 1; j < x->start[k + 1]; j++) {
            int a = x->order[i], b = x->order[j];
            if (x->col[a] != x->col[b] || !logic_sees(L, a, b))
                continue;
            int bad = x->col[a];
            lstep_begin(L, DOKU_TECH_SIMPLE_COLOURING, 45, "Colour Wrap");
            proof_cluster(L, x, k, d);
            for (int q = x->start[k]; q < x->start[k + 1]; q++)
                if (x->col[x->order[q]] == bad)
                    lstep_elim(L, x->order[q], d);
            char sa[24], sb[24];
            logic_cellname(L, a, sa, sizeof sa);
            logic_cellname(L, b, sb, sizeof sb);
            lstep_text(L, "Colour Wrap: the conjugate pairs of %d colour ", d);
            text_colour(L, x, k, bad);
            lstep_text(L, " against ");
            text_colour(L, x, k, !bad);
            lstep_text(L, "; %s and %s share a colour and see each other, so that colour is false: ",
                       sa, sb);
            lstep_text_elims(L);
            return 1;
        }
    return 0;
}

/* Cells outside the clusters named that see colour ca of cluster ka and
 * colour cb of cluster kb lose d. */
static int trap_elims(doku_logic *L, const colours *x, int d, int ka, int ca, int kb, int cb,
                      int apply)
{
    int any = 0;
    for (int c = 0; c < L->nc; c++) {
        if (!(L->cand[c] & LBIT(d)) || (x->col[c] >= 0 && (x->comp[c] == ka || x->comp[c] == kb)))
            continue;
        if (sees_colour(L, x, c, ka, ca) && sees_colour(L, x, c, kb, cb)) {
            any = 1;
            if (!apply)
                return 1;
            lstep_elim(L, c, d);
        }
    }
    return any;
}

int logic_simple_colouring(doku_logic *L)
{
    colours x;
    int found = 0;
    if (col_alloc(L, &x) == 0)
        for (int d = 1; d <= L->n && !found; d++) {
            build(L, &x, d, 0);
            for (int k = 0; k < x.ncomp && !found; k++) {
                if (wrap(L, &x, k, d)) {
                    found = 1;
                } else if (trap_elims(L, &x, d, k, 0, k, 1, 0)) {
                    lstep_begin(L, DOKU_TECH_SIMPLE_COLOURING, 45, "Colour Trap");
                    proof_cluster(L, &x, k, d);
                    trap_elims(L, &x, d, k, 0, k, 1, 1);
                    lstep_text(L, "Colour Trap: the conjugate pairs of %d colour ", d);
                    text_colour(L, &x, k, 0);
                    lstep_text(L, " against ");
                    text_colour(L, &x, k, 1);
                    lstep_text(L, "; one colour is true, so cells seeing both lose %d: ", d);
                    lstep_text_elims(L);
                    found = 1;
                }
            }
        }
    col_free(&x);
    return found;
}

/* Does some cell of colour ca in cluster ka see colour cb of cluster kb?
 * The two cells go to see[0], see[1]. */
static int clusters_see(const doku_logic *L, const colours *x, int ka, int ca, int kb, int cb,
                        int *see)
{
    for (int i = x->start[ka]; i < x->start[ka + 1]; i++) {
        int o = x->order[i];
        if (x->col[o] != ca)
            continue;
        for (int j = x->start[kb]; j < x->start[kb + 1]; j++) {
            int q = x->order[j];
            if (x->col[q] == cb && logic_sees(L, o, q)) {
                see[0] = o;
                see[1] = q;
                return 1;
            }
        }
    }
    return 0;
}

static void text_sees(doku_logic *L, const int *see)
{
    char a[24], b[24];
    logic_cellname(L, see[0], a, sizeof a);
    logic_cellname(L, see[1], b, sizeof b);
    lstep_text(L, "%s sees %s", a, b);
}

static void multi_text(doku_logic *L, const colours *x, int d, int ka, int kb)
{
    lstep_text(L, "Multi-Colouring: on %d, cluster A ", d);
    text_colour(L, x, ka, 0);
    lstep_text(L, " / ");
    text_colour(L, x, ka, 1);
    lstep_text(L, " and cluster B ");
    text_colour(L, x, kb, 0);
    lstep_text(L, " / ");
    text_colour(L, x, kb, 1);
}

int logic_multi_colouring(doku_logic *L)
{
    colours x;
    int found = 0;
    if (col_alloc(L, &x) == 0)
        for (int d = 1; d <= L->n && !found; d++) {
            build(L, &x, d, 0);
            for (int ka = 0; ka < x.ncomp && !found; ka++)
                for (int kb = 0; kb < x.ncomp && !found; kb++) {
                    if (ka == kb)
                        continue;
                    for (int ca = 0; ca <= 1 && !found; ca++) {
                        /* a colour that sees both colours of another
                         * cluster is false */
                        int s0[2], s1[2];
                        if (clusters_see(L, &x, ka, ca, kb, 0, s0) &&
                            clusters_see(L, &x, ka, ca, kb, 1, s1)) {
                            lstep_begin(L, DOKU_TECH_MULTI_COLOURING, 48, NULL);
                            proof_cluster(L, &x, ka, d);
                            proof_cluster(L, &x, kb, d);
                            for (int i = x.start[ka]; i < x.start[ka + 1]; i++)
                                if (x.col[x.order[i]] == ca)
                                    lstep_elim(L, x.order[i], d);
                            multi_text(L, &x, d, ka, kb);
                            lstep_text(L, "; ");
                            text_sees(L, s0);
                            lstep_text(L, " and ");
                            text_sees(L, s1);
                            lstep_text(L, ", so colour ");
                            text_colour(L, &x, ka, ca);
                            lstep_text(L, " is false: ");
                            lstep_text_elims(L);
                            found = 1;
                            break;
                        }
                        if (kb < ka)
                            continue;
                        for (int cb = 0; cb <= 1 && !found; cb++) {
                            /* ca and cb exclude each other: one of their
                             * opposites is true */
                            if (!clusters_see(L, &x, ka, ca, kb, cb, s0) ||
                                !trap_elims(L, &x, d, ka, !ca, kb, !cb, 0))
                                continue;
                            lstep_begin(L, DOKU_TECH_MULTI_COLOURING, 48, NULL);
                            proof_cluster(L, &x, ka, d);
                            proof_cluster(L, &x, kb, d);
                            trap_elims(L, &x, d, ka, !ca, kb, !cb, 1);
                            multi_text(L, &x, d, ka, kb);
                            lstep_text(L, "; ");
                            text_sees(L, s0);
                            lstep_text(L, ", so ");
                            text_colour(L, &x, ka, !ca);
                            lstep_text(L, " or ");
                            text_colour(L, &x, kb, !cb);
                            lstep_text(L, " is true and cells seeing both lose %d: ", d);
                            lstep_text_elims(L);
                            found = 1;
                        }
                    }
                }
        }
    col_free(&x);
    return found;
}

/* Remote pairs: a chain of cells holding the same two digits, each seeing
 * the next, alternates them; two cells an odd number of links apart that
 * do not see each other (so at least three links) hold both digits
 * between them, and a cell seeing both loses both. */
int logic_remote_pair(doku_logic *L)
{
    colours x;
    int found = 0, *path = malloc((size_t)L->nc * 2 * sizeof(int));
    if (!path)
        logic_nomem(L);
    if (col_alloc(L, &x) == 0 && path) {
        for (int a = 0; a < L->nc && !found; a++) {
            lmask pair = L->cand[a];
            if (L->val[a] || lpop(pair) != 2)
                continue;
            /* each pair's clusters once: from its first cell */
            int first = 1;
            for (int b = 0; b < a && first; b++)
                first = !(L->cand[b] == pair && !L->val[b]);
            if (!first)
                continue;
            build(L, &x, 0, pair);
            for (int k = 0; k < x.ncomp && !found; k++) {
                if (x.start[k + 1] - x.start[k] < 4)
                    continue;
                for (int i = x.start[k]; i < x.start[k + 1] && !found; i++)
                    for (int j = i + 1; j < x.start[k + 1] && !found; j++) {
                        int p = x.order[i], q = x.order[j];
                        if (x.col[p] == x.col[q] || logic_sees(L, p, q))
                            continue;
                        int any = 0;
                        for (int c = 0; c < L->nc && !any; c++)
                            any = (L->cand[c] & pair) && x.col[c] < 0 &&
                                  logic_sees(L, c, p) && logic_sees(L, c, q);
                        if (!any)
                            continue;
                        /* the path p .. q through the BFS tree */
                        int np = 0, nq = 0, *pp = path, *pq = path + L->nc;
                        for (int c = p; c >= 0; c = x.from[c])
                            pp[np++] = c;
                        for (int c = q; c >= 0; c = x.from[c])
                            pq[nq++] = c;
                        while (np > 1 && nq > 1 && pp[np - 2] == pq[nq - 2])
                            np--, nq--;
                        lstep_begin(L, DOKU_TECH_REMOTE_PAIR, 45, NULL);
                        for (int c = 0; c < L->nc; c++)
                            if (x.col[c] < 0 && logic_sees(L, c, p) && logic_sees(L, c, q))
                                for (lmask m = L->cand[c] & pair; m; m &= m - 1)
                                    lstep_elim(L, c, lfirst(m) + 1);
                        lstep_text(L, "Remote Pair: ");
                        char nm[24];
                        int len = 0;
                        for (int t = 0; t < np; t++, len++) {
                            logic_cellname(L, pp[t], nm, sizeof nm);
                            lstep_text(L, "%s%s", t ? "-" : "", nm);
                            lstep_proof(L, pp[t], 0);
                        }
                        for (int t = nq - 2; t >= 0; t--, len++) {
                            logic_cellname(L, pq[t], nm, sizeof nm);
                            lstep_text(L, "-%s", nm);
                            lstep_proof(L, pq[t], 0);
                        }
                        lstep_text(L, " hold only ");
                        logic_text_set(L, pair);
                        lstep_text(L, " and alternate, so the ends hold both and cells seeing "
                                      "both ends lose them: ");
                        lstep_text_elims(L);
                        found = 1;
                    }
            }
        }
    }
    free(path);
    col_free(&x);
    return found;
}
