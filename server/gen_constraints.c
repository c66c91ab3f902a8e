/*
 * gen_constraints.c — see gen_constraints.h. The givens are chosen by
 * common/variant_givens.c (`doku generate --constraints` chooses them
 * the same way: one seed, one puzzle); here, the records and replies.
 */
#include "gen_constraints.h"
#include "clock.h"
#include "record.h"
#include "reduce_variant.h"
#include "variant_givens.h"
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Puzzle index k of g's master seed by the deadline end (variant_givens.h):
 * puzzle and solution (n*n each); with a rating asked (g->have_rating:
 * difficulty, rating, require) *v the rating of the one made. @return as
 * vgivens_make. */
static doku_status make(const srv_gen *g, uint64_t k, double end, uint8_t *puzzle,
                        uint8_t *solution, doku_reduce_result *rr, vrating *v)
{
    vrate_want w = {g->bo.min, g->bo.max, g->bo.require};
    vgivens_opts o = {g->lo, g->sym, g->minimal, g->full, g->have_rating ? &w : NULL};
    return vgivens_make(g->p.cons, doku_seed_derive(g->seed, k), &o, end, puzzle, solution, rr, v);
}

void srv_gen_constraints_reply(srv_gen *g, srv_reply *out)
{
    size_t nc = (size_t)g->p.n * (size_t)g->p.n;
    uint8_t *puzzle = calloc(nc, 2), *solution = puzzle ? puzzle + nc : NULL;
    if (!puzzle) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    double end = now_seconds() + g->timeout;
    doku_reduce_result rr;
    vrating v;
    memset(&v, 0, sizeof v);
    int rated = g->have_rating && !g->full;
    doku_status st = make(g, 0, end, puzzle, solution, &rr, &v);
    char text[240], secs[32], want[80];
    if (st == DOKU_OK) {
        doku_buf b = {0};
        st = put_record(g, 0, puzzle, solution, &rr, rated ? &v : NULL, &b);
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
    uint8_t *kept = malloc(nc * ((size_t)count + 2));
    if (!kept) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    uint8_t *puzzle = kept + nc * (size_t)count, *solution = puzzle + nc;
    double end = now_seconds() + g->timeout;
    doku_status st = DOKU_OK;
    for (uint64_t k = 0; *made < count && k < count * SRV_GEN_TRIES && now_seconds() < end; k++) {
        doku_reduce_result rr;
        vrating v;
        st = make(g, k, end, puzzle, solution, &rr, &v);
        if (st != DOKU_OK)
            break;
        int seen = 0;
        for (size_t j = 0; j < *made && !seen; j++)
            seen = memcmp(kept + j * nc, puzzle, nc) == 0;
        if (seen)
            continue;
        st = put_record(g, k, puzzle, solution, &rr, g->have_rating && !g->full ? &v : NULL,
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
