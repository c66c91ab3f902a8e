/*
 * chains.c — chains of implications, as Sudoku Explainer builds and rates
 * them: X-/Y-/XY-cycles (nice loops) and forcing X-chains and AICs
 * (6.5-7.x), Nishio (7.5+), cell and region forcing chains (8.0+) and
 * dynamic forcing chains (8.5+).
 *
 * Design: a candidate assumed true ("on") or false ("off") is a node; an
 * on node switches off every other candidate it sees (and, with Y-links,
 * the other candidates of its cell); an off node switches on the other
 * place of its digit in a unit where only two are left (X-link), or the
 * other candidate of a bivalue cell (Y-link). A breadth-first walk from
 * one assumption records each node's parents, so a chain's length is its
 * number of distinct ancestors, and its rating is the technique's base
 * plus SE's length increment. In dynamic mode the walk also removes the
 * off candidates from a scratch grid, so later links see the reduced
 * grid and record those removals as extra ("hidden") parents. Dynamic
 * forcing chains (+) (9.0+) also ask chains_plus.c for SE's "advanced"
 * implications (locked candidates, pairs, X-wings) when a walk runs dry.
 */
#include "chains_plus.h"
#include "logic_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Workspace                                                           */

#define NODE(c, d, on) ((((c) * L->n) + (d) - 1) * 2 + (on))
#define NCELL(x) ((x) / 2 / L->n)
#define NDIG(x) ((x) / 2 % L->n + 1)
#define NON(x) ((x) & 1)

typedef struct branch {
    uint32_t *stamp;   /* [NN] == gen when the node is in this branch */
    int32_t *slot;     /* [NN] instance of the node */
    uint32_t gen;
    /* instances */
    int32_t *inode, *pstart;
    uint16_t *pcount;
    int ninst, capinst;
    int32_t *pool;     /* parent instance indexes */
    int npool, cappool;
    int32_t *qon, *qoff; /* FIFO queues of instances */
    int hon, ton, hoff, toff;
} branch;

struct chain_ws {
    int NN;
    int nbr;
    branch *br;        /* [nbr] */
    lmask *cur;        /* scratch grid for dynamic walks */
    lmask *curpos;     /* its digit places per unit */
    uint32_t *seen;    /* [NN] for ancestor counts */
    uint32_t seengen;
    int32_t *stack;
    /* generated links */
    int32_t *gen_node;  /* [cap] */
    int32_t *gen_hp;    /* hidden parent node ids */
    int32_t *gen_hps, *gen_hpn;
    int ngen, ngenhp, capgen, capgenhp;
    int32_t *tmpnodes;
    uint32_t *genmark;  /* [NN] dedupe of generated links */
    /* static link graph of the current grid (rebuilt per search): for an
     * on node, A = same digit in peers, B = other digits of its cell; for
     * an off node, A = X-links, B = the Y-link */
    int32_t *sa, *sb, *la, *lb;
    int capla, caplb;
    uint32_t gengen;
    uint32_t *closemark;  /* [NN] == closegen: an off node closing a cycle */
    uint32_t closegen;
};

int logic_chain_ws_create(doku_logic *L)
{
    L->cw = NULL;
    if (L->n > 25) /* memory grows as n^3 per branch: chains stop at 25x25 */
        return 0;
    struct chain_ws *w = calloc(1, sizeof *w);
    if (!w)
        return -1;
    L->cw = w;
    w->NN = L->nc * L->n * 2;
    w->nbr = 2 * L->n + 2;
    w->br = calloc((size_t)w->nbr, sizeof *w->br);
    w->cur = calloc((size_t)L->nc, sizeof(lmask));
    w->curpos = calloc((size_t)L->nunits * (size_t)L->n, sizeof(lmask));
    w->seen = calloc((size_t)w->NN, sizeof(uint32_t));
    w->genmark = calloc((size_t)w->NN, sizeof(uint32_t));
    w->closemark = calloc((size_t)w->NN, sizeof(uint32_t));
    w->sa = malloc(sizeof(int32_t) * ((size_t)w->NN + 1));
    w->sb = malloc(sizeof(int32_t) * ((size_t)w->NN + 1));
    w->stack = malloc(sizeof(int32_t) * (size_t)w->NN * 4);
    w->tmpnodes = malloc(sizeof(int32_t) * (size_t)w->NN);
    w->capgen = 4 * L->n * 4 + 16;
    w->capgenhp = 8 * L->n * 4 + 16;
    w->gen_node = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hps = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hpn = malloc(sizeof(int32_t) * (size_t)w->capgen);
    w->gen_hp = malloc(sizeof(int32_t) * (size_t)w->capgenhp);
    if (!w->br || !w->cur || !w->curpos || !w->genmark || !w->closemark || !w->sa || !w->sb || !w->seen || !w->stack || !w->tmpnodes || !w->gen_node ||
        !w->gen_hps || !w->gen_hpn || !w->gen_hp)
        return -1;
    for (int i = 0; i < w->nbr; i++) {
        branch *b = &w->br[i];
        b->stamp = calloc((size_t)w->NN, sizeof(uint32_t));
        b->slot = malloc(sizeof(int32_t) * (size_t)w->NN);
        b->qon = malloc(sizeof(int32_t) * (size_t)w->NN);
        b->qoff = malloc(sizeof(int32_t) * (size_t)w->NN * 4);
        if (!b->stamp || !b->slot || !b->qon || !b->qoff)
            return -1;
    }
    return 0;
}

void logic_chain_ws_free(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    if (!w)
        return;
    if (w->br)
        for (int i = 0; i < w->nbr; i++) {
            branch *b = &w->br[i];
            free(b->stamp);
            free(b->slot);
            free(b->inode);
            free(b->pstart);
            free(b->pcount);
            free(b->pool);
            free(b->qon);
            free(b->qoff);
        }
    free(w->br);
    free(w->cur);
    free(w->curpos);
    free(w->seen);
    free(w->genmark);
    free(w->closemark);
    free(w->sa);
    free(w->sb);
    free(w->la);
    free(w->lb);
    free(w->stack);
    free(w->tmpnodes);
    free(w->gen_node);
    free(w->gen_hps);
    free(w->gen_hpn);
    free(w->gen_hp);
    free(w);
    L->cw = NULL;
}

