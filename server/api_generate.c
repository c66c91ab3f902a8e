/*
 * api_generate.c — POST /api/generate and /api/reduce: the generator on
 * one request, answered with the record `doku generate|reduce --format
 * json` prints for the same options (puzzle 1 of the master seed).
 *
 * The records come from the library's writers (doku_format_generate,
 * doku_format_reduce), as the CLI's do; only a generate request that
 * finds nothing within its budget, which the CLI reports on stderr, gets
 * a small record of its own here ("status": "gave_up").
 */
#include "api_endpoints.h"
#include "isa_env.h"
#include "gen_constraints.h"
#include "gen_request.h"
#include "gen_variant.h"
#include "record.h"
#include "reduce_variant.h"
#include "request.h"

#include "doku.h"
#include "doku_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(doku_buf *b, const char *s)
{
    doku_buf_append(b, s, strlen(s));
}

void srv_api_generate(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    srv_gen g;
    uint8_t *puzzle = NULL, *solution = NULL;
    cJSON *req = srv_parse_body(body, len, out);
    if (!req)
        return;
    if (srv_gen_read(&g, req, bud, out) != 0)
        goto done;
    if (g.p.vset >= 0) {   /* a killer, thermo... set */
        srv_gen_variant_reply(&g, out);
        goto done;
    }
    if (g.p.cons) {        /* the request's own constraints: givens for them */
        srv_gen_constraints_reply(&g, out);
        goto done;
    }
    size_t ncells = (size_t)g.p.n * (size_t)g.p.n;
    puzzle = malloc(ncells);
    solution = malloc(ncells);
    if (!puzzle || !solution) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    doku_generate_result res;
    doku_status st = srv_gen_make(&g, 0, g.timeout, puzzle, solution, &res);
    if (st == DOKU_ERR_ARG) {
        srv_reply_error(out, 400, "bad_field", "these options cannot be met together", NULL);
        goto done;
    }
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        srv_reply_error(out, st == DOKU_ERR_NOMEM ? 500 : 422, "cannot_generate",
                        doku_status_string(st), NULL);
        goto done;
    }
    doku_buf b = {0};
    if (!res.found) {
        /* the budget ran out: said as a normal answer, like any search */
        char num[96], secs[32];
        put(&b, "{\"status\":\"gave_up\",\"error\":");
        snprintf(num, sizeof num, "no puzzle found within %s s (%llu full grids tried)",
                 srv_seconds(secs, sizeof secs, g.named), (unsigned long long)res.attempts);
        doku_buf_append_json_string(&b, num);
        snprintf(num, sizeof num, ",\"attempts\":%llu,\"best_givens\":%d}\n",
                 (unsigned long long)res.attempts, res.best_givens);
        put(&b, num);
        srv_reply_buf(out, &b, DOKU_OK);
        goto done;
    }
    st = srv_gen_record(&g, 0, puzzle, solution, &res, &b);
    if (st == DOKU_OK && g.note[0])
        st = srv_record_note(&b, g.note);
    srv_reply_buf(out, &b, st);
done:
    free(puzzle);
    free(solution);
    srv_gen_free(&g);
    cJSON_Delete(req);
}

/* Reductions tried for a "difficulty" (the CLI's reduce tries as many). */
#define SRV_REDUCE_ATTEMPTS 32

/* Replies with the record of a reduce that failed, as the CLI writes it. */
static void reduce_fail(srv_reply *out, const srv_puzzle *p, const char *status, const char *msg)
{
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = msg;
    srv_reply_reduce(out, p, &rec, NULL, NULL);
}

