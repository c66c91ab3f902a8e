/*
 * gen_filter.c — --rating and --require for `doku generate` and `doku reduce`, judged by the
 * logic grader (Sudoku Explainer scale) exactly as `doku grade` rates:
 * parsing, and the library's doku_rating_filter (which stops grading as
 * soon as the verdict is known). The generator's cheap classes screen first: a
 * puzzle that pairs and intersections solve rates at most 3.4 (hidden
 * pair), so a band above that only ever grades EXPERT-class candidates.
 */
#include "gen_filter.h"
#include "usage.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Highest SE rating among the techniques the INTERMEDIATE class uses. */
#define CLASS3_MAX_RATING 3.4

int gen_filter_parse_rating(gen_filter_spec *f, const char *v)
{
    /* the named ranges: the library's table (easy ... extreme) */
    const doku_rating_range *named = doku_rating_range_find(v);
    if (named) {
        f->have_rating = 1;
        f->rating_min = named->min;
        f->rating_open = named->max < 0;
        f->rating_max = f->rating_open ? 1e9 : named->max;
        return 0;
    }
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
    /* isfinite: strtod reads "nan", "inf" and 1e999, which no rating is */
    if (*end || !isfinite(lo) || !isfinite(hi) || lo < 0 || hi < lo)
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

int gen_filter_check(gen_filter_spec *f, const char *cmd)
{
    if (!f->require)
        return 0;
    const char *bad = NULL;
    uint64_t mask = 0;
    if (doku_technique_mask(f->require, &mask, &bad) != DOKU_OK) {
        fprintf(stderr, "doku %s: --require: unknown technique '%s' (see docs/TECHNIQUES.md)\n", cmd,
                bad ? bad : f->require);
        return -1;
    }
    /* Singles are always in a parsed mask; they count only if asked for. */
    uint64_t singles = (1ull << DOKU_TECH_FULL_HOUSE) | (1ull << DOKU_TECH_HIDDEN_SINGLE) |
                       (1ull << DOKU_TECH_NAKED_SINGLE);
    f->require_mask = (mask & ~singles) ? mask & ~singles : mask;
    /* The grader uses SE's set: an extended technique alone could never
     * be required (it would only exhaust the attempts). */
    uint64_t se = 0;
    doku_technique_mask("all", &se, NULL); /* the library's own list of SE's set */
    if (!(f->require_mask & se)) {
        fprintf(stderr, "doku %s: --require: '%s' is an extended technique, which the SE-style "
                        "grader does not use\n", cmd, f->require);
        return -1;
    }
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
    /* A technique the engine tries after the hidden pair is used only
     * where everything up to it stalls, so the generator's pairs closure
     * stalls too (from the start: removing candidates never undoes that). */
    uint64_t upto_hidden_pair = (1ull << (DOKU_TECH_HIDDEN_PAIR + 1)) - 1;
    if (f->require && !(f->require_mask & upto_hidden_pair))
        return DOKU_DIFF_EXPERT;
    return f->have_rating && f->rating_min > CLASS3_MAX_RATING ? DOKU_DIFF_EXPERT : DOKU_DIFF_ANY;
}

int gen_filter_band_screens(const gen_filter_spec *f)
{
    /* doku_rating_filter starts from the pairs closure (and rejects what it
     * solves) for a bottom above 3.4, or for late techniques only with a
     * bottom every step reaches; see src/generate/rating_filter.c */
    uint64_t upto_hidden_pair = (1ull << (DOKU_TECH_HIDDEN_PAIR + 1)) - 1;
    if (f->require && (f->require_mask & upto_hidden_pair))
        return 0;
    double min = f->have_rating ? f->rating_min : 0;
    return min > CLASS3_MAX_RATING || (f->require && min <= 1.0);
}

doku_rating_filter *gen_filter_band(const gen_filter_spec *f,
                                    const doku_shape *s)
{
    doku_rating_filter_opts bo;
    memset(&bo, 0, sizeof bo);
    bo.min = f->have_rating ? f->rating_min : 0;
    bo.max = f->have_rating && !f->rating_open ? f->rating_max : -1;
    bo.require = f->require ? f->require_mask : 0;
    doku_rating_filter *b = NULL;
    return doku_rating_filter_create(s, &bo, &b) == DOKU_OK ? b : NULL;
}

doku_status gen_filter_judge(doku_rating_filter *b, const doku_shape *s, const uint8_t *puzzle,
                             const uint8_t *solution, int *accepted)
{
    doku_filter_call call = {s, puzzle, solution, (size_t)doku_shape_cells(s), 0};
    bool ok = false;
    doku_status st = doku_rating_filter_accept(b, &call, &ok);
    *accepted = st == DOKU_OK && ok;
    return st;
}