static void br_reset(branch *b)
{
    b->gen++;
    if (b->gen == 0) { /* wrapped: clear stamps */
        b->gen = 1;
    }
    b->ninst = 0;
    b->npool = 0;
    b->hon = b->ton = b->hoff = b->toff = 0;
}

static int br_has(const branch *b, int node) { return b->stamp[node] == b->gen; }
static int br_get(const branch *b, int node) { return b->stamp[node] == b->gen ? b->slot[node] : -1; }

/* New instance of node with the given parent instances; mapped if map. */
static int br_new(branch *b, int node, const int32_t *parents, int np, int map)
{
    if (b->ninst == b->capinst) {
        int nc = b->capinst ? b->capinst * 2 : 1024;
        int32_t *a = realloc(b->inode, sizeof(int32_t) * (size_t)nc);
        if (!a)
            return -1;
        b->inode = a;
        a = realloc(b->pstart, sizeof(int32_t) * (size_t)nc);
        if (!a)
            return -1;
        b->pstart = a;
        uint16_t *c = realloc(b->pcount, sizeof(uint16_t) * (size_t)nc);
        if (!c)
            return -1;
        b->pcount = c;
        b->capinst = nc;
    }
    if (b->npool + np > b->cappool) {
        int nc = b->cappool ? b->cappool : 1024;
        while (nc < b->npool + np)
            nc *= 2;
        int32_t *a = realloc(b->pool, sizeof(int32_t) * (size_t)nc);
        if (!a)
            return -1;
        b->pool = a;
        b->cappool = nc;
    }
    int i = b->ninst++;
    b->inode[i] = node;
    b->pstart[i] = b->npool;
    b->pcount[i] = (uint16_t)np;
    for (int k = 0; k < np; k++)
        b->pool[b->npool++] = parents[k];
    if (map) {
        b->stamp[node] = b->gen;
        b->slot[node] = i;
    }
    return i;
}

/* br_new for the common case (one parent, mapped) without the growth
 * tests' cost when there is room. */
static inline int br_push(branch *b, int node, int parent)
{
    if (b->ninst < b->capinst && b->npool < b->cappool) {
        int i = b->ninst++;
        b->inode[i] = node;
        b->pstart[i] = b->npool;
        b->pcount[i] = 1;
        b->pool[b->npool++] = parent;
        b->stamp[node] = b->gen;
        b->slot[node] = i;
        return i;
    }
    return br_new(b, node, &parent, 1, 1);
}

/* Distinct nodes among the ancestors of instance i (itself included). */
static int ancestors(doku_logic *L, const branch *b, int i)
{
    struct chain_ws *w = L->cw;
    if (++w->seengen == 0) {
        memset(w->seen, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->seengen = 1;
    }
    /* instances can repeat a node with other parents (cycles): walk
     * instances, count nodes */
    int sp = 0, count = 0;
    w->stack[sp++] = i;
    /* mark instances visited through a simple instance stamp: reuse
     * tmpnodes as a visited flag table keyed by instance when small */
    while (sp) {
        int x = w->stack[--sp];
        int node = b->inode[x];
        if (w->seen[node] == w->seengen)
            continue;
        w->seen[node] = w->seengen;
        count++;
        for (int k = 0; k < b->pcount[x]; k++)
            if (sp < w->NN * 4)
                w->stack[sp++] = b->pool[b->pstart[x] + k];
    }
    return count;
}

/* ------------------------------------------------------------------ */
/* Links                                                               */

static void gen_clear(struct chain_ws *w)
{
    if (++w->gengen == 0) {
        memset(w->genmark, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->gengen = 1;
    }
    w->ngen = 0;
    w->ngenhp = 0;
}

static void gen_add(struct chain_ws *w, int node)
{
    if (w->genmark[node] == w->gengen)
        return; /* set semantics: first one wins */
    w->genmark[node] = w->gengen;
    if (w->ngen >= w->capgen)
        return;
    w->gen_node[w->ngen] = node;
    w->gen_hps[w->ngen] = w->ngenhp;
    w->gen_hpn[w->ngen] = 0;
    w->ngen++;
}

static void gen_hidden(struct chain_ws *w, int node)
{
    if (w->ngenhp >= w->capgenhp)
        return;
    w->gen_hp[w->ngenhp++] = node;
    w->gen_hpn[w->ngen - 1]++;
}

/* Off consequences of (cell,d) on. */
static void on_to_off(doku_logic *L, const lmask *g, int cell, int d, int useY)
{
    struct chain_ws *w = L->cw;
    gen_clear(w);
    if (useY) {
        lmask m = g[cell] & ~LBIT(d);
        while (m) {
            gen_add(w, NODE(cell, lfirst(m) + 1, 0));
            m &= m - 1;
        }
    }
    const uint16_t *p = L->peers + (size_t)cell * L->maxp;
    for (int i = 0; i < L->npeers[cell]; i++)
        if (g[p[i]] & LBIT(d))
            gen_add(w, NODE(p[i], d, 0));
}

/* On consequences of (cell,d) off. g/gpos are the grid and digit places
 * the walk sees; src/spos the grid before the walk (hidden parents, in
 * dynamic mode only, where they differ). */
static void off_to_on(doku_logic *L, const lmask *g, const lmask *gpos, const lmask *src,
                      const lmask *spos, int cell, int d, int useY, int useX)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    gen_clear(w);
    if (useY && lpop(g[cell]) == 2 && (g[cell] & LBIT(d))) {
        int other = lfirst(g[cell] & ~LBIT(d)) + 1;
        int before = w->ngen;
        gen_add(w, NODE(cell, other, 1));
        if (w->ngen > before && src != g) {
            lmask gone = src[cell] & ~g[cell];
            while (gone) {
                gen_hidden(w, NODE(cell, lfirst(gone) + 1, 0));
                gone &= gone - 1;
            }
        }
    }
    if (useX) {
        for (int j = 0; j < L->ncunits[cell]; j++) {
            int u = L->cunits[(size_t)cell * L->maxcu + j];
            lmask pm = gpos[(size_t)u * n + d - 1];
            if (lpop(pm) != 2)
                continue;
            lmask me = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + cell];
            if (!(pm & me))
                continue;
            int other = logic_unit_cell(L, u, lfirst(pm & ~me));
            int before = w->ngen;
            gen_add(w, NODE(other, d, 1));
            if (w->ngen > before && src != g) {
                for (lmask m = spos[(size_t)u * n + d - 1] & ~pm; m; m &= m - 1)
                    gen_hidden(w, NODE(logic_unit_cell(L, u, lfirst(m)), d, 0));
            }
        }
    }
}

