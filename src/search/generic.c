/*
 * generic.c — the search engine for every shape and variant.
 *
 * The candidate grid is held twice, kept in step: per cell, the digits it
 * may still take (cand), and per unit and digit, the positions in the unit
 * that may still take it (pos). Every rule is then triggered by the change
 * that makes it fire instead of by scanning: a cell left with one digit is
 * a naked single, a unit-digit left with one position is a hidden single,
 * a unit-digit whose positions all lie where the unit overlaps another unit
 * is a locked candidate (pointing/claiming, on the pairs of generic_tables.c),
 * and an empty cell or unit-digit is a contradiction. A cell or unit-digit
 * left with two is checked for a naked or hidden pair. Placing a digit
 * only visits the peers that still hold it (read from pos), not all peers.
 *
 * Changes go on a trail (cell, digits removed) that backtracking replays
 * backwards, so undo costs what the level changed, never a grid copy (a
 * 64x64 grid would need 32 KB per level).
 *
 * Branching: the unsolved cell with the fewest candidates, ties to the
 * most constrained; when that is two, a few two-candidate cells are probed
 * both ways (a refuted digit is removed on the spot) and the one whose
 * branches propagate furthest is chosen; the first digit tried is the one
 * with the fewest places left in the cell's units. The child tries one digit; when it
 * is exhausted the digit is removed in the parent, which propagates and
 * chooses again. For solve and uniqueness a short first run branches
 * without probing (easy puzzles end there, cheaply); then restarts with a
 * growing allowance guard against one early wrong choice (generic_run).
 */
#include "generic_internal.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

/* Naked and hidden pairs: on the blue 16x16 set they cut guesses by a
 * third and instructions by ~11% (measured with callgrind). */
enum { SUBSETS = 1 };

typedef struct trail_entry {
    uint64_t removed;    /* digits removed from cell; 0: cell was placed */
    uint32_t cell;
} trail_entry;

struct generic_engine {
    const doku_shape *s; /* &view */
    doku_shape view;     /* the shape plus implied units (generic_view_build) */
    int n, ncells, nunits, maxu;
    uint64_t full;
    generic_tables tables;

    /* The grid being searched. */
    uint64_t *cand;      /* [ncells] candidates; one bit once placed/pending.
                          * Not the kernel's 0 (cands.h): undo would have
                          * to restore it, +1.3% instructions (measured) */
    uint64_t *pos;       /* [nunits * n] positions of digit d in unit u */
    uint8_t *val;        /* [ncells] placed digit, 0 if not placed */
    uint16_t *open;      /* [nunits] cells not yet placed */
    uint8_t *span;       /* [nunits] widest overlap, last - first position */
    int filled;
    int probing;         /* this run chooses branches by probing */
    int oom;             /* the trail could not grow */

    trail_entry *trail;
    size_t ntrail, trail_cap;

    /* Work lists of one propagation. */
    uint16_t *naked;     /* cells down to one candidate, to be placed */
    int nnaked;
    uint32_t *ud;        /* unit-digits (u * n + d) to look at */
    int nud;
    uint8_t *ud_queued;  /* [nunits * n] */
    uint16_t *pair_cells;    /* cells down to two candidates (naked pairs) */
    int npair_cells;
    uint8_t *pair_cell_queued; /* [ncells] */
    uint32_t *pair_ud;       /* unit-digits down to two places (hidden pairs) */
    int npair_ud;
    uint8_t *pair_ud_queued; /* [nunits * n] */

    /* Restarts (see generic_run). */
    uint64_t seed;       /* 0: the plain order; else tie-break noise */
    uint64_t run_cap;    /* node count at which this run gives way, 0 none */
    int aborted;
    int have_first;
    uint8_t *first;      /* [ncells] the first solution reported */
    uint64_t fails;      /* dead ends met in this run */
    uint64_t fail_need;  /* dead ends a run needs before it may give way */

    generic_cdcl *cdcl;  /* NULL until a search hands over to it */
};

/* The first overlap of unit u that holds all positions p (p has two or
 * more), as pair * 2 + side, or -1. Only overlaps through p's lowest
 * position can hold p, so few are looked at. */
