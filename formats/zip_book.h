/*
 * zip_book.h — reads the zip workbooks, .xlsx/.xlsm (Office Open XML) and
 * .ods (OpenDocument), into the sheet model, with libzip and the XML
 * parsers of book_xml.c.
 */
#ifndef DOKU_FORMATS_ZIP_BOOK_H
#define DOKU_FORMATS_ZIP_BOOK_H

#include "sheet.h"

/* Reads every sheet of the workbook at path into b (empty on entry).
 * @return 0, or -1 with a message in why naming the sheet and cell where
 * it can ("Sheet1!E7: shared string 12 does not exist"); b then holds
 * what was read and must still be cleared. */
int zip_book_read(const char *path, wb_book *b, char *why, size_t cap);

#endif
