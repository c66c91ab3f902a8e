/*
 * api_logic.c — POST /api/hint, /api/explain and /api/grade: the logic
 * engine on one puzzle (or, for hint, a pencil-mark grid), answered with
 * the record `doku hint|explain|grade --format json` prints.
 *
 * The one design idea: the time budget is checked between steps, as the
 * CLI's --timeout is: a run past it stops at the next step and the record
 * says so, so a request never outlives its budget by more than one step.
 * Hint, explain and grade first count the solutions up to 2, as the CLI does:
 * a puzzle with none or several is answered at once with that verdict,
 * never with a run that stalls until the budget is spent or a "stuck"
 * that blames logic for a puzzle that has no answer.
 */
#include "api_endpoints.h"
#include "cache.h"
#include "clock.h"
#include "record.h"
#include "request.h"
#include "variant.h"

#include "doku.h"
#include "doku_records.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct logic_req {
    cJSON *req;
    srv_puzzle p;
    doku_logic *lg;
    double deadline;         /* the request's "timeout" (or the server's) */
    double server_deadline;  /* the server's --timeout: never past it */
    int timed_out;
} logic_req;

/* The count before the run gets at least this many seconds (within the
 * server's limit) when the request's "timeout" is smaller: a count up to
 * 2 of a 9x9 takes well under a millisecond, but a budget of a few
 * milliseconds meant for the logic run must not turn a preempted count
 * into "gave up before knowing how many solutions there are". */
#define COUNT_FLOOR 0.25

/* The CLI's logic options: "techniques", "no_uniqueness", "no_trial". */
static int read_logic_opts(const cJSON *req, doku_logic_opts *lo, srv_reply *out)
{
    memset(lo, 0, sizeof *lo);
    const char *list;
    int no_uniq, no_trial;
    if (srv_field_string(req, "techniques", &list, out) != 0 ||
        srv_field_bool(req, "no_uniqueness", 0, &no_uniq, out) != 0 ||
        srv_field_bool(req, "no_trial", 0, &no_trial, out) != 0)
        return -1;
    doku_parse_error pe;
    if (list && srv_parsed(out, "techniques", doku_parse_techniques(list, &lo->techniques, &pe),
                           &pe) != 0)
        return -1;
    lo->uniqueness = no_uniq ? -1 : 0;
    lo->no_trial = no_trial;
    return 0;
}

