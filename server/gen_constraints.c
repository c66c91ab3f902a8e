/*
 * gen_constraints.c — see gen_constraints.h. Givens are added, each the
 * digit one of two solutions has where they differ, until one solution
 * is left: each given is true of a solution, so the puzzle never loses
 * its last one, and each takes at least one of the two away. That
 * solution, as a full grid, is then reduced as /api/reduce reduces
 * (reduce_variant.c), down to the givens asked.
 */
#include "gen_constraints.h"
#include "clock.h"
#include "record.h"
#include "reduce_variant.h"
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct two {
    uint8_t *sol[2];
    size_t nc;
    int found;
} two;

static int keep(void *user, const uint8_t *solution)
{
    two *t = user;
    if (t->found < 2)
        memcpy(t->sol[t->found], solution, t->nc);
    t->found++;
    return t->found >= 2;
}

/* Adds givens to puzzle until it has one solution (into t->sol[0]).
 * @return DOKU_OK, DOKU_GAVE_UP, DOKU_ERR_NOMEM, or DOKU_ERR_VARIANT when
 * the constraints have no solution. */
static doku_status settle(const doku_constraints *cs, uint8_t *puzzle, two *t, doku_rng *rng,
                          double end)
{
    int *differ = malloc(t->nc * sizeof *differ);
    if (!differ)
        return DOKU_ERR_NOMEM;
    doku_status st = DOKU_OK;
    for (;;) {
        double left = end - now_seconds();
        if (left <= 0) {
            st = DOKU_GAVE_UP;
            break;
        }
        doku_search_opts o = {2, 0, left, 0};
        doku_search_result r;
        t->found = 0;
        st = doku_constraints_search(cs, puzzle, t->nc, &o, NULL, keep, t, &r);
        if (st != DOKU_OK)
            break;
        if (t->found == 0) {
            st = DOKU_ERR_VARIANT;
            break;
        }
        if (t->found == 1)
            break;
        size_t k = 0;
        for (size_t i = 0; i < t->nc; i++)
            if (t->sol[0][i] != t->sol[1][i])
                differ[k++] = (int)i;
        int cell = differ[doku_rng_below(rng, (uint32_t)k)];
        puzzle[cell] = t->sol[doku_rng_below(rng, 2)][cell];
    }
    free(differ);
    return st;
}

/* The rating members of a rated puzzle: doku's own scale, and the
 * difficulty found when none was asked by name (else the record has it). */
static int add_rating(cJSON *o, const srv_gen *g, const vrating *v)
{
    return cJSON_AddStringToObject(o, "scale", "doku") &&
           (v->r.solved ? cJSON_AddNumberToObject(o, "rating", v->r.er)
                        : cJSON_AddNullToObject(o, "rating")) &&
           (g->difficulty != DOKU_DIFFICULTY_ANY ||
            cJSON_AddStringToObject(o, "difficulty",
                                    doku_difficulty_name(v->r.solved ? v->r.difficulty
                                                                     : DOKU_DIFFICULTY_UNSOLVED)));
}

/* The record of puzzle index k: the generate record plus constraints
 * (and v's rating when v is not NULL), appended to b. @return DOKU_OK or
 * DOKU_ERR_NOMEM. */
static doku_status put_record(const srv_gen *g, uint64_t k, const uint8_t *puzzle,
                              const uint8_t *solution, const doku_reduce_result *rr,
                              const vrating *v, doku_buf *b)
{
    srv_made m = {rr->givens, 1, rr->symmetry, rr->minimal};
    cJSON *o = cJSON_CreateObject();
    if (o && !(srv_add_constraints(o, g->p.cons) && (!v || add_rating(o, g, v)))) {
        cJSON_Delete(o);
        o = NULL;
    }
    return srv_gen_record_constraints(g, k, puzzle, solution, &m, o, b);
}

/* Puzzle index k of g's master seed by the deadline end: puzzle (n*n)
 * and its solution t->sol[0]; with "full" the solution itself; with a
 * rating asked (g->have_rating: difficulty, rating, require), reductions
 * rated on doku's scale (vreduce_rated), from other solutions while
 * none is as asked and the time lasts, *v the rating of the one made.
 * @return as settle; DOKU_GAVE_UP also when no reduction was as asked
 * (*v then the last one's; a second solution reduced as the first
 * stops the search early: the constraints leave no other). */
