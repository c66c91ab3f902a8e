/*
 * xls_formulas.h — the cached values of an .xls workbook's formula cells,
 * which FreeXL does not report, read from the file's own records.
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

/* Reads the formula cells of the .xls at path (a compound file holding a
 * BIFF5 or BIFF8 Workbook stream) and hands each to fn. A formula whose
 * text result is empty is not reported (it shows nothing).
 * @return 0, or -1 with a message in why. */
int xls_formulas_read(const char *path, xls_formula_fn fn, void *user, char *why, size_t cap);

#endif
