/*
 * doku_constraints.h — variant constraints: killer cages, little killers,
 * sandwiches, lines, dots and the global rules, beside the unit model of
 * doku.h.
 *
 * A variant puzzle is a shape (doku.h: side, boxes or jigsaw, x, hyper)
 * plus givens plus a list of constraints, each with a kind, its cells and
 * integer parameters. The list is validated as it is built: a constraint
 * that cannot hold (a cage sum no digits reach, a line through cells that
 * do not touch, a cell outside the grid) is refused with DOKU_ERR_ARG and
 * a message naming the constraint and its cells.
 *
 * Constraints are defined for square shapes from 4x4 to 16x16 with digits
 * 1..n; sums scale with the digits (whispers' default difference is
 * ceil(n/2), 5 on 9x9), X and V stay 10 and 5.
 *
 * Thread safety: a doku_constraints is read-only during a search or a
 * check, so any number of threads may search or check with one list at
 * the same time; adding to it while another thread reads it is not safe.
 * No call keeps global state.
 */
#ifndef DOKU_CONSTRAINTS_H
#define DOKU_CONSTRAINTS_H

#include "doku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest side the constraint engine takes. */
#define DOKU_CONSTRAINTS_MAX_N 16

/* The kinds. "cells" and "params" say what doku_constraints_add expects;
 * cells are 0-based row-major indices as in doku.h. */
typedef enum doku_constraint_kind {
    DOKU_CON_NONE = 0,
    /* cages */
    DOKU_CON_CAGE = 1,          /* 1..n cells, distinct digits; params: none
                                   (no sum) or {sum} */
    DOKU_CON_LITTLE_KILLER = 2, /* cells of one diagonal, any order; {sum};
                                   digits may repeat */
    DOKU_CON_SANDWICH = 3,      /* the n cells of a row or column in order;
                                   {sum} of the digits between the 1 and the n */
    DOKU_CON_XSUM = 4,          /* the n cells of a row or column, from the
                                   clued end; {sum} of the first X cells,
                                   X being the first cell's digit */
    DOKU_CON_REGION = 5,        /* extra region: 2..n cells, distinct */
    DOKU_CON_DISJOINT_GROUPS = 6, /* no cells: cells at one position of
                                   every box are distinct (boxes needed) */
    /* lines: cells in order, each orthogonally or diagonally adjacent to
     * the next, no cell twice */
    DOKU_CON_THERMO = 7,        /* from the bulb, strictly increasing */
    DOKU_CON_ARROW = 8,         /* {m}: cells[0..m-1] are the circle, read
                                   as a base-10 number (first cell most
                                   significant; m = 1: the digit), the rest
                                   the arrow, whose digits sum to it */
    DOKU_CON_WHISPER = 9,       /* neighbours differ by at least d: params
                                   none (d = ceil(n/2)) or {d} */
    DOKU_CON_RENBAN = 10,       /* distinct digits forming a run */
    DOKU_CON_PALINDROME = 11,   /* reads the same both ways */
    DOKU_CON_BETWEEN = 12,      /* inner digits strictly between the ends */
    DOKU_CON_REGION_SUM = 13,   /* the line's pieces in each box (or
                                   jigsaw region) have equal sums */
    /* dots and pairs: exactly two orthogonally adjacent cells */
    DOKU_CON_KROPKI_WHITE = 14, /* consecutive digits */
    DOKU_CON_KROPKI_BLACK = 15, /* one digit twice the other */
    DOKU_CON_X = 16,            /* sum 10 */
    DOKU_CON_V = 17,            /* sum 5 */
    DOKU_CON_GREATER = 18,      /* cells[0] > cells[1] (any two cells) */
    /* the negative rules: no cells; every orthogonally adjacent pair
     * without such a mark (dot of either colour / X or V) breaks it */
    DOKU_CON_KROPKI_WHITE_ALL = 19, /* unmarked pairs are not consecutive */
    DOKU_CON_KROPKI_BLACK_ALL = 20, /* unmarked pairs are not in ratio 2 */
    DOKU_CON_X_ALL = 21,        /* unmarked pairs do not sum to 10 */
    DOKU_CON_V_ALL = 22,        /* unmarked pairs do not sum to 5 */
    DOKU_CON_QUADRUPLE = 23,    /* the 4 cells of a 2x2 block; params: 1..4
                                   digits that appear among them (a digit
                                   listed twice appears twice) */
    /* global: no cells */
    DOKU_CON_ANTI_KNIGHT = 24,  /* a knight's move apart: different */
    DOKU_CON_ANTI_KING = 25,    /* a king's move apart: different */
    DOKU_CON_NON_CONSECUTIVE = 26, /* orthogonal neighbours not consecutive */
    /* cell marks */
    DOKU_CON_EVEN = 27,         /* 1 or more cells, even digits */
    DOKU_CON_ODD = 28,          /* 1 or more cells, odd digits */
    DOKU_CON_MINIMUM = 29,      /* 1 cell, less than its orthogonal neighbours */
    DOKU_CON_MAXIMUM = 30       /* 1 cell, greater than its orthogonal neighbours */
} doku_constraint_kind;

