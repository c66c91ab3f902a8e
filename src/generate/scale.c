/*
 * scale.c — the difficulty vocabulary of the generator, in one place:
 * the names of the qqwing-style classes (doku_difficulty) and the table
 * of named ER ranges (doku_rating_range) that `--rating NAME` means.
 *
 * The one design idea: each scale is one table here, and programs only
 * name its entries; docs/TECHNIQUES.md ("One difficulty scale") shows
 * both beside grade's SE levels (src/logic/rating.c) on the ER axis.
 */
#include "doku.h"

#include <stddef.h>
#include <string.h>

static const char *const level_names[] = {"any", "simple", "easy",
                                          "intermediate", "expert"};

const char *doku_difficulty_name(doku_difficulty level)
{
    return (unsigned)level <= DOKU_DIFF_EXPERT ? level_names[level] : "?";
}

int doku_difficulty_parse(const char *name, doku_difficulty *out)
{
    if (!name || !out)
        return -1;
    for (int i = 0; i <= DOKU_DIFF_EXPERT; i++)
        if (strcmp(name, level_names[i]) == 0) {
            *out = (doku_difficulty)i;
            return 0;
        }
    /* aliases kept for old command lines (not the rating ranges of the
     * same names: see docs/TECHNIQUES.md) */
    if (strcmp(name, "medium") == 0) {
        *out = DOKU_DIFF_INTERMEDIATE;
        return 0;
    }
    if (strcmp(name, "hard") == 0) {
        *out = DOKU_DIFF_EXPERT;
        return 0;
    }
    return -1;
}

/* HoDoKu's five levels on the SE scale: easy = singles; medium =
 * intersections and pairs; hard = up to basic fish, triples, single-digit
 * patterns and XY/XYZ-wings; unfair = up to the 6.x patterns and short
 * X/Y chains; extreme = 7.0 and above (forcing chains, AICs and harder),
 * our like-for-like of HoDoKu's extreme. */
static const doku_rating_range RANGES[] = {
    {"easy", 1.0, 2.3}, {"medium", 2.4, 3.4}, {"hard", 3.5, 4.6},
    {"unfair", 4.7, 6.9}, {"extreme", 7.0, -1},
};

const doku_rating_range *doku_rating_range_at(int i)
{
    if (i < 0 || (size_t)i >= sizeof RANGES / sizeof RANGES[0])
        return NULL;
    return &RANGES[i];
}

const doku_rating_range *doku_rating_range_find(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof RANGES / sizeof RANGES[0]; i++)
        if (strcmp(name, RANGES[i].name) == 0)
            return &RANGES[i];
    return NULL;
}