static inline long overlap_holding(const generic_engine *e, size_t u, uint64_t p)
{
    const generic_tables *t = &e->tables;
    size_t slot = u * (size_t)e->n + (size_t)bits_lowest(p);
    const uint64_t *in = t->at_mask + slot * (size_t)e->maxu;
    for (int k = 0, nk = t->at_pos_count[slot]; k < nk; k++)
        if (!(p & ~in[k]))
            return (long)t->at_pos[slot * (size_t)e->maxu + (size_t)k];
    return -1;
}

doku_status generic_create(const doku_shape *s, generic_engine **out)
{
    generic_engine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    if (generic_view_build(s, &e->view) != DOKU_OK) {
        free(e);
        return DOKU_ERR_NOMEM;
    }
    s = e->s = &e->view;
    e->n = s->n;
    e->ncells = s->ncells;
    e->nunits = s->nunits;
    e->maxu = s->max_cell_units;
    e->full = s->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << s->n) - 1);
    size_t nc = (size_t)s->ncells, nud = (size_t)s->nunits * (size_t)s->n;
    e->cand = malloc(sizeof *e->cand * nc);
    e->pos = malloc(sizeof *e->pos * nud);
    e->val = malloc(nc);
    e->open = malloc(sizeof *e->open * (size_t)s->nunits);
    e->span = calloc((size_t)s->nunits, 1);
    e->naked = malloc(sizeof *e->naked * nc);
    e->ud = malloc(sizeof *e->ud * nud);
    e->ud_queued = calloc(nud, 1);
    e->pair_cells = malloc(sizeof *e->pair_cells * nc);
    e->pair_cell_queued = calloc(nc, 1);
    e->pair_ud = malloc(sizeof *e->pair_ud * nud);
    e->pair_ud_queued = calloc(nud, 1);
    e->first = malloc(nc);
    e->trail_cap = 4 * nc;
    e->trail = malloc(sizeof *e->trail * e->trail_cap);
    if (!e->cand || !e->pos || !e->val || !e->open || !e->span || !e->naked ||
        !e->ud || !e->ud_queued || !e->pair_cells || !e->pair_cell_queued ||
        !e->pair_ud || !e->pair_ud_queued || !e->first || !e->trail ||
        generic_tables_build(s, &e->tables) != DOKU_OK) {
        generic_free(e);
        return DOKU_ERR_NOMEM;
    }
    for (size_t i = 0; i < e->tables.up.npairs; i++)
        for (int side = 0; side < 2; side++) {
            uint64_t m = e->tables.up.pairs[i].in[side];
            int u = e->tables.up.pairs[i].unit[side], w = bits_highest(m) - bits_lowest(m);
            if (w > e->span[u])
                e->span[u] = (uint8_t)w;
        }
    *out = e;
    return DOKU_OK;
}

void generic_free(generic_engine *e)
{
    if (!e)
        return;
    generic_cdcl_free(e->cdcl);
    generic_tables_free(&e->tables);
    generic_view_free(&e->view);
    free(e->cand);
    free(e->pos);
    free(e->val);
    free(e->open);
    free(e->span);
    free(e->naked);
    free(e->ud);
    free(e->ud_queued);
    free(e->pair_cells);
    free(e->pair_cell_queued);
    free(e->pair_ud);
    free(e->pair_ud_queued);
    free(e->first);
    free(e->trail);
    free(e);
}

/* The trail's slow path, out of line. @return 0 when it cannot grow (the
 * search then gives up). */
static __attribute__((noinline)) int grow_trail(generic_engine *e)
{
    trail_entry *t = realloc(e->trail, sizeof *t * e->trail_cap * 2);
    if (!t) {
        e->oom = 1;
        return 0;
    }
    e->trail = t;
    e->trail_cap *= 2;
    return 1;
}

/* @return 0 when the trail cannot grow (the search then gives up). */
static inline int push_trail(generic_engine *e, uint32_t cell, uint64_t removed)
{
    if (__builtin_expect(e->ntrail == e->trail_cap, 0) && !grow_trail(e))
        return 0;
    e->trail[e->ntrail].removed = removed;
    e->trail[e->ntrail++].cell = cell;
    return 1;
}

