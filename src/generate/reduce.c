/*
 * reduce.c — clue removal: from a grid (or a puzzle) to a unique puzzle.
 *
 * Orbits of the chosen symmetry are tried in random order; a removal is
 * kept only if the puzzle stays unique. Most checks never search: a
 * removed cell that a single (naked, or hidden in one of its units) fixes
 * from the remaining givens cannot change the solution, and per-unit digit
 * masks make that test a few word operations. Only the rest searches: a
 * limit-2 search, or one limit-1 search per other digit c could hold (no
 * need to find the known solution again; on classic 9x9 all those digits
 * in one search_except). Which is cheaper depends on
 * the engine: splitting always pays when one other digit is left; with
 * more, on 9x9 variants (generic engine: 3.0 vs 3.9 ms per minimal X
 * puzzle) and on classic 9x9 (fast path, once two-digit unavoidable
 * sets refute many removals first: 6-16% less CPU per EXPERT, INTERMEDIATE
 * and minimal puzzle) but not on 16x16 (6% slower).
 * Before any of that, a removal that leaves a two-digit unavoidable set
 * of the grid without a given is refuted outright (unavoid.c).
 * A check that runs out of budget keeps the given, so the result is
 * always unique, at worst not minimal (and then says so).
 */
#include "gen_internal.h"
#include "search/search_except.h"
#include "util/clock.h"

#include <string.h>

static int is_single(uint64_t m) { return m && !(m & (m - 1)); }

static void mask_toggle(doku_generator *g, int cell, int d)
{
    if (g->l9) {
        /* classic 9x9: three units, from level9's byte tables */
        const uint8_t *cu = g->l9->cell_unit[cell];
        uint64_t bit = (uint64_t)1 << (d - 1);
        g->unit_mask[cu[0]] ^= bit;
        g->unit_mask[cu[1]] ^= bit;
        g->unit_mask[cu[2]] ^= bit;
        return;
    }
    const doku_shape *s = g->s;
    const uint16_t *cu = s->cell_units + (size_t)cell * s->max_cell_units;
    uint64_t bit = (uint64_t)1 << (d - 1);
    for (int i = 0; i < s->cell_nunits[cell]; i++)
        g->unit_mask[cu[i]] ^= bit;
}

static uint64_t blocked(const doku_generator *g, int cell)
{
    if (g->l9) {
        const uint8_t *cu = g->l9->cell_unit[cell];
        return g->unit_mask[cu[0]] | g->unit_mask[cu[1]] | g->unit_mask[cu[2]];
    }
    const doku_shape *s = g->s;
    const uint16_t *cu = s->cell_units + (size_t)cell * s->max_cell_units;
    uint64_t m = 0;
    for (int i = 0; i < s->cell_nunits[cell]; i++)
        m |= g->unit_mask[cu[i]];
    return m;
}

/* 1 if the empty cell is fixed to d by one naked single, or (with hidden)
 * one hidden single, read off the givens in p. */
static int forced(const doku_generator *g, const uint8_t *p, int cell, int d,
                  int hidden)
{
    const doku_shape *s = g->s;
    uint64_t bit = (uint64_t)1 << (d - 1);
    if ((blocked(g, cell) | bit) == g->full)
        return 1;
    if (!hidden)
        return 0;
    if (g->l9) {
        /* the same on level9's tables: 3 units of 9 cells */
        const level9 *l = g->l9;
        for (int i = 0; i < 3; i++) {
            const uint8_t *uc = l->unit[l->cell_unit[cell][i]];
            int alone = 1;
            for (int j = 0; j < L9_N && alone; j++) {
                int e = uc[j];
                if (e != cell && !p[e] && !(blocked(g, e) & bit))
                    alone = 0;
            }
            if (alone)
                return 1;
        }
        return 0;
    }
    const uint16_t *cu = s->cell_units + (size_t)cell * s->max_cell_units;
    for (int i = 0; i < s->cell_nunits[cell]; i++) {
        const uint16_t *uc = s->unit_cells + (size_t)cu[i] * s->n;
        int alone = 1;
        for (int j = 0; j < s->n && alone; j++) {
            int e = uc[j];
            if (e != cell && !p[e] && !(blocked(g, e) & bit))
                alone = 0;
        }
        if (alone)
            return 1;
    }
    return 0;
}

