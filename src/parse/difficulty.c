/*
 * difficulty.c — doku_parse_difficulty and doku_parse_qqwing_level: the
 * names of doku's one difficulty vocabulary (src/generate/scale.c), and
 * qqwing's four levels under their own option. qqwing's names given as a
 * difficulty (the old --difficulty values) still work, with a note.
 */
#include "parse_internal.h"

#include <string.h>

static int qqwing_of(const char *text, doku_qqwing_level *level)
{
    size_t len = strlen(text);
    for (int i = DOKU_QQWING_ANY; i <= DOKU_QQWING_EXPERT; i++)
        if (parse_word_is(text, len, doku_qqwing_level_name((doku_qqwing_level)i))) {
            *level = (doku_qqwing_level)i;
            return 1;
        }
    return 0;
}

doku_status doku_parse_difficulty(const char *text, doku_difficulty *difficulty,
                                  doku_qqwing_level *qqwing, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !difficulty || !qqwing)
        return DOKU_ERR_ARG;
    size_t len = strlen(text);
    for (int d = DOKU_DIFFICULTY_ANY; d <= DOKU_DIFFICULTY_EXTREME; d++)
        if (parse_word_is(text, len, doku_difficulty_name((doku_difficulty)d))) {
            *difficulty = (doku_difficulty)d;
            *qqwing = DOKU_QQWING_ANY;
            return DOKU_OK;
        }
    doku_qqwing_level q;
    if (qqwing_of(text, &q)) {
        /* only simple, intermediate and expert get here: "easy" and "any"
         * are names of the vocabulary too */
        *difficulty = DOKU_DIFFICULTY_ANY;
        *qqwing = q;
        parse_note(err, "difficulty '%s' is one of qqwing's levels: taken as qqwing level '%s'; "
                   "the difficulty names are easy, medium, hard, unfair and extreme",
                   doku_qqwing_level_name(q), doku_qqwing_level_name(q));
        return DOKU_OK;
    }
    return parse_fail(err, 0, 0, "difficulty", text,
                      "wants easy, medium, hard, unfair, extreme or any");
}

doku_status doku_parse_qqwing_level(const char *text, doku_qqwing_level *level,
                                    doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !level)
        return DOKU_ERR_ARG;
    if (qqwing_of(text, level))
        return DOKU_OK;
    return parse_fail(err, 0, 0, "qqwing level", text,
                      "wants simple, easy, intermediate, expert or any");
}