#define DOKU_CON_KIND_COUNT 31

/* A list of constraints on one shape. */
typedef struct doku_constraints doku_constraints;

/* A view of one constraint: cells and params point into the list and stay
 * valid until it is changed or freed. */
typedef struct doku_constraint {
    doku_constraint_kind kind;
    const uint16_t *cells;
    size_t ncells;
    const int *params;
    size_t nparams;
} doku_constraint;

/* Creates an empty list for shape in *out, owned by the caller
 * (doku_constraints_free). The shape must outlive the list.
 * @return DOKU_OK; DOKU_ERR_ARG if shape or out is NULL (*out = NULL when
 * out is not); DOKU_ERR_SHAPE for a side above DOKU_CONSTRAINTS_MAX_N;
 * DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_constraints_create(const doku_shape *shape, doku_constraints **out);
/* Frees a list; NULL is ignored. */
DOKU_API void doku_constraints_free(doku_constraints *cs);

/* Appends a constraint (cells and params are copied; either may be NULL
 * when its length is 0). @return DOKU_OK; DOKU_ERR_ARG for a NULL cs, a
 * NULL array with a length, or a constraint that is not well formed or
 * cannot hold (doku_constraints_error then names it, its cells and why;
 * the list is unchanged); DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_constraints_add(doku_constraints *cs, doku_constraint_kind kind,
                                          const uint16_t *cells, size_t ncells,
                                          const int *params, size_t nparams);

/* @return the message of the last refused doku_constraints_add, e.g.
 * "killer cage 50 at r1c1 r1c2: no two distinct digits sum to 50"; ""
 * when none or for a NULL cs. Owned by cs, valid until its next call. */
DOKU_API const char *doku_constraints_error(const doku_constraints *cs);

/* @return the number of constraints; 0 for NULL. */
DOKU_API size_t doku_constraints_count(const doku_constraints *cs);
/* Fills *out with constraint i. @return DOKU_OK; DOKU_ERR_ARG for a NULL
 * argument or i out of range. */
DOKU_API doku_status doku_constraints_get(const doku_constraints *cs, size_t i,
                                          doku_constraint *out);
/* @return the shape the list was created for; NULL for NULL. */
DOKU_API const doku_shape *doku_constraints_shape(const doku_constraints *cs);

/* @return a kind's name in prose ("killer cage", "German whispers"),
 * "unknown constraint" for a value outside the enum. Static, never NULL. */
DOKU_API const char *doku_constraint_kind_name(doku_constraint_kind kind);
/* @return a kind's keyword in doku's text format ("cage", "whisper"),
 * "" for a value outside the enum. Static, never NULL. */
DOKU_API const char *doku_constraint_kind_key(doku_constraint_kind kind);
/* @return the kind whose keyword is key (case-insensitive), DOKU_CON_NONE
 * for an unknown or NULL key. */
DOKU_API doku_constraint_kind doku_constraint_kind_from_key(const char *key);