static void undo_to(generic_engine *e, size_t mark)
{
    /* Locals: pos and cand are uint64_t like e's size_t fields, so every
     * store through them would otherwise force those fields to reload. */
    const doku_shape *s = e->s;
    const size_t n = (size_t)e->n, maxu = (size_t)e->maxu;
    uint64_t *pos = e->pos, *cand = e->cand;
    const uint8_t *cell_index = e->tables.cell_index;
    const trail_entry *trail = e->trail;
    size_t i = e->ntrail;
    while (i > mark) {
        const trail_entry *t = &trail[--i];
        size_t c = t->cell;
        const uint16_t *cu = s->cell_units + c * maxu;
        int k = s->cell_nunits[c];
        uint64_t removed = t->removed;
        if (!removed) {
            e->val[c] = 0;
            e->filled--;
            for (int j = 0; j < k; j++)
                e->open[cu[j]]++;
            continue;
        }
        cand[c] |= removed;
        const uint8_t *ci = cell_index + c * maxu;
        for (; removed; removed &= removed - 1) {
            size_t d = (size_t)bits_lowest(removed);
            for (int j = 0; j < k; j++)
                pos[cu[j] * n + d] |= (uint64_t)1 << ci[j];
        }
    }
    e->ntrail = i;
}

/* Removes the digits in drop from cell c, keeping pos in step and queueing
 * the rules the change may trigger. @return 0 on contradiction. A failed
 * call may leave pos half updated; undo restores it (it only sets bits
 * that were set before). Unit skip (-1: none) is left as it is: place()
 * uses it for the unit whose digit it has just solved. */
static int eliminate_except(generic_engine *e, int c, uint64_t drop, int skip)
{
    uint64_t m = e->cand[c];
    drop &= m;
    if (!drop)
        return 1;
    m &= ~drop;
    if (!m || !push_trail(e, (uint32_t)c, drop))
        return 0;
    e->cand[c] = m;
    if (bits_single(m))
        e->naked[e->nnaked++] = (uint16_t)c;
    else if (SUBSETS && bits_single(m & (m - 1)) && !e->pair_cell_queued[c]) {
        e->pair_cell_queued[c] = 1;
        e->pair_cells[e->npair_cells++] = (uint16_t)c;
    }
    /* Locals: the queue flags are bytes, whose stores may alias any field
     * of e, which the compiler would otherwise reload every time. */
    const doku_shape *s = e->s;
    const size_t n = (size_t)e->n;
    uint64_t *pos = e->pos;
    uint8_t *ud_queued = e->ud_queued, *pair_ud_queued = e->pair_ud_queued;
    const uint8_t *val = e->val, *span = e->span;
    const uint16_t *unit_cells = s->unit_cells;
    const uint16_t *cu = s->cell_units + (size_t)c * e->maxu;
    const uint8_t *ci = e->tables.cell_index + (size_t)c * e->maxu;
    int k = s->cell_nunits[c];
    for (; drop; drop &= drop - 1) {
        size_t d = (size_t)bits_lowest(drop);
        for (int j = 0; j < k; j++) {
            size_t u = cu[j], key = u * n + d;
            if ((int)u == skip)
                continue;
            uint64_t p = pos[key] & ~((uint64_t)1 << ci[j]);
            pos[key] = p;
            if (!p)
                return 0;
            if (ud_queued[key])
                ;
            else if (bits_single(p)) {
                /* A unit-digit down to a placed cell needs no look. */
                if (!val[unit_cells[u * n + (size_t)bits_lowest(p)]]) {
                    ud_queued[key] = 1;
                    e->ud[e->nud++] = (uint32_t)key;
                }
                continue;
            } else if (bits_highest(p) - bits_lowest(p) <= span[u] && overlap_holding(e, u, p) >= 0) {
                /* The span test is a cheap necessary condition for an
                 * overlap to hold p (rows and columns fail it early). */
                ud_queued[key] = 1;
                e->ud[e->nud++] = (uint32_t)key;
            }
            if (SUBSETS && !bits_single(p) && bits_single(p & (p - 1)) && !pair_ud_queued[key]) {
                pair_ud_queued[key] = 1;
                e->pair_ud[e->npair_ud++] = (uint32_t)key;
            }
        }
    }
    return 1;
}

static int eliminate(generic_engine *e, int c, uint64_t drop)
{
    return eliminate_except(e, c, drop, -1);
}

