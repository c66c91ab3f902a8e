/*
 * xlsx_document.h — the --format xlsx document backend (cli/document.h):
 * each record becomes a sheet with its grid, and a batch gets a summary
 * sheet first. Built with libxlsxwriter and cJSON.
 */
#ifndef DOKU_FORMATS_XLSX_DOCUMENT_H
#define DOKU_FORMATS_XLSX_DOCUMENT_H

#include "document.h"

/* Grid sheets a workbook holds at most; the summary lists every record. */
enum { XLSX_MAX_GRID_SHEETS = 256 };

/* The backend's constructor (cli_document_open_fn). @return its state
 * with *ops set, or NULL with a message in why (e.g. -o names a pattern
 * for one file per record, which a workbook does not take). */
void *xlsx_document_open(const cli_document_spec *spec, const cli_document_ops **ops, char *why,
                         size_t cap);

#endif