void srv_api_reduce(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    srv_puzzle p;
    memset(&p, 0, sizeof p);
    doku_generator *g = NULL;
    doku_solver *sv = NULL;
    uint8_t *sol = NULL, *res_cells = NULL;
    cJSON *req = srv_parse_body(body, len, out);
    if (!req)
        return;
    int lo, hi, minimal;
    uint64_t seed;
    double timeout;
    doku_symmetry sym;
    doku_qqwing_level level;
    doku_difficulty diff;
    char note[240];
    doku_rating_filter *judge = NULL;
    if (srv_read_puzzle(req, 1, &p, out) != 0)
        goto done;
    int nc = p.n * p.n;
    if (srv_read_clues(req, nc, &lo, &hi, out) || srv_read_symmetry(req, &sym, out) ||
        srv_read_difficulty(req, &diff, &level, note, sizeof note, out) ||
        srv_field_bool(req, "minimal", 0, &minimal, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, 1, &seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &timeout, out))
        goto done;
    if (p.cons) {
        /* the library's reducer knows the units only: a variant puzzle's
         * uniqueness is searched under its constraints, its difficulty
         * on doku's own scale; qqwing's levels are its solver's, which
         * knows no constraint */
        if (level != DOKU_QQWING_ANY) {
            srv_reply_error(out, 422, "constraints_unsupported",
                            "a qqwing level has no meaning under variant constraints (qqwing's "
                            "solver knows none): use \"difficulty\", on doku's own scale",
                            "qqwing_level");
            goto done;
        }
        vreduce_opts a = {lo, sym, seed, minimal ? VREDUCE_PRECHECK_NODES : 0, diff};
        srv_reduce_variant(&p, &a, timeout, out);
        goto done;
    }
    sol = malloc((size_t)nc);
    res_cells = malloc((size_t)nc);
    if (!sol || !res_cells) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    int givens = 0;
    for (int i = 0; i < nc; i++)
        givens += p.cells[i] != 0;
    char msg[320];
    if (givens == nc) {
        if (!doku_verify_solution(p.shape, NULL, p.cells, (size_t)nc)) {
            doku_buf why = {0};
            doku_format_conflicts(&why, p.shape, p.cells, (size_t)nc, p.symbols, 8, NULL, NULL);
            snprintf(msg, sizeof msg, "not a valid grid: %s", why.data ? why.data : "");
            doku_buf_free(&why);
            reduce_fail(out, &p, "invalid", msg);
            goto done;
        }
        memcpy(sol, p.cells, (size_t)nc);
    } else {
        doku_search_opts so = {2, 0, timeout, 0};
        doku_search_result r;
        doku_status st = doku_solver_create(p.shape, &sv);
        isa_env_solver(sv);
        if (st == DOKU_OK)
            st = doku_search(sv, p.cells, (size_t)nc, &so, sol, NULL, NULL, &r);
        if (st != DOKU_OK && st != DOKU_GAVE_UP) {
            reduce_fail(out, &p, "invalid", "cannot check this puzzle (out of memory or bad value)");
            goto done;
        }
        if (st == DOKU_GAVE_UP) {
            reduce_fail(out, &p, "gave_up", "gave up checking uniqueness within the time budget");
            goto done;
        }
        if (r.solutions == 0) {
            doku_buf why = {0};
            size_t k = 0;
            doku_format_conflicts(&why, p.shape, p.cells, (size_t)nc, p.symbols, 8, NULL, &k);
            snprintf(msg, sizeof msg, "no solution%s%s", k > 0 ? ": " : "", k > 0 && why.data ? why.data : "");
            doku_buf_free(&why);
            reduce_fail(out, &p, "unsolvable", msg);
            goto done;
        }
        if (r.solutions > 1) {
            reduce_fail(out, &p, "not_unique",
                        "more than one solution: only a unique puzzle can be reduced");
            goto done;
        }
    }
    if (doku_generator_create(p.shape, &g) != DOKU_OK) {
        reduce_fail(out, &p, "invalid", "out of memory");
        goto done;
    }
    isa_env_generator(g);
    doku_qqwing_level have = DOKU_QQWING_ANY; /* stays ANY for a grid it cannot class */
    if (level != DOKU_QQWING_ANY)
        doku_generator_qqwing_level(g, p.cells, (size_t)nc, &have);
    if (have > level) {
        snprintf(msg, sizeof msg, "the input already needs more than qqwing level %s",
                 doku_qqwing_level_name(level));
        reduce_fail(out, &p, "too_hard", msg);
        goto done;
    }
    doku_reduce_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.target_givens = lo;
    ro.symmetry = sym;
    ro.qqwing_level = level;
    if (minimal)
        ro.check_budget = SRV_PROOF_BUDGET;
    doku_rating_filter_opts bo;
    memset(&bo, 0, sizeof bo);
    if (diff != DOKU_DIFFICULTY_ANY &&
        (doku_difficulty_range(diff, &bo.min, &bo.max) != DOKU_OK ||
         doku_rating_filter_create(p.shape, &bo, &judge) != DOKU_OK)) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    /* a difficulty is judged after, over other random orders if need be */
    doku_reduce_result rr;
    int accepted = 0;
    doku_status st = doku_reduce_rated(g, judge, doku_seed_derive(seed, 0), SRV_REDUCE_ATTEMPTS,
                                       sol, p.cells, (size_t)nc, &ro, res_cells, &rr, &accepted);
    if (st == DOKU_ERR_NOMEM) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    if (st != DOKU_OK) {
        reduce_fail(out, &p, "invalid", "cannot reduce this input");
        goto done;
    }
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = "reduced";
    if (!accepted) {
        rec.status = "outside_rating";
        snprintf(msg, sizeof msg, "none of %d reductions was %s (the last one is given)",
                 SRV_REDUCE_ATTEMPTS, doku_difficulty_name(diff));
        rec.message = msg;
    }
    rec.reduced = res_cells;
    rec.givens_before = givens;
    rec.result = &rr;
    srv_reply_reduce(out, &p, &rec, note, NULL);
done:
    doku_rating_filter_free(judge);
    free(sol);
    free(res_cells);
    doku_solver_free(sv);
    doku_generator_free(g);
    srv_puzzle_free(&p);
    cJSON_Delete(req);
}
