/*
 * symmetry.c — doku_parse_symmetry: a symmetry name as
 * doku_symmetry_name prints it, or one of the old spellings.
 */
#include "parse_internal.h"

doku_status doku_parse_symmetry(const char *text, doku_symmetry *symmetry, doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !symmetry)
        return DOKU_ERR_ARG;
    size_t len = 0;
    while (text[len])
        len++;
    for (int i = 0; i < DOKU_SYM_COUNT; i++)
        if (parse_word_is(text, len, doku_symmetry_name((doku_symmetry)i))) {
            *symmetry = (doku_symmetry)i;
            return DOKU_OK;
        }
    /* other spellings: qqwing's rotate90/rotate180, older "rotational" */
    static const struct {
        const char *name;
        doku_symmetry sym;
    } aliases[] = {{"rotate180", DOKU_SYM_ROT180}, {"rotate90", DOKU_SYM_ROT90},
                   {"rotational", DOKU_SYM_ROT180}, {"rot", DOKU_SYM_ROT180}};
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (parse_word_is(text, len, aliases[i].name)) {
            *symmetry = aliases[i].sym;
            return DOKU_OK;
        }
    return parse_fail(err, 0, 0, "symmetry", text,
                      "wants none, rot180 (rotate180), rot90 (rotate90), mirror, flip, "
                      "diagonal, antidiagonal or random");
}
