/*
 * gen_drawn.h — `doku generate --constraints FILE`: givens chosen for the
 * constraints a setter drew (FILE: a variant puzzle without givens, in
 * any variant format doku reads), as the page's Generate and
 * /api/generate with "constraints" choose them (common/variant_givens.c):
 * puzzle K of a seed is the same on every machine, and the same the
 * server makes for that seed.
 */
#ifndef DOKU_CLI_GEN_DRAWN_H
#define DOKU_CLI_GEN_DRAWN_H

#include "gen_filter.h"
#include "options.h"

typedef struct gen_drawn_args {
    const cli_opts *o;        /* --threads, --format (documents) */
    const char *file;         /* the constraints */
    const char *clues;        /* --clues as given, or NULL */
    doku_symmetry sym;
    int minimal, full, with_solution;
    const gen_filter_spec *filter; /* --difficulty, --rating, --require:
                                      doku's own scale */
    uint64_t seed, start, count;
    double timeout;           /* seconds per puzzle, 0: none */
    const char *to;           /* --to FORMAT, or NULL: text */
} gen_drawn_args;

/* Reads a->file (one puzzle: its shape and constraints; givens refused
 * by name, as are a file with several puzzles or none) and prints
 * a->count puzzles for its constraints (or hands them to the document
 * of a->o). @return the exit code: 0 all made, 1 one not made (the
 * constraints have no solution, or none in time: said on stderr), 2 a
 * file or option that does not do. */
int gen_drawn_run(const gen_drawn_args *a);

#endif