static int push_link(int32_t **list, int *cap, int at, int v)
{
    if (at >= *cap) {
        int nc = *cap ? *cap * 2 : 4096;
        while (nc <= at)
            nc *= 2;
        int32_t *t = realloc(*list, sizeof(int32_t) * (size_t)nc);
        if (!t)
            return -1;
        *list = t;
        *cap = nc;
    }
    (*list)[at] = v;
    return 0;
}

/* Builds the static link graph of the current grid: the links on_to_off
 * and off_to_on give for every candidate, written straight into the
 * lists (same lists, same order, same cap on links per node as their
 * gen_add). @return 0 or -1. */
static int build_graph(doku_logic *L)
{
    struct chain_ws *w = L->cw;
    int n = L->n, na = 0, nb = 0;
    for (int cell = 0; cell < L->nc; cell++) {
        lmask cm = L->cand[cell];
        for (int d = 1; d <= n; d++) {
            for (int on = 0; on < 2; on++) {
                int node = NODE(cell, d, on);
                w->sa[node] = na;
                w->sb[node] = nb;
                if (!(cm & LBIT(d)))
                    continue;
                int k = 0; /* links of this node, capped as gen_add does */
                if (on) {
                    for (lmask m = cm & ~LBIT(d); m && k < w->capgen; m &= m - 1, k++)
                        if (push_link(&w->lb, &w->caplb, nb++, NODE(cell, lfirst(m) + 1, 0)))
                            return -1;
                    const uint16_t *p = L->peers + (size_t)cell * L->maxp;
                    for (int i = 0; i < L->npeers[cell] && k < w->capgen; i++)
                        if (L->cand[p[i]] & LBIT(d)) {
                            if (push_link(&w->la, &w->capla, na++, NODE(p[i], d, 0)))
                                return -1;
                            k++;
                        }
                    continue;
                }
                if (lpop(cm) == 2) {
                    if (push_link(&w->lb, &w->caplb, nb++, NODE(cell, lfirst(cm & ~LBIT(d)) + 1, 1)))
                        return -1;
                    k++;
                }
                int first = na;
                for (int j = 0; j < L->ncunits[cell] && k < w->capgen; j++) {
                    int u = L->cunits[(size_t)cell * L->maxcu + j];
                    lmask pm = L->pos[(size_t)u * n + d - 1];
                    if (lpop(pm) != 2)
                        continue;
                    lmask me = (lmask)1 << L->cell_in_unit[(size_t)u * L->nc + cell];
                    int x = NODE(logic_unit_cell(L, u, lfirst(pm & ~me)), d, 1), dup = 0;
                    for (int i = first; i < na && !dup; i++)
                        dup = w->la[i] == x; /* one link per node: the first */
                    if (dup)
                        continue;
                    if (push_link(&w->la, &w->capla, na++, x))
                        return -1;
                    k++;
                }
            }
        }
    }
    w->sa[w->NN] = na;
    w->sb[w->NN] = nb;
    return 0;
}

/* The links of node in the static graph, in SE's order (cell link first). */
static void static_links(doku_logic *L, int node, int useY, int useX)
{
    struct chain_ws *w = L->cw;
    w->ngen = 0;
    int on = NON(node);
    if (useY)
        for (int i = w->sb[node]; i < w->sb[node + 1]; i++)
            w->gen_node[w->ngen++] = w->lb[i];
    if (on || useX)
        for (int i = w->sa[node]; i < w->sa[node + 1]; i++)
            w->gen_node[w->ngen++] = w->la[i];
    /* static links have no hidden parents (propagate reads these counts;
     * they must not be left over from a dynamic walk) */
    for (int k = 0; k < w->ngen; k++)
        w->gen_hpn[k] = 0;
}

/* ------------------------------------------------------------------ */
/* Step text                                                           */

static void node_text(doku_logic *L, int node)
{
    /* by hand: chains print many nodes, and printf's parsing showed */
    char a[48];
    int k = logic_cellname(L, NCELL(node), a, 24);
    if (NON(node)) {
        a[k++] = '=';
    } else {
        a[k++] = '<';
        a[k++] = '>';
    }
    int d = NDIG(node), nd = d >= 10 ? 2 : 1;
    if (d >= 100) {
        lstep_append(L, a, (size_t)k);
        lstep_text(L, "%d", d);
        return;
    }
    if (nd == 2)
        a[k++] = (char)('0' + d / 10);
    a[k++] = (char)('0' + d % 10);
    lstep_append(L, a, (size_t)k);
}

