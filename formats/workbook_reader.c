/*
 * workbook_reader.c — the programs' workbook input (common/workbook_input.h,
 * a book_read_fn: formats_book_read in backend_entries.h):
 * reads the whole workbook into the sheet model, then picks the puzzles
 * out of it, from the range the user named or by finding every square
 * block of digits framed by empty cells (sheet.c). Each puzzle's place is
 * written as Excel writes a reference, "Sheet2!C3:K11", and every error
 * names its sheet and cell.
 */
#include "backend_entries.h"
#include "given_looks.h"
#include "sheet.h"
#include "sheet_constraints.h"
#include "zip_book.h"
#ifdef DOKU_HAVE_FREEXL
#include "xls_book.h"
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { NAME_MAX_BYTES = 512 };

static int alphabet_of(doku_symbols s)
{
    return s == DOKU_SYMBOLS_0_9A_Z ? WB_ZERO_BASED : s == DOKU_SYMBOLS_A_Z ? WB_LETTERS
                                                                            : WB_DIGITS;
}

static const wb_sheet *find_sheet(const wb_book *b, const char *name)
{
    for (size_t i = 0; i < b->count; i++)
        if (!strcmp(b->sheets[i].name, name))
            return &b->sheets[i];
    for (size_t i = 0; i < b->count; i++)
        if (!strcasecmp(b->sheets[i].name, name))
            return &b->sheets[i];
    return NULL;
}

static void no_such_sheet(const wb_book *b, const char *name, char *why, size_t cap)
{
    size_t o = (size_t)snprintf(why, cap, "no sheet named '%s'; the sheets are", name);
    for (size_t i = 0; i < b->count && o < cap; i++)
        o += (size_t)snprintf(why + o, cap - o, "%s '%s'", i ? "," : "", b->sheets[i].name);
}

/* "Sheet1!E7" into buf (cap >= NAME_MAX_BYTES + 40). */
static void cell_place(const wb_sheet *s, uint32_t row, uint32_t col, char *buf, size_t cap)
{
    wb_range one = {row, col, row, col};
    wb_range_name(s->name, &one, buf, cap);
    char *colon = strrchr(buf, ':');   /* "Sheet1!E7:E7" -> "Sheet1!E7" */
    if (colon)
        *colon = '\0';
}

/* Formula cells of range r whose value the file does not hold: one line
 * each (up to a few) into notes. They read as empty, and the user is
 * told which, rather than losing the givens silently. */
static void formula_notes(const wb_sheet *s, const wb_range *r, char *notes, size_t cap)
{
    size_t o = 0;
    int listed = 0, more = 0;
    notes[0] = '\0';
    for (uint32_t row = r->r0; row <= r->r1; row++)
        for (uint32_t col = r->c0; col <= r->c1; col++) {
            const wb_cell *c = wb_sheet_cell(s, row, col);
            if (!c || !(c->flags & WB_CELL_NO_VALUE))
                continue;
            if (listed == 4) {
                more++;
                continue;
            }
            char place[NAME_MAX_BYTES + 40];
            cell_place(s, row, col, place, sizeof place);
            if (o < cap)
                o += (size_t)snprintf(notes + o, cap - o,
                                      "%s: a formula whose value the file does not hold (no "
                                      "spreadsheet computed it: open and save the workbook "
                                      "in one); read as an empty cell\n", place);
            listed++;
        }
    if (more && o < cap)
        snprintf(notes + o, cap - o, "%s: %d more formula cells of this puzzle read as empty "
                                     "for the same reason\n", s->name, more);
}

/* Splits the digits of a block into givens (left in cells) and the
 * digits styled apart from them (moved to entries), by their looks; a
 * block whose digits differ in a way that names no givens gets a note. */
