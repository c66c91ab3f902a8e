/*
 * technique_keywords.c — the --techniques vocabulary: technique keys and
 * group words (pairs, fish, chains, extended, ...) turned into a mask.
 *
 * Design: groups are a table of masks over the technique sets defined in
 * logic_internal.h; single techniques are found by their stable key or
 * their display name, in any case, so the parser depends on the names
 * only through doku_technique_key() and doku_technique_name().
 */
#include "logic_internal.h"
#include "../parse/parse_internal.h"

#include <string.h>

typedef struct tech_group {
    const char *key;
    uint64_t mask;
} tech_group;

static const tech_group GROUPS[] = {
    {"singles", LOGIC_TB(DOKU_TECH_FULL_HOUSE) | LOGIC_TB(DOKU_TECH_HIDDEN_SINGLE) | LOGIC_TB(DOKU_TECH_NAKED_SINGLE)},
    {"direct", LOGIC_TB(DOKU_TECH_DIRECT_POINTING) | LOGIC_TB(DOKU_TECH_DIRECT_CLAIMING) |
                   LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_PAIR) | LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE)},
    {"intersections", LOGIC_TB(DOKU_TECH_POINTING) | LOGIC_TB(DOKU_TECH_CLAIMING) |
                          LOGIC_TB(DOKU_TECH_DIRECT_POINTING) | LOGIC_TB(DOKU_TECH_DIRECT_CLAIMING)},
    {"locked-candidates", LOGIC_TB(DOKU_TECH_POINTING) | LOGIC_TB(DOKU_TECH_CLAIMING) |
                              LOGIC_TB(DOKU_TECH_DIRECT_POINTING) | LOGIC_TB(DOKU_TECH_DIRECT_CLAIMING)},
    {"pairs", LOGIC_TB(DOKU_TECH_NAKED_PAIR) | LOGIC_TB(DOKU_TECH_HIDDEN_PAIR) | LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_PAIR)},
    {"triples", LOGIC_TB(DOKU_TECH_NAKED_TRIPLE) | LOGIC_TB(DOKU_TECH_HIDDEN_TRIPLE) |
                    LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE)},
    {"quads", LOGIC_TB(DOKU_TECH_NAKED_QUAD) | LOGIC_TB(DOKU_TECH_HIDDEN_QUAD)},
    {"subsets", LOGIC_TB(DOKU_TECH_NAKED_PAIR) | LOGIC_TB(DOKU_TECH_HIDDEN_PAIR) | LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_PAIR) |
                    LOGIC_TB(DOKU_TECH_NAKED_TRIPLE) | LOGIC_TB(DOKU_TECH_HIDDEN_TRIPLE) |
                    LOGIC_TB(DOKU_TECH_DIRECT_HIDDEN_TRIPLE) | LOGIC_TB(DOKU_TECH_NAKED_QUAD) |
                    LOGIC_TB(DOKU_TECH_HIDDEN_QUAD)},
    {"fish", LOGIC_TB(DOKU_TECH_X_WING) | LOGIC_TB(DOKU_TECH_SWORDFISH) | LOGIC_TB(DOKU_TECH_JELLYFISH)},
    {"single-digit", LOGIC_TB(DOKU_TECH_SKYSCRAPER) | LOGIC_TB(DOKU_TECH_TWO_STRING_KITE) |
                         LOGIC_TB(DOKU_TECH_TURBOT_FISH) | LOGIC_TB(DOKU_TECH_EMPTY_RECTANGLE) |
                         LOGIC_TB(DOKU_TECH_THREE_LINKS)},
    {"wings", LOGIC_TB(DOKU_TECH_XY_WING) | LOGIC_TB(DOKU_TECH_XYZ_WING) | LOGIC_TB(DOKU_TECH_WXYZ_WING) |
                  LOGIC_TB(DOKU_TECH_VWXYZ_WING)},
    {"aligned", LOGIC_TB(DOKU_TECH_ALIGNED_PAIR) | LOGIC_TB(DOKU_TECH_ALIGNED_TRIPLE)},
    {"uniqueness", LOGIC_TB(DOKU_TECH_UNIQUE_RECTANGLE) | LOGIC_TB(DOKU_TECH_BUG)},
    {"chains", LOGIC_TB(DOKU_TECH_X_CYCLE) | LOGIC_TB(DOKU_TECH_X_CHAIN) | LOGIC_TB(DOKU_TECH_Y_CYCLE) |
                   LOGIC_TB(DOKU_TECH_XY_CYCLE) | LOGIC_TB(DOKU_TECH_AIC)},
    {"forcing", LOGIC_TB(DOKU_TECH_NISHIO) | LOGIC_TB(DOKU_TECH_CELL_FORCING) | LOGIC_TB(DOKU_TECH_REGION_FORCING) |
                    LOGIC_TB(DOKU_TECH_DYNAMIC_FORCING) | LOGIC_TB(DOKU_TECH_DYNAMIC_PLUS) |
                    LOGIC_TB(DOKU_TECH_NESTED_FORCING)},
    {"variant", LOGIC_TB(DOKU_TECH_CONSTRAINT) | LOGIC_TB(DOKU_TECH_CAGE_COMBINATION) |
                    LOGIC_TB(DOKU_TECH_INNIES_OUTIES)},
    {"all", LOGIC_SE_MASK},
    /* extended techniques (off by default) */
    {"finned-fish", LOGIC_TB(DOKU_TECH_FINNED_X_WING) | LOGIC_TB(DOKU_TECH_FINNED_SWORDFISH) |
                        LOGIC_TB(DOKU_TECH_FINNED_JELLYFISH)},
    {"colouring", LOGIC_TB(DOKU_TECH_SIMPLE_COLOURING) | LOGIC_TB(DOKU_TECH_MULTI_COLOURING)},
    {"als", LOGIC_TB(DOKU_TECH_ALS_XZ) | LOGIC_TB(DOKU_TECH_ALS_XY_WING)},
    {"grouped-chains", LOGIC_TB(DOKU_TECH_GROUPED_X_CHAIN) | LOGIC_TB(DOKU_TECH_GROUPED_AIC)},
    {"extra", LOGIC_EXTENDED_MASK},
    {"extended", LOGIC_SE_MASK | LOGIC_EXTENDED_MASK},
};