/* Loads the puzzle (or for hint, the "pencil" grid) into a logic context. */
static int logic_begin(logic_req *l, const char *body, size_t len, const srv_budget *b,
                       int allow_pencil, srv_reply *out)
{
    memset(l, 0, sizeof *l);
    l->req = srv_parse_body(body, len, out);
    if (!l->req)
        return -1;
    double timeout;
    doku_logic_opts lo;
    const char *pencil = NULL;
    if ((allow_pencil && srv_field_string(l->req, "pencil", &pencil, out) != 0) ||
        srv_field_timeout(l->req, srv_remaining(b), &timeout, out) != 0 ||
        read_logic_opts(l->req, &lo, out) != 0)
        return -1;
    l->deadline = now_seconds() + timeout;
    l->server_deadline = now_seconds() + srv_remaining(b);
    uint64_t *cands = NULL;
    if (pencil) {
        /* the side: from "size", else from the number of tokens */
        if (srv_read_puzzle(l->req, 0, &l->p, out) != 0)
            return -1;
        if (!cJSON_GetObjectItemCaseSensitive(l->req, "size")) {
            int tokens = 0, in = 0;
            for (const char *q = pencil; *q; q++) {
                int sep = *q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || strchr("|+-=:*", *q);
                tokens += !sep && !in;
                in = !sep;
            }
            int n = (int)lround(sqrt((double)tokens));
            if (n != l->p.n) {
                if (n < 4 || n > DOKU_MAX_N || n * n != tokens) {
                    char msg[96];
                    snprintf(msg, sizeof msg, "%d cells is not a square grid of 4x4 or more", tokens);
                    srv_reply_error(out, 400, "bad_puzzle", msg, "pencil");
                    return -1;
                }
                cJSON_AddNumberToObject(l->req, "size", n);
                srv_puzzle_free(&l->p);
                if (srv_read_puzzle(l->req, 0, &l->p, out) != 0)
                    return -1;
            }
        }
        size_t nc = (size_t)l->p.n * (size_t)l->p.n;
        /* a "puzzle" beside the marks gives the shape and constraints;
         * its givens must be filled in the marks as well */
        uint8_t *givens = l->p.cells;
        l->p.cells = malloc(nc);
        cands = malloc(nc * sizeof *cands);
        char why[160];
        if (!l->p.cells || !cands) {
            free(cands);
            free(givens);
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            return -1;
        }
        if (doku_parse_pencil(pencil, l->p.n, l->p.symbols, l->p.cells, cands, (size_t)(l->p.n) * (size_t)(l->p.n), why, sizeof why) !=
            DOKU_OK) {
            free(cands);
            free(givens);
            srv_reply_error(out, 400, "bad_puzzle", why, "pencil");
            return -1;
        }
        for (size_t c = 0; givens && c < nc; c++)
            if (givens[c] && l->p.cells[c] != givens[c]) {
                snprintf(why, sizeof why, "r%dc%d: the puzzle gives %d there, the pencil marks %s",
                         (int)(c / (size_t)l->p.n) + 1, (int)(c % (size_t)l->p.n) + 1, givens[c],
                         l->p.cells[c] ? "fill it otherwise" : "leave it open");
                free(cands);
                free(givens);
                srv_reply_error(out, 400, "bad_puzzle", why, "pencil");
                return -1;
            }
        free(givens);
    } else if (srv_read_puzzle(l->req, 1, &l->p, out) != 0) {
        return -1;
    }
    /* a variant puzzle gets a context for its constraints (its ratings
     * are doku's own, and the records say so), pencil marks too: the
     * filled cells' constraints prune the marks before the first step */
    doku_status st = l->p.cons ? doku_logic_create_variant(l->p.cons, &lo, &l->lg)
                               : doku_logic_create(l->p.shape, &lo, &l->lg);
    if (st == DOKU_OK)
        st = cands ? doku_logic_load_candidates(l->lg, l->p.cells, cands,
                                                (size_t)doku_shape_cells(l->p.shape), 0)
                   : doku_logic_load(l->lg, l->p.cells, (size_t)doku_shape_cells(l->p.shape));
    free(cands);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    if (st != DOKU_OK) {
        /* as the CLI: the duplicate givens, else "invalid puzzle" */
        doku_buf why = {0};
        size_t k = 0;
        char *broken = NULL;
        cJSON *list = NULL;
        doku_format_conflicts(&why, l->p.shape, l->p.cells, (size_t)doku_shape_cells(l->p.shape),
                              l->p.symbols, 8, NULL, &k);
        if (k == 0 && l->p.cons && srv_violations(l->p.cons, l->p.cells, NULL, &broken, &list) == 0 &&
            broken)
            srv_reply_error(out, 422, "conflict", broken, "puzzle");
        else if (k > 0 && why.data)
            srv_reply_error(out, 422, "conflict", why.data, pencil ? "pencil" : "puzzle");
        else
            srv_reply_error(out, 422, "invalid_puzzle", "invalid puzzle", pencil ? "pencil" : "puzzle");
        free(broken);
        cJSON_Delete(list);
        doku_buf_free(&why);
        return -1;
    }
    /* the request's deadline also bounds each step from inside */
    double left = l->deadline - now_seconds();
    doku_logic_set_time_limit(l->lg, left > 1e-6 ? left : 1e-6);
    return 0;
}

/* How many solutions the loaded puzzle has, within the request's
 * deadline. @return 0 if exactly one (the run may go on), else 1 after
 * replying with the verdict record (none, multiple, gave_up) or an error. */
static int reply_unless_unique(logic_req *l, doku_command cmd, srv_reply *out)
{
    doku_solver *sv = srv_cache_solver(l->p.shape);
    double now = now_seconds(), left = l->deadline - now, most = l->server_deadline - now;
    if (left < COUNT_FLOOR)
        left = most < COUNT_FLOOR ? most : COUNT_FLOOR;
    doku_search_opts so = {2, 0, left > 1e-6 ? left : 1e-6, 0};
    doku_search_result res;
    size_t nc = (size_t)doku_shape_cells(l->p.shape);
    doku_status st = l->p.cons ? doku_constraints_search(l->p.cons, l->p.cells, nc, &so, NULL, NULL, NULL, &res)
                     : sv      ? doku_search(sv, l->p.cells, nc, &so, NULL, NULL, NULL, &res)
                               : DOKU_ERR_NOMEM;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return 1;
    }
    int gave_up = st == DOKU_GAVE_UP;
    if (!gave_up && res.solutions == 1) {
        left = l->deadline - now_seconds();   /* what the count left of it (maybe nothing) */
        doku_logic_set_time_limit(l->lg, left > 1e-6 ? left : 1e-6);
        return 0;
    }
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = cmd;
    char *wrong = NULL;
    if (!gave_up && res.solutions == 0 && cmd == DOKU_CMD_HINT) {
        /* as `doku hint`: a step would be false, but the wrong entry is
         * news (a variant grid's searched under its constraints) */
        uint8_t *marks = malloc((size_t)l->p.n * (size_t)l->p.n);
        double budget = l->deadline - now_seconds();
        wrong = srv_wrong_entry(sv, &l->p, budget, marks);
        free(marks);
    }
    if (gave_up) {
        rec.verdict = DOKU_CHECK_GAVE_UP;
        rec.message = res.solutions ? "the time limit ran out while counting the solutions "
                                      "(at least 1 found)"
                                    : "the time limit ran out while counting the solutions";
    } else {
        rec.verdict = res.solutions ? DOKU_CHECK_MULTIPLE : DOKU_CHECK_NONE;
        rec.message = res.solutions ? "logic and ratings need a unique solution"
                      : wrong       ? wrong
                                    : "the givens contradict every solution";
    }
    srv_reply_logic(out, &l->p, &rec, 0);
    free(wrong);
    return 1;
}

