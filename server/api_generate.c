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
#include "record.h"
#include "request.h"

#include "doku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Search nodes per uniqueness check when minimality must be proven (the
 * CLI's figure). */
#define PROOF_BUDGET 200000

static void reply_reduce(srv_reply *out, const srv_puzzle *p, const doku_reduce_record *rec)
{
    doku_source src = srv_source(p);
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    doku_buf b = {0};
    doku_status st = doku_format_reduce(&b, &src, &ro, rec);
    srv_reply_buf(out, &b, st);
}

static void put(doku_buf *b, const char *s)
{
    doku_buf_append(b, s, strlen(s));
}

/* "N", "MIN-MAX" or a number: a band of givens. */
static int read_clues(const cJSON *req, int ncells, int *lo, int *hi, srv_reply *out)
{
    *lo = *hi = 0;
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "clues");
    if (!f || cJSON_IsNull(f))
        return 0;
    char what[96];
    snprintf(what, sizeof what, "field \"clues\" must be N or \"MIN-MAX\" with 1 <= MIN <= MAX <= %d",
             ncells);
    long a = 0, b = 0;
    if (cJSON_IsNumber(f)) {
        a = b = (long)f->valuedouble;
        if ((double)a != f->valuedouble)
            a = -1;
    } else if (cJSON_IsString(f)) {
        char *end;
        a = strtol(f->valuestring, &end, 10);
        if (end == f->valuestring)
            a = -1;
        else if (*end == '-') {
            const char *s = end + 1;
            b = strtol(s, &end, 10);
            if (end == s || *end)
                a = -1;
        } else if (*end) {
            a = -1;
        } else {
            b = a;
        }
    } else {
        a = -1;
    }
    if (a < 1 || b < a || b > ncells) {
        srv_reply_error(out, 400, "bad_field", what, "clues");
        return -1;
    }
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static int read_symmetry(const cJSON *req, doku_symmetry *sym, srv_reply *out)
{
    const char *v;
    *sym = DOKU_SYM_NONE;
    if (srv_field_string(req, "symmetry", &v, out) != 0)
        return -1;
    if (v && doku_symmetry_parse(v, sym) != 0) {
        srv_reply_error(out, 400, "bad_field",
                        "field \"symmetry\" must be none, rot180, rot90, mirror, flip, diagonal, "
                        "antidiagonal or random", "symmetry");
        return -1;
    }
    return 0;
}

static int read_difficulty(const cJSON *req, doku_difficulty *level, srv_reply *out)
{
    const char *v;
    *level = DOKU_DIFF_ANY;
    if (srv_field_string(req, "difficulty", &v, out) != 0)
        return -1;
    if (v && doku_difficulty_parse(v, level) != 0) {
        srv_reply_error(out, 400, "bad_field",
                        "field \"difficulty\" must be simple, easy, intermediate, expert or any",
                        "difficulty");
        return -1;
    }
    return 0;
}

/* "rating": "MIN-MAX", "MIN+", a number on the grader's ER scale, or a
 * named range of the library's table (easy ... extreme). */
static int read_rating(const cJSON *req, int *have, doku_rating_filter_opts *bo, srv_reply *out)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "rating");
    *have = 0;
    memset(bo, 0, sizeof *bo);
    if (!f || cJSON_IsNull(f))
        return 0;
    static const char what[] = "field \"rating\" must be \"MIN-MAX\", \"MIN+\" (e.g. \"2.0-4.5\") "
                               "or a named range (easy, medium, hard, unfair, extreme)";
    const doku_rating_range *named =
        cJSON_IsString(f) ? doku_rating_range_find(f->valuestring) : NULL;
    if (named) {
        bo->min = named->min;
        bo->max = named->max;
    } else if (cJSON_IsNumber(f)) {
        bo->min = bo->max = f->valuedouble;
    } else if (cJSON_IsString(f)) {
        char *end;
        bo->min = strtod(f->valuestring, &end);
        if (end == f->valuestring) {
            srv_reply_error(out, 400, "bad_field", what, "rating");
            return -1;
        }
        if (*end == '+' && !end[1]) {
            bo->max = -1;
        } else if (*end == '-') {
            const char *s = end + 1;
            bo->max = strtod(s, &end);
            if (end == s || *end || bo->max < bo->min) {
                srv_reply_error(out, 400, "bad_field", what, "rating");
                return -1;
            }
        } else if (!*end) {
            bo->max = bo->min;
        } else {
            srv_reply_error(out, 400, "bad_field", what, "rating");
            return -1;
        }
    } else {
        srv_reply_error(out, 400, "bad_field", what, "rating");
        return -1;
    }
    if (!(bo->min >= 0 && bo->min <= 12)) {
        srv_reply_error(out, 400, "bad_field", what, "rating");
        return -1;
    }
    *have = 1;
    return 0;
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec;
}