/* The main line of a chain: from the root to instance i by first parents. */
static void chain_text(doku_logic *L, const branch *b, int i)
{
    struct chain_ws *w = L->cw;
    int k = 0;
    while (i >= 0 && k < w->NN) {
        w->tmpnodes[k++] = b->inode[i];
        i = b->pcount[i] ? b->pool[b->pstart[i]] : -1;
    }
    for (int j = k - 1; j >= 0; j--) {
        if (j != k - 1)
            lstep_append(L, " -> ", 4);
        node_text(L, w->tmpnodes[j]);
    }
}

/* ------------------------------------------------------------------ */
/* Best-candidate bookkeeping (SE sorts by difficulty, complexity, kind) */

typedef struct best {
    int rating, complexity, key, found;
} best;

static int better(const best *b, int rating, int complexity, int key)
{
    if (!b->found)
        return 1;
    if (rating != b->rating)
        return rating < b->rating;
    if (complexity != b->complexity)
        return complexity < b->complexity;
    return key < b->key;
}

static void best_set(best *b, int rating, int complexity, int key)
{
    b->rating = rating;
    b->complexity = complexity;
    b->key = key;
    b->found = 1;
}

/* Whether any chain of complexity cx (or more) at this base rating would
 * lose to the best found so far: lets a breadth-first walk stop early. */
static int too_long(const best *b, int base, int cx)
{
    if (!b->found)
        return 0;
    int r = base + logic_length_bonus(cx);
    return r > b->rating || (r == b->rating && cx > b->complexity);
}

/* ------------------------------------------------------------------ */
/* Unary chains: cycles and forcing chains from one candidate (6.5-7.x) */

static int is_ancestor(const branch *b, int inst, int node)
{
    /* first-parent line of inst, excluding inst */
    int x = b->pcount[inst] ? b->pool[b->pstart[inst]] : -1;
    while (x >= 0) {
        if (b->inode[x] == node)
            return 1;
        x = b->pcount[x] ? b->pool[b->pstart[x]] : -1;
    }
    return 0;
}

/* Eliminations of a cycle closed by (parent on-instance p, off node o):
 * candidates outside the loop's cells that see an on node and an off node
 * of their digit. Fills L->tmp. */
static void cycle_elims(doku_logic *L, const branch *b, int pinst, int onode, int source)
{
    struct chain_ws *w = L->cw;
    /* collect chain nodes: source(on) <- o(off) <- p ... <- root */
    int k = 0;
    w->tmpnodes[k++] = source;
    w->tmpnodes[k++] = onode;
    int x = pinst;
    while (x >= 0 && k < w->NN) {
        if (b->pcount[x] == 0)
            break; /* root = source, already listed */
        w->tmpnodes[k++] = b->inode[x];
        x = b->pool[b->pstart[x]];
    }
    L->tmp.n = 0;
    for (int i = 0; i < k; i++) {
        int node = w->tmpnodes[i];
        if (!NON(node))
            continue;
        int cell = NCELL(node), d = NDIG(node);
        const uint16_t *p = L->peers + (size_t)cell * L->maxp;
        for (int j = 0; j < L->npeers[cell]; j++) {
            int c = p[j];
            if (!(L->cand[c] & LBIT(d)))
                continue;
            int inloop = 0, seesoff = 0;
            for (int t = 0; t < k; t++) {
                int tc = NCELL(w->tmpnodes[t]);
                if (tc == c)
                    inloop = 1;
                if (!NON(w->tmpnodes[t]) && NDIG(w->tmpnodes[t]) == d && logic_sees(L, tc, c))
                    seesoff = 1;
            }
            if (inloop || !seesoff)
                continue;
            int dup = 0;
            for (size_t t = 0; t < L->tmp.n; t++)
                if (L->tmp.v[t].cell == c && L->tmp.v[t].digit == d)
                    dup = 1;
            if (!dup)
                lcands_push(&L->tmp, c, d);
        }
    }
}

typedef struct unary_ctx {
    best b;
    int useY, useX;
} unary_ctx;

static void emit_cycle(doku_logic *L, branch *b, int pinst, int onode, int source, int useY,
                       int useX, best *bb)
{
    /* complexity: distinct nodes of the loop */
    int oi = br_new(b, onode, &pinst, 1, 0);
    int si = br_new(b, source, &oi, 1, 0);
    if (oi < 0 || si < 0)
        return;
    int cx = ancestors(L, b, si);
    int base = (useX && useY) ? 70 : 65;
    int rating = base + logic_length_bonus(cx);
    int key = (useX && useY) ? 4 : useY ? 3 : 2;
    if (!better(bb, rating, cx, key))
        return;
    cycle_elims(L, b, pinst, onode, source);
    if (L->tmp.n == 0)
        return;
    doku_technique t = (useX && useY) ? DOKU_TECH_XY_CYCLE : useY ? DOKU_TECH_Y_CYCLE : DOKU_TECH_X_CYCLE;
    if (!logic_allowed(L, t))
        return;
    best_set(bb, rating, cx, key);
    lstep_begin(L, t, rating, NULL);
    for (size_t i = 0; i < L->tmp.n; i++)
        lstep_elim(L, L->tmp.v[i].cell, L->tmp.v[i].digit);
    lstep_text(L, "%s: the loop ", L->step.name);
    chain_text(L, b, si);
    lstep_text(L, " holds both ways, so: ");
    lstep_text_elims(L);
    for (int x = si; x >= 0; x = b->pcount[x] ? b->pool[b->pstart[x]] : -1) {
        lstep_proof(L, NCELL(b->inode[x]), NDIG(b->inode[x]));
        if (!b->pcount[x])
            break;
    }
}

/* SE's doCycles: layered walk; on nodes once, off nodes every time they
 * are reached by a new path (not through their own ancestors). */
