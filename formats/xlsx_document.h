/*
 * xlsx_document.h — the --format xlsx document backend (common/document.h;
 * its constructor, xlsx_document_open, is declared with the other back
 * ends in common/backend_entries.h): each record becomes a sheet with its
 * grid, and a batch gets a summary sheet first. Built with libxlsxwriter
 * and cJSON.
 */
#ifndef DOKU_FORMATS_XLSX_DOCUMENT_H
#define DOKU_FORMATS_XLSX_DOCUMENT_H

#include "backend_entries.h"

/* Grid sheets a workbook holds at most; the summary lists every record. */
enum { XLSX_MAX_GRID_SHEETS = 256 };

#endif