typedef struct check_ctx {
    doku_generator *g;
    const uint8_t *sol;
    doku_qqwing_level level;
    uint64_t budget;
    doku_reduce_result *res;
    int split;          /* one search per other digit, not one limit-2 */
    int unique_first;   /* guided sweeps: refute by search before logic */
} check_ctx;

/* Searches for solutions of p. @return 1 if the outcome is "exactly the
 * known solution" (limit 2) or "none" (limit 1), 0 otherwise. */
static int search_says(check_ctx *x, const uint8_t *p, uint64_t limit,
                       uint64_t *budget_left)
{
    doku_search_opts o = {limit, *budget_left, 0, 0};
    doku_search_result r;
    x->res->checks++;
    doku_status st = doku_search(x->g->solver, p, (size_t)x->g->ncells, &o, NULL, NULL, NULL, &r);
    if (st != DOKU_OK && st != DOKU_GAVE_UP)
        return 0;
    *budget_left = r.nodes < *budget_left ? *budget_left - r.nodes : 1;
    if (st == DOKU_GAVE_UP) {
        x->res->unresolved++;
        return 0;
    }
    return r.solutions == limit - 1;
}

/* The digits other than the solution's that cell's peers allow. */
static uint64_t other_digits(const doku_generator *g, const check_ctx *x, int cell)
{
    return g->full & ~blocked(g, cell) & ~((uint64_t)1 << (x->sol[cell] - 1));
}

/* Searches whether p (the nleft cells of left emptied) is still unique. */
static int unique_without(check_ctx *x, uint8_t *p, const int *left, int nleft)
{
    uint64_t budget = x->budget;
    int ok = 1;
    if (nleft == 1 && x->g->except_on && other_digits(x->g, x, left[0])) {
        /* the same question as one search on the classic 9x9 engine: a
         * solution with another digit in c (the givens are propagated
         * once, not once per digit: EXPERT -12% CPU on the portable
         * tier, -4% on AVX-512) */
        doku_search_opts o = {1, budget, 0, 0};
        doku_search_result r;
        x->res->checks++;
        doku_status st = search_except(x->g->solver, p, left[0], x->sol[left[0]], &o, &r);
        if (st == DOKU_GAVE_UP)
            x->res->unresolved++;
        return st == DOKU_OK && r.solutions == 0;
    }
    if (nleft == 1 && (x->split || is_single(other_digits(x->g, x, left[0])))) {
        /* "no solution puts another digit in c": one limit-1 search per
         * digit its peers allow, each usually refuted in propagation */
        int c = left[0];
        for (uint64_t alt = other_digits(x->g, x, c); alt && ok; alt &= alt - 1) {
            p[c] = (uint8_t)(__builtin_ctzll(alt) + 1);
            ok = search_says(x, p, 1, &budget);
        }
        p[c] = 0;
        return ok;
    }
    return search_says(x, p, 2, &budget);
}

/* p has the k cells of rm emptied; every other given agrees with sol.
 * @return 1 if p keeps the required property (unique, or solvable at the
 * level). p and the unit masks are as before on return. */
static int removal_ok(check_ctx *x, uint8_t *p, const int *rm, int k)
{
    doku_generator *g = x->g;
    int left[GEN_MAX_ORBIT], nleft = k, fixed[GEN_MAX_ORBIT], nfixed = 0;
    int hidden = x->level != DOKU_QQWING_SIMPLE;
    memcpy(left, rm, sizeof(int) * (size_t)k);
    for (int progress = 1; progress && nleft;) {
        progress = 0;
        for (int i = 0; i < nleft; i++) {
            int c = left[i];
            if (!forced(g, p, c, x->sol[c], hidden))
                continue;
            p[c] = x->sol[c];
            mask_toggle(g, c, p[c]);
            fixed[nfixed++] = c;
            left[i--] = left[--nleft];
            progress = 1;
        }
    }
    int ok = 1;
    if (nleft && x->level != DOKU_QQWING_ANY) {
        /* Where a search costs less than a pairs-level logic run (classic
         * 9x9), a removal that breaks uniqueness is refuted by search
         * first: INTERMEDIATE 1465/s instead of 1010-1170/s by filtering
         * minimal puzzles (and ~700/s with logic alone). */
        if (x->unique_first && x->level > DOKU_QQWING_EASY)
            ok = unique_without(x, p, left, nleft);
        if (ok)
            ok = gen_level_watch(g, p, x->level, left, nleft) <= x->level;
    } else if (nleft) {
        ok = unique_without(x, p, left, nleft);
    }
    for (int i = 0; i < nfixed; i++) {
        mask_toggle(g, fixed[i], p[fixed[i]]);
        p[fixed[i]] = 0;
    }
    return ok;
}

