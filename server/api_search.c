/*
 * api_search.c — POST /api/solve, /api/count and /api/check: the search
 * engine on one puzzle, answered with the record `doku solve|count|check
 * --format json` prints (the library's doku_format_search writes both).
 *
 * The one design idea: each endpoint only maps request fields to the
 * CLI's options and search limits; judging and wording the outcome is
 * the record writer's job, so the page and the CLI cannot disagree.
 */
#include "api_endpoints.h"
#include "clock.h"
#include "cache.h"
#include "request.h"
#include "record.h"
#include "variant.h"

#include "doku.h"
#include "doku_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* solve --all stops listing at this many bytes of solutions. */
#define MAX_LIST_BYTES ((size_t)4 << 20)
/* count's default limit, as the CLI's. */
#define COUNT_LIMIT 1000000

typedef struct collect {
    size_t ncells, count, cap, max;
    uint8_t *cells;
    int cut, nomem;
} collect;

static int on_solution(void *p, const uint8_t *sol)
{
    collect *k = p;
    if ((k->count + 1) * k->ncells > k->max) {
        k->cut = 1;
        return 1;
    }
    if (k->count == k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 8;
        uint8_t *c = realloc(k->cells, cap * k->ncells);
        if (!c) {
            k->nomem = 1;
            return 1;
        }
        k->cells = c;
        k->cap = cap;
    }
    memcpy(k->cells + k->count++ * k->ncells, sol, k->ncells);
    return 0;
}

/* The common head of the three: body, puzzle, solver, time budget. */
typedef struct search_req {
    cJSON *req;
    srv_puzzle p;
    doku_solver *solver;     /* the worker's cached solver */
    double timeout;
    double named;            /* the budget as a record names it */
    int stats;
} search_req;

static int search_begin(search_req *s, const char *body, size_t len, const srv_budget *b,
                        srv_reply *out)
{
    memset(s, 0, sizeof *s);
    s->req = srv_parse_body(body, len, out);
    if (!s->req)
        return -1;
    if (srv_read_puzzle(s->req, 1, &s->p, out) != 0 ||
        srv_field_timeout(s->req, srv_remaining(b), &s->timeout, out) != 0 ||
        srv_field_bool(s->req, "stats", 0, &s->stats, out) != 0)
        return -1;
    s->named = srv_budget_named(s->req, b);
    if (!(s->solver = srv_cache_solver(s->p.shape))) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    return 0;
}

static void search_end(search_req *s)
{
    srv_puzzle_free(&s->p);
    cJSON_Delete(s->req);
}

/* The search of the puzzle's givens under its units and, for a variant
 * puzzle, its constraints (doku_constraints_search), else doku_search. */
static doku_status search(const search_req *s, const doku_search_opts *so, uint8_t *solution,
                          doku_solution_fn fn, void *user, doku_search_result *res)
{
    size_t nc = (size_t)s->p.n * (size_t)s->p.n;
    if (s->p.cons)
        return doku_constraints_search(s->p.cons, s->p.cells, nc, so, solution, fn, user, res);
    return doku_search(s->solver, s->p.cells, nc, so, solution, fn, user, res);
}

/* Replies with rec, and for a variant puzzle what its record adds: its
 * "constraints" and, with violations (taken over), the broken ones; a
 * 500 when memory ran out for them. */
static void reply(srv_reply *out, const search_req *s, const doku_search_record *rec, int stats,
                  cJSON *violations)
{
    cJSON *o = NULL;
    if (s->p.cons) {
        o = cJSON_CreateObject();
        if (!srv_add_constraints(o, s->p.cons) ||
            (violations && !cJSON_AddItemToObject(o, "violations", violations))) {
            cJSON_Delete(violations);
            cJSON_Delete(o);
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            return;
        }
    } else {
        cJSON_Delete(violations);
    }
    srv_reply_search(out, &s->p, rec, stats, s->named, o);
    cJSON_Delete(o);
}

/* Duplicate givens as `doku solve` words them, with the cells marked. */
static char *conflict_reason(const srv_puzzle *p, uint8_t *marks)
{
    doku_buf b = {0};
    size_t k = 0;
    if (doku_format_conflicts(&b, p->shape, p->cells, (size_t)doku_shape_cells(p->shape),
                              p->symbols, 8, marks, &k) != DOKU_OK ||
        k == 0) {
        doku_buf_free(&b);
        return NULL;
    }
    return b.data;
}