static void split_givens(const wb_sheet *s, const wb_range *r, uint8_t *cells,
                         const uint64_t *looks, uint8_t *entries, int *has_entries,
                         char *notes, size_t cap)
{
    int n = (int)(r->r1 - r->r0 + 1), br = 0, bc = 0;
    size_t ncells = (size_t)n * (size_t)n;
    uint8_t *given = entries + ncells;   /* scratch after the entries */
    const char *feature = NULL;
    if (doku_default_box(n, &br, &bc) != DOKU_OK)
        br = bc = 0;
    wb_givens v = wb_pick_givens(n, br, bc, cells, looks, given, &feature);
    *has_entries = 0;
    if (v == WB_GIVENS_BY_LOOK) {
        for (size_t i = 0; i < ncells; i++) {
            entries[i] = given[i] ? 0 : cells[i];
            if (!given[i] && cells[i]) {
                cells[i] = 0;
                *has_entries = 1;
            }
        }
    } else if (v == WB_GIVENS_UNCLEAR) {
        char where[NAME_MAX_BYTES + 40];
        size_t o = strlen(notes);
        wb_range_name(s->name, r, where, sizeof where);
        if (o < cap)
            snprintf(notes + o, cap - o,
                     "%s: its digits differ in %s, which does not tell the givens from a "
                     "solution (doku takes bold digits, black among coloured ones, or the "
                     "digits on a fill as the givens); every digit read as a given\n",
                     where, feature ? feature : "style");
    }
}

/* What the sheet says about the puzzle beside its digits. */
typedef struct puzzle_info {
    char comment[NAME_MAX_BYTES];
    char regions[DOKU_MAX_CELLS + 1];
    unsigned variants;
    int jigsaw, keep_boxes, has_comment, has_regions;
    char *constraints;        /* the statements under "Constraints:"
                                 (malloc'd), or NULL */
    char *bad;                /* why they cannot be read (malloc'd,
                                 "'cage 50 r1c1 r1c2': ..."), or NULL */
    char bad_place[NAME_MAX_BYTES + 40];   /* with bad: its cell */
} puzzle_info;

/* text after "Label:" (case-insensitive, spaces skipped), or NULL. */
static const char *after_label(const char *text, const char *label)
{
    while (*text == ' ')
        text++;
    size_t len = strlen(label);
    if (strncasecmp(text, label, len) != 0)
        return NULL;
    text += len;
    while (*text == ' ')
        text++;
    return text;
}

/* "9x9, 3x3 boxes+x+hyper", "6x6, no boxes+jigsaw", as
 * doku_shape_describe writes them (and a person may: "X", "hyper"). */
static void read_shape(const char *v, puzzle_info *info)
{
    char word[32];
    size_t k = 0;
    int prev_no = 0;
    for (const char *p = v;; p++) {
        if (*p && (isalnum((unsigned char)*p) || *p == '-') && k + 1 < sizeof word) {
            word[k++] = (char)tolower((unsigned char)*p);
            continue;
        }
        word[k] = '\0';
        if (k) {
            if (!strcmp(word, "x") || !strcmp(word, "diagonal") || !strcmp(word, "diagonals"))
                info->variants |= DOKU_VARIANT_X;
            else if (!strcmp(word, "hyper") || !strcmp(word, "windoku"))
                info->variants |= DOKU_VARIANT_HYPER;
            else if (!strcmp(word, "jigsaw"))
                info->jigsaw = 1;
            else if (!strcmp(word, "boxes"))
                info->keep_boxes = !prev_no;
            prev_no = !strcmp(word, "no");
        }
        k = 0;
        if (!*p)
            break;
    }
}

/* The statements after the label at (row, col) and in the rows below
 * into info->constraints, or the cell of a bad one and why into
 * info->bad. */
static void read_constraints(const wb_sheet *s, const char *inline_text, uint32_t row,
                             uint32_t col, uint32_t c0, uint32_t c1, int n, puzzle_info *info)
{
    uint32_t bad_row = 0, bad_col = 0;
    char why[700];
    info->constraints = wb_read_constraints(s, inline_text, row, col, c0, c1, n, &bad_row,
                                            &bad_col, why, sizeof why);
    if (info->constraints)
        return;
    if (bad_row == UINT32_MAX) {
        snprintf(why, sizeof why, "out of memory");
        bad_row = row;
        bad_col = col;
    }
    cell_place(s, bad_row, bad_col, info->bad_place, sizeof info->bad_place);
    info->bad = strdup(why);
}