static uint64_t default_budget(const doku_shape *s)
{
    /* Ample for 9x9, and (with the generic engine of the large-grid work)
     * for 16x16: 20 minimal runs at 2000 nodes took 32 ms each, all
     * proven minimal (at 50 nodes: 23 ms, 90.2 vs 89.9 givens, none
     * proven). On 25x25 almost every late check would run long and the
     * singles sweep has done the work: 20 nodes took 0.13 s for 254.5
     * givens, 100 nodes 0.33 s for 253.5. */
    return s->ncells <= 81 ? 100000 : s->ncells <= 256 ? 2000 : 20;
}

/* The budget for a request: 0 means the default, UINT64_MAX unlimited. */
static uint64_t check_budget(const doku_shape *s, uint64_t asked)
{
    return asked == 0 ? default_budget(s) : asked;
}

doku_status doku_reduce(doku_generator *g, doku_rng *rng,
                        const uint8_t *solution, const uint8_t *start, size_t ncells,
                        const doku_reduce_opts *opts, uint8_t *puzzle,
                        doku_reduce_result *res)
{
    if (g && ncells != (size_t)g->ncells) {
        if (res)
            memset(res, 0, sizeof *res);
        return DOKU_ERR_ARG;
    }
    return gen_reduce(g, rng, solution, start, opts, 0, puzzle, res, NULL);
}

