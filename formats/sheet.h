/*
 * sheet.h — a workbook as the readers leave it: named sheets, each a
 * sparse list of non-empty cells with the text they show (numbers as
 * their shortest decimal text), and of the empty cells that matter: those
 * drawn with a border or fill (a grid's empty cells) and formulas whose
 * value the file does not hold. Every reader (xlsx, ods, xls) fills this
 * one model, so finding puzzles, cell names and messages are written once.
 */
#ifndef DOKU_FORMATS_SHEET_H
#define DOKU_FORMATS_SHEET_H

#include <stddef.h>
#include <stdint.h>

/* Excel's limits; a reference beyond them is refused. */
enum { WB_MAX_ROWS = 1048576, WB_MAX_COLS = 16384 };

/* Cells a sheet may hold before the reader refuses it (a bound on memory
 * for hostile files: repeated ods rows, huge generated sheets). */
enum { WB_MAX_CELLS = 1024 * 1024 };

/* Empty cells the readers keep (wb_cell.flags). */
enum { WB_CELL_STYLED = 1,    /* a border or fill: part of a drawn grid */
       WB_CELL_NO_VALUE = 2 };/* a formula the file holds no value for */

/* Styled empty cells a sheet keeps at most (beyond, they are dropped:
 * they only help find puzzles). */
enum { WB_MAX_STYLED = 1024 * 1024 };

/* How a cell's text looks, as far as it can tell a given from a solved
 * digit (wb_cell.look): 0 is the plain look (regular weight, automatic
 * or black text, no fill or a white one); else the WB_LOOK_* bits, with
 * the text colour in bits 24..47 and the fill in bits 0..23 (0xRRGGBB,
 * or a reader's code for a palette or theme colour: looks only need to
 * be told apart). Readers make it with wb_look_make. */
#define WB_LOOK_BOLD ((uint64_t)1 << 63)
#define WB_LOOK_COLOR ((uint64_t)1 << 62)   /* text in a colour, not black */
#define WB_LOOK_FILL ((uint64_t)1 << 61)    /* a background other than white */

/* The look of bold text in colour (when has_color) on fill (when
 * has_fill); colours are 24-bit codes. */
uint64_t wb_look_make(int bold, int has_color, uint32_t color, int has_fill, uint32_t fill);

/* Which sides of a cell its format draws a border on (wb_cell.edges):
 * a drawn grid says where it is by them, whatever text touches it. */
enum { WB_EDGE_LEFT = 1, WB_EDGE_RIGHT = 2, WB_EDGE_TOP = 4, WB_EDGE_BOTTOM = 8 };

typedef struct wb_cell {
    uint32_t row, col;  /* 0-based */
    char *text;         /* what the cell shows, owned by the sheet; NULL
                           for the empty cells kept for their flags */
    unsigned flags;     /* WB_CELL_*, 0 for a cell with text */
    uint64_t look;      /* how its text looks (WB_LOOK_*), 0 when plain
                           or unknown */
    unsigned edges;     /* WB_EDGE_* of its own format; 0 when none or
                           unknown (a reader that sees no borders) */
} wb_cell;

typedef struct wb_sheet {
    char *name;
    wb_cell *cells;
    size_t count, cap;
    size_t styled;      /* how many cells are WB_CELL_STYLED empties */
} wb_sheet;

typedef struct wb_book {
    wb_sheet *sheets;
    size_t count, cap;
} wb_book;

/* Appends a sheet named name (copied). @return it, or NULL when out of memory. */
wb_sheet *wb_book_add_sheet(wb_book *b, const char *name, size_t len);

/* Frees every sheet; b itself is the caller's and is left empty. */
void wb_book_clear(wb_book *b);

/* Adds a cell holding len bytes of text (copied; NULs end it). Cells whose
 * text is only white space are not stored. @return 0, or -1 when out of
 * memory or past WB_MAX_CELLS. */
int wb_sheet_add(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len);

/* wb_sheet_add for text that looks as look says (WB_LOOK_*). */
int wb_sheet_add_look(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len,
                      uint64_t look);

/* wb_sheet_add_look for a cell whose format draws borders on the sides
 * edges names (WB_EDGE_*); blank text with edges is kept as a
 * WB_CELL_STYLED empty. */
int wb_sheet_add_edged(wb_sheet *s, uint32_t row, uint32_t col, const char *text, size_t len,
                       uint64_t look, unsigned edges);