/* Places the single candidate of c and removes it from the peers that
 * still hold it. @return 0 on contradiction. */
static int place(generic_engine *e, int c)
{
    if (e->val[c])
        return 1;
    const doku_shape *s = e->s;
    uint64_t bit = e->cand[c];
    size_t d = (size_t)bits_lowest(bit);
    if (!push_trail(e, (uint32_t)c, 0))
        return 0;
    e->val[c] = (uint8_t)(d + 1);
    e->filled++;
    const uint16_t *cu = s->cell_units + (size_t)c * e->maxu;
    const uint8_t *ci = e->tables.cell_index + (size_t)c * e->maxu;
    for (int j = 0, k = s->cell_nunits[c]; j < k; j++) {
        int u = cu[j];
        e->open[u]--;
        const uint16_t *uc = s->unit_cells + (size_t)u * e->n;
        uint64_t *p = &e->pos[u * (size_t)e->n + d], own = (uint64_t)1 << ci[j];
        for (uint64_t q = *p & ~own; q; q &= q - 1)
            if (!eliminate_except(e, uc[bits_lowest(q)], bit, u))
                return 0;
        /* The peers' eliminations leave (u, d) alone: it is solved, and
         * looking at it on the way down would be wasted. Undo restores it
         * from their trail entries. */
        *p = own;
    }
    return 1;
}

/* Looks at one unit-digit: a hidden single, or locked candidates on each
 * overlap that holds all its positions. @return 0 on contradiction. */
static int check_unit_digit(generic_engine *e, uint32_t key)
{
    const doku_shape *s = e->s;
    int u = (int)(key / (uint32_t)e->n);
    size_t d = key % (uint32_t)e->n;
    uint64_t bit = (uint64_t)1 << d, p = e->pos[key];
    if (bits_single(p)) {
        int c = s->unit_cells[(size_t)u * e->n + (size_t)bits_lowest(p)];
        return e->val[c] ? 1 : eliminate(e, c, e->cand[c] & ~bit);
    }
    /* Every overlap that holds p goes through p's lowest position. */
    const generic_tables *t = &e->tables;
    size_t slot = (size_t)u * (size_t)e->n + (size_t)bits_lowest(p);
    const uint32_t *at = t->at_pos + slot * (size_t)e->maxu;
    const uint64_t *in = t->at_mask + slot * (size_t)e->maxu;
    for (int k = 0, nk = t->at_pos_count[slot]; k < nk; k++) {
        if (p & ~in[k])
            continue;
        const unit_pair *pr = &t->up.pairs[at[k] >> 1];
        int side = (int)(at[k] & 1);
        int v = pr->unit[!side];
        const uint16_t *vc = s->unit_cells + (size_t)v * e->n;
        uint64_t q = e->pos[v * (size_t)e->n + d] & ~pr->in[!side];
        for (; q; q &= q - 1)
            if (!eliminate(e, vc[bits_lowest(q)], bit))
                return 0;
    }
    return 1;
}

static void clear_queues(generic_engine *e)
{
    e->nnaked = 0;
    while (e->nud)
        e->ud_queued[e->ud[--e->nud]] = 0;
    while (e->npair_ud)
        e->pair_ud_queued[e->pair_ud[--e->npair_ud]] = 0;
    while (e->npair_cells)
        e->pair_cell_queued[e->pair_cells[--e->npair_cells]] = 0;
}

/* Naked pair: c has two digits; a unit-mate with the same two takes them
 * from the rest of the unit. @return 0 on contradiction. */
