/*
 * engine_search.c — doku_constraints_search: depth-first search over the
 * variant engine's domains, one copy of the domains per level, two-way
 * branching on the cell (or a group's digit) that conflicts most per
 * digit left. A conflict scores the guessed cell and every cell of the
 * rule the propagation failed on (weighted degree): blaming the rule as
 * well as the guess cut the nodes on every ISS collection, where blaming
 * the guess alone swung 2-3x with any small change (BENCHMARKS.md).
 * The cell whose digit failed last is guessed again while its score per
 * digit is within 2/3 of the best (last-conflict branching, damped): the
 * search stays on the cell that just failed until it is settled, which
 * cut the slowest killers 2-3x (BENCHMARKS.md).
 * The search restarts from the root after RESTART_FIRST failed guesses,
 * then after 3/2 as many each time, keeping the scores learnt: the first
 * guesses, made before any score told the cells apart, decide the tree's
 * size (the same killer turned or mirrored took up to 6x the nodes).
 * Each restart records the branch it leaves as nogoods
 * (engine_nogood.c), so no subtree is searched twice: without them only
 * one restart paid.
 * Limit, node budget and deadline are those of doku_search
 * (search_ctx.c).
 */
#include "engine_internal.h"
#include "engine_nogood.h"
#include "util/bits.h"

#include <stdlib.h>
#include <string.h>

typedef struct vsearch {
    vengine *e;
    search_ctx *ctx;
    vmask *dom;      /* (ncells + 1) levels */
    uint8_t *fixed;
    uint8_t *grid;
    uint32_t *score; /* [ncells] conflict scores: the rule priorities at
                        first, +1 each time a digit placed in the cell
                        fails at once and each time a rule on the cell
                        fails, halved every DECAY failures */
    uint32_t until_decay;
    uint32_t vscore[DOKU_CONSTRAINTS_MAX_N]; /* failures per digit, quartered
                                                every DECAY failures */
    vmask hot;       /* the digit that failed most (0: none stands out) */
    uint32_t hot_bonus;
    int last;        /* the cell whose digit failed last (-1: none yet) */
    uint64_t fails;  /* failed guesses */
    uint64_t restart_at; /* fails at which to start again (0: never) */
    uint64_t cutoff; /* failures from the last start to the next */
    int restarting;  /* unwinding to the root for the next start */
    /* the branch from the root: the digit placed at each level, and the
     * digits taken out at each level after their subtrees were searched
     * (level l's from neg_off[l]; neg_off[lv + 1] = neg_top at the deepest
     * level lv) */
    int *pos_cell;
    vmask *pos_digit;
    int *neg_cell;
    vmask *neg_digit;
    int *neg_off;
    int neg_top;
    vnogoods ng;
} vsearch;

/* DECAY: failures between two halvings of the scores. RESTART_FIRST:
 * failures before the first restart, each next one after 3/2 as many
 * (each killer/line puzzle in four orientations, against one restart
 * after 1,000 failures without nogoods: nodes MATHEMAGIC#0/#4/#11 0.73,
 * EXTREME 0.92, TAREK 0.99, THERMOS 0.92, RENBAN 0.94, 18 examples 0.87;
 * first restart after 100: 0.60 on MATHEMAGIC but 1.02-1.03 on TAREK and
 * EXTREME). */
enum { DECAY = 1 << 14, RESTART_FIRST = 300 };

static void leaf(vsearch *s, const vmask *dom)
{
    vengine *e = s->e;
    for (int c = 0; c < e->ncells; c++)
        s->grid[c] = (uint8_t)(bits_lowest(dom[c]) + 1);
    /* every propagator is complete on a full grid; this is the net under
     * that claim (a few hundred operations per solution) */
    size_t broken;
    if (doku_constraints_check(e->cs, s->grid, (size_t)e->ncells, NULL, 0, &broken) != DOKU_OK ||
        broken)
        return;
    search_report_solution(s->ctx, s->grid, e->ncells);
}