/* w[0..len) and name are the same word up to case, with ' ' and '_'
 * read as '-': "X-Wing", "x-wing" and "hidden single" all name keys. */
static int same_word(const char *w, size_t len, const char *name)
{
    size_t i = 0;
    for (; i < len && name[i]; i++) {
        char a = w[i], b = name[i];
        a = (char)(a == ' ' || a == '_' ? '-' : a >= 'A' && a <= 'Z' ? a - 'A' + 'a' : a);
        b = (char)(b == ' ' || b == '_' ? '-' : b >= 'A' && b <= 'Z' ? b - 'A' + 'a' : b);
        if (a != b)
            return 0;
    }
    return i == len && !name[i];
}

/* Adds the group or technique w[0..len) names to *m. @return 1, or 0 if
 * it names none: a group word, a technique key or its display name. */
static int add_word(const char *w, size_t len, uint64_t *m)
{
    int found = 0;
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++)
        if (same_word(w, len, GROUPS[g].key)) {
            *m |= GROUPS[g].mask;
            found = 1;
        }
    for (int t = 0; t < DOKU_TECH_COUNT && !found; t++)
        if (same_word(w, len, doku_technique_key((doku_technique)t)) ||
            same_word(w, len, doku_technique_name((doku_technique)t))) {
            *m |= LOGIC_TB(t);
            found = 1;
        }
    return found;
}

doku_status doku_parse_techniques(const char *list, uint64_t *mask, doku_parse_error *err)
{
    parse_clear(err);
    if (!list || !mask)
        return DOKU_ERR_ARG;
    uint64_t m = LOGIC_SINGLES_MASK;
    const char *p = list;
    while (*p) {
        /* an item runs to the next comma; it is one name ("Hidden Single",
         * "X-Wing", "x-wing") or, failing that, blank-separated words */
        while (*p == ',' || *p == ' ')
            p++;
        if (!*p)
            break;
        const char *item = p;
        while (*p && *p != ',')
            p++;
        const char *end = p;
        while (end > item && end[-1] == ' ')
            end--;
        if (add_word(item, (size_t)(end - item), &m))
            continue;
        for (const char *w = item; w < end;) {
            const char *e = w;
            while (e < end && *e != ' ')
                e++;
            if (!add_word(w, (size_t)(e - w), &m)) {
                char word[48];
                parse_quote(word, sizeof word, w, (size_t)(e - w));
                return parse_fail(err, 1, (int)(w - list) + 1, "technique list", list,
                                  "unknown technique '%s' (see docs/TECHNIQUES.md)", word);
            }
            while (e < end && *e == ' ')
                e++;
            w = e;
        }
    }
    *mask = m;
    return DOKU_OK;
}
