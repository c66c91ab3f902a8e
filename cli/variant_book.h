/*
 * variant_book.h — variant puzzles in workbooks: a sheet whose grid has
 * "Constraints:" and a statement a row under it (doku's xlsx output, or
 * typed by a person) is a variant puzzle, read as doku's variant text
 * (book_variant_text) and run on the variant path like a variant file.
 */
#ifndef DOKU_CLI_VARIANT_BOOK_H
#define DOKU_CLI_VARIANT_BOOK_H

#include "options.h"
#include "variant_cli.h"

#include "workbook_input.h"

/* True when the workbook at path (of kind) lists constraints under some
 * grid. A workbook that cannot be read is not (the classic path then
 * says why). */
int cli_book_has_constraints(const cli_opts *o, const char *path, book_kind kind);

/* Hands every puzzle of the workbook at path to fn, as cli_variant_each
 * hands a file's (where "book.xlsx:Sheet1!B4:J12", line 0); a puzzle
 * that cannot be read is named on stderr with its cell. Notes about
 * cells go to stderr first. @return the worst exit code. */
int cli_book_variant_each(const cli_opts *o, const char *path, book_kind kind, cli_variant_fn fn,
                          void *user);

#endif
