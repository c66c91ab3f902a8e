/*
 * variant_reduce.c — see variant_reduce.h. The check after each removal
 * is a search for two solutions under the constraints within a count of
 * nodes; one that runs out keeps the givens (the puzzle stays proven
 * unique) and the result is then not called minimal. Counts, not the
 * clock, decide, so a seed gives the same puzzle on every machine.
 */
#include "variant_reduce.h"
#include "clock.h"

#include <stdlib.h>
#include <string.h>

/* The cells cell goes with under sym on side n (itself first) into
 * orbit; @return how many (1 to 4). */
static int orbit_of(int cell, int n, doku_symmetry sym, int orbit[4])
{
    int r = cell / n, c = cell % n, k = 0;
    int pts[4][2] = {{r, c}, {r, c}, {r, c}, {r, c}};
    int m = 1;
    switch (sym) {
    case DOKU_SYM_ROT180: pts[1][0] = n - 1 - r; pts[1][1] = n - 1 - c; m = 2; break;
    case DOKU_SYM_ROT90:
        pts[1][0] = c; pts[1][1] = n - 1 - r;
        pts[2][0] = n - 1 - r; pts[2][1] = n - 1 - c;
        pts[3][0] = n - 1 - c; pts[3][1] = r;
        m = 4;
        break;
    case DOKU_SYM_MIRROR: pts[1][1] = n - 1 - c; m = 2; break;
    case DOKU_SYM_FLIP: pts[1][0] = n - 1 - r; m = 2; break;
    case DOKU_SYM_DIAGONAL: pts[1][0] = c; pts[1][1] = r; m = 2; break;
    case DOKU_SYM_ANTIDIAGONAL: pts[1][0] = n - 1 - c; pts[1][1] = n - 1 - r; m = 2; break;
    default: break;
    }
    for (int i = 0; i < m; i++) {
        int x = pts[i][0] * n + pts[i][1], seen = 0;
        for (int j = 0; j < k; j++)
            seen |= orbit[j] == x;
        if (!seen)
            orbit[k++] = x;
    }
    return k;
}

doku_status vreduce_count_two(const doku_constraints *cs, const uint8_t *cells, size_t nc,
                              uint64_t nodes, double end, uint8_t *sol, doku_search_result *r)
{
    double left = end > 0 ? end - now_seconds() : 0;
    if (end > 0 && left <= 0) {
        memset(r, 0, sizeof *r);
        return DOKU_GAVE_UP;
    }
    doku_search_opts o = {2, nodes, left, 0};
    return doku_constraints_search(cs, cells, nc, &o, sol, NULL, NULL, r);
}

/* Removes orbits of givens from puzzle in the order of rng while one
 * solution stays, down to target givens; *checks and *unresolved count
 * the searches and those that ran out of their nodes, *untried the orbits
 * the target left alone, *late is set when the deadline end (> 0)
 * stopped it. @return the givens left, or -1 when memory ran out. */
