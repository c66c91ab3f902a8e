/*
 * xls_book.c — FreeXL walks each worksheet's used rectangle cell by cell;
 * numbers become the text a spreadsheet shows for them, text and dates
 * stay as they are. FreeXL reports formula cells as empty, so their
 * stored values come from the file's records (xls_formulas.c), and so do
 * the cells' looks (fonts and fills), which FreeXL does not report.
 */
#include "xls_book.h"
#include "loaders.h"
#include "xls_formulas.h"

#include <freexl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int read_sheet(const void *h, unsigned short k, wb_sheet *s, char *why, size_t cap)
{
    unsigned int rows = 0;
    unsigned short cols = 0;
    if (freexl_select_active_worksheet(h, k) != FREEXL_OK ||
        freexl_worksheet_dimensions(h, &rows, &cols) != FREEXL_OK) {
        snprintf(why, cap, "%s: cannot read the sheet", s->name);
        return -1;
    }
    for (unsigned int r = 0; r < rows && r < WB_MAX_ROWS; r++)
        for (unsigned short c = 0; c < cols; c++) {
            FreeXL_CellValue v;
            if (freexl_get_cell_value(h, r, c, &v) != FREEXL_OK)
                continue;
            int rc = 0;
            switch (v.type) {
            case FREEXL_CELL_INT:
                rc = wb_sheet_add_number(s, r, c, (double)v.value.int_value);
                break;
            case FREEXL_CELL_DOUBLE:
                rc = wb_sheet_add_number(s, r, c, v.value.double_value);
                break;
            case FREEXL_CELL_TEXT:
            case FREEXL_CELL_SST_TEXT:
            case FREEXL_CELL_DATE:
            case FREEXL_CELL_DATETIME:
            case FREEXL_CELL_TIME:
                if (v.value.text_value)
                    rc = wb_sheet_add(s, r, c, v.value.text_value, strlen(v.value.text_value));
                break;
            default:
                break;
            }
            if (rc != 0) {
                char where[16];
                wb_cell_name(r, c, where);
                snprintf(why, cap, "%s!%s: out of memory or more than %d cells in the sheet",
                         s->name, where, (int)WB_MAX_CELLS);
                return -1;
            }
        }
    wb_sheet_sort(s);
    return 0;
}

/* What the record walk hands back: the book, and the cells' looks kept
 * until the sheets are sorted. */
typedef struct xls_reading {
    wb_book *b;
    struct cell_look {
        size_t sheet;
        uint32_t row, col;
        uint64_t look;
        unsigned edges;
        int blank;
    } *looks;
    size_t nlooks, cap;
} xls_reading;

static wb_sheet *sheet_named(wb_book *b, const char *name, size_t *index)
{
    for (size_t i = 0; i < b->count; i++)
        if (!strcmp(b->sheets[i].name, name)) {
            *index = i;
            return &b->sheets[i];
        }
    return NULL;   /* a sheet FreeXL does not list (a chart or macro sheet) */
}

/* A formula's cached value into its sheet of the book. */
static int add_formula(void *user, const char *sheet, uint32_t row, uint32_t col, int kind,
                       double number, const char *text)
{
    xls_reading *x = user;
    size_t k;
    wb_sheet *s = sheet_named(x->b, sheet, &k);
    if (!s)
        return 0;
    return kind == XLS_FORMULA_NUMBER ? wb_sheet_add_number(s, row, col, number)
                                      : wb_sheet_add(s, row, col, text, strlen(text));
}

static int add_look(void *user, const char *sheet, uint32_t row, uint32_t col, uint64_t look,
                    unsigned edges, int blank)
{
    xls_reading *x = user;
    size_t k;
    if (!sheet_named(x->b, sheet, &k))
        return 0;
    if (x->nlooks == x->cap) {
        size_t cap = x->cap ? x->cap * 2 : 256;
        if (cap > WB_MAX_CELLS)
            return 0;   /* looks only help; past the cell limit they are dropped */
        struct cell_look *p = realloc(x->looks, cap * sizeof *p);
        if (!p)
            return -1;
        x->looks = p;
        x->cap = cap;
    }
    x->looks[x->nlooks++] = (struct cell_look){k, row, col, look, edges, blank};
    return 0;
}

int xls_book_read(const char *path, wb_book *b, char *why, size_t cap)
{
    const char *missing = formats_load_freexl();
    if (missing) {
        snprintf(why, cap, "%s", missing);
        return -1;
    }
    const void *h = NULL;
    int err = freexl_open(path, &h);
    if (err != FREEXL_OK) {
        snprintf(why, cap, "cannot read as an .xls workbook (FreeXL error %d)", err);
        if (h)
            freexl_close(h);
        return -1;
    }
    unsigned int count = 0;
    int rc = 0;
    if (freexl_get_info(h, FREEXL_BIFF_SHEET_COUNT, &count) != FREEXL_OK) {
        snprintf(why, cap, "cannot count the sheets");
        rc = -1;
    }
    for (unsigned int k = 0; rc == 0 && k < count && k < 65535; k++) {
        const char *name = NULL;
        if (freexl_get_worksheet_name(h, (unsigned short)k, &name) != FREEXL_OK || !name)
            name = "";
        wb_sheet *s = wb_book_add_sheet(b, name, strlen(name));
        if (!s) {
            snprintf(why, cap, "out of memory");
            rc = -1;
            break;
        }
        rc = read_sheet(h, (unsigned short)k, s, why, cap);
    }
    freexl_close(h);
    if (rc == 0) {
        char inner[256];
        xls_reading x = {b, NULL, 0, 0};
        if (xls_formulas_read(path, add_formula, add_look, &x, inner, sizeof inner) != 0) {
            snprintf(why, cap, "%s", inner);
            rc = -1;
        }
        /* bordered empty cells join the sheets before they are sorted;
         * the looks and borders of cells with text are set after */
        for (size_t i = 0; rc == 0 && i < x.nlooks; i++)
            if (x.looks[i].blank &&
                wb_sheet_add_edged(&b->sheets[x.looks[i].sheet], x.looks[i].row,
                                   x.looks[i].col, NULL, 0, 0, x.looks[i].edges) != 0) {
                snprintf(why, cap, "out of memory");
                rc = -1;
            }
        for (size_t i = 0; rc == 0 && i < b->count; i++)
            wb_sheet_sort(&b->sheets[i]);
        for (size_t i = 0; rc == 0 && i < x.nlooks; i++) {
            wb_sheet *s = &b->sheets[x.looks[i].sheet];
            if (x.looks[i].blank)
                continue;
            wb_sheet_set_look(s, x.looks[i].row, x.looks[i].col, x.looks[i].look);
            wb_sheet_set_edges(s, x.looks[i].row, x.looks[i].col, x.looks[i].edges);
        }
        free(x.looks);
    }
    return rc;
}
