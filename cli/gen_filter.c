/*
 * gen_filter.c — --rating and --require for `doku generate`, judged by the
 * logic grader (Sudoku Explainer scale) exactly as `doku grade` rates.
 *
 * The one design idea: a rating is the hardest step of one fixed path
 * (the engine's simplest-first order), so a candidate's verdict is often
 * known long before the path ends: a step above the band's top rejects
 * it, and for an open band ("7.0+") the first step at or above the bottom
 * accepts it. Grading stops there (doku_logic_run's step callback), which
 * spares the long tail of chains that follows the first hard step of a
 * hard puzzle. Rejection below the bottom still needs the whole path.
 * The generator's cheap classes screen first: a puzzle that pairs and
 * intersections solve rates at most 3.4 (hidden pair), so a band above
 * that only ever grades EXPERT-class candidates.
 */
#include "gen_filter.h"
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Highest SE rating among the techniques the INTERMEDIATE class uses. */
#define CLASS3_MAX_RATING 3.4
#define EPS 1e-9

struct gen_filter_state {
    const gen_filter_spec *f;
    doku_logic *lg;
};

int gen_filter_parse_rating(gen_filter_spec *f, const char *v)
{
    char *end;
    double lo = strtod(v, &end);
    if (end == v)
        return -1;
    double hi = lo;
    int open = 0;
    if (*end == '+' && end[1] == '\0') {
        open = 1;
        end++;
    } else if (*end == '-') {
        const char *rest = end + 1;
        hi = strtod(rest, &end);
        if (end == rest)
            return -1;
    }
    if (*end || lo < 0 || hi < lo)
        return -1;
    f->have_rating = 1;
    f->rating_min = lo;
    f->rating_max = open ? 1e9 : hi;
    f->rating_open = open;
    return 0;
}

int gen_filter_active(const gen_filter_spec *f)
{
    return f->have_rating || f->require;
}

int gen_filter_check(gen_filter_spec *f)
{
    if (!f->require)
        return 0;
    const char *bad = NULL;
    uint64_t mask = 0;
    if (doku_technique_mask(f->require, &mask, &bad) != DOKU_OK) {
        fprintf(stderr, "doku generate: --require: unknown technique '%s' (see docs/TECHNIQUES.md)\n",
                bad ? bad : f->require);
        return -1;
    }
    /* Singles are always in a parsed mask; they count only if asked for. */
    uint64_t singles = (1ull << DOKU_TECH_FULL_HOUSE) | (1ull << DOKU_TECH_HIDDEN_SINGLE) |
                       (1ull << DOKU_TECH_NAKED_SINGLE);
    f->require_mask = (mask & ~singles) ? mask & ~singles : mask;
    return 0;
}

void gen_filter_describe(const gen_filter_spec *f, char *buf, size_t cap)
{
    int k = 0;
    if (f->have_rating && f->rating_open)
        k = snprintf(buf, cap, ", rated %.1f or more", f->rating_min);
    else if (f->have_rating)
        k = snprintf(buf, cap, ", rated %.1f-%.1f", f->rating_min, f->rating_max);
    if (f->require && k >= 0 && (size_t)k < cap)
        snprintf(buf + k, cap - (size_t)k, ", using %s", f->require);
}

doku_difficulty gen_filter_class(const gen_filter_spec *f)
{
    return f->have_rating && f->rating_min > CLASS3_MAX_RATING ? DOKU_DIFF_EXPERT : DOKU_DIFF_ANY;
}

gen_filter_state *gen_filter_state_create(const gen_filter_spec *f, const doku_shape *s)
{
    gen_filter_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->f = f;
    /* doku grade's defaults: every technique, uniqueness when the puzzle
     * is unique, trial (10.0) as the last resort */
    if (doku_logic_create(s, NULL, &st->lg) != DOKU_OK) {
        free(st);
        return NULL;
    }
    return st;
}

void gen_filter_state_free(gen_filter_state *st)
{
    if (!st)
        return;
    doku_logic_free(st->lg);
    free(st);
}

/* What the path has shown so far. */
typedef struct run_state {
    const gen_filter_spec *f;
    int over;        /* a step above the band: rejected */
    int reached;     /* a step at or above the band's bottom */
    int used;        /* a required technique was used */
} run_state;

static int on_step(void *user, const doku_step *st)
{
    run_state *r = user;
    const gen_filter_spec *f = r->f;
    if (f->have_rating) {
        if (st->rating > f->rating_max + EPS) {
            r->over = 1;
            return 1;
        }
        if (st->rating >= f->rating_min - EPS)
            r->reached = 1;
    }
    if (f->require && ((f->require_mask >> st->technique) & 1))
        r->used = 1;
    /* stop once nothing later can change the verdict */
    return (!f->have_rating || (f->rating_open && r->reached)) && (!f->require || r->used);
}

int gen_filter_accept(void *user, const doku_shape *s, const uint8_t *puzzle,
                      const uint8_t *solution)
{
    gen_filter_state *fs = user;
    const gen_filter_spec *f = fs->f;
    (void)s;
    (void)solution;
    if (doku_logic_load(fs->lg, puzzle) != DOKU_OK)
        return 0;
    run_state r = {f, 0, 0, 0};
    doku_rating rt;
    if (doku_logic_run(fs->lg, on_step, &r, &rt, NULL, 0) != DOKU_OK || r.over)
        return 0;
    if (f->have_rating && !r.reached)
        return 0; /* whole path below the band (or unsolved) */
    if (f->require && !r.used)
        return 0;
    if (f->have_rating && !f->rating_open && !rt.solved)
        return 0;
    return 1;
}
