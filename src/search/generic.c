/*
 * generic.c — the search engine for every shape and variant.
 *
 * One candidate grid (a 64-bit mask per cell) is changed in place; every
 * change first saves the cell's old state on a trail, once per search
 * level, and backtracking pops the trail. Undo therefore costs what the
 * level changed, not the size of the grid, and memory stays proportional
 * to the changes (a 64x64 grid does not need a grid copy per level).
 *
 * Each node propagates to a fixpoint: naked singles through the peer
 * lists, hidden singles on the units whose candidates changed, and locked
 * candidates on every pair of overlapping units (generic_tables.c). Then it
 * branches on the unsolved cell with the fewest candidates: the child tries
 * the lowest digit; when the child is exhausted the digit is removed from
 * the cell in the parent, which propagates again and picks its branch anew
 * (so the last alternative is never a guess, and a refuted digit teaches the
 * parent everything it implies).
 */
#include "generic_internal.h"

#include <stdlib.h>
#include <string.h>


enum { DIRTY_SINGLES = 1, DIRTY_LOCKED = 2 };

typedef struct trail_entry {
    uint64_t cand;
    uint32_t cell;
    uint32_t val;
} trail_entry;

struct generic_engine {
    const doku_shape *s;
    int n, ncells, nunits;
    uint64_t full;
    generic_tables tables;

    /* The grid being searched. */
    uint64_t *cand;      /* [ncells] candidates; one bit once placed/pending */
    uint8_t *val;        /* [ncells] placed digit, 0 if not placed */
    int filled;

    /* Undo: each cell is saved once per level (stamp == epoch). */
    trail_entry *trail;
    size_t ntrail, trail_cap;
    uint32_t *stamp;
    uint32_t epoch, epochs_used;

    /* Propagation work lists. */
    uint16_t *queue;     /* cells reduced to one candidate, to be placed */
    int qlen;
    uint8_t *unit_dirty; /* [nunits] DIRTY_* flags: candidates changed */
    uint16_t *dirty;     /* units awaiting the hidden-singles check */
    int ndirty;
    uint16_t *lc_dirty;  /* units awaiting the locked-candidates check */
    int nlc_dirty;

    /* Restarts (see generic_run). */
    uint64_t seed;       /* 0: the plain order; else tie-break noise */
    uint64_t run_cap;    /* node count at which this run gives way, 0 none */
    int aborted;
    int have_first;
    uint8_t *first;      /* [ncells] the first solution reported */
};

static inline int popcount64(uint64_t m) { return __builtin_popcountll(m); }
static inline int lowest_bit(uint64_t m) { return __builtin_ctzll(m); }
static inline int is_single(uint64_t m) { return (m & (m - 1)) == 0; }

doku_status generic_create(const doku_shape *s, generic_engine **out)
{
    generic_engine *e = calloc(1, sizeof *e);
    if (!e)
        return DOKU_ERR_NOMEM;
    e->s = s;
    e->n = s->n;
    e->ncells = s->ncells;
    e->nunits = s->nunits;
    e->full = s->n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << s->n) - 1);
    size_t nc = (size_t)s->ncells;
    e->cand = malloc(sizeof *e->cand * nc);
    e->val = malloc(nc);
    e->stamp = calloc(nc, sizeof *e->stamp);
    e->queue = malloc(sizeof *e->queue * nc);
    e->unit_dirty = calloc((size_t)s->nunits, 1);
    e->dirty = malloc(sizeof *e->dirty * (size_t)s->nunits);
    e->lc_dirty = malloc(sizeof *e->lc_dirty * (size_t)s->nunits);
    e->first = malloc(nc);
    e->trail_cap = 4 * nc;
    e->trail = malloc(sizeof *e->trail * e->trail_cap);
    if (!e->cand || !e->val || !e->stamp || !e->queue || !e->unit_dirty ||
        !e->dirty || !e->lc_dirty || !e->first || !e->trail || generic_tables_build(s, &e->tables) != DOKU_OK) {
        generic_free(e);
        return DOKU_ERR_NOMEM;
    }
    *out = e;
    return DOKU_OK;
}

void generic_free(generic_engine *e)
{
    if (!e)
        return;
    generic_tables_free(&e->tables);
    free(e->cand);
    free(e->val);
    free(e->stamp);
    free(e->queue);
    free(e->unit_dirty);
    free(e->dirty);
    free(e->lc_dirty);
    free(e->first);
    free(e->trail);
    free(e);
}

/* Within one level each cell is saved at most once, so room for ncells
 * more entries is all a level can need. @return 0 when out of memory. */
