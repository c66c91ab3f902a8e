/*
 * variant_text.h — a variant puzzle written in doku's own variant text
 * format (docs/FORMATS.md "Variant puzzles"), the format `doku solve`
 * reads back: size, variant and regions lines, givens, one statement per
 * constraint, and optionally the solution.
 */
#ifndef DOKU_CLI_VARIANT_TEXT_H
#define DOKU_CLI_VARIANT_TEXT_H

#include "doku_constraints.h"
#include "buf.h"

/* Appends the puzzle (cs on its shape, givens n*n values or NULL for
 * none, solution n*n values or NULL) to b (out of memory ends the
 * program, as every CLI allocation). */
void variant_text_write(cli_buf *b, const doku_constraints *cs, const uint8_t *givens,
                       const uint8_t *solution);

#endif
