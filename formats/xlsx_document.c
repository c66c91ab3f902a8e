/*
 * xlsx_document.c — writes a run's records as a workbook.
 *
 * A single record gives one sheet with its grid; two or more give a
 * summary sheet first (one row per record, whatever fields the command's
 * records hold) and a grid sheet per puzzle after it, up to
 * XLSX_MAX_GRID_SHEETS (the summary still lists every record and says
 * where the grids stop). The workbook is written in libxlsxwriter's
 * constant-memory mode, row by row as records arrive, so a batch of a
 * million puzzles costs disk, not memory: only the first record waits,
 * until the second one says whether this is a batch.
 *
 * Grids look as the spreadsheets users keep them: givens bold on a light
 * fill, solved digits plain, conflicting givens on red, candidates small
 * where the solver stopped, thick borders around boxes or jigsaw regions.
 * The shape is drawn (X diagonals as diagonal borders, hyper windows
 * shaded) and written in words under the grid ("Shape: 9x9, 3x3
 * boxes+x", "Regions: ..." for a jigsaw), with the record's comment, so
 * the workbook reads back as the puzzle it was made from
 * (workbook_reader.c).
 */
#include "xlsx_document.h"
#include "record_grid.h"
#include "loaders.h"

#include <cjson/cJSON.h>
#include <xlsxwriter.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    GRID_ROW = 3,        /* the grid's top-left cell: D4 is row 3, col 1 = B */
    GRID_COL = 1,
    BORDER_KINDS = 16,   /* thick top, left, bottom, right: 4 bits */
    CELL_KINDS = 5,
    FIXED_COLS = 6,      /* the summary's #, sheet, source, puzzle, status, comment */
    MARK_KINDS = 8,      /* diagonal down, diagonal up, hyper window: 3 bits */
    COL_MAX = 16
};

#define FILL_GIVEN 0xDDEBF7     /* light blue */
#define FILL_CONFLICT 0xFF7C80  /* red */
#define FILL_WINDOW 0xE2E2E2    /* grey: a hyper window's cells */

enum { MARK_DOWN = 1, MARK_UP = 2, MARK_WINDOW = 4 };

/* A summary column: a record field (dotted for nested, "#" for the
 * record's number, "@sheet" for its grid sheet), and its heading. */
typedef struct column {
    const char *field;
    const char *title;
} column;

typedef struct command_columns {
    const char *cmd;
    column cols[COL_MAX];
} command_columns;

static const command_columns summaries[] = {
    {"solve", {{"solutions_found", "solutions"}, {"reason", "reason"},
               {"stats.time_ms", "time ms"}, {"stats.nodes", "nodes"}, {"error", "error"}}},
    {"count", {{"count", "count"}, {"capped", "capped"}, {"limit", "limit"},
               {"stats.time_ms", "time ms"}, {"error", "error"}}},
    {"check", {{"message", "message"}, {"error", "error"}}},
    {"explain", {{"rating", "rating"}, {"difficulty", "difficulty"}, {"@steps", "steps"},
                 {"timed_out", "timed out"}, {"message", "message"}, {"error", "error"}}},
    {"hint", {{"step.text", "hint"}, {"message", "message"}, {"error", "error"}}},
    {"grade", {{"er", "ER"}, {"ep", "EP"}, {"ed", "ED"}, {"difficulty", "difficulty"},
               {"hardest", "hardest"}, {"time_ms", "time ms"}, {"message", "message"},
               {"error", "error"}}},
    {"reduce", {{"reduced", "reduced"}, {"givens", "givens"}, {"symmetry", "symmetry"},
                {"minimal", "minimal"}, {"error", "error"}}},
    {"generate", {{"seed", "seed"}, {"givens", "givens"}, {"symmetry", "symmetry"},
                  {"minimal", "minimal"}, {"er", "ER"}, {"difficulty", "difficulty"},
                  {"solution", "solution"}}},
};

typedef struct xdoc {
    char *cmd;
    char *path;
    doku_symbols symbols;
    const column *cols;          /* the command's summary columns */
    lxw_workbook *wb;
    lxw_worksheet *summary;
    lxw_format *cell[CELL_KINDS][BORDER_KINDS][MARK_KINDS];
    lxw_format *bold, *heading, *wrap, *link;
    size_t records, grids;
    lxw_row_t summary_row;
    char *first;                 /* the first record, until the second comes */
    size_t first_len;
    const doku_shape *first_shape;
    int batch;
} xdoc;

