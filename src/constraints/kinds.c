/*
 * kinds.c — the constraint kinds' names and keywords. Apart from model.c
 * because the validators' messages name kinds (text.c) and model.c calls
 * the validators: in one file the two would call each other.
 */
#include "cons_internal.h"

#include <strings.h>

static const struct {
    const char *name, *key;
} kinds[DOKU_CON_KIND_COUNT] = {
    [DOKU_CON_NONE] = {"unknown constraint", ""},
    [DOKU_CON_CAGE] = {"killer cage", "cage"},
    [DOKU_CON_LITTLE_KILLER] = {"little killer", "little-killer"},
    [DOKU_CON_SANDWICH] = {"sandwich", "sandwich"},
    [DOKU_CON_XSUM] = {"X-sum", "xsum"},
    [DOKU_CON_REGION] = {"extra region", "region"},
    [DOKU_CON_DISJOINT_GROUPS] = {"disjoint groups", "disjoint-groups"},
    [DOKU_CON_THERMO] = {"thermometer", "thermo"},
    [DOKU_CON_ARROW] = {"arrow", "arrow"},
    [DOKU_CON_WHISPER] = {"German whispers", "whisper"},
    [DOKU_CON_RENBAN] = {"renban", "renban"},
    [DOKU_CON_PALINDROME] = {"palindrome", "palindrome"},
    [DOKU_CON_BETWEEN] = {"between line", "between"},
    [DOKU_CON_REGION_SUM] = {"region sum line", "region-sum"},
    [DOKU_CON_KROPKI_WHITE] = {"white kropki dot", "white"},
    [DOKU_CON_KROPKI_BLACK] = {"black kropki dot", "black"},
    [DOKU_CON_X] = {"X", "x"},
    [DOKU_CON_V] = {"V", "v"},
    [DOKU_CON_GREATER] = {"greater-than", "greater"},
    [DOKU_CON_KROPKI_WHITE_ALL] = {"all white dots given", "white-all"},
    [DOKU_CON_KROPKI_BLACK_ALL] = {"all black dots given", "black-all"},
    [DOKU_CON_X_ALL] = {"all X given", "x-all"},
    [DOKU_CON_V_ALL] = {"all V given", "v-all"},
    [DOKU_CON_QUADRUPLE] = {"quadruple", "quadruple"},
    [DOKU_CON_ANTI_KNIGHT] = {"anti-knight", "anti-knight"},
    [DOKU_CON_ANTI_KING] = {"anti-king", "anti-king"},
    [DOKU_CON_NON_CONSECUTIVE] = {"non-consecutive", "non-consecutive"},
    [DOKU_CON_EVEN] = {"even cell", "even"},
    [DOKU_CON_ODD] = {"odd cell", "odd"},
    [DOKU_CON_MINIMUM] = {"minimum cell", "minimum"},
    [DOKU_CON_MAXIMUM] = {"maximum cell", "maximum"},
};

const char *doku_constraint_kind_name(doku_constraint_kind kind)
{
    if ((int)kind <= 0 || (int)kind >= DOKU_CON_KIND_COUNT)
        return kinds[0].name;
    return kinds[kind].name;
}

const char *doku_constraint_kind_key(doku_constraint_kind kind)
{
    if ((int)kind <= 0 || (int)kind >= DOKU_CON_KIND_COUNT)
        return "";
    return kinds[kind].key;
}

doku_constraint_kind doku_constraint_kind_from_key(const char *key)
{
    if (!key)
        return DOKU_CON_NONE;
    for (int k = 1; k < DOKU_CON_KIND_COUNT; k++)
        if (strcasecmp(key, kinds[k].key) == 0)
            return (doku_constraint_kind)k;
    return DOKU_CON_NONE;
}