static int reserve_trail(generic_engine *e)
{
    size_t need = e->ntrail + (size_t)e->ncells + 1;
    if (need <= e->trail_cap)
        return 1;
    size_t cap = e->trail_cap * 2 > need ? e->trail_cap * 2 : need;
    trail_entry *t = realloc(e->trail, sizeof *t * cap);
    if (!t)
        return 0;
    e->trail = t;
    e->trail_cap = cap;
    return 1;
}

static inline void save(generic_engine *e, int c)
{
    if (e->stamp[c] == e->epoch)
        return;
    e->stamp[c] = e->epoch;
    trail_entry *t = &e->trail[e->ntrail++];
    t->cand = e->cand[c];
    t->cell = (uint32_t)c;
    t->val = e->val[c];
}

static void undo_to(generic_engine *e, size_t mark)
{
    while (e->ntrail > mark) {
        const trail_entry *t = &e->trail[--e->ntrail];
        e->cand[t->cell] = t->cand;
        e->val[t->cell] = (uint8_t)t->val;
    }
}

/* Starts a new level: a fresh epoch, so every cell is saved again. */
static uint32_t new_epoch(generic_engine *e)
{
    if (++e->epochs_used == 0) { /* wrapped: forget all stamps */
        memset(e->stamp, 0, sizeof *e->stamp * (size_t)e->ncells);
        e->epochs_used = 1;
    }
    return e->epochs_used;
}

static inline void mark_dirty(generic_engine *e, int c)
{
    const doku_shape *s = e->s;
    const uint16_t *cu = s->cell_units + (size_t)c * s->max_cell_units;
    for (int k = 0, nk = s->cell_nunits[c]; k < nk; k++) {
        int u = cu[k];
        uint8_t f = e->unit_dirty[u];
        if (f == (DIRTY_SINGLES | DIRTY_LOCKED))
            continue;
        if (!(f & DIRTY_SINGLES))
            e->dirty[e->ndirty++] = (uint16_t)u;
        if (!(f & DIRTY_LOCKED))
            e->lc_dirty[e->nlc_dirty++] = (uint16_t)u;
        e->unit_dirty[u] = DIRTY_SINGLES | DIRTY_LOCKED;
    }
}

/* Removes the digits in drop from cell c. @return 0 on contradiction. */
static inline int eliminate(generic_engine *e, int c, uint64_t drop)
{
    uint64_t m = e->cand[c];
    if (!(m & drop))
        return 1;
    save(e, c);
    m &= ~drop;
    e->cand[c] = m;
    if (!m)
        return 0;
    if (is_single(m))
        e->queue[e->qlen++] = (uint16_t)c;
    mark_dirty(e, c);
    return 1;
}

/* Places every queued single, removing its digit from the peers. */
static int place_queued(generic_engine *e)
{
    const doku_shape *s = e->s;
    while (e->qlen > 0) {
        int c = e->queue[--e->qlen];
        if (e->val[c])
            continue;
        uint64_t bit = e->cand[c];
        save(e, c);
        e->val[c] = (uint8_t)(lowest_bit(bit) + 1);
        e->filled++;
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        for (int i = 0, np = s->peer_count[c]; i < np; i++)
            if (!eliminate(e, pp[i], bit))
                return 0;
    }
    return 1;
}

/* Hidden singles and missing digits in one unit. @return 0 on contradiction. */
static int check_unit(generic_engine *e, int u)
{
    const uint16_t *uc = e->s->unit_cells + (size_t)u * e->n;
    uint64_t once = 0, twice = 0, placed = 0;
    for (int i = 0; i < e->n; i++) {
        int c = uc[i];
        uint64_t m = e->cand[c];
        if (e->val[c]) {
            placed |= m;
        } else {
            twice |= once & m;
            once |= m;
        }
    }
    if ((once | placed) != e->full)
        return 0;
    uint64_t hidden = once & ~twice;
    while (hidden) {
        uint64_t bit = hidden & (~hidden + 1);
        hidden &= hidden - 1;
        for (int i = 0; i < e->n; i++) {
            int c = uc[i];
            uint64_t m = e->cand[c];
            if (!(m & bit) || e->val[c])
                continue;
            if (!is_single(m) && !eliminate(e, c, m & ~bit))
                return 0;
            break;
        }
    }
    return 1;
}

static uint64_t or_cells(const uint64_t *cand, const uint16_t *cells, int k)
{
    uint64_t m = 0;
    for (int i = 0; i < k; i++)
        m |= cand[cells[i]];
    return m;
}

static int eliminate_cells(generic_engine *e, const uint16_t *cells, int k, uint64_t drop)
{
    for (int i = 0; i < k; i++)
        if (!eliminate(e, cells[i], drop))
            return 0;
    return 1;
}

