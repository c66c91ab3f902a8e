/*
 * scale.c — doku's one difficulty vocabulary (doku_difficulty), and the
 * names of qqwing's four generator levels (doku_qqwing_level).
 *
 * The one design idea: each name is one row of one table, with one ER
 * range. Grade names a rating by the row that holds it, and generate
 * asks the rating filter for that row's range, so a puzzle made with a
 * name is graded back with the same name. Parsing the names is
 * src/parse/difficulty.c; docs/TECHNIQUES.md shows the table.
 */
#include "doku.h"

#include <stddef.h>

/* HoDoKu's five levels on the SE scale, in tenths of ER (ratings are
 * multiples of 0.1): easy = singles; medium = intersections and pairs;
 * hard = up to basic fish, triples, single-digit patterns and XY/XYZ-
 * wings; unfair = up to the 6.x patterns and short X/Y chains; extreme
 * = 7.0 and above (forcing chains, AICs and harder). */
static const struct {
    const char *name;
    int min, max;              /* tenths, inclusive; max -1: no bound */
} SCALE[] = {
    {"any", 0, 0},
    {"easy", 10, 23}, {"medium", 24, 34}, {"hard", 35, 46},
    {"unfair", 47, 69}, {"extreme", 70, -1},
    {"unsolved", 0, 0},
};

const char *doku_difficulty_name(doku_difficulty d)
{
    return (unsigned)d <= DOKU_DIFFICULTY_UNSOLVED ? SCALE[d].name : "?";
}

doku_status doku_difficulty_range(doku_difficulty d, double *min, double *max)
{
    if (!min || !max || d < DOKU_DIFFICULTY_EASY || d > DOKU_DIFFICULTY_EXTREME)
        return DOKU_ERR_ARG;
    *min = SCALE[d].min / 10.0;
    *max = SCALE[d].max < 0 ? -1.0 : SCALE[d].max / 10.0;
    return DOKU_OK;
}

doku_difficulty doku_difficulty_of(double er, int solved)
{
    if (!solved || er != er)
        return DOKU_DIFFICULTY_UNSOLVED; /* NaN: no rating */
    if (er > 1000.0)
        return DOKU_DIFFICULTY_EXTREME;  /* (and no int overflow below) */
    /* in tenths, so 2.3000001 is still 2.3, as the rating filter's
     * tolerance has it */
    int t = er < 0 ? 0 : (int)(er * 10.0 + 0.5);
    for (int d = DOKU_DIFFICULTY_EASY; d < DOKU_DIFFICULTY_EXTREME; d++)
        if (t <= SCALE[d].max)
            return (doku_difficulty)d;
    return DOKU_DIFFICULTY_EXTREME;
}

static const char *const QQWING_NAMES[] = {"any", "simple", "easy", "intermediate", "expert"};

const char *doku_qqwing_level_name(doku_qqwing_level level)
{
    return (unsigned)level <= DOKU_QQWING_EXPERT ? QQWING_NAMES[level] : "?";
}