static int remove_orbits(const doku_constraints *cs, uint8_t *puzzle, int n, const vreduce_opts *a,
                         doku_symmetry sym, double end, uint64_t *checks, uint64_t *unresolved,
                         int *untried, int *late)
{
    uint64_t nodes = a->check_nodes ? a->check_nodes : VREDUCE_CHECK_NODES;
    int nc = n * n, givens = 0;
    int *order = malloc((size_t)nc * sizeof *order);
    uint8_t *tried = calloc((size_t)nc, 1);
    if (!order || !tried) {
        free(order);
        free(tried);
        return -1;
    }
    for (int i = 0; i < nc; i++) {
        order[i] = i;
        givens += puzzle[i] != 0;
    }
    doku_rng rng;
    doku_rng_seed(&rng, a->seed);
    for (int i = nc - 1; i > 0; i--) {
        int j = (int)doku_rng_below(&rng, (uint32_t)i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    *untried = 0;
    for (int k = 0; k < nc; k++) {
        int orbit[4], m = orbit_of(order[k], n, sym, orbit), all = 1;
        for (int j = 0; j < m; j++)
            all &= puzzle[orbit[j]] != 0 && !tried[orbit[j]];
        /* an orbit is tried once, from the first of its cells in the order */
        if (!all)
            continue;
        for (int j = 0; j < m; j++)
            tried[orbit[j]] = 1;
        if (givens - m < a->target) {
            ++*untried;
            continue;
        }
        uint8_t kept[4];
        for (int j = 0; j < m; j++) {
            kept[j] = puzzle[orbit[j]];
            puzzle[orbit[j]] = 0;
        }
        doku_search_result r;
        doku_status st = vreduce_count_two(cs, puzzle, (size_t)nc, nodes, end, NULL, &r);
        if (st == DOKU_GAVE_UP && end > 0 && now_seconds() >= end) {
            /* the clock, not the count: this check and the rest untried */
            for (int j = 0; j < m; j++)
                puzzle[orbit[j]] = kept[j];
            *late = 1;
            break;
        }
        ++*checks;
        if (st == DOKU_OK && r.solutions == 1) {
            givens -= m;
            continue;
        }
        for (int j = 0; j < m; j++)
            puzzle[orbit[j]] = kept[j];
        if (st == DOKU_ERR_NOMEM) {
            /* not "unresolved": a run short of memory is no answer */
            givens = -1;
            break;
        }
        *unresolved += st != DOKU_OK;
    }
    free(order);
    free(tried);
    return givens;
}

int vreduce_cells(const doku_constraints *cs, uint8_t *puzzle, int n, const vreduce_opts *a,
                      double end, doku_reduce_result *rr)
{
    memset(rr, 0, sizeof *rr);
    doku_symmetry sym = a->sym;
    if (sym == DOKU_SYM_RANDOM) {
        doku_rng pick;
        doku_rng_seed(&pick, a->seed ^ 0x9e3779b97f4a7c15u);
        sym = (doku_symmetry)(1 + doku_rng_below(&pick, 6));
    }
    int untried = 0, late = 0;
    int left = remove_orbits(cs, puzzle, n, a, sym, end, &rr->checks, &rr->unresolved, &untried,
                             &late);
    if (left < 0)
        return -1;
    rr->givens = left;
    rr->symmetry = sym;
    /* every orbit left was tried and needed: none can go */
    rr->minimal = !untried && rr->unresolved == 0 && !late;
    return late;
}


int vreduce_rated(const doku_constraints *cs, int n, const uint8_t *start,
                  const vreduce_opts *a, const vrate_want *w, double end, uint8_t *puzzle,
                  doku_reduce_result *rr, vrating *v, int *tries)
{
    int nc = n * n, givens = 0, step = nc / 16 > 1 ? nc / 16 : 1;
    for (int i = 0; i < nc; i++)
        givens += start[i] != 0;
    *tries = 0;
    uint8_t *work = malloc((size_t)nc);
    if (!work)
        return -1;
    vreduce_opts b = *a;
    vrate_verdict last = VRATE_HARDER;
    int found = 0, hard_at = -1, easy_at = -1; /* most givens too hard, fewest too easy */
    for (int k = 0; k < VREDUCE_ATTEMPTS && !found; k++) {
        memcpy(work, start, (size_t)nc);
        b.seed = k ? doku_seed_derive(a->seed, (uint64_t)k) : a->seed;
        doku_reduce_result wr;
        int got = vreduce_cells(cs, work, n, &b, end, &wr), late = got == 1;
        if (got < 0) {
            free(work);
            return -1;
        }
        ++*tries;
        /* the same givens as the last one rated: the same verdict */
        if (!late && (k == 0 || memcmp(work, puzzle, (size_t)nc) != 0)) {
            /* the rating's work is counted; the deadline only stops it */
            double left = end > 0 ? end - now_seconds() : 0;
            late = end > 0 && left <= 0;
            doku_status st = late ? DOKU_OK : vrate_run(cs, work, VRATE_WORK, left, v);
            if (st != DOKU_OK) {
                free(work);
                return st == DOKU_ERR_NOMEM ? -1 : 0;
            }
            late = late || (v->timed_out && end > 0 && now_seconds() >= end);
            if (!late)
                last = vrate_judge(v, w);
        }
        if (late) {
            /* stopped by the clock: the puzzle reached, unrated */
            memcpy(puzzle, work, (size_t)nc);
            *rr = wr;
            rr->minimal = 0;
            free(work);
            return 2;
        }
        memcpy(puzzle, work, (size_t)nc);
        *rr = wr;
        found = last == VRATE_IN;
        if (last == VRATE_HARDER) {
            if (wr.givens >= givens)
                break;   /* every given kept and still too hard: no easier one */
            hard_at = wr.givens > hard_at ? wr.givens : hard_at;
            int up = easy_at > hard_at + 1 ? (hard_at + easy_at + 1) / 2 : hard_at + step;
            b.target = up < givens ? up : givens;
        } else if (last == VRATE_EASIER) {
            easy_at = easy_at < 0 || wr.givens < easy_at ? wr.givens : easy_at;
            b.target = hard_at >= 0 && easy_at > hard_at + 1 ? (hard_at + easy_at) / 2 : a->target;
        }
    }
    free(work);
    return found;
}
