/*
 * gen_filter.c — --rating and --require for `doku generate`, judged by the
 * logic grader (Sudoku Explainer scale). A candidate puzzle costs one
 * logic run; the cheap difficulty classes of the generator screen first:
 * a puzzle that pairs and intersections solve rates at most 3.4 (hidden
 * pair), so a band above that only ever grades EXPERT-class candidates.
 */
#include "gen_filter.h"
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Highest SE rating among the techniques the INTERMEDIATE class uses. */
#define CLASS3_MAX_RATING 3.4

int gen_filter_parse_rating(gen_filter_spec *f, const char *v)
{
    char *end;
    double lo = strtod(v, &end);
    if (end == v)
        return -1;
    double hi = lo;
    if (*end == '-') {
        const char *rest = end + 1;
        hi = strtod(rest, &end);
        if (end == rest)
            return -1;
    }
    if (*end || lo < 0 || hi < lo)
        return -1;
    f->have_rating = 1;
    f->rating_min = lo;
    f->rating_max = hi;
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
    if (f->have_rating)
        k = snprintf(buf, cap, ", rated %.1f-%.1f", f->rating_min, f->rating_max);
    if (f->require && k >= 0 && (size_t)k < cap)
        snprintf(buf + k, cap - (size_t)k, ", using %s", f->require);
}

doku_difficulty gen_filter_class(const gen_filter_spec *f)
{
    return f->have_rating && f->rating_min > CLASS3_MAX_RATING ? DOKU_DIFF_EXPERT : DOKU_DIFF_ANY;
}

int gen_filter_accept(void *user, const doku_shape *s, const uint8_t *puzzle,
                      const uint8_t *solution)
{
    const gen_filter_spec *f = user;
    (void)solution;
    doku_logic_opts lo;
    memset(&lo, 0, sizeof lo);
    lo.no_trial = 1; /* a rating needs a logical path, not a guess */
    doku_logic *lg = NULL;
    if (doku_logic_create(s, &lo, &lg) != DOKU_OK)
        return 0;
    doku_rating r;
    memset(&r, 0, sizeof r);
    int ok = doku_logic_load(lg, puzzle) == DOKU_OK &&
             doku_logic_run(lg, NULL, NULL, &r, NULL, 0) == DOKU_OK && r.solved;
    doku_logic_free(lg);
    if (!ok)
        return 0;
    if (f->have_rating && (r.er < f->rating_min - 1e-9 || r.er > f->rating_max + 1e-9))
        return 0;
    if (f->require) {
        int used = 0;
        for (int t = 0; t < DOKU_TECH_COUNT && !used; t++)
            used = ((f->require_mask >> t) & 1) && r.counts[t] > 0;
        if (!used)
            return 0;
    }
    return 1;
}
