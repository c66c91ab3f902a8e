/*
 * xls_book.h — reads old binary Excel workbooks (.xls, BIFF5/BIFF8) into
 * the sheet model with FreeXL.
 */
#ifndef DOKU_FORMATS_XLS_BOOK_H
#define DOKU_FORMATS_XLS_BOOK_H

#include "sheet.h"

/* Reads every worksheet of the .xls at path into b (empty on entry).
 * @return 0, or -1 with a message in why; b must be cleared either way. */
int xls_book_read(const char *path, wb_book *b, char *why, size_t cap);

#endif
