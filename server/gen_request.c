/*
 * gen_request.c — the generator's request fields and one puzzle of a
 * master seed, shared by /api/generate and /api/print.
 *
 * The one design idea: a puzzle is named by (master seed, index) and
 * made from doku_seed_derive(seed, index), as the CLI's generate and
 * print number theirs, so the page's puzzle 3 of seed 42 is the CLI's.
 */
#include "doku_records.h"
#include "gen_request.h"
#include "record.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* "N", "MIN-MAX" or a number: a band of givens. */
int srv_read_clues(const cJSON *req, int ncells, int *lo, int *hi, srv_reply *out)
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
        /* a cast of a double past long's range is undefined: range first */
        double d = f->valuedouble;
        a = b = d >= 1 && d <= ncells && d == floor(d) ? (long)d : -1;
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

int srv_read_symmetry(const cJSON *req, doku_symmetry *sym, srv_reply *out)
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

int srv_read_difficulty(const cJSON *req, doku_difficulty *level, srv_reply *out)
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

int srv_gen_read(srv_gen *g, const cJSON *req, const srv_budget *bud, srv_reply *out)
{
    memset(g, 0, sizeof *g);
    const char *require;
    if (srv_read_puzzle(req, 0, &g->p, out) != 0)
        return -1;
    if (g->p.cells) {
        srv_reply_error(out, 400, "bad_field",
                        "generate takes no puzzle (use the shape fields; /api/reduce reduces one)",
                        "puzzle");
        return -1;
    }
    int ncells = g->p.n * g->p.n;
    if (srv_read_clues(req, ncells, &g->lo, &g->hi, out) ||
        srv_read_symmetry(req, &g->sym, out) || srv_read_difficulty(req, &g->level, out) ||
        read_rating(req, &g->have_rating, &g->bo, out) ||
        srv_field_string(req, "require", &require, out) ||
        srv_field_bool(req, "minimal", 0, &g->minimal, out) ||
        srv_field_bool(req, "full", 0, &g->full, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, clock_seed(), &g->seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &g->timeout, out))
        return -1;
    g->named = srv_budget_named(req, bud);
    if (require) {
        const char *bad = NULL;
        if (doku_technique_mask(require, &g->bo.require, &bad) != DOKU_OK) {
            srv_reply_error(out, 400, "bad_field", "field \"require\" names an unknown technique",
                            "require");
            return -1;
        }
        g->have_rating = 1;
        if (!g->bo.max && !g->bo.min)
            g->bo.max = -1;
    }
    if (doku_generator_create(g->p.shape, &g->g) != DOKU_OK ||
        (g->have_rating && !g->full &&
         doku_rating_filter_create(g->p.shape, &g->bo, &g->band) != DOKU_OK)) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    return 0;
}

doku_status srv_gen_make(srv_gen *g, uint64_t index, double timeout, uint8_t *puzzle,
                         uint8_t *solution, doku_generate_result *res)
{
    int ncells = g->p.n * g->p.n;
    uint64_t item = doku_seed_derive(g->seed, index);
    memset(res, 0, sizeof *res);
    if (g->full) {
        doku_rng rng;
        doku_rng_seed(&rng, item);
        doku_status st = doku_generate_grid_timed(g->g, &rng, timeout, solution, (size_t)ncells);
        memcpy(puzzle, solution, (size_t)ncells);
        res->found = st == DOKU_OK;
        res->givens = ncells;
        return st;
    }
    doku_generate_opts go;
    memset(&go, 0, sizeof go);
    go.min_givens = g->lo;
    go.max_givens = g->hi;
    go.minimal = g->minimal;
    go.symmetry = g->sym;
    go.level = g->level;
    if (g->minimal)
        go.check_budget = SRV_PROOF_BUDGET;
    if (g->band) {
        go.filter = doku_rating_filter_accept;
        go.filter_user = g->band;
    }
    go.max_attempts = UINT64_MAX;
    go.time_budget = timeout;
    return doku_generate(g->g, item, &go, puzzle, solution, ncells, res);
}

doku_status srv_gen_record(const srv_gen *g, uint64_t index, const uint8_t *puzzle,
                           const uint8_t *solution, const doku_generate_result *res,
                           doku_buf *b)
{
    doku_generate_record rec;
    memset(&rec, 0, sizeof rec);
    rec.index = index;
    rec.seed = doku_seed_derive(g->seed, index);
    rec.master_seed = g->seed;
    rec.puzzle = puzzle;
    rec.solution = solution;
    rec.result = res;
    rec.full = g->full;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    return doku_format_generate(b, g->p.shape, g->p.symbols, &ro, &rec);
}

void srv_gen_free(srv_gen *g)
{
    doku_rating_filter_free(g->band);
    doku_generator_free(g->g);
    srv_puzzle_free(&g->p);
    g->band = NULL;
    g->g = NULL;
}
