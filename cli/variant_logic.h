/*
 * variant_logic.h — `doku hint`, `doku explain` and `doku grade` on
 * variant puzzle files (cli_variant_inputs): each puzzle is checked for
 * one solution under its constraints within the budget, then run through
 * a logic context made for its constraints (doku_logic_create_variant).
 * The records are the library's, with the ratings labelled doku's own.
 */
#ifndef DOKU_CLI_VARIANT_LOGIC_H
#define DOKU_CLI_VARIANT_LOGIC_H

#include "doku_records.h"
#include "options.h"

#include "doku_constraints.h"

/* Runs cmd (DOKU_CMD_HINT, _EXPLAIN or _GRADE) with the logic options lo
 * (history: grade --history) on every puzzle of o's variant files,
 * printing one record each. @return the worst exit code (CLI_EXIT_*). */
int cli_variant_logic(const cli_opts *o, const doku_logic_opts *lo, doku_command cmd,
                      int history);

/* `doku hint --pencil --puzzle FILE`: the hint of one pencil-mark grid
 * (cells: n*n values, 0 = open; cands: their marks, bit d-1 = digit d)
 * under p's shape and constraints (p's givens are not read: the caller
 * has checked the marks fill them). The filled cells are first checked
 * for one solution, as for a puzzle. file names the marks in the
 * record. @return the exit code (CLI_EXIT_*). */
int cli_variant_hint_pencil(const cli_opts *o, const doku_logic_opts *lo,
                            const doku_variant_puzzle *p, const char *file, const uint8_t *cells,
                            const uint64_t *cands);

#endif