/* Sets the edges of the cell at (row, col) of a sorted sheet, text or
 * flagged empty (a reader that learns formats after the values: .xls).
 * Nothing happens when the sheet keeps no cell there. */
void wb_sheet_set_edges(wb_sheet *s, uint32_t row, uint32_t col, unsigned edges);

/* Keeps an empty cell for its flags (WB_CELL_*); a cell that also has
 * text keeps the text (wb_sheet_sort). Styled cells past WB_MAX_STYLED
 * are dropped. @return 0, or -1 when out of memory or past WB_MAX_CELLS. */
int wb_sheet_add_empty(wb_sheet *s, uint32_t row, uint32_t col, unsigned flags);

/* The text a spreadsheet shows for v in General format ("5", "0.5");
 * buf holds at least 32 bytes. */
void wb_number_text(double v, char *buf);

/* Adds a number as the text a spreadsheet shows for it ("5", "0.5"). */
int wb_sheet_add_number(wb_sheet *s, uint32_t row, uint32_t col, double v);

/* wb_sheet_add_number for a number that looks as look says. */
int wb_sheet_add_number_look(wb_sheet *s, uint32_t row, uint32_t col, double v, uint64_t look);

/* Sets the look of the cell with text at (row, col) of a sorted sheet
 * (a reader that learns looks after the values: .xls). Nothing happens
 * when the sheet holds no text there. */
void wb_sheet_set_look(wb_sheet *s, uint32_t row, uint32_t col, uint64_t look);

/* Sorts the cells by row then column, keeping one of a cell given twice
 * (the one with text, if any). */
void wb_sheet_sort(wb_sheet *s);

/* "C3" for row 2, col 2 (0-based). buf holds at least 16 bytes. */
void wb_cell_name(uint32_t row, uint32_t col, char *buf);

/* Parses "C3" (case-insensitive, optional '$'s) from *p, advancing it.
 * @return 0, or -1 when no cell reference is there or it is out of range. */
int wb_parse_cell(const char **p, uint32_t *row, uint32_t *col);

/* A rectangle of cells, inclusive, 0-based. */
typedef struct wb_range {
    uint32_t r0, c0, r1, c1;
} wb_range;

/* Parses "C3:K11", "Sheet1!C3:K11" or "'My sheet'!C3:K11". The sheet
 * name, if any, goes to sheet (cap bytes; "" when none).
 * @return 0, or -1 when text is no such range. */
int wb_parse_range(const char *text, char *sheet, size_t cap, wb_range *out);

/* Writes "Sheet1!C3:K11" (the name quoted when it needs it) to buf. */
void wb_range_name(const char *sheet, const wb_range *r, char *buf, size_t cap);

/* How letters and numbers in cells map to values. */
enum { WB_DIGITS = 0,      /* 1..n as numbers, A = 10, B = 11 ... beyond 9 */
       WB_ZERO_BASED = 1,  /* 0..n-1 as numbers, A = 11 ... (hexadoku) */
       WB_LETTERS = 2 };   /* A = 1, B = 2 ...; numbers 1..n as well */

/* The value of one cell's text for a puzzle of side n under alphabet:
 * 0 for an empty mark ("", ".", "-", "_", "*", and 0 unless zero is a
 * digit), 1..n for a digit, -1 for anything else. */
int wb_cell_value(const char *text, int n, int alphabet);

/* Every block of the sheet that is a puzzle: cells separated from the
 * rest by empty rows and columns (or the sheet's edge), n x n of them for
 * some n in min_n..max_n, each empty or a value wb_cell_value accepts.
 * Blocks are looked for twice: first with the styled empty cells as part
 * of the block (a drawn grid whose first or last row or column is empty
 * is still whole), then by content alone (a grid typed without borders,
 * or one whose styles spill over its neighbours); a block the second way
 * finds that overlaps one of the first is left out. The sheet must be
 * sorted. Writes up to cap ranges to out. @return how many were found
 * (may exceed cap), or -1 when out of memory. */
long wb_find_puzzles(const wb_sheet *s, int min_n, int max_n, int alphabet, wb_range *out,
                     size_t cap);

/* The text of the cell at (row, col) of a sorted sheet, NULL if empty. */
const char *wb_sheet_text(const wb_sheet *s, uint32_t row, uint32_t col);

/* The cell kept at (row, col) of a sorted sheet (text or a flagged
 * empty), NULL if none. */
const wb_cell *wb_sheet_cell(const wb_sheet *s, uint32_t row, uint32_t col);

#endif