void srv_api_generate(const char *body, size_t len, const srv_budget *bud, srv_reply *out)
{
    srv_puzzle p;
    memset(&p, 0, sizeof p);
    doku_generator *g = NULL;
    doku_rating_filter *band = NULL;
    uint8_t *puzzle = NULL, *solution = NULL;
    cJSON *req = srv_parse_body(body, len, out);
    if (!req)
        return;
    int lo, hi, minimal, full, have_rating;
    uint64_t seed;
    double timeout;
    doku_symmetry sym;
    doku_difficulty level;
    doku_rating_filter_opts bo;
    const char *require;
    if (srv_read_puzzle(req, 0, &p, out) != 0)
        goto done;
    if (p.cells) {
        srv_reply_error(out, 400, "bad_field",
                        "generate takes no puzzle (use the shape fields; /api/reduce reduces one)",
                        "puzzle");
        goto done;
    }
    int ncells = p.n * p.n;
    if (read_clues(req, ncells, &lo, &hi, out) || read_symmetry(req, &sym, out) ||
        read_difficulty(req, &level, out) || read_rating(req, &have_rating, &bo, out) ||
        srv_field_string(req, "require", &require, out) ||
        srv_field_bool(req, "minimal", 0, &minimal, out) ||
        srv_field_bool(req, "full", 0, &full, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, clock_seed(), &seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &timeout, out))
        goto done;
    if (require) {
        const char *bad = NULL;
        if (doku_technique_mask(require, &bo.require, &bad) != DOKU_OK) {
            srv_reply_error(out, 400, "bad_field", "field \"require\" names an unknown technique",
                            "require");
            goto done;
        }
        have_rating = 1;
        if (!bo.max && !bo.min)
            bo.max = -1;
    }
    puzzle = malloc((size_t)ncells);
    solution = malloc((size_t)ncells);
    if (!puzzle || !solution || doku_generator_create(p.shape, &g) != DOKU_OK ||
        (have_rating && !full && doku_rating_filter_create(p.shape, &bo, &band) != DOKU_OK)) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        goto done;
    }
    uint64_t item = doku_seed_derive(seed, 0);
    doku_generate_result res;
    memset(&res, 0, sizeof res);
    doku_status st;
    if (full) {
        doku_rng rng;
        doku_rng_seed(&rng, item);
        int late = 0;
        st = doku_generate_grid_timed(g, &rng, timeout, solution, &late);
        memcpy(puzzle, solution, (size_t)ncells);
        res.found = st == DOKU_OK && !late;
        res.timed_out = late;
        res.givens = ncells;
        if (late)
            st = DOKU_OK;
    } else {
        doku_generate_opts go;
        memset(&go, 0, sizeof go);
        go.min_givens = lo;
        go.max_givens = hi;
        go.minimal = minimal;
        go.symmetry = sym;
        go.level = level;
        if (minimal)
            go.check_budget = PROOF_BUDGET;
        if (band) {
            go.filter = doku_rating_filter_accept;
            go.filter_user = band;
        }
        go.max_attempts = UINT64_MAX;
        go.time_budget = timeout;
        st = doku_generate(g, item, &go, puzzle, solution, &res);
    }
    if (st == DOKU_ERR_ARG) {
        srv_reply_error(out, 400, "bad_field", "these options cannot be met together", NULL);
        goto done;
    }
    if (st != DOKU_OK) {
        srv_reply_error(out, st == DOKU_ERR_NOMEM ? 500 : 422, "cannot_generate",
                        doku_status_string(st), NULL);
        goto done;
    }
    doku_buf b = {0};
    char num[96];
    if (!res.found) {
        /* the budget ran out: said as a normal answer, like any search */
        put(&b, "{\"status\":\"gave_up\",\"error\":");
        snprintf(num, sizeof num, "no puzzle found within %g s (%llu full grids tried)", timeout,
                 (unsigned long long)res.attempts);
        doku_buf_append_json_string(&b, num);
        snprintf(num, sizeof num, ",\"attempts\":%llu,\"best_givens\":%d}\n",
                 (unsigned long long)res.attempts, res.best_givens);
        put(&b, num);
        srv_reply_buf(out, &b, DOKU_OK);
        goto done;
    }
    doku_generate_record rec;
    memset(&rec, 0, sizeof rec);
    rec.index = 0;
    rec.seed = item;
    rec.master_seed = seed;
    rec.puzzle = puzzle;
    rec.solution = solution;
    rec.result = &res;
    rec.full = full;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    st = doku_format_generate(&b, p.shape, p.symbols, &ro, &rec);
    srv_reply_buf(out, &b, st);