/* The cells of the rule the last propagation failed on score: a rule
 * that keeps failing draws the search to its cells, whichever guess
 * set it off. */
static void blame_rule(vsearch *s)
{
    const vengine *e = s->e;
    const uint16_t *cells;
    int k;
    switch (e->fail_kind) {
    case VFAIL_GROUP:
        cells = e->group_cells + (size_t)e->fail_id * (size_t)e->n;
        k = e->n;
        break;
    case VFAIL_PROP:
        cells = e->pcells + e->props[e->fail_id].cell_off;
        k = e->props[e->fail_id].ncells;
        break;
    default: /* a placed cell emptied a peer */
        s->score[e->fail_id]++;
        return;
    }
    for (int i = 0; i < k; i++)
        s->score[cells[i]]++;
}

/* A digit failed at once in cell c: the cell, the failed rule's cells
 * and the digit score. */
static void conflict(vsearch *s, int c, vmask d)
{
    int n = s->e->n;
    s->score[c]++;
    blame_rule(s);
    s->last = c;
    s->fails++;
    s->vscore[bits_lowest(d)]++;
    if (--s->until_decay == 0) {
        for (int i = 0; i < s->e->ncells; i++)
            s->score[i] >>= 1;
        for (int i = 0; i < n; i++)
            s->vscore[i] >>= 2;
        s->until_decay = DECAY;
    }
    /* the hot digit: the most failed one when it stands out (above n and
     * more than 1.5 times the least failed one) */
    uint32_t max = 0, min = UINT32_MAX;
    int at = 0;
    for (int i = 0; i < n; i++) {
        if (s->vscore[i] > max) {
            max = s->vscore[i];
            at = i;
        }
        if (s->vscore[i] && s->vscore[i] < min)
            min = s->vscore[i];
    }
    if (max < (uint32_t)n || 2 * (uint64_t)max <= 3 * (uint64_t)min) {
        s->hot = 0;
        s->hot_bonus = 0;
    } else {
        s->hot = (vmask)1 << at;
        s->hot_bonus = max / 5;
    }
}

/* The next guess: the open cell with the highest conflict score per
 * digit left (its lowest digit), or, when that cell has three digits or
 * more, a digit with two places in a group whose places score at least
 * twice as high per choice (Interactive Sudoku Solver's candidate
 * selection). The last failed cell, while open, goes first when its
 * score per digit is at least 2/3 of the best: guessed again at once it
 * fails again below the same decisions, or is settled, instead of
 * waiting until its score has grown. Without the 2/3 (always the last
 * failed cell) little killers took 1.5-2.5x the nodes. @return 0 when
 * every cell is fixed. */