/* Searches givens (n*n values, 0 = empty; read only) under the shape's
 * units and every constraint of cs, as doku_search does (doku.h): opts
 * may be NULL (limit 1, no budget), solution (the caller's n*n array) or
 * on_solution may be NULL, res is required. Thread-safe for one cs (its
 * scratch is allocated per call). @return DOKU_OK (the count is exact up
 * to the limit); DOKU_GAVE_UP when the node or time budget ran out first
 * (res filled: solutions is a lower bound); DOKU_ERR_ARG for a NULL cs,
 * givens or res, a value above n, or bad opts; DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_constraints_search(const doku_constraints *cs, const uint8_t *givens,
                                             size_t ncells, const doku_search_opts *opts,
                                             uint8_t *solution,
                                             doku_solution_fn on_solution, void *user,
                                             doku_search_result *res);

/* A broken constraint in a grid. */
typedef struct doku_violation {
    size_t constraint;  /* index in the list */
    int cell_a, cell_b; /* the two cells that break it (a pair rule, a
                           repeated digit); -1 when the whole constraint
                           is broken (a sum, an order along a line) */
} doku_violation;

/* Checks cells (ncells values, the shape's n*n; 0 = empty) against every
 * constraint: a rule is broken when the filled cells alone break it (a
 * full cage with the wrong sum, a repeated digit in a cage, two adjacent
 * digits of a white dot that are not consecutive...); unit duplicates
 * are doku.h's doku_find_conflicts. Writes up to cap to out (may be NULL
 * when cap is 0) and the total number (may exceed cap) to *count (count
 * may be NULL). Thread-safe. @return DOKU_OK (also when rules are
 * broken: *count says how many); DOKU_ERR_ARG (*count = 0) for a NULL cs
 * or cells, another ncells, a value above n, or a NULL out with cap > 0. */
DOKU_API doku_status doku_constraints_check(const doku_constraints *cs, const uint8_t *cells,
                                            size_t ncells, doku_violation *out, size_t cap,
                                            size_t *count);

/* The two writers below fill buf (cap bytes, the caller's) like snprintf:
 * NUL-terminated when cap > 0 (cut to fit), buf may be NULL when cap is 0;
 * *len (len may be NULL) receives the full text's length. Thread-safe.
 * @return DOKU_OK; DOKU_ERR_ARG ("" in buf when cap > 0, *len = 0) for a
 * NULL cs, an index out of range, or a NULL buf with cap > 0. */

/* A sentence for v, e.g. "killer cage 15 at r1c1 r1c2 r1c3 is broken" or
 * "anti-knight: r1c1 and r2c3 both hold 4"; cells (n*n values, or NULL:
 * the digits are not named) is the grid v was found in. */
DOKU_API doku_status doku_violation_text(const doku_constraints *cs, const uint8_t *cells,
                                         const doku_violation *v, char *buf, size_t cap,
                                         size_t *len);

/* Constraint i's name and cells ("killer cage 15 at r1c1 r1c2"). */
DOKU_API doku_status doku_constraint_text(const doku_constraints *cs, size_t i, char *buf,
                                          size_t cap, size_t *len);

/* doku_find_wrong_entry (doku.h) under the units and every constraint of
 * cs: for a grid with no solution, which filled cell is wrong? The rule
 * is the classic call's, word for word: the suspects are the filled cells
 * that with another digit, or empty, give the grid exactly one solution
 * (DOKU_WRONG_DIGIT; with one suspect out->value is the digit of that
 * solution); when none does, the cells without which the rest has
 * solutions (DOKU_WRONG_SOME). Givens and a player's entries are alike
 * here: cells is the whole grid. A grid with a solution names nothing
 * (suspects 0), so a unique puzzle's entries are named only when they
 * leave no solution, which one wrong entry always does; two wrong
 * entries rarely have a single mending cell and are then left unnamed or
 * named as SOME. cells: ncells (the shape's n*n) values, read only.
 * marks: the caller's n*n flags, all written: 1 for each suspect, else 0.
 * Runs searches of up to two solutions (one per filled cell, and one per
 * digit where emptying it leaves several), all within time_budget seconds
 * (0: none, which on a hard puzzle may take long). Thread-safe for one cs
 * (doku_constraints_search). The sentence is doku_format_wrong_entry's.
 * @return DOKU_OK (see out); DOKU_GAVE_UP when time_budget ran out
 * (nothing marked, out zeroed); DOKU_ERR_ARG for a NULL cs, cells, marks
 * or out, another ncells, a value above n, or a negative or NaN budget
 * (out zeroed if not NULL; marks untouched); DOKU_ERR_NOMEM (nothing
 * marked). */
DOKU_API doku_status doku_constraints_find_wrong_entry(const doku_constraints *cs,
                                                       const uint8_t *cells, size_t ncells,
                                                       double time_budget, uint8_t *marks,
                                                       doku_wrong_entry *out);