static doku_status make(const srv_gen *g, uint64_t k, double end, uint8_t *puzzle, two *t,
                        doku_reduce_result *rr, vrating *v)
{
    uint64_t seed = doku_seed_derive(g->seed, k);
    doku_rng rng;
    doku_rng_seed(&rng, seed);
    int n = g->p.n, rated = g->have_rating && !g->full;
    vrate_want w = {g->bo.min, g->bo.max, g->bo.require};
    uint8_t *last = rated ? malloc(t->nc) : NULL;
    if (rated && !last)
        return DOKU_ERR_NOMEM;
    doku_status st = DOKU_OK;
    for (int round = 0;; round++) {
        memset(puzzle, 0, t->nc);
        st = settle(g->p.cons, puzzle, t, &rng, end);
        if (st != DOKU_OK)
            break;
        memcpy(puzzle, t->sol[0], t->nc);
        if (g->full) {
            memset(rr, 0, sizeof *rr);
            rr->givens = (int)t->nc;
            rr->symmetry = DOKU_SYM_NONE;
            break;
        }
        /* from the full solution, as a reduce of it: the givens asked */
        vreduce_opts a = {g->lo, g->sym, round ? doku_rng_next(&rng) : seed,
                          g->minimal ? VREDUCE_PRECHECK_NODES : 0, DOKU_DIFFICULTY_ANY};
        if (!rated) {
            /* stopped by the clock (1) it is still unique: given as made */
            if (vreduce_cells(g->p.cons, puzzle, n, &a, end, rr) < 0)
                st = DOKU_ERR_NOMEM;
            break;
        }
        int tries;
        int got = vreduce_rated(g->p.cons, n, t->sol[0], &a, &w, end, puzzle, rr, v, &tries);
        if (got == 1 || got < 0) {
            st = got < 0 ? DOKU_ERR_NOMEM : DOKU_OK;
            break;
        }
        if (got == 2 || now_seconds() >= end ||
            (round > 0 && memcmp(last, puzzle, t->nc) == 0)) {
            st = DOKU_GAVE_UP;
            break;
        }
        memcpy(last, puzzle, t->nc);
    }
    free(last);
    return st;
}

void srv_gen_constraints_reply(srv_gen *g, srv_reply *out)
{
    size_t nc = (size_t)g->p.n * (size_t)g->p.n;
    uint8_t *puzzle = calloc(nc, 3);
    two t = {{puzzle ? puzzle + nc : NULL, puzzle ? puzzle + 2 * nc : NULL}, nc, 0};
    if (!puzzle) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    double end = now_seconds() + g->timeout;
    doku_reduce_result rr;
    vrating v;
    memset(&v, 0, sizeof v);
    int rated = g->have_rating && !g->full;
    doku_status st = make(g, 0, end, puzzle, &t, &rr, &v);
    char text[240], secs[32], want[80];
    if (st == DOKU_OK) {
        doku_buf b = {0};
        st = put_record(g, 0, puzzle, t.sol[0], &rr, rated ? &v : NULL, &b);
        srv_reply_buf(out, &b, st);
    } else if (st == DOKU_ERR_VARIANT) {
        srv_reply_error(out, 422, "no_solution",
                        "the constraints have no solution: no givens can make them a puzzle",
                        "constraints");
    } else if (st == DOKU_GAVE_UP) {
        if (rated && g->difficulty != DOKU_DIFFICULTY_ANY)
            snprintf(want, sizeof want, " rated %s on doku's own scale",
                     doku_difficulty_name(g->difficulty));
        else if (rated)
            snprintf(want, sizeof want, " with the rating asked (doku's own scale)");
        else
            want[0] = '\0';
        snprintf(text, sizeof text, "no unique puzzle%s found for the constraints within %s s", want,
                 srv_seconds(secs, sizeof secs, g->named));
        cJSON *o = cJSON_CreateObject();
        char *body = o && cJSON_AddStringToObject(o, "status", "gave_up") &&
                             cJSON_AddStringToObject(o, "error", text)
                         ? cJSON_PrintUnformatted(o)
                         : NULL;
        if (body)
            srv_reply_take(out, 200, body, strlen(body));
        else
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        cJSON_Delete(o);
    } else {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
    }
    free(puzzle);
}

int srv_gen_constraints_records(srv_gen *g, uint64_t count, doku_buf *bufs, size_t *made,
                                srv_reply *out)
{
    size_t nc = (size_t)g->p.n * (size_t)g->p.n;
    *made = 0;
    /* the puzzles made so far (to leave out a repeat), then the work space */
    uint8_t *kept = malloc(nc * ((size_t)count + 3));
    if (!kept) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    uint8_t *puzzle = kept + nc * (size_t)count;
    two t = {{puzzle + nc, puzzle + 2 * nc}, nc, 0};
    double end = now_seconds() + g->timeout;
    doku_status st = DOKU_OK;
    for (uint64_t k = 0; *made < count && k < count * SRV_GEN_TRIES && now_seconds() < end; k++) {
        doku_reduce_result rr;
        vrating v;
        st = make(g, k, end, puzzle, &t, &rr, &v);
        if (st != DOKU_OK)
            break;
        int seen = 0;
        for (size_t j = 0; j < *made && !seen; j++)
            seen = memcmp(kept + j * nc, puzzle, nc) == 0;
        if (seen)
            continue;
        st = put_record(g, k, puzzle, t.sol[0], &rr, g->have_rating && !g->full ? &v : NULL,
                        &bufs[*made]);
        if (st != DOKU_OK)
            break;
        memcpy(kept + *made * nc, puzzle, nc);
        ++*made;
    }
    free(kept);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    if (*made == 0 && st == DOKU_ERR_VARIANT) {
        srv_reply_error(out, 422, "no_solution",
                        "the constraints have no solution: no givens can make them a puzzle",
                        "constraints");
        return -1;
    }
    if (*made == 0) {
        char msg[200], secs[32];
        snprintf(msg, sizeof msg, "no unique puzzle found for the constraints within %s s",
                 srv_seconds(secs, sizeof secs, g->named));
        srv_reply_error(out, 422, "cannot_generate", msg, NULL);
        return -1;
    }
    return 0;
}