/* Locked candidates on every overlapping pair of units. A digit of the
 * overlap that the rest of unit a lacks must sit in the overlap, so the
 * rest of unit b loses it, and the other way round. @return 0 on
 * contradiction; progress is visible as queued or dirty work. */
static int locked_pair(generic_engine *e, const generic_pair *p)
{
    const generic_tables *t = &e->tables;
    uint64_t both = or_cells(e->cand, t->pool + p->both, p->nboth);
    uint64_t a = or_cells(e->cand, t->pool + p->only_a, p->nonly_a);
    uint64_t b = or_cells(e->cand, t->pool + p->only_b, p->nonly_b);
    uint64_t from_b = both & ~a & b, from_a = both & ~b & a;
    if (from_b && !eliminate_cells(e, t->pool + p->only_b, p->nonly_b, from_b))
        return 0;
    if (from_a && !eliminate_cells(e, t->pool + p->only_a, p->nonly_a, from_a))
        return 0;
    return 1;
}

/* Checks the pairs of the units changed since their last check. */
static int locked_candidates(generic_engine *e)
{
    const generic_tables *t = &e->tables;
    while (e->nlc_dirty) {
        int u = e->lc_dirty[--e->nlc_dirty];
        e->unit_dirty[u] &= (uint8_t)~DIRTY_LOCKED;
        for (uint32_t i = t->unit_first[u]; i < t->unit_first[u + 1]; i++)
            if (!locked_pair(e, &t->pairs[t->unit_pairs[i]]))
                return 0;
        if (e->qlen || e->ndirty)
            return 1; /* singles first: they are cheaper */
    }
    return 1;
}

/* Runs every rule to a fixpoint. @return 0 on contradiction. Leaves the
 * work lists empty either way. */