/* ---- formats -------------------------------------------------------------- */

static lxw_format *cell_format(xdoc *d, int kind, int borders, int marks, int n)
{
    lxw_format **slot = &d->cell[kind][borders][marks];
    if (*slot)
        return *slot;
    lxw_format *f = workbook_add_format(d->wb);
    format_set_align(f, LXW_ALIGN_CENTER);
    format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
    format_set_font_size(f, n <= 9 ? 14 : n <= 16 ? 11 : 9);
    format_set_top(f, borders & 1 ? LXW_BORDER_MEDIUM : LXW_BORDER_THIN);
    format_set_left(f, borders & 2 ? LXW_BORDER_MEDIUM : LXW_BORDER_THIN);
    format_set_bottom(f, borders & 4 ? LXW_BORDER_MEDIUM : LXW_BORDER_THIN);
    format_set_right(f, borders & 8 ? LXW_BORDER_MEDIUM : LXW_BORDER_THIN);
    if (marks & (MARK_DOWN | MARK_UP)) {
        int both = (marks & MARK_DOWN) && (marks & MARK_UP);
        format_set_diag_type(f, both ? LXW_DIAGONAL_BORDER_UP_DOWN
                                : marks & MARK_DOWN ? LXW_DIAGONAL_BORDER_DOWN
                                                    : LXW_DIAGONAL_BORDER_UP);
        format_set_diag_border(f, LXW_BORDER_THIN);
    }
    if (marks & MARK_WINDOW)
        format_set_bg_color(f, FILL_WINDOW);
    switch (kind) {
    case RG_GIVEN:
        format_set_bold(f);
        format_set_bg_color(f, FILL_GIVEN);
        break;
    case RG_CONFLICT:
        format_set_bold(f);
        format_set_bg_color(f, FILL_CONFLICT);
        break;
    case RG_CANDIDATES:
        format_set_font_size(f, 7);
        format_set_text_wrap(f);
        format_set_font_color(f, 0x606060);
        break;
    default:
        break;
    }
    *slot = f;
    return f;
}

/* ---- summary ------------------------------------------------------------- */

static const cJSON *field_at(const cJSON *rec, const char *path)
{
    char key[64];
    const cJSON *v = rec;
    while (v && *path) {
        const char *dot = strchr(path, '.');
        size_t len = dot ? (size_t)(dot - path) : strlen(path);
        if (len >= sizeof key)
            return NULL;
        memcpy(key, path, len);
        key[len] = '\0';
        v = cJSON_GetObjectItemCaseSensitive(v, key);
        path += len + (dot ? 1 : 0);
    }
    return v;
}

/* A field's number exactly as the record wrote it (seeds are 64-bit and
 * do not survive a double). NULL when the record has no such number. */
static const char *raw_number(const char *json, const char *key, char *buf, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    size_t k = 0;
    while (k + 1 < cap && ((p[k] >= '0' && p[k] <= '9') || p[k] == '-'))
        k++;
    if (!k)
        return NULL;
    memcpy(buf, p, k);
    buf[k] = '\0';
    return buf;
}

static void write_value(xdoc *d, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c, const cJSON *v)
{
    if (cJSON_IsString(v))
        worksheet_write_string(ws, r, c, v->valuestring, NULL);
    else if (cJSON_IsNumber(v))
        worksheet_write_number(ws, r, c, v->valuedouble, NULL);
    else if (cJSON_IsBool(v))
        worksheet_write_boolean(ws, r, c, cJSON_IsTrue(v), NULL);
    else if (cJSON_IsArray(v))
        worksheet_write_number(ws, r, c, cJSON_GetArraySize(v), NULL);
    (void)d;
}

static void where_of(const cJSON *rec, char *buf, size_t cap)
{
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(rec, "file");
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(rec, "line");
    const cJSON *index = cJSON_GetObjectItemCaseSensitive(rec, "index");
    /* a record with no file (the server's "") has no place to name */
    int named = cJSON_IsString(file) && file->valuestring[0];
    if (named && cJSON_IsNumber(line) && line->valuedouble > 0)
        snprintf(buf, cap, "%s:%.0f", file->valuestring, line->valuedouble);
    else if (named)
        snprintf(buf, cap, "%s", file->valuestring);
    else if (cJSON_IsNumber(index))
        snprintf(buf, cap, "generated #%.0f", index->valuedouble);
    else
        buf[0] = '\0';
}