static void logic_end(logic_req *l)
{
    doku_logic_free(l->lg);
    srv_puzzle_free(&l->p);
    cJSON_Delete(l->req);
}

static int past_deadline(logic_req *l)
{
    if (!l->timed_out && now_seconds() > l->deadline)
        l->timed_out = 1;
    return l->timed_out;
}

void srv_api_hint(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    logic_req l;
    /* as explain and grade: a step of a grid with none or several
     * solutions could state something false ("only 4 leads to a
     * solution"); for a pencil grid, its filled cells are counted */
    if (logic_begin(&l, body, len, b, 1, out) == 0 && reply_unless_unique(&l, DOKU_CMD_HINT, out) == 0) {
        doku_step st;
        doku_logic_record rec;
        memset(&rec, 0, sizeof rec);
        rec.command = DOKU_CMD_HINT;
        rec.status = doku_logic_next(l.lg, &st);
        rec.step = rec.status == DOKU_OK ? &st : NULL;
        rec.solved = doku_logic_solved(l.lg);
        rec.logic = l.lg; /* a variant's record says whose scale */
        srv_reply_logic(out, &l.p, &rec, 0);
    }
    logic_end(&l);
}

typedef struct explain_steps {
    logic_req *l;
    doku_buf text;
    size_t count;
} explain_steps;

static int on_explain_step(void *user, const doku_step *st)
{
    explain_steps *e = user;
    if (past_deadline(e->l))
        return 1;
    e->count++;
    if (e->count > 1)
        doku_buf_append(&e->text, ",", 1);
    doku_format_step(&e->text, e->l->p.shape, st, DOKU_FORMAT_JSON, e->count);
    return 0;
}

void srv_api_explain(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    logic_req l;
    if (logic_begin(&l, body, len, b, 0, out) == 0 &&
        !reply_unless_unique(&l, DOKU_CMD_EXPLAIN, out)) {
        explain_steps e = {&l, {0}, 0};
        doku_rating r;
        /* an allocation failure stops the run short: its rating is not
         * the puzzle's, so it is no answer (as a failed step text) */
        doku_status st = doku_logic_run(l.lg, on_explain_step, &e, &r, NULL, 0);
        if ((st != DOKU_OK && st != DOKU_GAVE_UP) || e.text.failed) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        } else {
            doku_logic_record rec;
            memset(&rec, 0, sizeof rec);
            rec.command = DOKU_CMD_EXPLAIN;
            rec.rating = &r;
            rec.status = l.timed_out ? DOKU_GAVE_UP : st;
            rec.steps = e.text.data ? e.text.data : "";
            rec.steps_len = e.text.len;
            rec.logic = l.lg;
            srv_reply_logic(out, &l.p, &rec, 0);
        }
        doku_buf_free(&e.text);
    }
    logic_end(&l);
}

static int on_grade_step(void *user, const doku_step *st)
{
    return past_deadline(user);
}

void srv_api_grade(const char *body, size_t len, const srv_budget *b, srv_reply *out)
{
    logic_req l;
    int history = 0;
    if (logic_begin(&l, body, len, b, 0, out) == 0 &&
        srv_field_bool(l.req, "history", 0, &history, out) == 0 &&
        !reply_unless_unique(&l, DOKU_CMD_GRADE, out)) {
        size_t cap = (size_t)doku_shape_cells(l.p.shape) * 4 + 16;
        char *hist = malloc(cap);
        if (!hist) {
            srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        } else {
            doku_rating r;
            double t0 = now_seconds();
            doku_status st = doku_logic_run(l.lg, on_grade_step, &l, &r, hist, cap);
            if (st != DOKU_OK && st != DOKU_GAVE_UP) {
                /* stopped short by an allocation failure: no rating */
                srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
            } else {
                doku_logic_record rec;
                memset(&rec, 0, sizeof rec);
                rec.command = DOKU_CMD_GRADE;
                rec.rating = &r;
                rec.logic = l.lg;   /* its technique counts */
                rec.status = l.timed_out ? DOKU_GAVE_UP : st;
                rec.history = hist;
                rec.time_ms = (now_seconds() - t0) * 1e3;
                srv_reply_logic(out, &l.p, &rec, history);
            }
            free(hist);
        }
    }
    logic_end(&l);
}
