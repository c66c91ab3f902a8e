/*
 * reduce_variant.c — see reduce_variant.h: the checks and the record; the
 * reduction itself is common/variant_reduce.c, `doku reduce`'s too.
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
    cJSON *extra = cJSON_CreateObject();
    if (extra && srv_add_constraints(extra, p->cons) && (!v || add_rating(extra, v)))
        srv_reply_reduce(out, p, rec, NULL, extra);
    else
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
    cJSON_Delete(extra);
}

static void fail(srv_reply *out, const srv_puzzle *p, const char *status, const char *msg)
{
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = msg;
    reply(out, p, &rec, NULL);
}

void srv_reduce_variant(const srv_puzzle *p, const vreduce_opts *a, double timeout,
                        srv_reply *out)
{
    int n = p->n, nc = n * n, givens = 0;
    for (int i = 0; i < nc; i++)
        givens += p->cells[i] != 0;
    double end = now_seconds() + timeout;
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
    doku_status st = vreduce_count_two(p->cons, p->cells, (size_t)nc, VREDUCE_PRECHECK_NODES,
                                       end, NULL, &r);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    if (st != DOKU_OK) {
        char said[160] = "gave up checking uniqueness within the time budget";
        if (now_seconds() < end)
            snprintf(said, sizeof said, "gave up checking uniqueness after %u search nodes",
                     VREDUCE_PRECHECK_NODES);
        fail(out, p, st == DOKU_GAVE_UP ? "gave_up" : "invalid",
             st == DOKU_GAVE_UP ? said : "cannot check this puzzle");
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
    memset(&v, 0, sizeof v);
    char msg[240];
    int rated = a->diff != DOKU_DIFFICULTY_ANY, tries = 0;
    vrate_want w = {0, -1, 0};
    if (rated && doku_difficulty_range(a->diff, &w.min, &w.max) != DOKU_OK)
        rated = 0;
    int got = rated ? vreduce_rated(p->cons, n, p->cells, a, &w, end, puzzle, &rr, &v, &tries)
                    : vreduce_cells(p->cons, puzzle, n, a, end, &rr);
    if (got < 0) {
        free(puzzle);
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return;
    }
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = "reduced";
    if (got == (rated ? 2 : 1)) {
        /* the clock stopped it: still unique, but the seed's puzzle would
         * have had fewer givens */
        rec.status = rated ? "outside_rating" : "reduced";
        snprintf(msg, sizeof msg, "the time budget ran out before every given was tried (the "
                 "puzzle reached is given%s)", rated ? ", unrated" : "");
        rec.message = msg;
    } else if (rated && got == 0) {
        rec.status = "outside_rating";
        snprintf(msg, sizeof msg, "none of %d reductions was rated %s on doku's own scale "
                 "(the last one is given)", tries, doku_difficulty_name(a->diff));
        rec.message = msg;
    }
    rec.reduced = puzzle;
    rec.givens_before = givens;
    rec.result = &rr;
    reply(out, p, &rec, rated ? &v : NULL);
    free(puzzle);
}
