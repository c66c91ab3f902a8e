/*
 * book_xml.h — the XML parts of the zip workbooks, parsed with expat from
 * a stream of bytes: an xlsx's workbook, relationships, shared strings and
 * sheets, and an ods's content. They see bytes only (never the zip), so
 * the fuzz target drives them directly.
 */
#ifndef DOKU_FORMATS_BOOK_XML_H
#define DOKU_FORMATS_BOOK_XML_H

#include "sheet.h"

#include <stddef.h>
#include <stdint.h>

/* Where the XML comes from: fills buf with up to cap bytes.
 * @return the bytes read, 0 at the end, -1 on a read error. */
typedef long (*xml_source_fn)(void *ctx, char *buf, size_t cap);

/* The source over one memory buffer. */
typedef struct xml_memory {
    const char *data;
    size_t len, pos;
} xml_memory;
long xml_memory_read(void *ctx, char *buf, size_t cap);

/* An xlsx's shared strings, in order. */
typedef struct xlsx_strings {
    char **text;
    size_t count, cap;
} xlsx_strings;
void xlsx_strings_free(xlsx_strings *s);

/* Which cell formats of an xlsx (xl/styles.xml's cellXfs, by the index a
 * cell's s attribute names) draw a border or a fill: an empty cell in one
 * is part of a drawn grid; and how each makes text look (bold, colour,
 * fill), to tell givens from solved digits. */
typedef struct xlsx_styles {
    unsigned char *framed;   /* 1 for a format with a border line or a fill */
    unsigned char *edges;    /* the sides each format draws (WB_EDGE_*) */
    uint64_t *look;          /* WB_LOOK_* of each format */
    size_t count;
} xlsx_styles;
void xlsx_styles_free(xlsx_styles *s);

/* One sheet of xl/workbook.xml: its name and relationship id. */
typedef struct xlsx_sheet_ref {
    char *name;
    char *rid;
    char *target;   /* filled from the relationships: "worksheets/sheet1.xml" */
} xlsx_sheet_ref;

typedef struct xlsx_sheet_list {
    xlsx_sheet_ref *refs;
    size_t count, cap;
} xlsx_sheet_list;
void xlsx_sheet_list_free(xlsx_sheet_list *l);

/* Each parser returns 0, or -1 with a message in why (for a sheet, naming
 * the cell: "E7: shared string 12 does not exist"; for broken XML, the
 * line). */

/* xl/workbook.xml: the sheets in workbook order. */
int xlsx_parse_workbook(xml_source_fn src, void *ctx, xlsx_sheet_list *out, char *why, size_t cap);

/* xl/_rels/workbook.xml.rels: fills each ref's target from its rid. */
int xlsx_parse_rels(xml_source_fn src, void *ctx, xlsx_sheet_list *l, char *why, size_t cap);

/* xl/sharedStrings.xml (rich text runs joined, phonetic runs left out). */
int xlsx_parse_strings(xml_source_fn src, void *ctx, xlsx_strings *out, char *why, size_t cap);

/* xl/styles.xml: which cell formats are framed, and their looks (fonts,
 * fills and borders read in any order before or after the formats). */
int xlsx_parse_styles(xml_source_fn src, void *ctx, xlsx_styles *out, char *why, size_t cap);

/* xl/worksheets/sheetN.xml: every cell's shown value into s (numbers,
 * shared and inline strings, formulas' cached values, booleans); a
 * formula without a cached value is kept as WB_CELL_NO_VALUE. */
int xlsx_parse_sheet(xml_source_fn src, void *ctx, const xlsx_strings *sst, wb_sheet *s,
                     char *why, size_t cap);

/* xlsx_parse_sheet that also keeps the empty cells whose format styles
 * (may be NULL) calls framed, as WB_CELL_STYLED, and gives each cell with
 * text its format's look. */
int xlsx_parse_sheet_styled(xml_source_fn src, void *ctx, const xlsx_strings *sst,
                            const xlsx_styles *styles, wb_sheet *s, char *why, size_t cap);

/* An ods's content.xml: every table as a sheet of b, with the empty
 * cells whose automatic style (or column default) has a border or a
 * background as WB_CELL_STYLED, and each cell's look from its automatic
 * style (fo:font-weight, fo:color, fo:background-color). */
int ods_parse_content(xml_source_fn src, void *ctx, wb_book *b, char *why, size_t cap);

#endif
