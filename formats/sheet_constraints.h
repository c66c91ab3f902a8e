/*
 * sheet_constraints.h — a variant puzzle's constraints listed under its
 * grid in a workbook, as doku's xlsx writer lists them (xlsx_document.c)
 * and a person can type them: a cell "Constraints:", then one statement
 * of doku's variant text format a row ("cage 14 r1c1 r2c1", "thermo r1c1
 * r1c2 r1c3", "anti-knight"), down to the first row with no text; or
 * statements after the label in its own cell, separated by ';'
 * ("Constraints: anti-knight; cage 14 r1c1 r2c1").
 */
#ifndef DOKU_FORMATS_SHEET_CONSTRAINTS_H
#define DOKU_FORMATS_SHEET_CONSTRAINTS_H

#include "sheet.h"

#include <stddef.h>
#include <stdint.h>

/* Reads the statements of inline (the label cell's text after
 * "Constraints:", split at ';'; NULL or "": none) at (label_row,
 * label_col), then those in rows from label_row + 1 down, each the first
 * text of its row in columns c0..c1, for a puzzle of side n. Each is
 * checked on its own as doku_variant_puzzle_read reads it on an n x n
 * grid.
 * @return the statements joined by '\n' (malloc'd, the caller frees it;
 * "" when there are none), or NULL: then *bad_row and *bad_col name the
 * statement's cell and why (cap bytes) says what is wrong with it
 * ("'cage 50 r1c1 r1c2': killer cage 50 at r1c1 r1c2: ..."), or, with
 * *bad_row = UINT32_MAX, memory ran out. */
char *wb_read_constraints(const wb_sheet *s, const char *inline_text, uint32_t label_row,
                          uint32_t label_col, uint32_t c0, uint32_t c1, int n, uint32_t *bad_row,
                          uint32_t *bad_col, char *why, size_t cap);

#endif