/* The lines doku writes under a grid (xlsx_document.c): "Shape: ...",
 * "Regions: ...", "Comment: ..."; without them, a title alone in the row
 * right above the grid is its comment. A region map that does not fit
 * the grid is named in notes. */
static void read_info(const wb_sheet *s, const wb_range *r, puzzle_info *info, char *notes,
                      size_t cap)
{
    int n = (int)(r->r1 - r->r0 + 1), lines = 0;
    uint32_t c0 = r->c0 ? r->c0 - 1 : 0;
    memset(info, 0, sizeof *info);
    for (uint32_t row = r->r1 + 1; row <= r->r1 + 5 && row < WB_MAX_ROWS; row++)
        for (uint32_t col = c0; col <= r->c1; col++) {
            const char *t = wb_sheet_text(s, row, col), *v;
            if (!t)
                continue;
            if ((v = after_label(t, "shape:")) != NULL) {
                read_shape(v, info);
                lines++;
            } else if ((v = after_label(t, "regions:")) != NULL) {
                size_t k = 0;
                for (; *v && k < sizeof info->regions - 1; v++)
                    if (*v != ' ')
                        info->regions[k++] = (char)toupper((unsigned char)*v);
                info->regions[k] = '\0';
                info->has_regions = 1;
                lines++;
                if (k != (size_t)n * (size_t)n) {
                    char place[NAME_MAX_BYTES + 40];
                    size_t o = strlen(notes);
                    cell_place(s, row, col, place, sizeof place);
                    if (o < cap)
                        snprintf(notes + o, cap - o, "%s: the region map has %zu symbols, not "
                                                     "the %d of a %dx%d grid; read without it\n",
                                 place, k, n * n, n, n);
                    info->has_regions = 0;
                }
            } else if ((v = after_label(t, "constraints:")) != NULL && !info->constraints &&
                       !info->bad) {
                /* a variant puzzle's rules: after the label, a statement a row below */
                read_constraints(s, v, row, col, c0, r->c1, n, info);
                lines++;
            } else if ((v = after_label(t, "comment:")) != NULL) {
                snprintf(info->comment, sizeof info->comment, "%s", v);
                info->has_comment = 1;
                lines++;
            }
        }
    if (lines || r->r0 == 0)
        return;
    const char *title = NULL;
    int texts = 0;
    for (uint32_t col = c0; col <= r->c1 + 1 && col < WB_MAX_COLS; col++) {
        const char *t = wb_sheet_text(s, r->r0 - 1, col);
        if (t) {
            texts++;
            title = t;
        }
    }
    if (texts == 1 && wb_cell_value(title, n, WB_DIGITS) < 0) {
        snprintf(info->comment, sizeof info->comment, "%s", title);
        info->has_comment = 1;
    }
}

/* True when no cell of cells (ncells values) is empty. */
/* 1 when every cell holds a digit and none is bold: digits that all
 * look like a solution (doku's givens are bold; so are a person's in the
 * usual style), not like givens. */
static int full_plain_grid(const uint8_t *cells, const uint64_t *looks, size_t ncells)
{
    for (size_t i = 0; i < ncells; i++)
        if (!cells[i] || (looks[i] & WB_LOOK_BOLD))
            return 0;
    return 1;
}

/* The puzzle in range r of sheet s: one record, a puzzle or the first
 * cell that is not a digit. */