/* ---------------------------------------------------------------------
 * Variant puzzles from text: a shape, givens and constraints.
 * ------------------------------------------------------------------- */
typedef struct doku_variant_puzzle doku_variant_puzzle;

/* Reads one variant puzzle from text (len bytes, need not be
 * NUL-terminated), in any of the formats of docs/FORMATS.md "Variant
 * puzzles": doku's own text format, an Interactive Sudoku Solver
 * constraint string (".Cage~15~R1C1~R1C2..."), a SudokuWiki killer
 * string ("3x3:d:k:..."), the compact killer format of ISS's collections,
 * an f-puzzles / SudokuPad link, or one of doku's JSON records with
 * "constraints" (its n, shape, puzzle and constraints; msg names a bad
 * field: "field \"constraints[2].cells[1]\": ..."). On success *out is the puzzle, owned
 * by the caller (doku_variant_puzzle_free). A constraint doku does not
 * support is refused by name, never dropped.
 * @return DOKU_OK; DOKU_ERR_ARG for a NULL text or out; DOKU_ERR_PARSE
 * (msg says where and what: "line 3: ...", a constraint's name and cells)
 * for text that is not such a puzzle or breaks a rule of it; DOKU_ERR_NOMEM.
 * On error *out is NULL. msg (cap bytes) may be NULL. */
DOKU_API doku_status doku_variant_puzzle_read(const char *text, size_t len,
                                              doku_variant_puzzle **out,
                                              char *msg, size_t cap);
/* Frees a puzzle (its shape, givens and constraints); NULL is ignored. */
DOKU_API void doku_variant_puzzle_free(doku_variant_puzzle *p);
/* The puzzle's parts, owned by p (NULL for a NULL p): its shape, its
 * givens (n*n values) and its constraints. */
DOKU_API const doku_shape *doku_variant_puzzle_shape(const doku_variant_puzzle *p);
DOKU_API const uint8_t *doku_variant_puzzle_givens(const doku_variant_puzzle *p);
DOKU_API const doku_constraints *doku_variant_puzzle_constraints(const doku_variant_puzzle *p);
/* @return the solution the text carried (ISS collections and doku's text
 * format may give one: n*n values), or NULL when none or for NULL. */
DOKU_API const uint8_t *doku_variant_puzzle_solution(const doku_variant_puzzle *p);
/* @return the puzzle's title / author as its text gave them (f-puzzles'
 * "title" and "author", SudokuPad's metadata, doku's text format's
 * "title" and "author" statements), one line of UTF-8 owned by p; NULL
 * when none or for NULL. */
DOKU_API const char *doku_variant_puzzle_title(const doku_variant_puzzle *p);
DOKU_API const char *doku_variant_puzzle_author(const doku_variant_puzzle *p);

/* The text forms of a variant puzzle (docs/FORMATS.md "Variant puzzles"). */
typedef enum doku_variant_format {
    DOKU_VARIANT_FORMAT_NONE = 0,       /* none of these (a classic grid...) */
    DOKU_VARIANT_FORMAT_TEXT = 1,       /* doku's own text format; one per file */
    DOKU_VARIANT_FORMAT_ISS = 2,        /* ".Cage~15~R1C1..."; one per line */
    DOKU_VARIANT_FORMAT_SUDOKUWIKI = 3, /* killer "3x3:d:k:3841:..."; one per line */
    DOKU_VARIANT_FORMAT_KILLER = 4,     /* compact killer, 81 characters; one per line */
    DOKU_VARIANT_FORMAT_FPUZZLES = 5,   /* https://www.f-puzzles.com/?load=...; one per line */
    DOKU_VARIANT_FORMAT_SUDOKUPAD = 6,  /* https://sudokupad.app/...; one per line */
    DOKU_VARIANT_FORMAT_JSON = 7,       /* f-puzzles' (or SudokuPad's) JSON; one per file */
    DOKU_VARIANT_FORMAT_RECORD = 8      /* doku's JSON record with "constraints" (doku solve
                                           --format json, convert --to json); one per line */
} doku_variant_format;

/* What text (len bytes) holds, judged by its first statement (blank
 * lines and '#' comments skipped). @return the format, or
 * DOKU_VARIANT_FORMAT_NONE (also for NULL). Text of one of these forms
 * may still fail to read: doku_variant_puzzle_read says why. */