static void do_cycles(doku_logic *L, branch *b, int source, int useY, int useX, best *bb)
{
    struct chain_ws *w = L->cw;
    br_reset(b);
    int root = br_new(b, source, NULL, 0, 1);
    b->qon[b->ton++] = root;
    int length = 0;
    const lmask *g = L->cand;
    int scell = NCELL(source), sd = NDIG(source);
    int cbase = (useX && useY) ? 70 : 65;
    /* the off nodes whose link closes the loop back to the source, marked
     * once per source: with Y links, the other digit of a bivalue source
     * cell; with X links, sd in a cell sharing with the source a unit
     * where sd has only two places */
    if (++w->closegen == 0) {
        memset(w->closemark, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->closegen = 1;
    }
    if (useY && lpop(g[scell]) == 2)
        w->closemark[NODE(scell, lfirst(g[scell] & ~LBIT(sd)) + 1, 0)] = w->closegen;
    if (useX)
        for (int j = 0; j < L->ncunits[scell]; j++) {
            int u = L->cunits[(size_t)scell * L->maxcu + j];
            if (lpop(L->pos[(size_t)u * L->n + sd - 1]) == 2)
                for (int i = 0; i < L->n; i++) {
                    int c = logic_unit_cell(L, u, i);
                    if (c != scell)
                        w->closemark[NODE(c, sd, 0)] = w->closegen;
                }
        }
    /* links read straight from the static graph, in static_links' order:
     * the cell (Y) part first, then the rest */
    const int32_t *sa = w->sa, *sb = w->sb, *la = w->la, *lb = w->lb;
    while (b->hon < b->ton || b->hoff < b->toff) {
        length++;
        if (too_long(bb, cbase, length + 1))
            break;
        int closing = length + 1 >= 4;
        while (b->hon < b->ton) {
            int p = b->qon[b->hon++];
            int pn = b->inode[p];
            for (int part = useY ? 0 : 1; part < 2; part++) {
                const int32_t *li = part ? la : lb;
                int e1 = part ? sa[pn + 1] : sb[pn + 1];
                for (int e = part ? sa[pn] : sb[pn]; e < e1; e++) {
                    int o = li[e];
                    /* a cycle is closed when this off node links back to
                     * the source and the loop is long enough (and the off
                     * node is not already on the path: SE's isParent) */
                    if (closing && w->closemark[o] == w->closegen && !is_ancestor(b, p, o))
                        emit_cycle(L, b, p, o, source, useY, useX, bb);
                    if (!br_has(b, o)) {
                        int oi = br_push(b, o, p);
                        if (oi >= 0 && b->toff < w->NN * 4)
                            b->qoff[b->toff++] = oi;
                    }
                }
            }
        }
        length++;
        while (b->hoff < b->toff) {
            int p = b->qoff[b->hoff++];
            int pn = b->inode[p];
            for (int part = useY ? 0 : 1; part < (useX ? 2 : 1); part++) {
                const int32_t *li = part ? la : lb;
                int e1 = part ? sa[pn + 1] : sb[pn + 1];
                for (int e = part ? sa[pn] : sb[pn]; e < e1; e++) {
                    int q = li[e];
                    if (!br_has(b, q)) {
                        int qi = br_push(b, q, p);
                        if (qi >= 0)
                            b->qon[b->ton++] = qi;
                    }
                }
            }
        }
    }
}

static void emit_forcing(doku_logic *L, branch *b, int pinst, int target, int useY, best *bb)
{
    int ti = br_new(b, target, &pinst, 1, 0);
    if (ti < 0)
        return;
    int cx = ancestors(L, b, ti);
    int rating = (useY ? 70 : 66) + logic_length_bonus(cx);
    int key = useY ? 4 : 2;
    if (!better(bb, rating, cx, key))
        return;
    int cell = NCELL(target), d = NDIG(target);
    if (NON(target) ? lpop(L->cand[cell]) < 2 : !(L->cand[cell] & LBIT(d)))
        return;
    doku_technique t = useY ? DOKU_TECH_AIC : DOKU_TECH_X_CHAIN;
    if (!logic_allowed(L, t))
        return;
    best_set(bb, rating, cx, key);
    const char *name = useY ? "Forcing Chain" : (cx == 6 ? "Turbot Fish (X-Chain)" : "X-Chain");
    lstep_begin(L, t, rating, name);
    char a[24];
    logic_cellname(L, cell, a, sizeof a);
    if (NON(target)) {
        lstep_place(L, cell, d);
        lstep_text(L, "%s: if %s is not %d then ", L->step.name, a, d);
    } else {
        lstep_elim(L, cell, d);
        lstep_text(L, "%s: if %s is %d then ", L->step.name, a, d);
    }
    chain_text(L, b, ti);
    lstep_text(L, ", a contradiction, so %s %s %d", a, NON(target) ? "is" : "is not", d);
    for (int x = ti; x >= 0; x = b->pcount[x] ? b->pool[b->pstart[x]] : -1) {
        lstep_proof(L, NCELL(b->inode[x]), NDIG(b->inode[x]));
        if (!b->pcount[x])
            break;
    }
}

/* One half-layer of SE's forcing walk: every queued instance of one
 * polarity (*head..tail of q) is expanded through the static links into
 * the other polarity's queue. The first time the source's opposite is
 * reached gives the chain. @return found, updated. */
static inline int forcing_layer(doku_logic *L, branch *b, int source, int useY, best *bb,
                                int found, const int32_t *q, int *head, int tail,
                                int32_t *next, int *next_tail)
{
    const struct chain_ws *w = L->cw;
    const int32_t *sa = w->sa, *sb = w->sb, *la = w->la, *lb = w->lb;
    while (*head < tail) {
        int p = q[(*head)++];
        int pn = b->inode[p];
        for (int part = useY ? 0 : 1; part < 2; part++) {
            const int32_t *li = part ? la : lb;
            int e1 = part ? sa[pn + 1] : sb[pn + 1];
            for (int e = part ? sa[pn] : sb[pn]; e < e1; e++) {
                int o = li[e];
                if (!found && o == (source ^ 1)) {
                    emit_forcing(L, b, p, o, useY, bb);
                    found = 1;
                }
                if (!br_has(b, o)) {
                    int oi = br_push(b, o, p);
                    if (oi >= 0)
                        next[(*next_tail)++] = oi;
                }
            }
        }
    }
    return found;
}

/* SE's doForcingChains: from source (on or off), breadth first in
 * alternating layers (on nodes, then the off nodes they imply, ...), with
 * the links straight from the static graph, in static_links' order. */
static void do_forcing(doku_logic *L, branch *b, int source, int useY, best *bb)
{
    br_reset(b);
    int root = br_new(b, source, NULL, 0, 1);
    if (NON(source))
        b->qon[b->ton++] = root;
    else
        b->qoff[b->toff++] = root;
    int found = 0, layer = 0, fbase = useY ? 70 : 66;
    while ((b->hon < b->ton || b->hoff < b->toff) && !found) {
        if (too_long(bb, fbase, layer + 2))
            break;
        layer++;
        found = forcing_layer(L, b, source, useY, bb, found, b->qon, &b->hon, b->ton,
                              b->qoff, &b->toff);
        if (too_long(bb, fbase, layer + 2))
            break;
        layer++;
        found = forcing_layer(L, b, source, useY, bb, found, b->qoff, &b->hoff, b->toff,
                              b->qon, &b->ton);
    }
}

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
static int scc_filter(doku_logic *L, int useY, int useX, uint8_t *ok)
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

int logic_chain_cycles(doku_logic *L)
{
    if (!L->cw)
        return 0;

    branch *b = &L->cw->br[0];
    best bb = {0, 0, 0, 0};
    if (build_graph(L))
        return 0;
    uint8_t *ok = malloc((size_t)L->cw->NN);
    if (!ok)
        return 0;
    static const int modes[3][2] = {{0, 1}, {1, 0}, {1, 1}}; /* {useY, useX}: X, Y, XY */
    for (int m = 0; m < 3; m++) {
        int useY = modes[m][0], useX = modes[m][1];
        if (useY && useX && bb.found && bb.rating < 70)
            break; /* XY chains start at 7.0 */
        if (scc_filter(L, useY, useX, ok))
            memset(ok, 7, (size_t)L->cw->NN);
        for (int c = 0; c < L->nc; c++) {
            int card = lpop(L->cand[c]);
            if (L->val[c] || card < 2)
                continue;
            if (!useX && card > 2)
                continue; /* Y-cycles start in bivalue cells */
            lmask mm = L->cand[c];
            while (mm) {
                int d = lfirst(mm) + 1;
                mm &= mm - 1;
                int on = NODE(c, d, 1);
                if (ok[on] & 1)
                    do_cycles(L, b, on, useY, useX, &bb);
                if (useX) {
                    if (ok[on] & 2)
                        do_forcing(L, b, on, useY, &bb);
                    if (ok[on] & 4)
                        do_forcing(L, b, on ^ 1, useY, &bb);
                }
            }
        }
    }
    free(ok);
    return bb.found;
}

/* ------------------------------------------------------------------ */
/* Full propagation (SE's doChaining) for multiple and dynamic chains.  */

typedef struct walk_opts {
    int useY;      /* !nishio */
    int dynamic;
    int plus;      /* SE's level 1: advanced implications (chains_plus.c) */
} walk_opts;

/* chains_plus.c reports an implied off node: add it to the walk as SE
 * adds its advanced potentials (no contradiction test here; the node's
 * own links find it). */
static void plus_sink(void *ctx, int node, const int32_t *pnodes, int np)
{
    branch *b = ctx;
    if (br_has(b, node))
        return;
    int32_t par[64];
    int k = 0;
    for (int i = 0; i < np && k < 64; i++) {
        int pi = br_get(b, pnodes[i]);
        if (pi >= 0)
            par[k++] = pi;
    }
    int xi = br_new(b, node, par, k, 1);
    if (xi >= 0)
        b->qoff[b->toff++] = xi;
}

/* Returns -1, or the instance pair of a contradiction in *on_i, *off_i. */
static int propagate(doku_logic *L, branch *b, const walk_opts *o, int *on_i, int *off_i)
{
    struct chain_ws *w = L->cw;
    const lmask *src = L->cand;
    lmask *g = (lmask *)L->cand;
    lmask *gpos = L->pos;
    size_t npos = (size_t)L->nunits * (size_t)L->n;
    if (o->dynamic) {
        memcpy(w->cur, L->cand, sizeof(lmask) * (size_t)L->nc);
        memcpy(w->curpos, L->pos, sizeof(lmask) * npos);
        g = w->cur;
        gpos = w->curpos;
    }
    int32_t par[64];
    while (b->hon < b->ton || b->hoff < b->toff) {
        if (b->hon < b->ton) {
            int p = b->qon[b->hon++];
            int pn = b->inode[p];
            if (o->dynamic)
                on_to_off(L, g, NCELL(pn), NDIG(pn), o->useY);
            else
                static_links(L, pn, o->useY, 1);
            for (int k = 0; k < w->ngen; k++) {
                int x = w->gen_node[k];
                int conj = br_get(b, x ^ 1);
                if (conj >= 0) {
                    *on_i = conj;
                    *off_i = br_new(b, x, &p, 1, 0);
                    return 1;
                }
                if (!br_has(b, x)) {
                    int xi = br_new(b, x, &p, 1, 1);
                    if (xi >= 0 && b->toff < w->NN * 4)
                        b->qoff[b->toff++] = xi;
                }
            }
        } else {
            int p = b->qoff[b->hoff++];
            int pn = b->inode[p];
            if (o->dynamic)
                off_to_on(L, g, gpos, src, L->pos, NCELL(pn), NDIG(pn), o->useY, 1);
            else
                static_links(L, pn, o->useY, 1);
            if (o->dynamic) {
                int c = NCELL(pn), dd = NDIG(pn);
                g[c] &= ~LBIT(dd);
                for (int j = 0; j < L->ncunits[c]; j++) {
                    int u = L->cunits[(size_t)c * L->maxcu + j];
                    gpos[(size_t)u * L->n + dd - 1] &=
                        ~((lmask)1 << L->cell_in_unit[(size_t)u * L->nc + c]);
                }
            }
            for (int k = 0; k < w->ngen; k++) {
                int x = w->gen_node[k];
                int np = 0;
                par[np++] = p;
                for (int h = 0; h < w->gen_hpn[k] && np < 64; h++) {
                    int hi = br_get(b, w->gen_hp[w->gen_hps[k] + h]);
                    if (hi >= 0)
                        par[np++] = hi;
                }
                int conj = br_get(b, x ^ 1);
                if (conj >= 0) {
                    *on_i = br_new(b, x, par, np, 0);
                    *off_i = conj;
                    return 1;
                }
                if (!br_has(b, x)) {
                    int xi = br_new(b, x, par, np, 1);
                    if (xi >= 0)
                        b->qon[b->ton++] = xi;
                }
            }
        }
        if (o->plus && b->hon == b->ton && b->hoff == b->toff)
            logic_plus_advanced(L, g, gpos, plus_sink, b);
    }
    return -1;
}

static int start_walk(doku_logic *L, branch *b, int node, const walk_opts *o, int *on_i, int *off_i)
{
    br_reset(b);
    int r = br_new(b, node, NULL, 0, 1);
    if (NON(node))
        b->qon[b->ton++] = r;
    else
        b->qoff[b->toff++] = r;
    return propagate(L, b, o, on_i, off_i);
}

/* Whether concluding node (on: place, off: remove) makes progress. */
static int worth(const doku_logic *L, int node)
{
    int c = NCELL(node), d = NDIG(node);
    if (L->val[c] || !(L->cand[c] & LBIT(d)))
        return 0;
    return NON(node) ? lpop(L->cand[c]) > 1 : 1;
}

typedef struct multi_ctx {
    best bb;
    walk_opts wo;
    int base;         /* 75, 80, 85 */
    int nishio, multiple, dynamic;
    doku_technique tech;
} multi_ctx;

static void conclude(doku_logic *L, int node)
{
    int c = NCELL(node), d = NDIG(node);
    if (NON(node))
        lstep_place(L, c, d);
    else
        lstep_elim(L, c, d);
}

static void conclusion_text(doku_logic *L, int node)
{
    char a[24];
    logic_cellname(L, NCELL(node), a, sizeof a);
    lstep_text(L, "%s %s %d", a, NON(node) ? "is" : "is not", NDIG(node));
}

/* Contradiction from assuming src: src's opposite holds. */
static void emit_contradiction(doku_logic *L, multi_ctx *m, branch *b, int src, int on_i, int off_i)
{
    int target = src ^ 1;
    if (!worth(L, target))
        return;
    int cx = ancestors(L, b, on_i) + ancestors(L, b, off_i);
    int rating = m->base + logic_length_bonus(cx);
    if (!better(&m->bb, rating, cx, 7) || !logic_allowed(L, m->tech))
        return;
    best_set(&m->bb, rating, cx, 7);
    const char *name = m->nishio                           ? "Nishio Forcing Chains"
                       : m->tech == DOKU_TECH_DYNAMIC_PLUS ? "Dynamic Contradiction Forcing Chains (+)"
                                                           : "Dynamic Contradiction Forcing Chains";
    lstep_begin(L, m->tech, rating, name);
    conclude(L, target);
    char a[24];
    logic_cellname(L, NCELL(src), a, sizeof a);
    lstep_text(L, "%s: if %s %s %d, then both ", name, a, NON(src) ? "is" : "is not", NDIG(src));
    chain_text(L, b, on_i);
    lstep_text(L, " and ");
    chain_text(L, b, off_i);
    lstep_text(L, ", a contradiction, so ");
    conclusion_text(L, target);
}

/* A conclusion reached from every branch (cell values, unit places, or
 * a candidate on and off). kind: 0 double, 1 cell, 2 region. */
static void emit_multi(doku_logic *L, multi_ctx *m, int kind, int node, branch **brs, const int *srcs,
                       int nb, int cell_or_unit)
{
    if (!worth(L, node))
        return;
    int cx = 0;
    for (int i = 0; i < nb; i++)
        cx += ancestors(L, brs[i], br_get(brs[i], node));
    int rating = m->base + logic_length_bonus(cx);
    int key = kind == 0 ? 1 : kind == 1 ? 5 : 6;
    if (!better(&m->bb, rating, cx, key))
        return;
    doku_technique t = m->tech;
    if (!m->dynamic)
        t = kind == 2 ? DOKU_TECH_REGION_FORCING : DOKU_TECH_CELL_FORCING;
    if (!logic_allowed(L, t))
        return;
    best_set(&m->bb, rating, cx, key);
    const char *name;
    if (m->dynamic)
        name = kind == 0 ? "Dynamic Double Forcing Chains"
               : kind == 1 ? "Dynamic Cell Forcing Chains"
                           : "Dynamic Region Forcing Chains";
    else
        name = kind == 1 ? "Cell Forcing Chains" : "Region Forcing Chains";
    if (m->tech == DOKU_TECH_DYNAMIC_PLUS)
        name = kind == 0 ? "Dynamic Double Forcing Chains (+)"
               : kind == 1 ? "Dynamic Cell Forcing Chains (+)"
                           : "Dynamic Region Forcing Chains (+)";
    lstep_begin(L, t, rating, name);
    conclude(L, node);
    char a[24], un[40];
    if (kind == 2) {
        logic_unitname(L, cell_or_unit, un, sizeof un);
        lstep_text(L, "%s: every place for %d in %s leads to ", name, NDIG(srcs[0]), un);
    } else if (kind == 1) {
        logic_cellname(L, cell_or_unit, a, sizeof a);
        lstep_text(L, "%s: every candidate of %s leads to ", name, a);
    } else {
        logic_cellname(L, NCELL(srcs[0]), a, sizeof a);
        lstep_text(L, "%s: %s being %d or not both lead to ", name, a, NDIG(srcs[0]));
    }
    node_text(L, node);
    lstep_text(L, " (");
    for (int i = 0; i < nb; i++) {
        if (i)
            lstep_text(L, "; ");
        chain_text(L, brs[i], br_get(brs[i], node));
    }
    lstep_text(L, ")");
}

static void region_chains(doku_logic *L, multi_ctx *m, int cell, int d, branch *own)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    for (int j = 0; j < L->ncunits[cell]; j++) {
        int u = L->cunits[(size_t)cell * L->maxcu + j];
        lmask pm = L->pos[(size_t)u * n + d - 1];
        int card = lpop(pm);
        if (!(card == 2 || (m->multiple && card > 2)))
            continue;
        if (logic_unit_cell(L, u, lfirst(pm)) != cell)
            continue; /* each unit once, from its first place */
        branch *brs[DOKU_MAX_N];
        int srcs[DOKU_MAX_N], nb = 0, bi = n + 1;
        lmask mm = pm;
        while (mm) {
            int c = logic_unit_cell(L, u, lfirst(mm));
            mm &= mm - 1;
            srcs[nb] = NODE(c, d, 1);
            if (c == cell) {
                brs[nb++] = own;
            } else {
                branch *b = &w->br[bi++];
                int oi, fi;
                start_walk(L, b, NODE(c, d, 1), &m->wo, &oi, &fi);
                brs[nb++] = b;
            }
        }
        /* conclusions common to all branches: walk the smallest */
        branch *b0 = brs[0];
        for (int i = 0; i < b0->ninst; i++) {
            int node = b0->inode[i];
            if (br_get(b0, node) != i)
                continue;
            int all = 1;
            for (int k = 1; k < nb && all; k++)
                all = br_has(brs[k], node);
            if (all)
                emit_multi(L, m, 2, node, brs, srcs, nb, u);
        }
    }
}