/* A1 of a puzzle's sheet: the record's comment, else where it came from
 * when that is a file or a generator's number, else the sheet's own name
 * ("Puzzle 1"): "<stdin>:1" and a server record's ":1" name nothing a
 * reader of the sheet knows. */
static void title_of(const cJSON *rec, const char *sheet, char *buf, size_t cap)
{
    const cJSON *comment = cJSON_GetObjectItemCaseSensitive(rec, "comment");
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(rec, "file");
    buf[0] = '\0';
    if (cJSON_IsString(comment) && comment->valuestring[0])
        snprintf(buf, cap, "%s", comment->valuestring);
    else if (!cJSON_IsString(file) || strcmp(file->valuestring, "<stdin>"))
        where_of(rec, buf, cap);
    if (!buf[0])
        snprintf(buf, cap, "%s", sheet);
}

static void summary_start(xdoc *d)
{
    d->summary = workbook_add_worksheet(d->wb, "Summary");
    lxw_worksheet *ws = d->summary;
    worksheet_set_column(ws, 0, 0, 6, NULL);
    worksheet_set_column(ws, 1, 1, 12, NULL);
    worksheet_set_column(ws, 2, 2, 28, NULL);
    worksheet_set_column(ws, 3, 3, 84, NULL);   /* an 81-character puzzle whole */
    worksheet_set_column(ws, 4, 4, 10, NULL);
    worksheet_set_column(ws, 5, 5, 30, NULL);   /* the comment */
    /* printed: as wide as one landscape page, as long as it takes */
    worksheet_set_landscape(ws);
    worksheet_fit_to_pages(ws, 1, 0);
    worksheet_set_column(ws, FIXED_COLS, FIXED_COLS + COL_MAX, 14, NULL);
    const char *fixed[FIXED_COLS] = {"#", "sheet", "source", "puzzle", "status", "comment"};
    for (lxw_col_t c = 0; c < FIXED_COLS; c++)
        worksheet_write_string(ws, 0, c, fixed[c], d->heading);
    for (int k = 0; d->cols && k < COL_MAX && d->cols[k].field; k++)
        worksheet_write_string(ws, 0, (lxw_col_t)(FIXED_COLS + k), d->cols[k].title, d->heading);
    worksheet_freeze_panes(ws, 1, 0);
    d->summary_row = 1;
}

static void summary_row(xdoc *d, const cJSON *rec, const char *json, const char *sheet)
{
    lxw_worksheet *ws = d->summary;
    lxw_row_t r = d->summary_row++;
    char where[1024];
    worksheet_write_number(ws, r, 0, (double)d->records, NULL);
    if (sheet) {
        char url[128];
        snprintf(url, sizeof url, "internal:'%s'!A1", sheet);
        worksheet_write_url_opt(ws, r, 1, url, d->link, sheet, NULL);
    }
    where_of(rec, where, sizeof where);
    if (where[0])
        worksheet_write_string(ws, r, 2, where, NULL);
    write_value(d, ws, r, 3, field_at(rec, "puzzle"));
    write_value(d, ws, r, 4, field_at(rec, "status"));
    write_value(d, ws, r, 5, field_at(rec, "comment"));
    for (int k = 0; d->cols && k < COL_MAX && d->cols[k].field; k++) {
        const char *f = d->cols[k].field;
        lxw_col_t c = (lxw_col_t)(FIXED_COLS + k);
        char num[32];
        if (!strcmp(f, "seed")) {
            if (raw_number(json, "seed", num, sizeof num))
                worksheet_write_string(ws, r, c, num, NULL);
        } else if (f[0] == '@') {
            write_value(d, ws, r, c, field_at(rec, f + 1));
        } else {
            const cJSON *v = field_at(rec, f);
            if (!cJSON_IsArray(v) && !cJSON_IsObject(v))
                write_value(d, ws, r, c, v);
        }
    }
}