static void emit_range(const wb_sheet *s, const wb_range *r, int alphabet,
                       book_sink sink, void *ctx)
{
    int n = (int)(r->r1 - r->r0 + 1);
    size_t ncells = (size_t)n * (size_t)n;
    uint8_t *cells = calloc(ncells * 3, 1);   /* values, entries, scratch */
    uint64_t *looks = calloc(ncells, sizeof *looks);
    char where[NAME_MAX_BYTES + 40];
    char notes[7 * (NAME_MAX_BYTES + 200)];
    book_puzzle p = {where, n, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL};
    if (!cells || !looks) {
        free(cells);
        free(looks);
        wb_range_name(s->name, r, where, sizeof where);
        p.error = "out of memory";
        sink(ctx, &p);
        return;
    }
    for (uint32_t row = r->r0; row <= r->r1; row++)
        for (uint32_t col = r->c0; col <= r->c1; col++) {
            const wb_cell *c = wb_sheet_cell(s, row, col);
            const char *text = c ? c->text : NULL;
            int v = text ? wb_cell_value(text, n, alphabet) : 0;
            if (v < 0) {
                char cell[NAME_MAX_BYTES + 40], full[2 * NAME_MAX_BYTES + 160];
                cell_place(s, row, col, cell, sizeof cell);
                wb_range_name(s->name, r, where, sizeof where);
                snprintf(full, sizeof full, "'%.40s' is not a digit 1..%d or an empty cell "
                                            "(puzzle %s)", text, n, where);
                p.where = cell;
                p.error = full;
                sink(ctx, &p);
                free(cells);
                free(looks);
                return;
            }
            size_t i = (size_t)(row - r->r0) * (size_t)n + (col - r->c0);
            cells[i] = (uint8_t)v;
            looks[i] = v > 0 ? c->look : 0;
        }
    wb_range_name(s->name, r, where, sizeof where);
    formula_notes(s, r, notes, sizeof notes);
    int has_entries = 0;
    split_givens(s, r, cells, looks, cells + ncells, &has_entries, notes, sizeof notes);
    puzzle_info *info = malloc(sizeof *info);
    if (info) {
        read_info(s, r, info, notes, sizeof notes);
        p.comment = info->has_comment ? info->comment : NULL;
        p.variants = info->variants;
        p.regions = info->jigsaw && info->has_regions ? info->regions : NULL;
        p.keep_boxes = info->keep_boxes;
        p.constraints = info->constraints;
        if (info->constraints && !has_entries && full_plain_grid(cells, looks, ncells)) {
            /* every digit alike and plain under a list of constraints: the
             * solution of a puzzle that gives none (doku's xlsx of a solved
             * killer); all bold, they are givens (a puzzle given in full,
             * as doku reduce takes one) */
            memcpy(cells + ncells, cells, ncells);
            memset(cells, 0, ncells);
            has_entries = 1;
            size_t o = strlen(notes);
            if (o < sizeof notes)
                snprintf(notes + o, sizeof notes - o, "%s: every cell is filled and the digits "
                         "look alike under a list of constraints, none bold: read as the "
                         "solution of a puzzle with no givens (bold digits are givens)\n",
                         where);
        }
    }
    p.notes = notes[0] ? notes : NULL;
    p.cells = cells;
    p.entries = has_entries ? cells + ncells : NULL;
    if (info && (info->bad || (info->constraints == NULL && info->bad_place[0]))) {
        /* a puzzle read without its rules would be another puzzle */
        p.where = info->bad_place;
        p.error = info->bad ? info->bad : "out of memory";
        p.cells = NULL;
        p.entries = NULL;
    }
    sink(ctx, &p);
    free(cells);
    free(looks);
    if (info) {
        free(info->constraints);
        free(info->bad);
    }
    free(info);
}

static int sizes_ok(int n)
{
    int br, bc;
    return doku_default_box(n, &br, &bc) == DOKU_OK;
}

/* Every puzzle of sheet s. @return how many, -1 when out of memory. */
static long emit_found(const wb_sheet *s, const book_request *req,
                       book_sink sink, void *ctx)
{
    int alphabet = alphabet_of(req->symbols);
    int lo = req->n ? req->n : 4, hi = req->n ? req->n : DOKU_MAX_N;
    long found = wb_find_puzzles(s, lo, hi, alphabet, NULL, 0);
    if (found <= 0)
        return found;
    wb_range *ranges = malloc((size_t)found * sizeof *ranges);
    if (!ranges)
        return -1;
    found = wb_find_puzzles(s, lo, hi, alphabet, ranges, (size_t)found);
    long emitted = 0;
    for (long i = 0; i < found; i++) {
        int n = (int)(ranges[i].r1 - ranges[i].r0 + 1);
        /* without --box or --regions only sides with boxes are puzzles;
         * a 5x5 table of small numbers is not taken for one */
        if (!req->n && !sizes_ok(n))
            continue;
        emit_range(s, &ranges[i], alphabet, sink, ctx);
        emitted++;
    }
    free(ranges);
    return emitted;
}

