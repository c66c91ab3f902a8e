/*
 * gen_variant.c — see gen_variant.h. The puzzle is the library's
 * (doku_variant_generate, seeded as the CLI seeds puzzle 1); the record
 * is written here with the constraints as every other record carries
 * them (variant.h).
 */
#include "gen_variant.h"
#include "clock.h"
#include "record.h"
#include "variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cells as a line of symbols 1-9A-Z ('.' empty). */
static char *line_of(const uint8_t *cells, size_t nc)
{
    static const char sym[] = ".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char *s = malloc(nc + 1);
    for (size_t i = 0; s && i < nc; i++)
        s[i] = cells[i] < sizeof sym - 1 ? sym[cells[i]] : '?';
    if (s)
        s[nc] = '\0';
    return s;
}

/* Puzzle index k of g as a record in b: the generate record with the
 * set and constraints added. @return DOKU_OK or DOKU_ERR_NOMEM. */
static doku_status variant_record(const srv_gen *g, uint64_t k, const doku_constraints *cs,
                                  const uint8_t *givens, const uint8_t *solution,
                                  const doku_vgen_result *vr, doku_buf *b)
{
    srv_made m = {vr->givens, vr->attempts, DOKU_SYM_NONE, 0};
    cJSON *o = cJSON_CreateObject();
    if (o && !(cJSON_AddStringToObject(o, "set", doku_vgen_set_name(g->vo.set)) &&
               (g->difficulty == DOKU_DIFFICULTY_ANY ||
                cJSON_AddStringToObject(o, "scale", "doku")) && srv_add_constraints(o, cs))) {
        cJSON_Delete(o);
        o = NULL;
    }
    return srv_gen_record_constraints(g, k, givens, solution, &m, o, b);
}

int srv_gen_variant_records(srv_gen *g, uint64_t count, doku_buf *bufs, size_t *made,
                            srv_reply *out)
{
    size_t nc = (size_t)g->p.n * (size_t)g->p.n;
    uint8_t *givens = malloc(nc), *solution = malloc(nc);
    *made = 0;
    int rc = 0;
    if (!givens || !solution) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        rc = -1;
        goto done;
    }
    double deadline = now_seconds() + g->timeout;
    for (uint64_t k = 0; k < count; k++) {
        double left = deadline - now_seconds();
        if (left < 0.001)
            break;
        doku_constraints *cs = NULL;
        doku_vgen_result res;
        memset(&res, 0, sizeof res);
        g->vo.time_budget = left;
        doku_status st = doku_variant_generate(g->g, doku_seed_derive(g->seed, k), &g->vo, &cs,
                                               givens, solution, nc, &res);
        if (st == DOKU_ERR_ARG) {
            char text[200];
            snprintf(text, sizeof text, "a %s cannot be made on this shape with these cage sizes",
                     doku_vgen_set_name(g->vo.set));
            srv_reply_error(out, 400, "bad_field", text, "variants");
            rc = -1;
            goto done;
        }
        if (st == DOKU_OK)
            st = variant_record(g, k, cs, givens, solution, &res, &bufs[*made]);
        doku_constraints_free(cs);
        if (st == DOKU_ERR_NOMEM) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            rc = -1;
            goto done;
        }
        if (st != DOKU_OK)
            break;   /* the budget ran out on this one */
        ++*made;
    }
    if (*made == 0) {
        char msg[200], secs[32];
        snprintf(msg, sizeof msg, "no %s found within %s s", doku_vgen_set_name(g->vo.set),
                 srv_seconds(secs, sizeof secs, g->named));
        srv_reply_error(out, 422, "cannot_generate", msg, NULL);
        rc = -1;
    }
done:
    free(givens);
    free(solution);
    return rc;
}

void srv_gen_variant_reply(srv_gen *g, srv_reply *out)
{
    size_t nc = (size_t)g->p.n * (size_t)g->p.n;
    uint8_t *givens = malloc(nc), *solution = malloc(nc);
    doku_constraints *cs = NULL;
    doku_vgen_result res;
    memset(&res, 0, sizeof res);
    const char *set = doku_vgen_set_name(g->vo.set);
    uint64_t seed = doku_seed_derive(g->seed, 0);
    g->vo.time_budget = g->timeout;
    doku_status st = givens && solution ? doku_variant_generate(g->g, seed, &g->vo, &cs, givens,
                                                                solution, nc, &res)
                                        : DOKU_ERR_NOMEM;
    char text[200], secs[32], num[32];
    cJSON *o = NULL;
    if (st == DOKU_GAVE_UP) {
        o = cJSON_CreateObject();
        snprintf(text, sizeof text, "no %s found within %s s (%llu full grids tried)", set,
                 srv_seconds(secs, sizeof secs, g->named), (unsigned long long)res.attempts);
        if (o && cJSON_AddStringToObject(o, "status", "gave_up") &&
            cJSON_AddStringToObject(o, "error", text) &&
            cJSON_AddNumberToObject(o, "attempts", (double)res.attempts)) {
            char *body = cJSON_PrintUnformatted(o);
            if (body)
                srv_reply_take(out, 200, body, strlen(body));
            else
                srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        } else {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        }
    } else if (st == DOKU_ERR_ARG) {
        /* the shape or cage sizes do not fit the set */
        snprintf(text, sizeof text, "a %s cannot be made on this shape with these cage sizes", set);
        srv_reply_error(out, 400, "bad_field", text, "variants");
    } else if (st != DOKU_OK) {
        srv_reply_error(out, st == DOKU_ERR_NOMEM ? 500 : 422,
                        st == DOKU_ERR_NOMEM ? "no_memory" : "cannot_generate",
                        doku_status_string(st), NULL);
    } else {
        char *p = line_of(givens, nc), *s = line_of(solution, nc);
        cJSON *list = srv_constraints_json(cs);
        o = cJSON_CreateObject();
        int ok = p && s && list && o && cJSON_AddNumberToObject(o, "index", 1);
        snprintf(num, sizeof num, "%llu", (unsigned long long)seed);
        ok = ok && cJSON_AddStringToObject(o, "seed", num);
        snprintf(num, sizeof num, "%llu", (unsigned long long)g->seed);
        ok = ok && cJSON_AddStringToObject(o, "master_seed", num) &&
             cJSON_AddNumberToObject(o, "n", g->p.n) && cJSON_AddStringToObject(o, "set", set) &&
             cJSON_AddStringToObject(o, "puzzle", p) && cJSON_AddStringToObject(o, "solution", s) &&
             cJSON_AddNumberToObject(o, "givens", res.givens);
        /* a difficulty asked is met on doku's own scale (variant_rate.h) */
        if (ok && g->difficulty != DOKU_DIFFICULTY_ANY)
            ok = cJSON_AddStringToObject(o, "difficulty", doku_difficulty_name(g->difficulty)) &&
                 cJSON_AddStringToObject(o, "scale", "doku");
        if (ok) {
            cJSON_AddItemToObject(o, "constraints", list);
            list = NULL;
            ok = cJSON_AddNumberToObject(o, "nodes", (double)res.nodes) &&
                 cJSON_AddNumberToObject(o, "guesses", (double)res.guesses);
        }
        char *body = ok ? cJSON_PrintUnformatted(o) : NULL;
        if (body)
            srv_reply_take(out, 200, body, strlen(body));
        else
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        cJSON_Delete(list);
        free(p);
        free(s);
    }
    cJSON_Delete(o);
    doku_constraints_free(cs);
    free(givens);
    free(solution);
}