/* ---- grid sheets ----------------------------------------------------------- */

static void candidates_text(const record_grid *g, uint64_t m, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = '\0';
    for (int v = 1; v <= g->n && o + 4 < cap; v++)
        if (m & ((uint64_t)1 << (v - 1)))
            o += (size_t)snprintf(buf + o, cap - o, "%s%d", o ? " " : "", v);
}

/* Which sides of cell i get a thick line: the grid's edge or a change of
 * region. */
static int borders_of(const record_grid *g, int i)
{
    int n = g->n, r = i / n, c = i % n, b = 0;
    if (r == 0 || g->region[i - n] != g->region[i])
        b |= 1;
    if (c == 0 || g->region[i - 1] != g->region[i])
        b |= 2;
    if (r == n - 1 || g->region[i + n] != g->region[i])
        b |= 4;
    if (c == n - 1 || g->region[i + 1] != g->region[i])
        b |= 8;
    return b;
}

static void write_symbol(xdoc *d, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c, int n, int v,
                         lxw_format *f)
{
    /* numbers, as spreadsheet users type them; the symbol alphabet only
     * when the user asked for letters */
    if (d->symbols == DOKU_SYMBOLS_0_9A_Z || d->symbols == DOKU_SYMBOLS_A_Z) {
        char s[2] = {doku_symbol(n, d->symbols, v), '\0'};
        worksheet_write_string(ws, r, c, s, f);
    } else {
        worksheet_write_number(ws, r, c, v, f);
    }
}

/* The diagonals and hyper windows each cell is drawn with (MARK_*). */
static void shape_marks(const doku_shape *shape, int n, unsigned char *marks)
{
    memset(marks, 0, (size_t)n * (size_t)n);
    for (int u = 0; u < doku_shape_unit_count(shape); u++) {
        doku_unit_kind k = doku_shape_unit_kind(shape, u);
        if (k != DOKU_UNIT_DIAGONAL && k != DOKU_UNIT_WINDOW)
            continue;
        const uint16_t *cells = doku_shape_unit_cells(shape, u);
        /* which diagonal: the main one holds r1c1 */
        int down = 0;
        for (int i = 0; cells && i < n; i++)
            down |= cells[i] == 0;
        for (int i = 0; cells && i < n; i++)
            marks[cells[i]] |= (unsigned char)(k == DOKU_UNIT_WINDOW ? MARK_WINDOW
                                               : down ? MARK_DOWN : MARK_UP);
    }
}

/* The lines under a grid that say what the drawing cannot be read back
 * from: "Shape: ...", "Regions: ..." (jigsaw), "Comment: ...". Each is
 * a line of lines (cap bytes each). @return how many. */
static int info_lines(const doku_shape *shape, const record_grid *g, const cJSON *rec,
                      char lines[3][1200])
{
    int k = 0;
    char desc[256];
    if (doku_shape_describe(shape, desc, sizeof desc, NULL) == DOKU_OK)
        snprintf(lines[k++], 1200, "Shape: %s", desc);
    if (doku_shape_has_regions(shape)) {
        /* the regions numbered 1, 2 ... in reading order of their first
         * cells (g->region holds unit numbers) */
        static const char sym[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        int n = g->n, o = snprintf(lines[k], 1200, "Regions: "), seen = 0;
        int named[DOKU_MAX_CELLS + 1];
        for (int i = 0; i < n * n; i++)
            named[i] = -1;
        for (int i = 0; i < n * n && o + 1 < 1200; i++) {
            int u = g->region[i] >= 0 && g->region[i] < n * n ? g->region[i] : 0;
            if (named[u] < 0)
                named[u] = seen++;
            lines[k][o++] = named[u] < 35 ? sym[named[u]] : '?';
        }
        lines[k++][o] = '\0';
    }
    const cJSON *comment = cJSON_GetObjectItemCaseSensitive(rec, "comment");
    if (cJSON_IsString(comment) && comment->valuestring[0])
        snprintf(lines[k++], 1200, "Comment: %s", comment->valuestring);
    return k;
}

/* A variant constraint of the record as doku's text format writes it
 * ("cage 14 r1c1 r2c1": the keyword, the numbers, the cells), so a
 * workbook of a variant puzzle keeps its rules in words under the grid. */
static void constraint_line(const cJSON *c, char *buf, size_t cap)
{
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(c, "kind");
    const cJSON *cells = cJSON_GetObjectItemCaseSensitive(c, "cells");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(c, "params");
    size_t o = (size_t)snprintf(buf, cap, "%s", cJSON_IsString(kind) ? kind->valuestring : "?");
    const cJSON *v;
    cJSON_ArrayForEach(v, params) {
        if (o < cap && cJSON_IsNumber(v))
            o += (size_t)snprintf(buf + o, cap - o, " %d", v->valueint);
    }
    cJSON_ArrayForEach(v, cells) {
        if (o < cap && cJSON_IsString(v))
            o += (size_t)snprintf(buf + o, cap - o, " %s", v->valuestring);
    }
}

/* One line about the record above its grid: status and the figures. */
static void headline(const cJSON *rec, char *buf, size_t cap)
{
    static const char *const keys[] = {"status", "solutions_found", "count", "rating", "er",
                                       "difficulty", "givens", "reason", "message", "error"};
    size_t o = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < sizeof keys / sizeof keys[0] && o + 2 < cap; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, keys[k]);
        const char *sep = o ? " · " : "";
        if (cJSON_IsString(v))
            o += (size_t)snprintf(buf + o, cap - o, "%s%s: %s", sep, keys[k], v->valuestring);
        else if (cJSON_IsNumber(v))
            o += (size_t)snprintf(buf + o, cap - o, "%s%s: %g", sep, keys[k], v->valuedouble);
    }
}