static int read_book(const char *path, book_kind kind, wb_book *b, char *why, size_t cap)
{
    if (kind == BOOK_XLS) {
#ifdef DOKU_HAVE_FREEXL
        return xls_book_read(path, b, why, cap);
#else
        snprintf(why, cap, "this doku was built without .xls input: install libfreexl-dev "
                           "and rebuild");
        return -1;
#endif
    }
    return zip_book_read(path, b, why, cap);
}

/* "Sheet1!E7: ..." names a cell: it joins the file name with ':' as one
 * place ("book.xlsx:Sheet1!E7: ..."); other messages follow "FILE: ". */
static void with_file(const char *path, char *why, size_t cap)
{
    char inner[1024];
    snprintf(inner, sizeof inner, "%s", why);
    const char *bang = strchr(inner, '!');
    const char *colon = strstr(inner, ": ");
    int cell = 0;
    if (bang && colon && bang < colon) {
        const char *p = bang + 1;
        uint32_t r, c;
        cell = wb_parse_cell(&p, &r, &c) == 0 && p == colon;
    }
    snprintf(why, cap, "%s%s%s", path, cell ? ":" : ": ", inner);
}

static long read_workbook(const char *path, book_kind kind,
                          const book_request *req, book_sink sink, void *ctx,
                          char *why, size_t cap)
{
    wb_book b = {0};
    long result = -1;
    char range_sheet[NAME_MAX_BYTES] = "";
    wb_range range;
    const char *sheet_name = req->sheet;
    if (req->range) {
        if (wb_parse_range(req->range, range_sheet, sizeof range_sheet, &range) != 0) {
            snprintf(why, cap, "--range wants cells like C3:K11 or Sheet1!C3:K11; got '%s'",
                     req->range);
            return -1;
        }
        if (range_sheet[0]) {
            if (sheet_name && strcasecmp(sheet_name, range_sheet) != 0) {
                snprintf(why, cap, "--sheet '%s' and --range '%s' name different sheets",
                         sheet_name, req->range);
                return -1;
            }
            sheet_name = range_sheet;
        }
        uint32_t h = range.r1 - range.r0 + 1, w = range.c1 - range.c0 + 1;
        if (h != w || h < 2 || h > DOKU_MAX_N || (req->n && (int)h != req->n)) {
            char cells[NAME_MAX_BYTES + 40];
            wb_range_name(NULL, &range, cells, sizeof cells);
            if (req->n && h == w)
                snprintf(why, cap, "--range %s is %ux%u cells, the shape is %dx%d", cells,
                         (unsigned)h, (unsigned)w, req->n, req->n);
            else
                snprintf(why, cap, "--range %s is %ux%u cells: a puzzle is a square of 2x2 "
                                   "to %dx%d", cells, (unsigned)h, (unsigned)w,
                         DOKU_MAX_N, DOKU_MAX_N);
            return -1;
        }
    }
    if (read_book(path, kind, &b, why, cap) != 0)
        goto done;
    if (b.count == 0) {
        snprintf(why, cap, "the workbook has no sheets");
        goto done;
    }
    const wb_sheet *only = NULL;
    if (sheet_name) {
        only = find_sheet(&b, sheet_name);
        if (!only) {
            no_such_sheet(&b, sheet_name, why, cap);
            goto done;
        }
    }
    if (req->range) {
        const wb_sheet *s = only ? only : &b.sheets[0];
        emit_range(s, &range, alphabet_of(req->symbols), sink, ctx);
        result = 1;
        goto done;
    }
    result = 0;
    for (size_t i = 0; i < b.count; i++) {
        if (only && only != &b.sheets[i])
            continue;
        long k = emit_found(&b.sheets[i], req, sink, ctx);
        if (k < 0) {
            snprintf(why, cap, "out of memory");
            result = -1;
            goto done;
        }
        result += k;
    }
done:
    wb_book_clear(&b);
    return result;
}

long formats_book_read(const char *path, book_kind kind, const book_request *req,
                       book_sink sink, void *ctx, char *why, size_t cap)
{
    long got = read_workbook(path, kind, req, sink, ctx, why, cap);
    if (got < 0)
        with_file(path, why, cap);
    return got;
}