void srv_api_solve(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    search_req s;
    uint64_t limit;
    int all;
    if (search_begin(&s, body, len, bud, out) != 0 ||
        srv_field_u64(s.req, "limit", 1, UINT64_MAX, 2, &limit, out) != 0 ||
        srv_field_bool(s.req, "all", 0, &all, out) != 0) {
        search_end(&s);
        return;
    }
    /* as the CLI: --limit N > 1 and --all list every solution found */
    int list = all || cJSON_GetObjectItemCaseSensitive(s.req, "limit") ? (all || limit > 1) : 0;
    if (all)
        limit = UINT64_MAX;
    size_t ncells = (size_t)s.p.n * (size_t)s.p.n;
    uint8_t *first = malloc(ncells);
    collect k = {ncells, 0, 0, MAX_LIST_BYTES, NULL, 0, 0};
    doku_search_opts so = {0};
    so.limit = limit;
    so.time_budget = s.timeout;
    doku_search_result res;
    double t0 = now_seconds();
    doku_status st = first ? search(&s, &so, first, list ? on_solution : NULL, &k, &res)
                           : DOKU_ERR_NOMEM;
    double ms = (now_seconds() - t0) * 1000.0;
    if ((st != DOKU_OK && st != DOKU_GAVE_UP) || k.nomem) {
        srv_reply_error(out, st == DOKU_ERR_ARG ? 400 : 500, st == DOKU_ERR_ARG ? "bad_puzzle" : "no_memory",
                        doku_status_string(st == DOKU_OK ? DOKU_ERR_NOMEM : st), "puzzle");
    } else {
        uint8_t *marks = NULL;
        char *why = NULL;
        cJSON *broken = NULL;
        int nomem = 0;
        if (res.solutions == 0 && st == DOKU_OK) {
            marks = calloc(ncells, 1);
            why = marks ? conflict_reason(&s.p, marks) : NULL;
            nomem = !marks;
            if (!why && marks && s.p.cons)
                nomem = srv_violations(s.p.cons, s.p.cells, marks, &why, &broken) != 0;
        }
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_SOLVE;
        rec.result = &res;
        rec.status = st;
        rec.limit = limit;
        rec.list = list;
        rec.solutions = list ? k.cells : first;
        rec.nsolutions = list ? k.count : res.solutions > 0 ? 1 : 0;
        char cut[64];
        snprintf(cut, sizeof cut, "stopped at %zu MiB of output", MAX_LIST_BYTES >> 20);
        rec.cut = k.cut ? cut : NULL;
        rec.reason = why;
        rec.marks = why ? marks : NULL;
        rec.time_ms = ms;
        if (nomem)
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        else
            reply(out, &s, &rec, s.stats, broken);
        free(why);
        free(marks);
    }
    free(first);
    free(k.cells);
    search_end(&s);
}

void srv_api_count(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    search_req s;
    uint64_t limit;
    if (search_begin(&s, body, len, bud, out) != 0 ||
        srv_field_u64(s.req, "limit", 1, UINT64_MAX, COUNT_LIMIT, &limit, out) != 0) {
        search_end(&s);
        return;
    }
    doku_search_opts so = {0};
    so.limit = limit;
    so.time_budget = s.timeout;
    doku_search_result res;
    double t0 = now_seconds();
    doku_status st = search(&s, &so, NULL, NULL, NULL, &res);
    double ms = (now_seconds() - t0) * 1000.0;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        srv_reply_error(out, st == DOKU_ERR_ARG ? 400 : 500, "bad_puzzle", doku_status_string(st),
                        "puzzle");
    } else {
        doku_search_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_COUNT;
        rec.result = &res;
        rec.status = st;
        rec.limit = limit;
        rec.time_ms = ms;
        reply(out, &s, &rec, s.stats, NULL);
    }
    search_end(&s);
}

void srv_api_check(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    search_req s;
    if (search_begin(&s, body, len, bud, out) != 0) {
        search_end(&s);
        return;
    }
    size_t ncells = (size_t)s.p.n * (size_t)s.p.n;
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_CHECK;
    doku_search_result res;
    memset(&res, 0, sizeof res);
    rec.result = &res;
    uint8_t *marks = calloc(ncells, 1);
    char *why = marks ? conflict_reason(&s.p, marks) : NULL;
    cJSON *broken = NULL;
    /* a broken constraint is named as a duplicate is (doku check) */
    if (!marks || (!why && s.p.cons && srv_violations(s.p.cons, s.p.cells, marks, &why, &broken))) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        free(marks);
        search_end(&s);
        return;
    }
    if (why) {
        rec.verdict = DOKU_CHECK_CONFLICT;
        rec.reason = why;
        rec.marks = marks;
    } else {
        doku_search_opts so = {0};
        so.limit = 2;
        so.time_budget = s.timeout;
        double start = now_seconds();
        doku_status st = search(&s, &so, NULL, NULL, NULL, &res);
        if (st != DOKU_OK && st != DOKU_GAVE_UP) {
            rec.verdict = DOKU_CHECK_CONFLICT;
            rec.reason = doku_status_string(st);
        } else if (st == DOKU_GAVE_UP) {
            rec.verdict = DOKU_CHECK_GAVE_UP;
            rec.reason = res.solutions ? "at least 1 solution" : "";
        } else if (res.solutions == 0) {
            rec.verdict = DOKU_CHECK_NONE;
            /* a variant grid's suspects are searched under its constraints */
            double left = s.timeout - (now_seconds() - start);
            why = srv_wrong_entry(s.solver, &s.p, left, marks);
            rec.reason = why ? why : "";
            rec.marks = why ? marks : NULL;
        } else {
            rec.verdict = res.solutions > 1 ? DOKU_CHECK_MULTIPLE : DOKU_CHECK_UNIQUE;
            rec.reason = "";
        }
    }
    reply(out, &s, &rec, 0, broken);
    free(why);
    free(marks);
    search_end(&s);
}
