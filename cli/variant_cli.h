/*
 * variant_cli.h — solve, count and check for variant puzzle files (doku's
 * variant text format, f-puzzles and SudokuPad links and JSON, ISS
 * constraint strings, killer strings; see docs/FORMATS.md "Variant
 * puzzles"), beside the runner that reads classic grids. An input is a
 * variant one when its first statement says so
 * (doku_variant_format_guess).
 */
#ifndef DOKU_CLI_VARIANT_H
#define DOKU_CLI_VARIANT_H

#include "options.h"

#include "doku_constraints.h"

typedef enum cli_variant_mode {
    CLI_VARIANT_SOLVE,
    CLI_VARIANT_COUNT,
    CLI_VARIANT_CHECK,
    CLI_VARIANT_CONVERT /* writes each puzzle in o->convert_to */
} cli_variant_mode;

/* @return 1 when every input of o is a named file holding variant
 * puzzles, or o reads standard input alone and it holds them (then read
 * into o->stdin_text, see stdin_peek.h); 0 otherwise. */
int cli_variant_inputs(cli_opts *o);

/* Runs mode on every puzzle of o's files: limit is the search limit
 * (count), default_timeout the budget without --timeout. Prints one line
 * per puzzle; a file that does not read exits 2 with "FILE: message".
 * @return the exit code (CLI_EXIT_*). */
int cli_variant_run(const cli_opts *o, cli_variant_mode mode, uint64_t limit,
                    double default_timeout);

/* Calls fn for every puzzle of o's variant inputs (files, or standard
 * input read by cli_variant_inputs), in order: file and line (0 for a
 * whole-file puzzle) say where it starts (a workbook's puzzle: file
 * "FILE:Sheet!C3:K11", as the classic records name it; valid during the
 * call), where is "FILE:LINE" or "FILE" for messages; fn owns p (frees
 * or keeps it). A record that does not
 * read is reported ("FILE:LINE: message" on stderr, exit 2) and the
 * others go on. @return the worst exit code fn returned, or
 * CLI_EXIT_USAGE. */
typedef int (*cli_variant_fn)(void *user, const char *file, size_t line, const char *where,
                              doku_variant_puzzle *p);
int cli_variant_each(const cli_opts *o, cli_variant_fn fn, void *user);

#endif
