/*
 * gen_request.c — the generator's request fields and one puzzle of a
 * master seed, shared by /api/generate and /api/print.
 *
 * The one design idea: a puzzle is named by (master seed, index) and
 * made from doku_seed_derive(seed, index), as the CLI's generate and
 * print number theirs, so the page's puzzle 3 of seed 42 is the CLI's.
 */
#include "doku_records.h"
#include "isa_env.h"
#include "gen_request.h"
#include "variant_rate.h"
#include "record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* A field that is a string, or a number read as the text the CLI would
 * be given, into buf. @return the text, or NULL when f is neither. */
static const char *field_text(const cJSON *f, char *buf, size_t cap)
{
    if (cJSON_IsString(f))
        return f->valuestring;
    if (cJSON_IsNumber(f)) {
        snprintf(buf, cap, "%.15g", f->valuedouble);
        return buf;
    }
    return NULL;
}

/* "N", "MIN-MAX" or a number: a band of givens. */
int srv_read_clues(const cJSON *req, int ncells, int *lo, int *hi, srv_reply *out)
{
    *lo = *hi = 0;
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "clues");
    if (!f || cJSON_IsNull(f))
        return 0;
    char buf[64];
    const char *v = field_text(f, buf, sizeof buf);
    if (!v) {
        srv_reply_error(out, 400, "bad_field", "field \"clues\" must be N or \"MIN-MAX\"",
                        "clues");
        return -1;
    }
    doku_parse_error pe;
    return srv_parsed(out, "clues", doku_parse_clues(v, ncells, lo, hi, &pe), &pe);
}

int srv_read_symmetry(const cJSON *req, doku_symmetry *sym, srv_reply *out)
{
    const char *v;
    doku_parse_error pe;
    *sym = DOKU_SYM_NONE;
    if (srv_field_string(req, "symmetry", &v, out) != 0)
        return -1;
    return v ? srv_parsed(out, "symmetry", doku_parse_symmetry(v, sym, &pe), &pe) : 0;
}

int srv_read_difficulty(const cJSON *req, doku_difficulty *d, doku_qqwing_level *q, char *note,
                        size_t cap, srv_reply *out)
{
    const char *v, *qv;
    doku_parse_error pe;
    *d = DOKU_DIFFICULTY_ANY;
    *q = DOKU_QQWING_ANY;
    note[0] = '\0';
    if (srv_field_string(req, "difficulty", &v, out) != 0 ||
        srv_field_string(req, "qqwing_level", &qv, out) != 0)
        return -1;
    if (v && srv_parsed(out, "difficulty", doku_parse_difficulty(v, d, q, &pe), &pe) != 0)
        return -1;
    if (v && pe.note[0])
        snprintf(note, cap, "field \"difficulty\": %s", pe.note);
    if (qv) {
        doku_qqwing_level q2;
        if (srv_parsed(out, "qqwing_level", doku_parse_qqwing_level(qv, &q2, &pe), &pe) != 0)
            return -1;
        if (*q != DOKU_QQWING_ANY && q2 != *q) {
            srv_reply_error(out, 400, "bad_field", "field \"qqwing_level\" disagrees with the "
                            "qqwing level given as \"difficulty\"", "qqwing_level");
            return -1;
        }
        *q = q2;
    }
    if (*d != DOKU_DIFFICULTY_ANY && *q != DOKU_QQWING_ANY) {
        srv_reply_error(out, 400, "bad_field", "use \"difficulty\" or \"qqwing_level\", not "
                        "both", "qqwing_level");
        return -1;
    }
    return 0;
}

/* "rating": "MIN-MAX", "MIN+", a number on the grader's ER scale, or a
 * difficulty name, as doku_parse_rating_range reads --rating. */
