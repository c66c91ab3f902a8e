/*
 * variant_reduce.c — see variant_reduce.h. The check after each removal
 * is a search for two solutions under the constraints; one that runs out
 * of time keeps the givens (the puzzle stays proven unique) and the
 * result is then not called minimal.
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
                              double end, uint8_t *sol, doku_search_result *r)
{
    double left = end - now_seconds();
    if (left <= 0)
        return DOKU_GAVE_UP;
    doku_search_opts o = {2, 0, left, 0};
    return doku_constraints_search(cs, cells, nc, &o, sol, NULL, NULL, r);
}

/* Removes orbits of givens from puzzle in the order of rng while one
 * solution stays, down to target givens; *checks and *unresolved count
 * the searches and those that ran out of time, *untried the orbits the
 * target left alone. @return the givens left, or -1 when memory ran out. */
static int remove_orbits(const doku_constraints *cs, uint8_t *puzzle, int n, const vreduce_opts *a,
                         doku_symmetry sym, double end, uint64_t *checks, uint64_t *unresolved,
                         int *untried)
{
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
        doku_status st = vreduce_count_two(cs, puzzle, (size_t)nc, end, NULL, &r);
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
    int untried = 0;
    int left = remove_orbits(cs, puzzle, n, a, sym, end, &rr->checks, &rr->unresolved, &untried);
    if (left < 0)
        return -1;
    rr->givens = left;
    rr->symmetry = sym;
    /* every orbit left was tried and needed: none can go */
    rr->minimal = !untried && rr->unresolved == 0;
    return 0;
}


int vreduce_rated(const doku_constraints *cs, int n, const uint8_t *start,
                      const vreduce_opts *a, const vrate_want *w, double end, uint8_t *puzzle,
                      doku_reduce_result *rr, vrating *v, int *tries)
{
    int nc = n * n, givens = 0, step = nc / 16 > 1 ? nc / 16 : 1;
    for (int i = 0; i < nc; i++)
        givens += start[i] != 0;
    /* a rating gets the generators' work (counted: the same on every
     * machine) and, so that the request's budget leaves room for other
     * orders, at most a quarter of that budget (or 2 s) of wall time */
    double wall = a->timeout / 4 > 2.0 ? a->timeout / 4 : 2.0;
    *tries = 0;
    uint8_t *work = malloc((size_t)nc);
    if (!work)
        return -1;
    vreduce_opts b = *a;
    vrate_verdict last = VRATE_HARDER;
    int found = 0, hard_at = -1, easy_at = -1; /* most givens too hard, fewest too easy */
    for (int k = 0; k < VREDUCE_ATTEMPTS && !found && (k == 0 || now_seconds() < end); k++) {
        memcpy(work, start, (size_t)nc);
        b.seed = k ? doku_seed_derive(a->seed, (uint64_t)k) : a->seed;
        doku_reduce_result wr;
        if (vreduce_cells(cs, work, n, &b, end, &wr) != 0) {
            free(work);
            return -1;
        }
        ++*tries;
        /* the same givens as the last one rated: the same verdict */
        if (k == 0 || memcmp(work, puzzle, (size_t)nc) != 0) {
            double left = end - now_seconds();
            left = left < wall ? left : wall;
            doku_status st = vrate_run(cs, work, VRATE_WORK, left > 1e-3 ? left : 1e-3, v);
            if (st != DOKU_OK) {
                free(work);
                return st == DOKU_ERR_NOMEM ? -1 : 0;
            }
            last = vrate_judge(v, w);
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
