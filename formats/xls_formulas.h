/*
 * xls_formulas.h — what FreeXL does not report of an .xls workbook, read
 * from the file's own records: the cached values of its formula cells,
 * and how each cell's text looks (its format's font and fill).
 */
#ifndef DOKU_FORMATS_XLS_FORMULAS_H
#define DOKU_FORMATS_XLS_FORMULAS_H

#include "sheet.h"

#include <stddef.h>
#include <stdint.h>

enum { XLS_FORMULA_NUMBER = 0,   /* number holds the value */
       XLS_FORMULA_TEXT = 1 };   /* text holds it ("TRUE", "#DIV/0!" too) */

/* Called for each formula cell with a value, in file order: sheet is its
 * worksheet's name (UTF-8), row and col 0-based. @return 0 to go on,
 * nonzero to stop with an error. */
typedef int (*xls_formula_fn)(void *user, const char *sheet, uint32_t row, uint32_t col,
                              int kind, double number, const char *text);

/* Called for each cell with a value whose format gives its text a look
 * other than plain (WB_LOOK_*, sheet.h) or draws borders (edges,
 * WB_EDGE_*), and for each empty cell (blank 1, look 0) whose format
 * draws borders, in file order. @return as fn. */
typedef int (*xls_look_fn)(void *user, const char *sheet, uint32_t row, uint32_t col,
                           uint64_t look, unsigned edges, int blank);

/* Reads the formula cells of the .xls at path (a compound file holding a
 * BIFF5 or BIFF8 Workbook stream) and hands each to fn, and (BIFF8) each
 * cell's look and borders to look_fn (may be NULL). A formula whose text result is
 * empty is not reported (it shows nothing).
 * @return 0, or -1 with a message in why. */
int xls_formulas_read(const char *path, xls_formula_fn fn, xls_look_fn look_fn, void *user,
                      char *why, size_t cap);

#endif