DOKU_API doku_variant_format doku_variant_format_guess(const char *text, size_t len);

/* Appends the puzzle (cs's shape and constraints, givens: n*n values or
 * NULL for none, solution: n*n values or NULL) to out in format; links
 * and strings get no newline. TEXT, JSON, FPUZZLES and SUDOKUPAD carry
 * every constraint (a SudokuPad link is its f-puzzles form, which
 * SudokuPad opens); SUDOKUWIKI and KILLER carry 9x9 killer cages (every
 * cell in a cage with a sum, for KILLER), X too for SUDOKUWIKI. ISS is
 * read, not written; RECORD too (a record is a command's: its array is
 * doku_constraints_write_json's). @return DOKU_OK; DOKU_ERR_ARG for a NULL out or cs or
 * a format not written; DOKU_ERR_VARIANT when the format cannot carry the shape or a
 * constraint (msg, cap bytes, may be NULL, names it; out unchanged);
 * DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_variant_write(doku_buf *out, const doku_constraints *cs,
                                        const uint8_t *givens, const uint8_t *solution,
                                        doku_variant_format format, char *msg, size_t cap);

/* doku_variant_write with the puzzle's title and author (each NUL-
 * terminated text, or NULL for none; control characters are written as
 * spaces): TEXT writes them as "title ..." and "author ..." statements,
 * JSON, FPUZZLES and SUDOKUPAD as f-puzzles' "title" and "author", which
 * SudokuPad shows; SUDOKUWIKI and KILLER have no place for them and
 * write the puzzle alone. @return as doku_variant_write. */
DOKU_API doku_status doku_variant_write_titled(doku_buf *out, const doku_constraints *cs,
                                               const uint8_t *givens, const uint8_t *solution,
                                               const char *title, const char *author,
                                               doku_variant_format format, char *msg,
                                               size_t cap);

/* Appends cs's constraints to out as the JSON array that doku's records
 * and the server's API carry (docs/API.md "Variant constraints"): one
 * object per constraint, {"kind": keyword of the text format, "cells":
 * ["r1c1", ...] in the model's order, "params": [whole numbers], "text":
 * the sentence of doku_constraint_text}; "[]" when there are none. A
 * DOKU_VARIANT_FORMAT_RECORD reader takes the array back (text is not
 * read). @return DOKU_OK; DOKU_ERR_ARG for a NULL out or cs (nothing
 * written); DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_constraints_write_json(doku_buf *out, const doku_constraints *cs);

/* ---------------------------------------------------------------------
 * Logic on variant puzzles: hint, explain and grade (issue 27).
 * ------------------------------------------------------------------- */

/* Creates a logic context (doku.h) for puzzles of cs's shape under the
 * constraints of cs, owned by the caller (doku_logic_free). cs is only
 * read and must outlive the context unchanged. The unit techniques work
 * on the shape's units plus the all-different sets of n cells the
 * constraints add (extra regions, cages and renbans of n cells, disjoint
 * groups); a placed digit also leaves the cells that must differ from it
 * (cages, smaller regions, anti-knight, anti-king); and the variant
 * techniques (DOKU_TECH_CONSTRAINT, DOKU_TECH_CAGE_COMBINATION,
 * DOKU_TECH_INNIES_OUTIES) reason on the constraints. Uniqueness
 * techniques are never used (a constraint can tell two solutions of a
 * unit-only pattern apart). Ratings are doku's own scale, not SE's.
 * doku_logic_load checks givens against the constraints too and finds the
 * reference solution with doku_constraints_search. opts as
 * doku_logic_create. @return DOKU_OK; DOKU_ERR_ARG for a NULL cs or out
 * (*out = NULL when out is not) or a techniques bit at or above
 * DOKU_TECH_COUNT; DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_logic_create_variant(const doku_constraints *cs,
                                               const doku_logic_opts *opts, doku_logic **out);

/* @return the constraints lg was created with (doku_logic_create_variant),
 * NULL for a context of doku_logic_create or a NULL lg: a caller labels
 * the rating of such a context as doku's own ("doku rating"). */
DOKU_API const doku_constraints *doku_logic_constraints(const doku_logic *lg);

#ifdef __cplusplus
}
#endif

#endif
