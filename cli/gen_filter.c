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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Highest SE rating among the techniques the INTERMEDIATE class uses. */
#define CLASS3_MAX_RATING 3.4

int gen_filter_parse_rating(gen_filter_spec *f, const char *opt, const char *v,
                            const char *cmd)
{
    doku_parse_error pe;
    double lo, hi;
    if (cli_parsed(cmd, opt, doku_parse_rating_range(v, &lo, &hi, &pe), &pe) != 0)
        return -1;
    f->have_rating = 1;
    f->rating_min = lo;
    f->rating_open = hi < 0;
    f->rating_max = f->rating_open ? 1e9 : hi;
    return 0;
}

int gen_filter_set_difficulty(gen_filter_spec *f, doku_difficulty d)
{
    double lo, hi;
    if (doku_difficulty_range(d, &lo, &hi) != DOKU_OK)
        return -1;
    f->have_rating = 1;
    f->difficulty = d;
    f->rating_min = lo;
    f->rating_open = hi < 0;
    f->rating_max = f->rating_open ? 1e9 : hi;
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
    doku_parse_error pe;
    return cli_parsed(cmd, "--require",
                      doku_parse_required_techniques(f->require, &f->require_mask, &pe), &pe);
}

void gen_filter_describe(const gen_filter_spec *f, char *buf, size_t cap)
{
    int k = 0;
    if (f->difficulty && f->rating_open)
        k = snprintf(buf, cap, ", %s (rated %.1f or more)", doku_difficulty_name(f->difficulty),
                     f->rating_min);
    else if (f->difficulty)
        k = snprintf(buf, cap, ", %s (rated %.1f-%.1f)", doku_difficulty_name(f->difficulty),
                     f->rating_min, f->rating_max);
    else if (f->have_rating && f->rating_open)
        k = snprintf(buf, cap, ", rated %.1f or more", f->rating_min);
    else if (f->have_rating)
        k = snprintf(buf, cap, ", rated %.1f-%.1f", f->rating_min, f->rating_max);
    if (f->require && k >= 0 && (size_t)k < cap)
        snprintf(buf + k, cap - (size_t)k, ", using %s", f->require);
}

doku_qqwing_level gen_filter_class(const gen_filter_spec *f)
{
    /* A technique the engine tries after the hidden pair is used only
     * where everything up to it stalls, so the generator's pairs closure
     * stalls too (from the start: removing candidates never undoes that). */
    uint64_t upto_hidden_pair = (1ull << (DOKU_TECH_HIDDEN_PAIR + 1)) - 1;
    if (f->require && !(f->require_mask & upto_hidden_pair))
        return DOKU_QQWING_EXPERT;
    return f->have_rating && f->rating_min > CLASS3_MAX_RATING ? DOKU_QQWING_EXPERT : DOKU_QQWING_ANY;
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
