/*
 * reduce_variants.h — `doku reduce` on variant puzzle files
 * (cli_variant_inputs): givens taken away while one solution stays under
 * the constraints (common/variant_reduce.c, as /api/reduce), down to a
 * --difficulty, --rating or --require judged on doku's own scale.
 */
#ifndef DOKU_CLI_REDUCE_VARIANTS_H
#define DOKU_CLI_REDUCE_VARIANTS_H

#include "gen_filter.h"
#include "options.h"
#include "variant_reduce.h"

/* Reduces every puzzle of o's variant files as a asks (a->diff is not
 * read; f: the rating asked, have_rating 0 for none): checks bounded by
 * counts of nodes (VREDUCE_PRECHECK_NODES for the input), or by o's
 * --timeout when given (then also the reduction: status gave_up, exit
 * 1): a comment line "# FILE:LINE: reduced: G givens (from B),
 * symmetry S[, minimal][, doku rating R, DIFFICULTY]" and the puzzle in
 * doku's variant text format; a puzzle that cannot be reduced is one
 * comment line "# FILE:LINE: STATUS: why", as for a classic one. With
 * --format json each is one record, /api/reduce's (the library's reduce
 * record, the rating on doku's own scale when asked, the constraints).
 * @return the worst exit code (CLI_EXIT_OK, or CLI_EXIT_FAIL when one
 * was not reduced or was not of the rating asked; CLI_EXIT_USAGE for a
 * file that does not read). */
int cli_variant_reduce(const cli_opts *o, const vreduce_opts *a, const gen_filter_spec *f);

#endif
