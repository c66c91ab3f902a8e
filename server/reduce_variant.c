/*
 * reduce_variant.c — see reduce_variant.h. The check after each removal
 * is a search for two solutions under the constraints; one that runs out
 * of time keeps the givens (the puzzle stays proven unique) and the
 * result is then not called minimal.
 */
#include "reduce_variant.h"
#include "clock.h"
#include "record.h"
#include "variant.h"

#include "doku_constraints.h"
#include "doku_records.h"

#include <stdio.h>
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

/* Up to two solutions of cells under cs by the deadline end (first into
 * sol when not NULL). @return as doku_constraints_search; DOKU_GAVE_UP
 * once the deadline has passed. */
static doku_status count_two(const doku_constraints *cs, const uint8_t *cells, size_t nc,
                             double end, uint8_t *sol, doku_search_result *r)
{
    double left = end - now_seconds();
    if (left <= 0)
        return DOKU_GAVE_UP;
    doku_search_opts o = {2, 0, left, 0};
    return doku_constraints_search(cs, cells, nc, &o, sol, NULL, NULL, r);
}

/* The rating members of a reduce to a difficulty: doku's own scale. */
static int add_rating(cJSON *extra, const vrating *v)
{
    const doku_rating *r = &v->r;
    return cJSON_AddStringToObject(extra, "scale", "doku") &&
           (r->solved ? cJSON_AddNumberToObject(extra, "rating", r->er)
                      : cJSON_AddNullToObject(extra, "rating")) &&
           cJSON_AddStringToObject(extra, "difficulty",
                                   doku_difficulty_name(r->solved ? r->difficulty
                                                                  : DOKU_DIFFICULTY_UNSOLVED));
}

/* Replies with rec and the puzzle's constraints (and v's rating when v
 * is not NULL). */
static void reply(srv_reply *out, const srv_puzzle *p, const doku_reduce_record *rec,
                  const vrating *v)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    doku_buf b = {0};
    doku_status st = doku_format_reduce(&b, &src, &ro, rec);
    cJSON *extra = cJSON_CreateObject(), *list = srv_constraints_json(p->cons);
    if (!extra || !list || !cJSON_AddItemToObject(extra, "constraints", list)) {
        if (!extra || !cJSON_GetObjectItemCaseSensitive(extra, "constraints"))
            cJSON_Delete(list);
        st = st == DOKU_OK ? DOKU_ERR_NOMEM : st;
    } else if (v && !add_rating(extra, v)) {
        st = st == DOKU_OK ? DOKU_ERR_NOMEM : st;
    } else if (st == DOKU_OK) {
        st = srv_record_add(&b, extra);
    }
    cJSON_Delete(extra);
    srv_reply_buf(out, &b, st);
}

static void fail(srv_reply *out, const srv_puzzle *p, const char *status, const char *msg)
{
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = msg;
    reply(out, p, &rec, NULL);
}

/* Removes orbits of givens from puzzle in the order of rng while one
 * solution stays, down to target givens; *checks and *unresolved count
 * the searches and those that ran out of time, *untried the orbits the
 * target left alone. @return the givens left, or -1 when memory ran out. */
static int remove_orbits(const doku_constraints *cs, uint8_t *puzzle, int n, const srv_vreduce *a,
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
        doku_status st = count_two(cs, puzzle, (size_t)nc, end, NULL, &r);
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

int srv_vreduce_cells(const doku_constraints *cs, uint8_t *puzzle, int n, const srv_vreduce *a,
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


int srv_vreduce_rated(const doku_constraints *cs, int n, const uint8_t *start,
                      const srv_vreduce *a, const vrate_want *w, double end, uint8_t *puzzle,
                      doku_reduce_result *rr, vrating *v, int *tries)
{
    int nc = n * n, givens = 0, step = nc / 16 > 1 ? nc / 16 : 1;
    for (int i = 0; i < nc; i++)
        givens += start[i] != 0;
    /* a rating gets the generators' seconds, or a quarter of the budget */
    double cap = a->timeout / 4 > VRATE_SECONDS ? a->timeout / 4 : VRATE_SECONDS;
    *tries = 0;
    uint8_t *work = malloc((size_t)nc);
    if (!work)
        return -1;
    srv_vreduce b = *a;
    vrate_verdict last = VRATE_HARDER;
    int found = 0, hard_at = -1, easy_at = -1; /* most givens too hard, fewest too easy */
    for (int k = 0; k < SRV_VREDUCE_ATTEMPTS && !found && (k == 0 || now_seconds() < end); k++) {
        memcpy(work, start, (size_t)nc);
        b.seed = k ? doku_seed_derive(a->seed, (uint64_t)k) : a->seed;
        doku_reduce_result wr;
        if (srv_vreduce_cells(cs, work, n, &b, end, &wr) != 0) {
            free(work);
            return -1;
        }
        ++*tries;
        /* the same givens as the last one rated: the same verdict */
        if (k == 0 || memcmp(work, puzzle, (size_t)nc) != 0) {
            double left = end - now_seconds();
            doku_status st = vrate_run(cs, work, left < cap ? left : cap, v);
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

void srv_reduce_variant(const srv_puzzle *p, const srv_vreduce *a, srv_reply *out)
{
    int n = p->n, nc = n * n, givens = 0;
    for (int i = 0; i < nc; i++)
        givens += p->cells[i] != 0;
    double end = now_seconds() + a->timeout;
    char *why = NULL;
    cJSON *broken = NULL;
    if (srv_violations(p->cons, p->cells, NULL, &why, &broken) != 0) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    cJSON_Delete(broken);
    if (why) {
        fail(out, p, "invalid", why);
        free(why);
        return;
    }
    doku_search_result r;
    doku_status st = count_two(p->cons, p->cells, (size_t)nc, end, NULL, &r);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    if (st != DOKU_OK) {
        fail(out, p, st == DOKU_GAVE_UP ? "gave_up" : "invalid",
             st == DOKU_GAVE_UP ? "gave up checking uniqueness within the time budget"
                                : "cannot check this puzzle");
        return;
    }
    if (r.solutions != 1) {
        fail(out, p, r.solutions ? "not_unique" : "unsolvable",
             r.solutions ? "more than one solution: only a unique puzzle can be reduced"
                         : "no solution under the constraints");
        return;
    }
    uint8_t *puzzle = malloc((size_t)nc);
    if (!puzzle) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    memcpy(puzzle, p->cells, (size_t)nc);
    doku_reduce_result rr;
    vrating v;
    char msg[240];
    int rated = a->diff != DOKU_DIFFICULTY_ANY, tries = 0;
    vrate_want w = {0, -1, 0};
    if (rated && doku_difficulty_range(a->diff, &w.min, &w.max) != DOKU_OK)
        rated = 0;
    int got = rated ? srv_vreduce_rated(p->cons, n, p->cells, a, &w, end, puzzle, &rr, &v, &tries)
                    : srv_vreduce_cells(p->cons, puzzle, n, a, end, &rr);
    if (got < 0) {
        free(puzzle);
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = "reduced";
    if (rated && got == 0) {
        rec.status = "outside_rating";
        snprintf(msg, sizeof msg, "none of %d reductions%s was rated %s on doku's own scale "
                 "(the last one is given)", tries,
                 tries < SRV_VREDUCE_ATTEMPTS ? " made within the time budget" : "",
                 doku_difficulty_name(a->diff));
        rec.message = msg;
    }
    rec.reduced = puzzle;
    rec.givens_before = givens;
    rec.result = &rr;
    reply(out, p, &rec, rated ? &v : NULL);
    free(puzzle);
}
