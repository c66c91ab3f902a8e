/*
 * chain_internal.h — what the chain modules share: the node numbering, a
 * branch (one walk's instances and queues), the workspace that holds the
 * branches and the link graph, and the ranking of found chains.
 *
 * A candidate assumed true ("on") or false ("off") is a node; a walk from
 * one assumption records each node's instance with its parent instances,
 * so a chain's length is its number of distinct ancestors. The modules:
 * chain_arena.c (workspace, branches), chain_links.c (the links between
 * nodes, static graph and dynamic), chain_text.c (how a chain reads),
 * chain_scc.c (which sources can succeed), chain_cycles.c (cycles and
 * AICs) and chain_forcing.c (Nishio, cell/region and dynamic forcing
 * chains). None of them calls back into a module that calls it.
 */
#ifndef DOKU_CHAIN_INTERNAL_H
#define DOKU_CHAIN_INTERNAL_H

#include "logic_internal.h"

#include <string.h>

/* Node numbering (the same as plus_node in chains_plus.h); L in scope. */
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
    int32_t *inest;    /* nested chain id of an instance (chain_nested.c), or -1 */
    int32_t *icause;   /* an on instance's cause in a dynamic walk (gen_cause) */
    uint16_t *pcount;
    int ninst, capinst;
    int32_t *pool;     /* parent instance indexes */
    int npool, cappool;
    int32_t *qon, *qoff; /* FIFO queues of instances */
    int hon, ton, hoff, toff;
    int *nomem;        /* the context's allocation-failure flag (logic_nomem):
                          set when the branch cannot grow */
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
    int32_t *gen_cause; /* an on link's cause: -2 its cell, u unit u, -1 none */
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
    /* nested chains (chain_nested.c): the complexity of each inner chain
     * an instance came from, by id; reset by each search */
    int32_t *nest_cx;
    uint32_t *nest_mark;
    uint32_t nest_gen;
    int nnest, capnest;
    struct nest_ws *nw;   /* the inner searches' own workspace, or NULL */
    struct nest_memo *memo; /* what inner rules reported per grid (chain_nest_memo.c) */
    doku_logic *child;    /* the context inner forcing searches run in */
    /* reach cache of the forcing searches (chain_forcing.c) */
    uint64_t *reach;
    uint32_t *reachstamp, reachgen; /* [NN / 2] which on-walks are in reach */
    size_t reachcap;
    int reachwords;
};

/* The static links of node pn, one part at a time: part 0 its B links
 * (the cell, SE's Y part), part 1 its A links. Cycles, forcing and their
 * callers walk the parts in this order, so the order is the contract. */
typedef struct {
    const int32_t *to;
    int begin, end;
} edge_span;

static inline edge_span static_edges(const struct chain_ws *w, int part, int pn)
{
    const int32_t *s = part ? w->sa : w->sb;
    edge_span e = {part ? w->la : w->lb, s[pn], s[pn + 1]};
    return e;
}

/* Starts a new generation of w->seen (a node is seen when its stamp
 * equals w->seengen), clearing the stamps when the counter wraps. */
static inline void seen_next(struct chain_ws *w)
{
    if (++w->seengen == 0) {
        memset(w->seen, 0, sizeof(uint32_t) * (size_t)w->NN);
        w->seengen = 1;
    }
}

/* One step of a walk over the ancestors of the instances on w->stack
 * (*sp entries): pops until an instance whose node is not yet seen in
 * this generation, marks the node, pushes the instance's parents.
 * @return that instance, or -1 when the walk is over. A node reached
 * again through other parents (cycles) is visited once. */
static inline int ancestor_next(struct chain_ws *w, const branch *b, int *sp)
{
    while (*sp) {
        int x = w->stack[--*sp];
        int node = b->inode[x];
        if (w->seen[node] == w->seengen)
            continue;
        w->seen[node] = w->seengen;
        for (int k = 0; k < b->pcount[x]; k++)
            if (*sp < w->NN * 4)
                w->stack[(*sp)++] = b->pool[b->pstart[x] + k];
        return x;
    }
    return -1;
}

/* --- branches (chain_arena.c and inline) --- */
static inline void br_reset(branch *b)
{
    b->gen++;
    if (b->gen == 0) { /* wrapped: clear stamps */
        b->gen = 1;
    }
    b->ninst = 0;
    b->npool = 0;
    b->hon = b->ton = b->hoff = b->toff = 0;
}