static int read_rating(const cJSON *req, int *have, doku_rating_filter_opts *bo, srv_reply *out)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "rating");
    *have = 0;
    memset(bo, 0, sizeof *bo);
    if (!f || cJSON_IsNull(f))
        return 0;
    char buf[64];
    const char *v = field_text(f, buf, sizeof buf);
    if (!v) {
        srv_reply_error(out, 400, "bad_field", "field \"rating\" must be \"MIN-MAX\", \"MIN+\", "
                        "a number or a difficulty name", "rating");
        return -1;
    }
    doku_parse_error pe;
    if (srv_parsed(out, "rating", doku_parse_rating_range(v, &bo->min, &bo->max, &pe), &pe))
        return -1;
    *have = 1;
    return 0;
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec;
}

/* The fields of a constraint set's generation (p.vset): cage sizes,
 * difficulty (doku's own scale, as `doku generate --killer --difficulty`),
 * seed, budget; the classic generator's other fields are refused by name. */
static int read_set(srv_gen *g, const cJSON *req, const srv_budget *bud, srv_reply *out)
{
    static const char *const classic[] = {"clues", "symmetry", "rating", "qqwing_level",
                                          "require", "minimal", "full"};
    const char *set = doku_vgen_set_name((doku_vgen_set)g->p.vset);
    for (size_t i = 0; i < sizeof classic / sizeof classic[0]; i++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, classic[i]);
        if (f && !cJSON_IsNull(f) && !cJSON_IsFalse(f)) {
            char msg[200];
            snprintf(msg, sizeof msg, "a %s takes no \"%s\" (only cage_size, difficulty, seed "
                     "and timeout)", set, classic[i]);
            srv_reply_error(out, 400, "bad_field", msg, classic[i]);
            return -1;
        }
    }
    const char *sizes;
    if (srv_field_string(req, "cage_size", &sizes, out) ||
        srv_read_difficulty(req, &g->difficulty, &g->qqwing, g->note, sizeof g->note, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, clock_seed(), &g->seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &g->timeout, out))
        return -1;
    g->named = srv_budget_named(req, bud);
    memset(&g->vo, 0, sizeof g->vo);
    g->vo.set = (doku_vgen_set)g->p.vset;
    if (sizes) {
        doku_parse_error pe;
        if (srv_parsed(out, "cage_size",
                       doku_parse_cage_size(sizes, g->p.n, &g->vo.min_cage, &g->vo.max_cage, &pe), &pe))
            return -1;
    }
    if (g->qqwing != DOKU_QQWING_ANY) {   /* a qqwing level spelt as "difficulty" */
        srv_reply_error(out, 422, "constraints_unsupported",
                        "a qqwing level has no meaning for a constraint set (qqwing's solver knows "
                        "no constraint): use a difficulty name, on doku's own scale", "difficulty");
        return -1;
    }
    if (g->difficulty != DOKU_DIFFICULTY_ANY) {
        /* the CLI's filter and cage sizes, so the same seed makes the same puzzle */
        g->want.max = -1;
        doku_difficulty_range(g->difficulty, &g->want.min, &g->want.max);
        vrate_killer_cages(g->difficulty, &g->vo);
        if (g->vo.max_cage > g->p.n)
            g->vo.max_cage = g->p.n;
        g->vo.filter = vrate_filter;
        g->vo.filter_user = &g->want;
    }
    if (doku_generator_create(g->p.shape, &g->g) != DOKU_OK) {
        srv_reply_error(out, 500, "no_memory", "out of memory", NULL);
        return -1;
    }
    isa_env_generator(g->g);
    return 0;
}

