/*
 * require.c — doku_parse_required_techniques: the technique list of
 * `--require` / "require", what the rating filter's path must use.
 *
 * The one design idea: the list is doku_parse_techniques' with the two
 * rules of a requirement applied here, once, for the CLI and the server:
 * singles count only when nothing else is named (every path uses them),
 * and a list of extended techniques alone is refused (the grader rates
 * with SE's set, so no path could ever use them).
 */
#include "parse_internal.h"

doku_status doku_parse_required_techniques(const char *text, uint64_t *mask,
                                           doku_parse_error *err)
{
    parse_clear(err);
    if (!text || !mask)
        return DOKU_ERR_ARG;
    uint64_t m = 0, se = 0;
    doku_status st = doku_parse_techniques(text, &m, err);
    if (st != DOKU_OK)
        return st;
    uint64_t singles = (1ull << DOKU_TECH_FULL_HOUSE) | (1ull << DOKU_TECH_HIDDEN_SINGLE) |
                       (1ull << DOKU_TECH_NAKED_SINGLE);
    if (m & ~singles)
        m &= ~singles;
    /* SE's set, as the library itself names it */
    doku_parse_techniques("all", &se, NULL);
    if (!(m & se))
        return parse_fail(err, 0, 0, "technique list", text,
                          "only extended techniques, which the SE-style grader does not use");
    *mask = m;
    return DOKU_OK;
}