static int propagate(generic_engine *e)
{
    int ok = reserve_trail(e);
    while (ok) {
        if (e->qlen) {
            ok = place_queued(e);
        } else if (e->ndirty) {
            int u = e->dirty[--e->ndirty];
            e->unit_dirty[u] &= (uint8_t)~DIRTY_SINGLES;
            ok = check_unit(e, u);
        } else {
            if (e->filled == e->ncells)
                break;
            if (!e->nlc_dirty)
                break;
            ok = locked_candidates(e);
        }
    }
    e->qlen = 0;
    while (e->ndirty)
        e->unit_dirty[e->dirty[--e->ndirty]] = 0;
    while (e->nlc_dirty)
        e->unit_dirty[e->lc_dirty[--e->nlc_dirty]] = 0;
    return ok;
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

/* The unsolved cell with the fewest candidates; ties go to the cell with
 * the most unsolved peers (it constrains most), then to restart noise. */
static int pick_cell(const generic_engine *e)
{
    const doku_shape *s = e->s;
    int best = -1, best_count = 65;
    long best_score = -1;
    for (int c = 0; c < e->ncells; c++) {
        if (e->val[c])
            continue;
        int k = popcount64(e->cand[c]);
        if (k > best_count)
            continue;
        const uint16_t *pp = s->peers + (size_t)c * s->max_peers;
        long score = 0;
        for (int i = 0, np = s->peer_count[c]; i < np; i++)
            score += !e->val[pp[i]];
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
    int filled = e->filled;
    uint32_t parent = e->epoch;
    e->epoch = new_epoch(e);
    if (!reserve_trail(e)) {
        e->epoch = parent;
        return 0;
    }
    save(e, c);
    e->cand[c] = bit;
    e->queue[e->qlen++] = (uint16_t)c;
    mark_dirty(e, c);
    int ok = propagate(e);
    long reach = (long)(e->ntrail - mark);
    undo_to(e, mark);
    e->filled = filled;
    e->epoch = parent;
    return ok ? reach : -1;
}

enum { PICK_DEAD = -1, PICK_AGAIN = -2, PROBE_CELLS = 16 };

/* Counts one unit of work. @return nonzero when the search must unwind:
 * budget exhausted (ctx->stop) or this restart's allowance used up. */
static int count_node(generic_engine *e, search_ctx *ctx)
{
    if (search_count_node(ctx))
        return 1;
    if (e->run_cap && ctx->nodes >= e->run_cap) {
        e->aborted = 1;
        return 1;
    }
    return 0;
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
    if (popcount64(m) != 2)
        return c;
    int probed = 0, best = c, start = e->seed ? (int)(mix64(e->seed) % (uint64_t)e->ncells) : 0;
    double best_score = -1;
    for (int i = 0; i < e->ncells && probed < PROBE_CELLS; i++) {
        int x = start + i < e->ncells ? start + i : start + i - e->ncells;
        m = e->cand[x];
        if (e->val[x] || popcount64(m) != 2)
            continue;
        probed++;
        if (count_node(e, ctx))
            return PICK_DEAD;
        uint64_t b1 = m & (~m + 1), b2 = m & ~b1;
        long r1 = probe(e, x, b1);
        long r2 = r1 < 0 ? 0 : probe(e, x, b2);
        if (r1 < 0 || r2 < 0) {
            if (!reserve_trail(e) || !eliminate(e, x, r1 < 0 ? b1 : b2) || !propagate(e))
                return PICK_DEAD;
            return PICK_AGAIN;
        }
        double score = (double)(r1 + 1) * (double)(r2 + 1);
        if (score > best_score) {
            best_score = score;
            best = x;
            *first = (e->seed && (mix64(e->seed ^ (uint64_t)x << 20) & 1)) ? b2 : b1;
        }
    }
    return best;
}

static void report(generic_engine *e, search_ctx *ctx)
{
    /* A restart may meet the solution an earlier run already reported. */
    if (ctx->solutions == 1 && e->have_first &&
        memcmp(e->first, e->val, (size_t)e->ncells) == 0)
        return;
    if (ctx->solutions == 0) {
        memcpy(e->first, e->val, (size_t)e->ncells);
        e->have_first = 1;
        /* Restarts serve finding a first solution; a run that has one
         * goes on to completion (a uniqueness proof gains nothing). */
        e->run_cap = 0;
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
        if (c == PICK_DEAD || ctx->stop || e->aborted)
            return;
        if (c == PICK_AGAIN)
            continue;
        if (count_node(e, ctx))
            return;
        ctx->guesses++;
        size_t mark = e->ntrail;
        int filled = e->filled;
        uint32_t parent = e->epoch;
        e->epoch = new_epoch(e);
        if (!reserve_trail(e)) {
            ctx->gave_up = ctx->stop = 1; /* out of memory: an honest give-up */
            return;
        }
        save(e, c);
        e->cand[c] = bit;
        e->queue[e->qlen++] = (uint16_t)c;
        mark_dirty(e, c);
        if (propagate(e))
            search(e, ctx);
        undo_to(e, mark);
        e->filled = filled;
        e->epoch = parent;
        if (ctx->stop || e->aborted)
            return;
        /* Every solution with this digit has been seen: drop it. */
        if (!reserve_trail(e) || !eliminate(e, c, bit) || !propagate(e))
            return;
    }
}

/* Sets up the givens and propagates. @return 0 if they contradict. */
static int start(generic_engine *e, const uint8_t *givens)
{
    for (int c = 0; c < e->ncells; c++) {
        e->cand[c] = e->full;
        e->val[c] = 0;
        e->stamp[c] = 0;
    }
    e->filled = 0;
    e->ntrail = 0;
    e->epochs_used = 0;
    e->epoch = new_epoch(e);
    e->qlen = 0;
    e->ndirty = e->nlc_dirty = 0;
    memset(e->unit_dirty, 0, (size_t)e->nunits);
    for (int c = 0; c < e->ncells; c++) {
        if (!givens[c])
            continue;
        uint64_t bit = (uint64_t)1 << (givens[c] - 1);
        /* The root is never undone: the trail only needs room. */
        e->ntrail = 0;
        if (!(e->cand[c] & bit) || !eliminate(e, c, e->cand[c] & ~bit) || !place_queued(e)) {
            e->qlen = 0;
            return 0;
        }
    }
    e->ntrail = 0;
    e->ndirty = e->nlc_dirty = 0;
    for (int u = 0; u < e->nunits; u++) {
        e->unit_dirty[u] = DIRTY_SINGLES | DIRTY_LOCKED;
        e->dirty[e->ndirty++] = (uint16_t)u;
        e->lc_dirty[e->nlc_dirty++] = (uint16_t)u;
    }
    return propagate(e);
}

/* Restarts: for solve and uniqueness (limit <= 2) the search runs with a
 * growing node allowance and different tie-breaks each time, because one
 * early wrong choice on a satisfiable large grid can cost an exponential
 * refutation that another order never meets. A run that ends within its
 * allowance was complete, so its answer is exact; the first solution is
 * kept so a later run does not report it twice. Counting beyond 2 runs
 * once, without an allowance. */
enum { RESTART_FIRST = 1024 };

void generic_run(generic_engine *e, const uint8_t *givens, search_ctx *ctx)
{
    e->have_first = 0;
    search_count_node(ctx);
    uint64_t allowance = RESTART_FIRST;
    for (uint64_t run = 0;; run++) {
        e->seed = run ? mix64(run) : 0;
        e->aborted = 0;
        e->run_cap = ctx->limit <= 2 ? ctx->nodes + allowance : 0;
        if (start(e, givens))
            search(e, ctx);
        if (!e->aborted || ctx->stop)
            return;
        allowance *= 2;
    }
}