int srv_gen_read(srv_gen *g, const cJSON *req, const srv_budget *bud, srv_reply *out)
{
    memset(g, 0, sizeof *g);
    const char *require;
    if (srv_read_puzzle(req, SRV_SETS, &g->p, out) != 0)
        return -1;
    if (g->p.cons && g->p.vset >= 0) {
        srv_reply_error(out, 400, "bad_field",
                        "a constraint set (\"variants\": killer...) makes its own constraints: "
                        "send constraints or a set, not both", "constraints");
        return -1;
    }
    if (g->p.cells) {
        srv_reply_error(out, 400, "bad_field",
                        "generate takes no puzzle (use the shape fields; /api/reduce reduces one)",
                        "puzzle");
        return -1;
    }
    int ncells = g->p.n * g->p.n;
    if (g->p.vset >= 0)
        return read_set(g, req, bud, out);
    if (cJSON_GetObjectItemCaseSensitive(req, "cage_size")) {
        srv_reply_error(out, 400, "bad_field",
                        "\"cage_size\" is for a killer (\"variants\": \"killer\")", "cage_size");
        return -1;
    }
    if (srv_read_clues(req, ncells, &g->lo, &g->hi, out) ||
        srv_read_symmetry(req, &g->sym, out) ||
        srv_read_difficulty(req, &g->difficulty, &g->qqwing, g->note, sizeof g->note, out) ||
        read_rating(req, &g->have_rating, &g->bo, out) ||
        srv_field_string(req, "require", &require, out) ||
        srv_field_bool(req, "minimal", 0, &g->minimal, out) ||
        srv_field_bool(req, "full", 0, &g->full, out) ||
        srv_field_u64(req, "seed", 0, UINT64_MAX, clock_seed(), &g->seed, out) ||
        srv_field_timeout(req, srv_remaining(bud), &g->timeout, out))
        return -1;
    g->named = srv_budget_named(req, bud);
    if (g->difficulty != DOKU_DIFFICULTY_ANY) {
        if (g->have_rating) {
            srv_reply_error(out, 400, "bad_field", "use \"difficulty\" or \"rating\", not both",
                            "rating");
            return -1;
        }
        doku_difficulty_range(g->difficulty, &g->bo.min, &g->bo.max);
        g->have_rating = 1;
    }
    if (g->qqwing != DOKU_QQWING_ANY && g->have_rating) {
        srv_reply_error(out, 400, "bad_field", "use \"qqwing_level\" or \"difficulty\"/\"rating\", "
                        "not both", "qqwing_level");
        return -1;
    }
    if (require) {
        doku_parse_error pe;
        if (srv_parsed(out, "require",
                       doku_parse_required_techniques(require, &g->bo.require, &pe), &pe))
            return -1;
        g->have_rating = 1;
        if (!g->bo.max && !g->bo.min)
            g->bo.max = -1;
    }
    /* the request's constraints: givens chosen for them (gen_constraints.c),
     * by count and symmetry; a difficulty, rating or required technique is
     * judged on doku's own scale by the logic engine on the constraints;
     * qqwing's levels are its solver's, which knows no constraint */
    if (g->p.cons && g->qqwing != DOKU_QQWING_ANY) {
        srv_reply_error(out, 422, "constraints_unsupported",
                        "a qqwing level has no meaning under variant constraints (qqwing's solver "
                        "knows none): use \"difficulty\" or \"rating\", on doku's own scale",
                        "qqwing_level");
        return -1;
    }
    if (doku_generator_create(g->p.shape, &g->g) == DOKU_OK)
        isa_env_generator(g->g);
    if (!g->g ||
        (g->have_rating && !g->full && !g->p.cons &&
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
    go.qqwing_level = g->qqwing;
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
    rec.difficulty = g->difficulty;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    return doku_format_generate(b, g->p.shape, g->p.symbols, &ro, &rec);
}

doku_status srv_gen_record_constraints(const srv_gen *g, uint64_t index, const uint8_t *puzzle,
                                       const uint8_t *solution, const srv_made *m, cJSON *extra,
                                       doku_buf *b)
{
    doku_generate_result res;
    memset(&res, 0, sizeof res);
    res.found = 1;
    res.attempts = m->attempts;
    res.givens = m->givens;
    res.qqwing_level = DOKU_QQWING_ANY;
    res.symmetry = m->symmetry;
    res.minimal = m->minimal;
    doku_status st = srv_gen_record(g, index, puzzle, solution, &res, b);
    if (st == DOKU_OK && b->failed)
        st = DOKU_ERR_NOMEM;
    if (st == DOKU_OK)
        st = extra ? srv_record_add(b, extra) : DOKU_ERR_NOMEM;
    cJSON_Delete(extra);
    return st;
}

void srv_gen_free(srv_gen *g)
{
    doku_rating_filter_free(g->band);
    doku_generator_free(g->g);
    srv_puzzle_free(&g->p);
    g->band = NULL;
    g->g = NULL;
}