static int naked_pair(generic_engine *e, int c)
{
    const doku_shape *s = e->s;
    uint64_t m = e->cand[c];
    if (bits_single(m) || !bits_single(m & (m - 1))) /* placed: one bit */
        return 1;
    const uint16_t *cu = s->cell_units + (size_t)c * e->maxu;
    const uint8_t *ci = e->tables.cell_index + (size_t)c * e->maxu;
    for (int j = 0, k = s->cell_nunits[c]; j < k; j++) {
        const uint16_t *uc = s->unit_cells + (size_t)cu[j] * e->n;
        /* A mate holds both digits, so only the places both digits still
         * have are looked at (a placed cell has one candidate, never m). */
        const uint64_t *pu = e->pos + (size_t)cu[j] * e->n;
        uint64_t both = pu[bits_lowest(m)] & pu[bits_highest(m)] & ~((uint64_t)1 << ci[j]);
        for (; both; both &= both - 1) {
            int i = bits_lowest(both);
            if (e->cand[uc[i]] != m)
                continue;
            uint64_t keep = ((uint64_t)1 << i) | ((uint64_t)1 << ci[j]);
            for (uint64_t r = m; r; r &= r - 1) {
                size_t d = (size_t)bits_lowest(r);
                uint64_t q = e->pos[cu[j] * (size_t)e->n + d] & ~keep;
                for (; q; q &= q - 1)
                    if (!eliminate(e, uc[bits_lowest(q)], (uint64_t)1 << d))
                        return 0;
            }
            break;
        }
    }
    return 1;
}

/* Hidden pair: digit d has two places in unit u; another digit with the
 * same two places leaves those cells nothing else. */
static int hidden_pair(generic_engine *e, uint32_t key)
{
    uint64_t p = e->pos[key];
    if (bits_single(p) || !bits_single(p & (p - 1)))
        return 1;
    size_t u = key / (uint32_t)e->n, d = key % (uint32_t)e->n;
    const uint16_t *uc = e->s->unit_cells + u * (size_t)e->n;
    int c1 = uc[bits_lowest(p)], c2 = uc[bits_highest(p)];
    uint64_t bit = (uint64_t)1 << d;
    for (uint64_t r = e->cand[c1] & e->cand[c2] & ~bit; r; r &= r - 1) {
        size_t d2 = (size_t)bits_lowest(r);
        if (e->pos[u * (size_t)e->n + d2] != p)
            continue;
        uint64_t keep = bit | ((uint64_t)1 << d2);
        return eliminate(e, c1, e->cand[c1] & ~keep) && eliminate(e, c2, e->cand[c2] & ~keep);
    }
    return 1;
}

/* Runs every rule to a fixpoint. @return 0 on contradiction. Leaves the
 * work lists empty either way. */
static int propagate(generic_engine *e)
{
    int ok = 1;
    while (ok) {
        if (e->nnaked) {
            ok = place(e, e->naked[--e->nnaked]);
        } else if (e->nud) {
            uint32_t key = e->ud[--e->nud];
            e->ud_queued[key] = 0;
            ok = check_unit_digit(e, key);
        } else if (e->npair_ud) {
            uint32_t key = e->pair_ud[--e->npair_ud];
            e->pair_ud_queued[key] = 0;
            ok = hidden_pair(e, key);
        } else if (e->npair_cells) {
            int c = e->pair_cells[--e->npair_cells];
            e->pair_cell_queued[c] = 0;
            ok = naked_pair(e, c);
        } else {
            break;
        }
    }
    clear_queues(e);
    return ok;
}

/* Sets one cell to one digit (a trial or a branch) and propagates.
 * @return 0 on contradiction. */
static int assign(generic_engine *e, int c, uint64_t bit)
{
    if (eliminate(e, c, e->cand[c] & ~bit))
        return propagate(e);
    clear_queues(e); /* a failed elimination may have queued work */
    return 0;
}

/* Removes a refuted digit and propagates. @return 0 on contradiction. */
static int refute(generic_engine *e, int c, uint64_t bit)
{
    if (eliminate(e, c, bit))
        return propagate(e);
    clear_queues(e);
    return 0;
}

/* A 64-bit mix (splitmix64's finaliser): the restart noise, a pure
 * function of its input so no generator state is needed. */
static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The unsolved cell with the fewest candidates; ties go to the cell whose
 * units have the most open cells (it constrains most), then to restart
 * noise. */