static int multi_search(doku_logic *L, multi_ctx *m)
{
    struct chain_ws *w = L->cw;
    int n = L->n;
    if (!m->dynamic && build_graph(L))
        return 0;
    for (int c = 0; c < L->nc; c++) {
        if (L->val[c])
            continue;
        int card = lpop(L->cand[c]);
        if (!(card > 2 || (card > 1 && m->dynamic)))
            continue;
        branch *vb[DOKU_MAX_N];
        int vsrc[DOKU_MAX_N], nv = 0;
        lmask mm = L->cand[c];
        while (mm) {
            int d = lfirst(mm) + 1;
            mm &= mm - 1;
            branch *bon = &w->br[nv];
            branch *boff = &w->br[n];
            int on_i, off_i;
            int onsrc = NODE(c, d, 1);
            int r = start_walk(L, bon, onsrc, &m->wo, &on_i, &off_i);
            int do_contra = m->dynamic || m->nishio;
            if (do_contra && r > 0)
                emit_contradiction(L, m, bon, onsrc, on_i, off_i);
            int do_double = card >= 3 && !m->nishio && m->dynamic;
            if (do_contra || do_double) {
                int r2 = start_walk(L, boff, NODE(c, d, 0), &m->wo, &on_i, &off_i);
                if (do_contra && r2 > 0)
                    emit_contradiction(L, m, boff, NODE(c, d, 0), on_i, off_i);
                if (do_double) {
                    branch *pair[2] = {bon, boff};
                    int srcs[2] = {onsrc, onsrc ^ 1};
                    for (int i = 0; i < bon->ninst; i++) {
                        int node = bon->inode[i];
                        if (br_get(bon, node) != i || node == onsrc)
                            continue;
                        if (br_has(boff, node))
                            emit_multi(L, m, 0, node, pair, srcs, 2, c);
                    }
                }
            }
            if (!m->nishio)
                region_chains(L, m, c, d, bon);
            vb[nv] = bon;
            vsrc[nv] = onsrc;
            nv++;
        }
        if (!m->nishio && (card == 2 || (m->multiple && card > 2))) {
            branch *b0 = vb[0];
            for (int i = 0; i < b0->ninst; i++) {
                int node = b0->inode[i];
                if (br_get(b0, node) != i)
                    continue;
                int all = 1;
                for (int k = 1; k < nv && all; k++)
                    all = br_has(vb[k], node);
                if (all)
                    emit_multi(L, m, 1, node, vb, vsrc, nv, c);
            }
        }
    }
    return m->bb.found;
}