static int grid_sheet(xdoc *d, const doku_shape *shape, const cJSON *rec, const char *name,
                      char *why, size_t cap)
{
    record_grid g;
    if (record_grid_build(&g, shape, rec, d->symbols, why, cap) != 0)
        return -1;
    lxw_worksheet *ws = workbook_add_worksheet(d->wb, name);
    if (!ws) {
        record_grid_free(&g);
        snprintf(why, cap, "cannot add sheet '%s'", name);
        return -1;
    }
    int n = g.n, cands = 0;
    for (int i = 0; i < n * n; i++)
        cands |= g.kind[i] == RG_CANDIDATES;
    unsigned char marks[DOKU_MAX_CELLS];
    char info[3][1200];
    shape_marks(shape, n, marks);
    int ninfo = info_lines(shape, &g, rec, info);
    double width = cands ? (n <= 9 ? 8 : 12) : (n <= 9 ? 4.3 : 4.0);
    double height = cands ? (n <= 9 ? 36 : 48) : (n <= 9 ? 24 : 20);
    worksheet_set_column(ws, 0, 0, 2, NULL);
    worksheet_set_column(ws, GRID_COL, (lxw_col_t)(GRID_COL + n - 1), width, NULL);

    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(rec, "steps");
    int nsteps = cJSON_IsArray(steps) ? cJSON_GetArraySize(steps) : 0;
    lxw_col_t sc = (lxw_col_t)(GRID_COL + n + 1);   /* the steps table, beside the grid */
    /* printed: a grid (even 16x16) on one page; beside a steps table, the
     * page as wide as both and as long as the steps take */
    worksheet_fit_to_pages(ws, 1, nsteps ? 0 : 1);
    if (nsteps) {
        worksheet_set_landscape(ws);
        worksheet_set_column(ws, sc, sc, 5, NULL);
        worksheet_set_column(ws, sc + 1, sc + 1, 22, NULL);
        worksheet_set_column(ws, sc + 2, sc + 2, 7, NULL);
        worksheet_set_column(ws, sc + 3, sc + 3, 90, NULL);
    }

    char title[1200], line[1200];
    title_of(rec, name, title, sizeof title);
    headline(rec, line, sizeof line);
    worksheet_write_string(ws, 0, 0, title, d->bold);
    worksheet_write_string(ws, 1, 0, line, NULL);
    if (nsteps) {
        const char *heads[] = {"#", "technique", "rating", "step"};
        for (lxw_col_t k = 0; k < 4; k++)
            worksheet_write_string(ws, GRID_ROW - 1, sc + k, heads[k], d->heading);
    }
    const cJSON *step = nsteps ? steps->child : NULL;
    /* constant-memory mode writes rows in order: the grid, the lines
     * under it and the steps table beside them, row by row */
    /* a variant puzzle's constraints, one a row after those lines */
    const cJSON *cons = cJSON_GetObjectItemCaseSensitive(rec, "constraints");
    int ncons = cJSON_IsArray(cons) ? cJSON_GetArraySize(cons) : 0;
    const cJSON *con = ncons ? cons->child : NULL;
    int under = ninfo + (ncons ? 1 + ncons : 0);
    int last = GRID_ROW + (n + 1 + under > nsteps ? n + 1 + under : nsteps);
    for (int r = GRID_ROW; r < last; r++) {
        int gr = r - GRID_ROW;
        if (gr > n && gr - n - 1 < ninfo)
            worksheet_write_string(ws, (lxw_row_t)r, GRID_COL, info[gr - n - 1], NULL);
        if (ncons && gr == n + 1 + ninfo)
            worksheet_write_string(ws, (lxw_row_t)r, GRID_COL, "Constraints:", d->bold);
        if (con && gr > n + 1 + ninfo) {
            char text[1200];
            constraint_line(con, text, sizeof text);
            worksheet_write_string(ws, (lxw_row_t)r, GRID_COL, text, NULL);
            con = con->next;
        }
        if (gr < n) {
            worksheet_set_row(ws, (lxw_row_t)r, height, NULL);
            for (int c = 0; c < n; c++) {
                int i = gr * n + c;
                lxw_format *f = cell_format(d, g.kind[i], borders_of(&g, i), marks[i], n);
                lxw_col_t col = (lxw_col_t)(GRID_COL + c);
                if (g.kind[i] == RG_CANDIDATES) {
                    char text[256];
                    candidates_text(&g, g.cands[i], text, sizeof text);
                    worksheet_write_string(ws, (lxw_row_t)r, col, text, f);
                } else if (g.value[i]) {
                    write_symbol(d, ws, (lxw_row_t)r, col, n, g.value[i], f);
                } else {
                    worksheet_write_blank(ws, (lxw_row_t)r, col, f);
                }
            }
        }
        if (step) {
            const cJSON *tech = cJSON_GetObjectItemCaseSensitive(step, "technique");
            const cJSON *rating = cJSON_GetObjectItemCaseSensitive(step, "rating");
            const cJSON *text = cJSON_GetObjectItemCaseSensitive(step, "text");
            worksheet_write_number(ws, (lxw_row_t)r, sc, gr + 1, NULL);
            write_value(d, ws, (lxw_row_t)r, sc + 1, tech);
            write_value(d, ws, (lxw_row_t)r, sc + 2, rating);
            write_value(d, ws, (lxw_row_t)r, sc + 3, text);
            step = step->next;
        }
    }
    record_grid_free(&g);
    return 0;
}