static int choose(const vsearch *s, const vmask *dom, int *cell, vmask *digit)
{
    const vengine *e = s->e;
    int best = -1, bc = 1;
    uint32_t bs = 0, plain = 0;
    for (int c = 0; c < e->ncells; c++) {
        vmask m = dom[c];
        if (bits_single(m))
            continue;
        int k = bits_count(m);
        uint32_t sc = s->score[c] + (m & s->hot ? s->hot_bonus : 0);
        /* sc / k above bs / bc */
        if (best < 0 || (uint64_t)sc * (uint64_t)bc > (uint64_t)bs * (uint64_t)k) {
            best = c;
            bc = k;
            bs = sc;
            plain = s->score[c];
        }
    }
    if (best < 0)
        return 0;
    if (s->last >= 0 && !bits_single(dom[s->last])) {
        vmask m = dom[s->last];
        uint64_t sc = s->score[s->last] + (m & s->hot ? s->hot_bonus : 0);
        /* sc / count(m) >= (2/3) bs / bc */
        if (3 * sc * (uint64_t)bc >= 2 * (uint64_t)bs * (uint64_t)bits_count(m)) {
            *cell = s->last;
            *digit = m & -m;
            return 1;
        }
    }
    if (bs == 0) {
        /* no score anywhere: fewest digits */
        for (int c = 0; c < e->ncells; c++) {
            int k = bits_count(dom[c]);
            if (k > 1 && k < bc) {
                best = c;
                bc = k;
            }
        }
    }
    *cell = best;
    *digit = dom[best] & -dom[best];
    if (bc <= 2 || bs == 0)
        return 1;
    /* a group's digit with two places, scored by its best place / 2 */
    uint64_t num = plain, den = (uint64_t)bc; /* current score as num / den */
    int n = e->n;
    for (int g = 0; g < e->ngroups; g++) {
        const uint16_t *cells = e->group_cells + (size_t)g * (size_t)n;
        vmask once = 0, twice = 0, more = 0;
        for (int i = 0; i < n; i++) {
            vmask m = dom[cells[i]];
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        vmask two = twice & ~more;
        for (; two; two &= two - 1) {
            vmask bit = two & -two;
            int at = -1;
            uint32_t top = 0;
            for (int i = 0; i < n; i++)
                if ((dom[cells[i]] & bit) && (at < 0 || s->score[cells[i]] > top)) {
                    at = cells[i];
                    top = s->score[cells[i]];
                }
            /* top / 2 >= num / den */
            if ((uint64_t)top * den >= 2 * num && !bits_single(dom[at])) {
                num = top;
                den = 2;
                *cell = at;
                *digit = bit;
            }
        }
    }
    return 1;
}

/* Records the branch down to level lv as nogoods and sets the search
 * unwinding to the root; when out of memory restarts end instead (a
 * solution already reported would be reported again). */
static void restart(vsearch *s, int lv)
{
    s->neg_off[lv + 1] = s->neg_top;
    if (!vng_record(&s->ng, s->pos_cell, s->pos_digit, lv, s->neg_cell, s->neg_digit,
                    s->neg_off)) {
        s->restart_at = 0;
        return;
    }
    s->restarting = 1;
    s->cutoff += s->cutoff / 2;
    s->restart_at = s->fails + s->cutoff;
}

/* Searches below the propagated domains of level lv: place a digit in a
 * cell, search on, then take the digit out of the cell, propagate that,
 * and choose again (two-way branching). */
static void dfs(vsearch *s, int lv)
{
    vengine *e = s->e;
    size_t nc = (size_t)e->ncells;
    vmask *dom = s->dom + (size_t)lv * nc;
    uint8_t *fixed = s->fixed + (size_t)lv * nc;
    vmask *next = dom + nc;
    uint8_t *nfixed = fixed + nc;
    int first = 1;
    s->neg_off[lv] = s->neg_top;
    for (;;) {
        int c;
        vmask d;
        if (s->ng.nrec && !vng_apply(&s->ng, e, dom, fixed, &c)) {
            if (c >= 0)
                s->score[c]++;
            else
                blame_rule(s);
            return;
        }
        if (!choose(s, dom, &c, &d)) {
            leaf(s, dom);
            return;
        }
        if (s->ctx->stop || s->restarting || search_count_node(s->ctx))
            return;
        if (s->restart_at && s->fails >= s->restart_at) {
            restart(s, lv);
            if (s->restarting)
                return;
        }
        if (!first)
            s->ctx->guesses++;
        first = 0;
        memcpy(next, dom, nc * sizeof *dom);
        memcpy(nfixed, fixed, nc);
        next[c] = d;
        s->pos_cell[lv] = c;
        s->pos_digit[lv] = d;
        int top = s->neg_top;
        if (vengine_propagate(e, next, nfixed, &c, 1))
            dfs(s, lv + 1);
        else
            conflict(s, c, d);
        if (s->ctx->stop || s->restarting)
            return;
        /* the subtree of d is searched: a negative decision */
        s->neg_top = top;
        s->neg_cell[s->neg_top] = c;
        s->neg_digit[s->neg_top++] = d;
        dom[c] &= ~d;
        if (!dom[c] || !vengine_propagate(e, dom, fixed, &c, 1))
            return;
    }
}

static void search_free(vsearch *s)
{
    free(s->dom);
    free(s->fixed);
    free(s->grid);
    free(s->score);
    free(s->pos_cell);
    free(s->pos_digit);
    free(s->neg_cell);
    free(s->neg_digit);
    free(s->neg_off);
    vng_free(&s->ng);
    vengine_free(s->e);
}

doku_status doku_constraints_search(const doku_constraints *cs, const uint8_t *givens,
                                    size_t ncells, const doku_search_opts *opts,
                                    uint8_t *solution, doku_solution_fn on_solution, void *user,
                                    doku_search_result *res)
{
    if (!cs || !givens || !res || ncells != (size_t)cs->shape->ncells ||
        (opts && (!(opts->time_budget >= 0) || (opts->flags & ~(unsigned)DOKU_SEARCH_GENERIC))))
        return DOKU_ERR_ARG;
    memset(res, 0, sizeof *res);
    const doku_shape *sh = cs->shape;
    for (int c = 0; c < sh->ncells; c++)
        if (givens[c] > sh->n)
            return DOKU_ERR_ARG;
    search_ctx ctx;
    search_ctx_start(&ctx, opts, solution, on_solution, user);

    vengine *e;
    if (vengine_create(cs, &e) != DOKU_OK)
        return DOKU_ERR_NOMEM;
    size_t nc = (size_t)sh->ncells;
    vsearch s = {.e = e, .ctx = &ctx, .until_decay = DECAY, .last = -1,
                 .restart_at = RESTART_FIRST, .cutoff = RESTART_FIRST};
    /* levels 0 .. ncells, and the root's domains kept for the restarts */
    s.dom = malloc((nc + 2) * nc * sizeof *s.dom);
    s.fixed = malloc((nc + 2) * nc);
    s.grid = malloc(nc);
    s.score = malloc(nc * sizeof *s.score);
    s.pos_cell = malloc(nc * sizeof *s.pos_cell);
    s.pos_digit = malloc(nc * sizeof *s.pos_digit);
    /* a branch takes out at most every digit of every cell */
    size_t nneg = nc * (size_t)e->n;
    s.neg_cell = malloc(nneg * sizeof *s.neg_cell);
    s.neg_digit = malloc(nneg * sizeof *s.neg_digit);
    s.neg_off = malloc((nc + 2) * sizeof *s.neg_off);
    int ok = vng_init(&s.ng, e->ncells);
    if (!ok || !s.dom || !s.fixed || !s.grid || !s.score || !s.pos_cell || !s.pos_digit ||
        !s.neg_cell || !s.neg_digit || !s.neg_off) {
        search_free(&s);
        return DOKU_ERR_NOMEM;
    }
    for (int c = 0; c < e->ncells; c++) {
        s.score[c] = e->prio[c];
        s.dom[c] = e->init[c];
        if (givens[c])
            s.dom[c] &= (vmask)1 << (givens[c] - 1);
    }
    memset(s.fixed, 0, nc);
    for (int c = 0; c < e->ncells; c++)
        ok &= s.dom[c] != 0;
    search_count_node(&ctx);
    if (ok && vengine_propagate(e, s.dom, s.fixed, NULL, 0)) {
        vmask *root = s.dom + (nc + 1) * nc;
        uint8_t *root_fixed = s.fixed + (nc + 1) * nc;
        memcpy(root, s.dom, nc * sizeof *root);
        memcpy(root_fixed, s.fixed, nc);
        dfs(&s, 0);
        while (s.restarting && !ctx.stop) {
            s.restarting = 0;
            s.last = -1;
            s.neg_top = 0;
            memcpy(s.dom, root, nc * sizeof *root);
            memcpy(s.fixed, root_fixed, nc);
            dfs(&s, 0);
        }
    }
    res->solutions = ctx.solutions;
    res->nodes = ctx.nodes;
    res->guesses = ctx.guesses;
    search_free(&s);
    return ctx.gave_up ? DOKU_GAVE_UP : DOKU_OK;
}