static inline int br_has(const branch *b, int node) { return b->stamp[node] == b->gen; }
static inline int br_get(const branch *b, int node) { return b->stamp[node] == b->gen ? b->slot[node] : -1; }


/* Makes room for one more instance with np parents (chain_arena.c).
 * @return 0, or -1 without memory. */
int chain_br_grow(branch *b, int np);

/* New instance of node with the given parent instances; mapped if map.
 * @return its index, or -1 without memory. */
static inline int br_new(branch *b, int node, const int32_t *parents, int np, int map)
{
    if ((b->ninst == b->capinst || b->npool + np > b->cappool) && chain_br_grow(b, np))
        return -1;
    int i = b->ninst++;
    b->inode[i] = node;
    b->inest[i] = -1;
    b->icause[i] = -1;
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
        b->inest[i] = -1;
        b->icause[i] = -1;
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
int chain_ancestors(doku_logic *L, const branch *b, int i);

/* SE's complexity of a conclusion reached at instances inst[0..k) of b:
 * the sum of their ancestor counts, plus, once per distinct nested chain
 * among all their ancestors, that nested chain's own complexity. */
int chain_complexity(doku_logic *L, const branch *b, const int *inst, int k);

/* --- links (chain_links.c) --- */
/* The off consequences of (cell, d) on, in w->gen_*. */
void chain_on_to_off(doku_logic *L, const lmask *g, int cell, int d, int useY);
/* The on consequences of (cell, d) off, in w->gen_*, with hidden parents
 * (dynamic mode: the removals that made the link) where src != g. */
void chain_off_to_on(doku_logic *L, const lmask *g, const lmask *gpos, const lmask *src,
               const lmask *spos, int cell, int d, int useY, int useX);
/* Builds the static link graph of L's grid into w->sa/la/sb/lb.
 * @return 0 or -1 without memory. */
int chain_build_graph(doku_logic *L);
/* The links of node in the static graph, in w->gen_* (no hidden parents). */
void chain_static_links(doku_logic *L, int node, int useY, int useX);

/* --- step text (chain_text.c) --- */
/* Appends "r1c2=5" (on) or "r1c2<>5" (off). */
void chain_node_text(doku_logic *L, int node);
/* Appends the main line of a chain: root to instance i by first parents. */
void chain_text(doku_logic *L, const branch *b, int i);
/* Adds the candidates of that line to the step's proof. */
void chain_proof(doku_logic *L, const branch *b, int i);

/* --- source filter (chain_scc.c) --- */
int chain_scc_filter(doku_logic *L, int useY, int useX, uint8_t *ok);

/* --- nested chains (chain_nested.c, chain_nesting.c) --- */
/* Receives one off node an inner chain search found on a walk's reduced
 * grid: its parents (the walk's removals the inner chain needed), the
 * inner chain's complexity, and the inner hint's index (the same for all
 * eliminations of one inner chain, during one call). */
typedef void (*chain_nest_sink)(void *ctx, int node, const int32_t *parents, int np, int cx, int hint);
/* An inner rule of SE's nesting level `level` (>= 2), run on a stalled
 * walk's grid g/gpos against L->cand/L->pos. @return whether it reported
 * anything (the first productive rule of the level reports all its
 * hints, best first). */
typedef int (*chain_inner_rule)(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add,
                                void *ctx);
/* Levels 2 and 3: static forcing chains, then multiple forcing chains. */
int chain_nested_rule(doku_logic *L, const lmask *g, const lmask *gpos, int level, chain_nest_sink add, void *ctx);
/* Registers a nested chain of complexity cx. @return its id, or -1
 * without memory. */
int chain_nest_new(doku_logic *L, int cx);
struct nest_ws;
void chain_nest_ws_free(struct nest_ws *nw);
/* The inner hint list of L (one per context): reset, then for each hint
 * open, add parents (the removals an on node x of cause `cause` relied
 * on: -2 its cell, u its unit) and eliminations, close with its rank;
 * report sends them all, best first, to `add` and empties the list.
 * @return -1 without memory (report: whether it sent anything). */
void chain_nest_reset(doku_logic *L);
int chain_nest_open(doku_logic *L);
int chain_nest_cause_parents(doku_logic *L, const lmask *g, const lmask *gpos, int x, int cause);
int chain_nest_elim(doku_logic *L, int node);
int chain_nest_close(doku_logic *L, int rating, int cx, int key, int seq);
int chain_nest_report(doku_logic *L, chain_nest_sink add, void *ctx);

/* Reachability through the static links of a walk's grid g/gpos
 * (chain_nest_reach.c; the links of chain_nest_links.h, Y links with
 * useY). build: into *rp (made on first use, freed with
 * chain_nest_reach_free). @return 0, or -1 when it cannot be built (no
 * memory, or a grid too large): then walk every source.
 * reaches: whether a walk from x reaches y (x == y counts).
 * mark: marks node x (the marks last until the next build); common:
 * whether some marked node is reached from every one of srcs[0..k),
 * k <= DOKU_MAX_N. */
struct nest_reach;
int chain_nest_reach_build(doku_logic *L, struct nest_reach **rp, const lmask *g, const lmask *gpos, int useY);
int chain_nest_reaches(const struct nest_reach *r, int x, int y);
void chain_nest_reach_mark(struct nest_reach *r, int x);
int chain_nest_reach_common(const struct nest_reach *r, const int *srcs, int k);
void chain_nest_reach_free(struct nest_reach *r);

/* The memo of inner results (chain_nest_memo.c): run calls rule(L, g,
 * gpos, level, add, ctx) unless the same key (the caller's name for the
 * rule and level) and grid g were run since the last clear, and then
 * replays what that run sent to its sink. @return the rule's return
 * value. Clear whenever L->cand changes. */
struct nest_memo;
int chain_nest_memo_run(doku_logic *L, const lmask *g, const lmask *gpos, int level, int key, chain_nest_sink add,
                        void *ctx, chain_inner_rule rule);
void chain_nest_memo_clear(doku_logic *L);
void chain_nest_memo_free(struct nest_memo *m);

/* A context for searches on a walk's reduced grid (chain_arena.c): L's
 * geometry and values, its own candidate grid (to be filled) and chain
 * workspace; made on first use, freed with L's workspace. @return it, or
 * NULL without memory. It never makes steps. */
doku_logic *chain_child(doku_logic *L);
void chain_child_free(doku_logic *C);
/* The child's own pattern memos forgotten (its other memos are L's), at
 * a load: see logic_memo_reset. */
void chain_child_forget(doku_logic *L);

/* --- the forcing search as an inner rule (chain_forcing.c) --- */
/* One hint of a search run in collect mode: the conclusion `node` (on:
 * place, off: remove), reached at instance inst[i] of brs[i] for each of
 * its nb chains; kind 0 double, 1 cell, 2 region, 7 contradiction (whose
 * two instances are the on and off ends); for kind 1 and 2, src is a
 * source node and unit the region (-1 for a cell). */
typedef struct chain_hint {
    int kind, node, src, unit;
    branch *const *brs;
    const int *inst;
    int nb;
    int rating, cx, key, seq;
} chain_hint;
typedef void (*chain_hint_sink)(void *ctx, const chain_hint *h);
/* SE's dynamic forcing chains of nesting level `level` (0 plain, 1 (+),
 * 2+ nested with inner rule `inner`) on L's grid: with collect, every
 * hint goes to it and no step is made; without, the best becomes L's
 * step. @return whether anything was found. */
int chain_forcing_search(doku_logic *L, int level, chain_inner_rule inner, chain_hint_sink collect, void *cctx);

/* --- ranking of found chains (SE sorts by difficulty, complexity, kind) --- */
typedef struct best {
    int rating, complexity, key, found;
} best;

static inline int better(const best *b, int rating, int complexity, int key)
{
    if (!b->found)
        return 1;
    if (rating != b->rating)
        return rating < b->rating;
    if (complexity != b->complexity)
        return complexity < b->complexity;
    return key < b->key;
}

static inline void best_set(best *b, int rating, int complexity, int key)
{
    b->rating = rating;
    b->complexity = complexity;
    b->key = key;
    b->found = 1;
}

/* Whether any chain of complexity cx (or more) at this base rating would
 * lose to the best found so far: lets a breadth-first walk stop early. */
static inline int too_long(const best *b, int base, int cx)
{
    if (!b->found)
        return 0;
    int r = base + logic_length_bonus(cx);
    return r > b->rating || (r == b->rating && cx > b->complexity);
}

#endif