done:
    free(puzzle);
    free(solution);
    doku_rating_filter_free(band);
    doku_generator_free(g);
    srv_puzzle_free(&p);
    cJSON_Delete(req);
}

/* Replies with the record of a reduce that failed, as the CLI writes it. */
static void reduce_fail(srv_reply *out, const srv_puzzle *p, const char *status, const char *msg)
{
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = msg;
    reply_reduce(out, p, &rec);
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
    doku_difficulty level;
    if (srv_read_puzzle(req, 1, &p, out) != 0)
        goto done;
    int nc = p.n * p.n;
    if (read_clues(req, nc, &lo, &hi, out) || read_symmetry(req, &sym, out) ||
        read_difficulty(req, &level, out) || srv_field_bool(req, "minimal", 0, &minimal, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, 1, &seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &timeout, out))
        goto done;
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
        if (!doku_verify_solution(p.shape, NULL, p.cells)) {
            doku_buf why = {0};
            doku_format_conflicts(&why, p.shape, p.cells, p.symbols, 8, NULL);
            snprintf(msg, sizeof msg, "not a valid grid: %s", why.data ? why.data : "");
            doku_buf_free(&why);
            reduce_fail(out, &p, "invalid", msg);
            goto done;
        }
        memcpy(sol, p.cells, (size_t)nc);
    } else {
        doku_search_opts so = {2, 0, timeout, 0};
        doku_search_result r;
        if (doku_solver_create(p.shape, &sv) != DOKU_OK ||
            doku_search(sv, p.cells, &so, sol, NULL, NULL, &r) != DOKU_OK) {
            reduce_fail(out, &p, "invalid", "cannot check this puzzle (out of memory or bad value)");
            goto done;
        }
        if (r.gave_up) {
            reduce_fail(out, &p, "gave_up", "gave up checking uniqueness within the time budget");
            goto done;
        }
        if (r.solutions == 0) {
            doku_buf why = {0};
            long k = doku_format_conflicts(&why, p.shape, p.cells, p.symbols, 8, NULL);
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
    if (level != DOKU_DIFF_ANY && doku_generator_difficulty(g, p.cells) > level) {
        snprintf(msg, sizeof msg, "the input already needs more than level %s",
                 doku_difficulty_name(level));
        reduce_fail(out, &p, "too_hard", msg);
        goto done;
    }
    doku_rng rng;
    doku_rng_seed(&rng, doku_seed_derive(seed, 0));
    doku_reduce_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.target_givens = lo;
    ro.symmetry = sym;
    ro.level = level;
    if (minimal)
        ro.check_budget = PROOF_BUDGET;
    doku_reduce_result rr;
    if (doku_reduce(g, &rng, sol, p.cells, &ro, res_cells, &rr) != DOKU_OK) {
        reduce_fail(out, &p, "invalid", "cannot reduce this input");
        goto done;
    }
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = "reduced";
    rec.reduced = res_cells;
    rec.givens_before = givens;
    rec.result = &rr;
    reply_reduce(out, &p, &rec);
done:
    free(sol);
    free(res_cells);
    doku_solver_free(sv);
    doku_generator_free(g);
    srv_puzzle_free(&p);
    cJSON_Delete(req);
}