int logic_chain_nishio(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {0, 1, 0}, 75, 1, 0, 1, DOKU_TECH_NISHIO};
    return multi_search(L, &m);
}

int logic_chain_multiple(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 0, 0}, 80, 0, 1, 0, DOKU_TECH_CELL_FORCING};
    return multi_search(L, &m);
}

int logic_chain_dynamic(doku_logic *L)
{
    if (!L->cw)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 1, 0}, 85, 0, 1, 1, DOKU_TECH_DYNAMIC_FORCING};
    return multi_search(L, &m);
}

/* The (+) walks re-run pattern searches at every stall of every walk.
 * Past SE's own grid size that cost explodes (first blue 16x16 puzzle:
 * 26.7 s against 0.77 s without; a lewis 25x25 grid: 575 s against
 * 5.4 s), and SE has no ratings there to agree with, so larger grids go
 * on to the labelled trial step instead. */
enum { PLUS_MAX_SIDE = 9 };

int logic_chain_dynamic_plus(doku_logic *L)
{
    if (!L->cw || L->n > PLUS_MAX_SIDE)
        return 0;
    multi_ctx m = {{0, 0, 0, 0}, {1, 1, 1}, 90, 0, 1, 1, DOKU_TECH_DYNAMIC_PLUS};
    return multi_search(L, &m);
}