static int pick_cell(const generic_engine *e)
{
    const doku_shape *s = e->s;
    int best = -1, best_count = 65;
    long best_score = -1;
    for (int c = 0; c < e->ncells; c++) {
        if (e->val[c])
            continue;
        int k = bits_count(e->cand[c]);
        if (k > best_count)
            continue;
        const uint16_t *cu = s->cell_units + (size_t)c * e->maxu;
        long score = 0;
        for (int j = 0, nk = s->cell_nunits[c]; j < nk; j++)
            score += e->open[cu[j]];
        if (e->seed)
            score = score * 64 + (long)(mix64(e->seed ^ (uint64_t)c) & 63);
        if (k < best_count || score > best_score) {
            best_count = k;
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* Tries digit bit in cell c and undoes it. @return -1 on contradiction,
 * else how many cells the assignment changed (its reach). */
static long probe(generic_engine *e, int c, uint64_t bit)
{
    size_t mark = e->ntrail;
    int ok = assign(e, c, bit);
    long reach = (long)(e->ntrail - mark);
    undo_to(e, mark);
    return ok ? reach : -1;
}

/* 16 probed cells: on the hardest 16x16 set, 8 probe too few to steer and
 * 32 cost more than they save (measured; see docs/ARCHITECTURE.md). */
enum { PICK_DEAD = -1, PICK_AGAIN = -2, PROBE_CELLS = 16 };

/* Counts one unit of work. @return nonzero when the search must unwind:
 * budget exhausted (ctx->stop) or this restart's allowance used up (its
 * nodes, and enough dead ends: see FAIL_SHARE). */
static int count_node(generic_engine *e, search_ctx *ctx)
{
    if (search_count_node(ctx))
        return 1;
    if (e->run_cap && ctx->nodes >= e->run_cap && e->fails >= e->fail_need) {
        e->aborted = 1;
        return 1;
    }
    return 0;
}

/* The digit of m (two or more) with the fewest places left in one of
 * cell c's units, lowest first on ties: the digit that is hardest to put
 * anywhere else. On near-empty large grids this avoids squeezing a digit
 * out of a unit late in the fill; on lewis 25x25 fill 40 it saves 17% of
 * the nodes, elsewhere it is neutral (measured; see BENCHMARKS.md). */
static uint64_t scarcest_digit(const generic_engine *e, int c, uint64_t m)
{
    const uint16_t *cu = e->s->cell_units + (size_t)c * e->maxu;
    int nk = e->s->cell_nunits[c], best_places = 65;
    uint64_t best = m & (~m + 1);
    for (uint64_t r = m; r; r &= r - 1) {
        size_t d = (size_t)bits_lowest(r);
        int places = 65;
        for (int j = 0; j < nk; j++) {
            int q = bits_count(e->pos[cu[j] * (size_t)e->n + d]);
            if (q < places)
                places = q;
        }
        if (places < best_places) {
            best_places = places;
            best = r & (~r + 1);
        }
    }
    return best;
}

/* Chooses the branch cell and its first digit. When the fewest candidates
 * is two, up to PROBE_CELLS such cells are probed both ways: a refuted
 * digit is removed at once (PICK_AGAIN: choose again; PICK_DEAD if that
 * removal fails), otherwise the cell whose branches reach furthest wins
 * (product of reaches, the lookahead SAT solvers' score). */
static int choose(generic_engine *e, search_ctx *ctx, uint64_t *first)
{
    int c = pick_cell(e);
    uint64_t m = e->cand[c];
    *first = m & (~m + 1);
    if (!bits_single(m & (m - 1)))
        *first = scarcest_digit(e, c, m);
    if (!e->probing || bits_count(m) != 2)
        return c;
    int probed = 0, best = -1, changed = 0;
    int start = e->seed ? (int)(mix64(e->seed) % (uint64_t)e->ncells) : 0;
    double best_score = -1;
    /* Small grids propagate nearly to the end from one digit, so each probe
     * costs a near solve: probe fewer there (9x9 variants: 9). Sides above
     * 32 probe n/2: at the end of a big fill (the two-candidate cells come
     * late) 16 probes steer too little (empty 64x64 with x: 627 ms with
     * 16, 65 ms with 32; sides up to 32, and so every hard set, keep 16). */
    int budget = e->n < PROBE_CELLS ? e->n : e->n / 2 > PROBE_CELLS ? e->n / 2 : PROBE_CELLS;
    for (int i = 0; i < e->ncells && probed < budget; i++) {
        int x = start + i < e->ncells ? start + i : start + i - e->ncells;
        m = e->cand[x];
        if (e->val[x] || bits_count(m) != 2)
            continue;
        probed++;
        if (count_node(e, ctx))
            return PICK_DEAD;
        uint64_t b1 = m & (~m + 1), b2 = m & ~b1;
        long r1 = probe(e, x, b1);
        long r2 = r1 < 0 ? 0 : probe(e, x, b2);
        if (r1 < 0 || r2 < 0) {
            /* Refuted: keep the other digit and go on probing the rest
             * (their earlier scores are only a little stale). */
            if (!refute(e, x, r1 < 0 ? b1 : b2))
                return PICK_DEAD;
            changed = 1;
            continue;
        }
        double score = (double)(r1 + 1) * (double)(r2 + 1);
        if (score > best_score) {
            best_score = score;
            best = x;
            *first = (e->seed && (mix64(e->seed ^ (uint64_t)x << 20) & 1)) ? b2 : b1;
        }
    }
    if (best < 0 || (changed && (!(e->cand[best] & *first) || /* placed: one bit */
                                 bits_single(e->cand[best]))))
        return PICK_AGAIN;
    return best;
}

static void report(generic_engine *e, search_ctx *ctx)
{
    /* Restarts serve finding a first solution; a probing run that has one
     * goes on to completion (a uniqueness proof gains nothing), the plain
     * first run keeps its allowance (it would prove slowly). */
    if (e->probing)
        e->run_cap = 0;
    /* A restart may meet the solution an earlier run already reported. */
    if (ctx->solutions == 1 && e->have_first &&
        memcmp(e->first, e->val, (size_t)e->ncells) == 0)
        return;
    if (ctx->solutions == 0) {
        memcpy(e->first, e->val, (size_t)e->ncells);
        e->have_first = 1;
    }
    search_report_solution(ctx, e->val, e->ncells);
}

/* Searches below a propagated state. On return the caller undoes to its
 * own trail mark. */
static void search(generic_engine *e, search_ctx *ctx)
{
    for (;;) {
        if (e->filled == e->ncells) {
            report(e, ctx);
            return;
        }
        uint64_t bit;
        int c = choose(e, ctx, &bit);
        if (c == PICK_DEAD) {
            e->fails++;
            return;
        }
        if (ctx->stop || e->aborted)
            return;
        if (c == PICK_AGAIN)
            continue;
        if (count_node(e, ctx))
            return;
        ctx->guesses++;
        size_t mark = e->ntrail;
        if (assign(e, c, bit))
            search(e, ctx);
        else
            e->fails++;
        undo_to(e, mark);
        if (ctx->stop || e->aborted || e->oom)
            return;
        /* Every solution with this digit has been seen: drop it. */
        if (!refute(e, c, bit)) {
            e->fails++;
            return;
        }
    }
}

/* Sets up the givens, removes what the pencil marks cands (NULL: none)
 * exclude from the empty cells, and propagates. @return 0 if they
 * contradict. */
static int start(generic_engine *e, const uint8_t *givens, const uint64_t *cands)
{
    for (int c = 0; c < e->ncells; c++) {
        e->cand[c] = e->full;
        e->val[c] = 0;
    }
    for (int u = 0; u < e->nunits; u++) {
        e->open[u] = (uint16_t)e->n;
        for (int d = 0; d < e->n; d++)
            e->pos[u * (size_t)e->n + (size_t)d] = e->full;
    }
    e->filled = 0;
    e->ntrail = 0;
    clear_queues(e);
    int ok = 1;
    for (int c = 0; c < e->ncells && ok; c++) {
        if (!givens[c])
            continue;
        uint64_t bit = (uint64_t)1 << (givens[c] - 1);
        /* The root is never undone: its trail is dropped as it goes. */
        e->ntrail = 0;
        ok = (e->cand[c] & bit) && eliminate(e, c, e->cand[c] & ~bit);
        while (ok && e->nnaked)
            ok = place(e, e->naked[--e->nnaked]);
    }
    for (int c = 0; cands && c < e->ncells && ok; c++) {
        if (givens[c])
            continue;
        if (e->val[c]) {
            /* placed by the givens' cascade: the marks must allow it */
            ok = (int)(cands[c] >> (e->val[c] - 1) & 1);
            continue;
        }
        e->ntrail = 0;
        ok = eliminate(e, c, e->cand[c] & ~cands[c]);
        while (ok && e->nnaked)
            ok = place(e, e->naked[--e->nnaked]);
    }
    if (ok)
        ok = propagate(e);
    clear_queues(e);
    e->ntrail = 0;
    return ok;
}

/* Restarts: until a first solution is found, the search runs with a
 * growing node allowance and different tie-breaks each time, because one
 * early wrong choice on a satisfiable large grid can cost an exponential
 * refutation that another order never meets. This holds for every limit:
 * when only solve and uniqueness (limit <= 2) restarted, `count --limit 3`
 * on a 36x36 puzzle took 230,000 nodes where limit 2 took 16,650 (the
 * limit changed whether a search finished in time). A run that ends within
 * its allowance was complete, so its answer is exact. A probing run that
 * finds a solution runs on to completion, so no run that gave way has
 * reported anything, except the plain first run of solve and uniqueness
 * (PLAIN_FIRST nodes without probing, for easy puzzles): its first
 * solution is kept so a later run does not report it twice.
 * A run gives way only once it has also met allowance / FAIL_SHARE dead
 * ends (failed branches): a near-empty large grid needs thousands of
 * nodes for one descent without any dead end (a 64x64 grid ~4,000), and
 * cutting such descents threw the work away again and again (an empty
 * 64x64 grid took 0.1 to 20 s). On the hard 16x16 and 25x25 sets runs
 * meet far more dead ends than that, so their trees barely change
 * (lewis 25x25 fill 40/45: -4% / +0.3% nodes, blue 16x16: same). */
enum { PLAIN_FIRST = 32, RESTART_FIRST = 1024, FAIL_SHARE = 33 };

/* Clause learning takes over from depth-first search on sides of 32 and
 * up once the runs have used CDCL_AFTER nodes. Not sooner: an empty
 * 64x64 hyper grid needs 10,000-15,000 nodes of depth-first search and
 * the learning search, which re-descends after each conflict, gave up
 * there after a million; not below 32: on lewis 25x25 fill 45 it took
 * 1.7 s where the runs take 0.25 s. */
enum { CDCL_MIN_N = 32, CDCL_AFTER = 20000 };

/* Hands the search over to clause learning (generic_cdcl.c) from the
 * root: every solution the depth-first runs reported (at most the plain
 * run's first) is passed on so it is not counted twice. */
static void run_cdcl(generic_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    if (!e->cdcl && generic_cdcl_create(e->s, e->tables.cell_index, &e->cdcl) != DOKU_OK) {
        ctx->gave_up = ctx->stop = 1;
        ctx->out_of_memory = 1;
        return;
    }
    e->probing = 0;
    e->run_cap = 0;
    if (start(e, givens, ctx->cands))
        generic_cdcl_run(e->cdcl, e->cand, e->have_first && ctx->solutions ? e->first : NULL, ctx);
}

void generic_run(generic_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    e->have_first = 0;
    search_count_node(ctx);
    uint64_t allowance = RESTART_FIRST;
    /* Easy puzzles finish in a few plain nodes, where probing would cost
     * more than the whole search: solve and uniqueness start with a short
     * run without probing. */
    int plain_first = ctx->limit <= 2;
    uint64_t nodes0 = ctx->nodes;
    for (uint64_t run = 0;; run++) {
        if (e->n >= CDCL_MIN_N && ctx->nodes - nodes0 >= CDCL_AFTER) {
            run_cdcl(e, givens, ctx);
            return;
        }
        e->probing = !(plain_first && run == 0);
        uint64_t probing_run = run - (uint64_t)plain_first; /* 0: plain order */
        e->seed = e->probing && probing_run ? mix64(probing_run) : 0;
        e->aborted = 0;
        e->run_cap = ctx->nodes + (e->probing ? allowance : PLAIN_FIRST);
        e->fails = 0;
        e->fail_need = e->probing ? allowance / FAIL_SHARE : 0;
        e->oom = 0;
        if (start(e, givens, ctx->cands))
            search(e, ctx);
        if (e->oom) {
            ctx->gave_up = 1; /* out of memory: a give-up doku_search */
            ctx->out_of_memory = 1; /* reports as DOKU_ERR_NOMEM */
            return;
        }
        if (!e->aborted || ctx->stop)
            return;
        if (e->probing)
            allowance *= 3;
    }
}