/* ---- records ------------------------------------------------------------- */

static int emit(xdoc *d, const doku_shape *shape, const char *json, size_t len, char *why,
                size_t cap)
{
    cJSON *rec = cJSON_ParseWithLength(json, len);
    if (!rec) {
        snprintf(why, cap, "xlsx: record %zu is not JSON", d->records + 1);
        return -1;
    }
    d->records++;
    char name[32];
    const char *sheet = NULL;
    int rc = 0;
    if (shape && d->grids < XLSX_MAX_GRID_SHEETS) {
        snprintf(name, sizeof name, "Puzzle %zu", d->records);
        char inner[256];
        if (grid_sheet(d, shape, rec, name, inner, sizeof inner) == 0) {
            sheet = name;
            d->grids++;
        } else if (!d->batch) {
            snprintf(why, cap, "xlsx: %s", inner);
            rc = -1;
        }
    }
    if (d->batch)
        summary_row(d, rec, json, sheet);
    cJSON_Delete(rec);
    return rc;
}

static int xdoc_add(void *self, const doku_shape *shape, const char *json, size_t len, char *why,
                    size_t cap)
{
    xdoc *d = self;
    if (!d->first && !d->batch && d->records == 0) {
        d->first = malloc(len + 1);
        if (!d->first) {
            snprintf(why, cap, "out of memory");
            return -1;
        }
        memcpy(d->first, json, len);
        d->first[len] = '\0';
        d->first_len = len;
        d->first_shape = shape;
        return 0;
    }
    if (d->first) {
        /* a second record: a batch, summary first */
        d->batch = 1;
        summary_start(d);
        int rc = emit(d, d->first_shape, d->first, d->first_len, why, cap);
        free(d->first);
        d->first = NULL;
        if (rc != 0)
            return rc;
    }
    return emit(d, shape, json, len, why, cap);
}

