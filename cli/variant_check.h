/*
 * variant_check.h — `doku check`'s records for a variant puzzle, in the
 * classic check's shape (cmd_check.c): "FILE: unique | no solution: why |
 * several solutions | gave up | invalid: why" on stdout, or with --format
 * json the classic record (status, conflicts or suspects, message) plus
 * the puzzle's constraints. A grid with no solution names its likely
 * wrong entry by the classic rule, searched under the constraints
 * (doku_constraints_find_wrong_entry).
 */
#ifndef DOKU_CLI_VARIANT_CHECK_H
#define DOKU_CLI_VARIANT_CHECK_H

#include "buf.h"
#include "options.h"

#include "doku_constraints.h"

/* The invalid record of cells, p's givens or a solution p carries
 * (file and line as cli_variant_record: 0 for a file of one puzzle): the
 * first k unit duplicates cf and m broken constraints v of cells named in
 * its message ("r1c1 and r3c2 both hold 1 in box 1; killer cage 4 at
 * r1c1 r1c2 is broken"), after "WHAT: " when what is not NULL, or after
 * moved (not NULL: the sentence naming a given the solution changes,
 * whose cells are then marked too); the cells marked in json's
 * "conflicts". json: --format json, else a line. */
void cli_variant_check_conflicts(const char *file, int line, const doku_variant_puzzle *p,
                                 const uint8_t *cells, const char *what, const char *moved,
                                 const doku_conflict *cf, size_t k, const doku_violation *v,
                                 size_t m, int json);

/* The verdict record of p after a search of its givens for up to two
 * solutions (st: the search's status, DOKU_OK or DOKU_GAVE_UP; res its
 * result). No solution: the likely wrong entry is looked for within
 * o's --timeout, or CLI_WRONG_ENTRY_SECONDS without one, and named in
 * the message (json: its cells in "suspects"). @return the exit code:
 * CLI_EXIT_OK for exactly one solution, else CLI_EXIT_FAIL. */
int cli_variant_check_verdict(const char *file, int line, const doku_variant_puzzle *p,
                              const cli_opts *o, doku_status st, const doku_search_result *res);

/* For p's givens, which have no solution: appends to why the sentence
 * naming the likely wrong entry (doku_constraints_find_wrong_entry
 * within budget seconds, 0: none) and, if marks (n*n) is not NULL, flags
 * its suspects there. @return 1 if it names one; 0 (nothing written) if
 * none is found or the budget ran out. */
int cli_variant_wrong_entry(const doku_variant_puzzle *p, double budget, cli_buf *why,
                            uint8_t *marks);

#endif
