/*
 * gen_variant.h — `doku generate --killer` and `--variant thermo|arrow|
 * kropki|xv`: variant puzzles from the library's doku_variant_generate,
 * and `--constraints FILE`: givens chosen for a setter's constraints
 * (common/variant_givens.c, as /api/generate chooses them);
 * printed by doku_variant_write (doku's variant text format, or with
 * --to an f-puzzles or SudokuPad link...), in index order whatever
 * --threads says (puzzle i is a function of the seed, i and the options,
 * as for classic puzzles).
 */
#ifndef DOKU_CLI_GEN_VARIANT_H
#define DOKU_CLI_GEN_VARIANT_H

#include "document.h"
#include "options.h"
#include "variant_givens.h"
#include "variant_rate.h"
#include "doku_variant_gen.h"

typedef struct gen_variant_req {
    const cli_opts *o;
    const doku_shape *shape;
    doku_vgen_opts vo;        /* set, cage sizes, effort band, budgets */
    doku_difficulty difficulty; /* ANY, or the name doku's variant rating
                                 (doku_logic_create_variant) must give */
    vrate_want want;          /* its range (variant_rate.h), set by
                                 cli_generate_variant */
    uint64_t seed, start, count;
    int with_solution;
    doku_variant_format format; /* how each puzzle is written */
    const doku_constraints *keep; /* --constraints FILE: givens chosen for
                                 these (variant_givens.h) instead of a set
                                 made; NULL: vo.set's */
    vgivens_opts keep_opts;   /* with keep: clues, symmetry, rating... */
    const char *keep_name;    /* with keep: the file, for messages */
    double timeout;           /* with keep: seconds per puzzle (0: none) */
    document_file *doc;       /* --format pdf|svg|png|xlsx and doku print:
                                 each puzzle's record (doku generate's
                                 JSON record with "set" and "constraints")
                                 goes here instead; NULL: printed */
} gen_variant_req;

/* Reads --to's value (text, fpuzzles, sudokupad, fpuzzles-json,
 * sudokuwiki, killer) into *f. @return 0, or -1 after the usage error. */
int gen_variant_format(const char *to, doku_variant_format *f);

/* Generates and prints r->count puzzles (or hands them to r->doc).
 * @return the exit code: 0 all made, 1 one could not be made within the
 * budget, 2 the format (or the document) cannot carry one (those before
 * it are printed, the reason on stderr). */
int gen_variant_run(const gen_variant_req *r);

#endif