static int xdoc_finish(void *self, char *why, size_t cap)
{
    xdoc *d = self;
    int rc = 0;
    if (d->first) {
        if (!d->first_shape) {
            /* one input error and nothing else: its summary row is the sheet */
            d->batch = 1;
            summary_start(d);
        }
        rc = emit(d, d->first_shape, d->first, d->first_len, why, cap);
        free(d->first);
        d->first = NULL;
    }
    if (d->records == 0 && !d->summary) {
        /* nothing found (the program says so and exits 1): no file, not a
         * workbook that only says "no records" */
        workbook_close(d->wb);
        d->wb = NULL;
        remove(d->path);
        return rc;
    }
    if (d->batch && d->records > d->grids && d->grids == XLSX_MAX_GRID_SHEETS) {
        char note[160];
        snprintf(note, sizeof note, "grids for the first %d records only; this summary lists "
                                    "all %zu", (int)XLSX_MAX_GRID_SHEETS, d->records);
        worksheet_write_string(d->summary, d->summary_row + 1, 0, note, d->bold);
    }
    lxw_error err = workbook_close(d->wb);
    d->wb = NULL;
    if (err != LXW_NO_ERROR && rc == 0) {
        snprintf(why, cap, "cannot write %s: %s", d->path, lxw_strerror(err));
        rc = -1;
    }
    return rc;
}

static void xdoc_destroy(void *self)
{
    xdoc *d = self;
    if (!d)
        return;
    if (d->wb) {
        /* discarded: libxlsxwriter has no way to drop a workbook unwritten,
         * so it is written and removed */
        workbook_close(d->wb);
        remove(d->path);
    }
    free(d->first);
    free(d->cmd);
    free(d->path);
    free(d);
}

static const document_ops xdoc_ops = {xdoc_add, xdoc_finish, xdoc_destroy};

static char *xstrdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *p = malloc(len);
    if (p)
        memcpy(p, s, len);
    return p;
}

void *xlsx_document_open(const document_spec *spec, const document_ops **ops, char *why,
                         size_t cap)
{
    if (strchr(spec->path, '%')) {
        snprintf(why, cap, "--format xlsx writes one workbook with a sheet per puzzle: "
                           "-o wants a file name, not a pattern ('%s')", spec->path);
        return NULL;
    }
    const char *missing = formats_load_xlsxwriter();
    if (missing) {
        snprintf(why, cap, "%s", missing);
        return NULL;
    }
    xdoc *d = calloc(1, sizeof *d);
    if (!d || !(d->cmd = xstrdup(spec->cmd ? spec->cmd : "")) || !(d->path = xstrdup(spec->path))) {
        if (d) {
            free(d->cmd);
            free(d);
        }
        snprintf(why, cap, "out of memory");
        return NULL;
    }
    d->symbols = spec->symbols;
    for (size_t k = 0; k < sizeof summaries / sizeof summaries[0]; k++)
        if (!strcmp(summaries[k].cmd, d->cmd))
            d->cols = summaries[k].cols;
    lxw_workbook_options opt = {0};
    opt.constant_memory = LXW_TRUE;
    opt.use_zip64 = LXW_TRUE;
    d->wb = workbook_new_opt(d->path, &opt);
    if (!d->wb) {
        snprintf(why, cap, "cannot start the workbook %s", d->path);
        free(d->cmd);
        free(d->path);
        free(d);
        return NULL;
    }
    d->bold = workbook_add_format(d->wb);
    format_set_bold(d->bold);
    d->heading = workbook_add_format(d->wb);
    format_set_bold(d->heading);
    format_set_bottom(d->heading, LXW_BORDER_THIN);
    d->link = workbook_add_format(d->wb);
    format_set_underline(d->link, LXW_UNDERLINE_SINGLE);
    format_set_font_color(d->link, LXW_COLOR_BLUE);
    *ops = &xdoc_ops;
    return d;
}