doku_status gen_reduce(doku_generator *g, doku_rng *rng,
                       const uint8_t *solution, const uint8_t *start,
                       const doku_reduce_opts *opts, double deadline,
                       uint8_t *puzzle, doku_reduce_result *res, int *late)
{
    if (late)
        *late = 0;
    doku_reduce_result dummy;
    if (!res)
        res = &dummy;
    memset(res, 0, sizeof *res);
    if (!g || !rng || !solution || !puzzle)
        return DOKU_ERR_ARG;
    doku_reduce_opts o = {0, DOKU_SYM_NONE, DOKU_QQWING_ANY, NULL, 0};
    if (opts)
        o = *opts;
    const doku_shape *s = g->s;
    if ((unsigned)o.symmetry >= DOKU_SYM_COUNT ||
        (unsigned)o.qqwing_level > DOKU_QQWING_EXPERT || o.target_givens < 0 ||
        o.target_givens > s->ncells)
        return DOKU_ERR_ARG;
    for (int c = 0; c < s->ncells; c++) {
        if (solution[c] < 1 || solution[c] > s->n)
            return DOKU_ERR_ARG;
        if (start && start[c] && start[c] != solution[c])
            return DOKU_ERR_ARG;
    }
    if (o.symmetry == DOKU_SYM_RANDOM)
        o.symmetry = (doku_symmetry)doku_rng_below(rng, DOKU_SYM_RANDOM);
    res->symmetry = o.symmetry;

    uint8_t *p = g->work;
    memcpy(p, start ? start : solution, (size_t)s->ncells);
    memset(g->unit_mask, 0, sizeof(uint64_t) * (size_t)s->nunits);
    int givens = 0;
    for (int c = 0; c < s->ncells; c++)
        if (p[c]) {
            mask_toggle(g, c, p[c]);
            givens++;
        }

    gen_unavoid_build(g, solution, p);

    /* Orbits whose cells are all removable givens, by representative. */
    int norb = 0, orb[GEN_MAX_ORBIT];
    for (int c = 0; c < s->ncells; c++) {
        int k = gen_orbit(s, o.symmetry, c, orb), ok = 1;
        for (int i = 0; i < k && ok; i++)
            ok = orb[i] >= c && p[orb[i]] && !(o.keep && o.keep[orb[i]]);
        if (ok)
            g->order[norb++] = c;
    }
    for (int i = norb - 1; i > 0; i--) {
        int j = (int)doku_rng_below(rng, (uint32_t)i + 1);
        int t = g->order[i];
        g->order[i] = g->order[j];
        g->order[j] = t;
    }

    /* Removal runs in one or two sweeps over the same random order. Where
     * searching is costly (any shape but classic 9x9), a first sweep keeps
     * the removals that singles still solve, needing no search at all;
     * the second retries what it kept with real uniqueness checks, so
     * few candidates remain and most are refuted fast (16x16 minimal: 190
     * vs 310 ms). Removal only ever makes a puzzle harder, so a rejection
     * stays valid and the last sweep ends minimal for its rule. On classic
     * 9x9 the search path is so fast that the singles sweep costs more
     * than it saves (0.76 vs 0.56 ms), and it also makes EXPERT results
     * rarer (5.96 vs 2.46 grids per expert puzzle). A first sweep at the
     * level below did not help INTERMEDIATE either: its singles-minimal
     * puzzles seldom lose a further given to pairs (6.1 vs 3.0 grids). */
    doku_qqwing_level plan[2];
    int npass = 0;
    if (o.qqwing_level == DOKU_QQWING_ANY || o.qqwing_level == DOKU_QQWING_EXPERT) {
        if (!s->classic9)
            plan[npass++] = DOKU_QQWING_EASY;
        plan[npass++] = DOKU_QQWING_ANY;
    } else {
        plan[npass++] = o.qqwing_level;
    }
    check_ctx x = {g, solution, DOKU_QQWING_ANY, check_budget(s, o.check_budget), res,
                   s->ncells <= 81, s->classic9};
    int untried = 0;
    for (int pass = 0; pass < npass; pass++) {
        x.level = plan[pass];
        untried = 0;
        /* A logic sweep needs a start its logic solves (removal cannot
         * make a puzzle easier; and removal_ok relies on it). */
        if (x.level != DOKU_QQWING_ANY && gen_level(g, p, x.level) > x.level) {
            untried = 1;
            continue;
        }
        for (int i = 0; i < norb; i++) {
            int k = gen_orbit(s, o.symmetry, g->order[i], orb);
            if (!p[orb[0]])
                continue; /* removed by the first sweep */
            /* the clock every 8th orbit on small grids, where a check
             * takes microseconds and the clock read cost 3% of EXPERT */
            if (deadline > 0 && (s->ncells > 81 || !(i & 7)) &&
                clock_monotonic_seconds() > deadline) {
                untried = 1;
                if (late)
                    *late = 1;
                break;
            }
            if (o.target_givens && givens - k < o.target_givens) {
                untried = 1;
                continue;
            }
            for (int j = 0; j < k; j++) {
                mask_toggle(g, orb[j], p[orb[j]]);
                p[orb[j]] = 0;
            }
            /* the last given of an unavoidable set stays, unsearched */
            int refuted = g->uv_on && gen_unavoid_remove(g, orb, k);
            if (!refuted && removal_ok(&x, p, orb, k)) {
                givens -= k;
                continue;
            }
            if (g->uv_on)
                gen_unavoid_restore(g, orb, k);
            for (int j = 0; j < k; j++) {
                p[orb[j]] = solution[orb[j]];
                mask_toggle(g, orb[j], p[orb[j]]);
            }
        }
    }
    memcpy(puzzle, p, (size_t)s->ncells);
    res->givens = givens;
    res->minimal = !untried && !res->unresolved &&
                   (o.qqwing_level == DOKU_QQWING_ANY || o.qqwing_level == DOKU_QQWING_EXPERT);
    /* Kept givens were never tried: "minimal" claims every orbit is
     * needed, so an orbit holding a kept given is checked now, and one
     * that could go makes the result not minimal (it stays). */
    if (res->minimal && o.keep) {
        x.level = DOKU_QQWING_ANY;
        for (int c = 0; c < s->ncells && res->minimal; c++) {
            int k = gen_orbit(s, o.symmetry, c, orb), kept = 0, whole = 1;
            for (int i = 0; i < k; i++) {
                kept |= o.keep[orb[i]] != 0;
                whole &= orb[i] >= c && p[orb[i]] != 0;
            }
            if (!kept || !whole)
                continue;
            for (int j = 0; j < k; j++) {
                mask_toggle(g, orb[j], p[orb[j]]);
                p[orb[j]] = 0;
            }
            if (removal_ok(&x, p, orb, k) || res->unresolved)
                res->minimal = 0;
            for (int j = 0; j < k; j++) {
                p[orb[j]] = solution[orb[j]];
                mask_toggle(g, orb[j], p[orb[j]]);
            }
        }
    }
    return DOKU_OK;
}
