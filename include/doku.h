/*
 * doku.h — the one public header of the doku Sudoku library.
 *
 * The library is pure computation: it never prints, never exits, never
 * touches files or the network, and keeps no global mutable state. Every
 * object is created by the caller and passed in, so two threads working
 * with two sets of objects never interfere. A doku_shape is immutable once
 * created and may be shared read-only between threads.
 *
 * Cells are numbered row-major from 0; users see them as r{row}c{col},
 * 1-based. A grid of cells is a plain uint8_t array of n*n values where 0
 * means empty and 1..n are digits.
 */
#ifndef DOKU_H
#define DOKU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DOKU_VERSION_MAJOR 0
#define DOKU_VERSION_MINOR 1
#define DOKU_VERSION_PATCH 0
#define DOKU_VERSION_STRING "0.1.0"

/* @return the library's version string, e.g. "0.1.0" (static storage). */
const char *doku_version(void);

/* Largest supported side: candidate sets are 64-bit masks. */
#define DOKU_MAX_N 64
#define DOKU_MAX_CELLS (DOKU_MAX_N * DOKU_MAX_N)

/* ---------------------------------------------------------------------
 * Status codes. Stable numbers: append only.
 * ------------------------------------------------------------------- */
typedef enum doku_status {
    DOKU_OK = 0,
    DOKU_ERR_NOMEM = 1,      /* allocation failed */
    DOKU_ERR_ARG = 2,        /* invalid argument (NULL, out of range) */
    DOKU_ERR_SHAPE = 3,      /* unsupported size or box shape */
    DOKU_ERR_REGIONS = 4,    /* jigsaw region map is not n regions of n cells */
    DOKU_ERR_VARIANT = 5,    /* variant not defined for this shape */
    DOKU_ERR_PARSE = 6,      /* input text is not a puzzle */
    DOKU_ERR_SIZE = 7        /* puzzle size does not match the shape */
} doku_status;

/* @return a short English description of status s (static storage). */
const char *doku_status_string(doku_status s);

/* ---------------------------------------------------------------------
 * Geometry: the shape of a board and its units.
 *
 * A unit is a set of exactly n cells that must hold n different digits:
 * rows, columns, boxes and the extra regions of variants. Every algorithm
 * in the library loops over the unit table, so variants need no special
 * code anywhere else.
 * ------------------------------------------------------------------- */
typedef enum doku_variant {
    DOKU_VARIANT_X = 1u << 0,      /* both main diagonals */
    DOKU_VARIANT_HYPER = 1u << 1   /* Windoku windows, see docs/FORMATS.md */
} doku_variant;

typedef enum doku_unit_kind {
    DOKU_UNIT_ROW = 0,
    DOKU_UNIT_COL = 1,
    DOKU_UNIT_BOX = 2,
    DOKU_UNIT_DIAGONAL = 3,
    DOKU_UNIT_WINDOW = 4,
    DOKU_UNIT_REGION = 5   /* jigsaw region */
} doku_unit_kind;

typedef struct doku_shape_spec {
    int n;                 /* side = number of digits; 0: box_rows*box_cols */
    int box_rows;          /* box height; 0 with box_cols 0: most nearly square */
    int box_cols;          /* box width */
    unsigned variants;     /* DOKU_VARIANT_* flags */
    const uint8_t *regions; /* NULL, or n*n jigsaw region ids in 0..n-1 */
    int keep_boxes;        /* with regions: 1 keeps the boxes as well */
} doku_shape_spec;

typedef struct doku_shape doku_shape;

/* Creates the shape described by spec and stores it in *out.
 * @return DOKU_OK, or an error (and *out = NULL). The caller owns *out. */
doku_status doku_shape_create(const doku_shape_spec *spec, doku_shape **out);

/* Convenience: plain n x n with default boxes and the given variants. */
doku_status doku_shape_create_simple(int n, unsigned variants, doku_shape **out);

/* Frees a shape; NULL is ignored. */
void doku_shape_free(doku_shape *shape);

/* Picks the default box for side n: the most nearly square R <= C with
 * R*C = n. @return 0 on success, -1 if n has no such factorisation with
 * R >= 2 (primes: then only a jigsaw shape fits). */
int doku_default_box(int n, int *box_rows, int *box_cols);

int doku_shape_n(const doku_shape *s);
int doku_shape_cells(const doku_shape *s);         /* n*n */
int doku_shape_box_rows(const doku_shape *s);      /* 0 if jigsaw replaces boxes */
int doku_shape_box_cols(const doku_shape *s);
unsigned doku_shape_variants(const doku_shape *s);
int doku_shape_has_regions(const doku_shape *s);   /* jigsaw */
/* 1 if this is exactly classic 9x9 (3x3 boxes, no extra units). */
int doku_shape_is_classic9(const doku_shape *s);

int doku_shape_unit_count(const doku_shape *s);
doku_unit_kind doku_shape_unit_kind(const doku_shape *s, int unit);
/* Index of the unit among units of its kind, 0-based (row 0, box 4...). */
int doku_shape_unit_ordinal(const doku_shape *s, int unit);
/* The n cells of the unit (owned by the shape). */
const uint16_t *doku_shape_unit_cells(const doku_shape *s, int unit);
/* Units containing cell; count in *count (owned by the shape). */
const uint16_t *doku_shape_cell_units(const doku_shape *s, int cell, int *count);
/* Distinct cells sharing a unit with cell; count in *count. */
const uint16_t *doku_shape_peers(const doku_shape *s, int cell, int *count);

/* Writes a unit's user-facing name, e.g. "row 3", "box 5", "window 2",
 * "diagonal 1", "region 7". @return snprintf-style length. */
int doku_shape_unit_name(const doku_shape *s, int unit, char *buf, size_t cap);

/* Writes "r{row}c{col}" (1-based) for cell. @return snprintf-style length. */
int doku_cell_name(const doku_shape *s, int cell, char *buf, size_t cap);

/* Writes a one-line description, e.g. "9x9, 3x3 boxes, x+hyper". */
int doku_shape_describe(const doku_shape *s, char *buf, size_t cap);

/* ---------------------------------------------------------------------
 * Rules: conflicts between givens and full-grid verification.
 * ------------------------------------------------------------------- */
typedef struct doku_conflict {
    int cell_a, cell_b;    /* cell_a < cell_b, same digit */
    int unit;              /* a unit containing both */
    int digit;
} doku_conflict;

/* Finds pairs of filled cells with the same digit in one unit (each pair
 * once, reported for its first shared unit). Writes up to cap of them to out
 * (out may be NULL when cap is 0). Values outside 0..n count as errors:
 * @return number of conflicts found (may exceed cap), or -1 on a bad value. */
long doku_find_conflicts(const doku_shape *s, const uint8_t *cells,
                         doku_conflict *out, size_t cap);

/* @return 1 if solution is complete, obeys every unit, and agrees with
 * every given (givens may be NULL); 0 otherwise. Independent of the solver. */
int doku_verify_solution(const doku_shape *s, const uint8_t *givens,
                         const uint8_t *solution);

/* ---------------------------------------------------------------------
 * Search: one entry point for solve, uniqueness and counting.
 * ------------------------------------------------------------------- */
typedef struct doku_solver doku_solver;

/* Creates a reusable solver for one shape (scratch memory for one search at
 * a time; use one per thread). The shape must outlive the solver. */
doku_status doku_solver_create(const doku_shape *shape, doku_solver **out);
void doku_solver_free(doku_solver *solver);   /* NULL is ignored */

enum {
    DOKU_SEARCH_GENERIC = 1u << 0   /* never use a specialised fast path */
};

typedef struct doku_search_opts {
    uint64_t limit;        /* stop after this many solutions (0 means 1):
                              1 = solve, 2 = uniqueness, N = count */
    uint64_t node_budget;  /* give up after this many nodes; 0 = none */
    double time_budget;    /* give up after this many seconds; 0 = none */
    unsigned flags;        /* DOKU_SEARCH_* */
} doku_search_opts;

typedef struct doku_search_result {
    uint64_t solutions;    /* solutions found, at most limit */
    uint64_t nodes;        /* propagation runs: the root, every branch tried,
                              and any trial propagations (>= 1 + guesses) */
    uint64_t guesses;      /* branching decisions beyond the first choice */
    int gave_up;           /* 1: budget exhausted, solutions is a lower bound */
} doku_search_result;

/* Called for each solution found, in order; return nonzero to stop. */
typedef int (*doku_solution_fn)(void *user, const uint8_t *solution);

/* Searches for solutions of givens (n*n values, 0 = empty).
 * solution: if not NULL, receives the first solution found (n*n values);
 *           untouched when none is found.
 * on_solution/user: optional callback for every solution (may be NULL).
 * opts: may be NULL for limit 1, no budget.
 * The outcome is in *res: solutions == 0 and !gave_up means no solution;
 * solutions == limit means "at least limit".
 * @return DOKU_OK, or DOKU_ERR_ARG for a bad argument or a value > n. */
doku_status doku_search(doku_solver *solver, const uint8_t *givens,
                        const doku_search_opts *opts, uint8_t *solution,
                        doku_solution_fn on_solution, void *user,
                        doku_search_result *res);

/* ---------------------------------------------------------------------
 * Text input. A reader takes lines of text and yields records: puzzles
 * (with their comment and position) or errors naming line and column.
 * See docs/FORMATS.md for every accepted layout.
 * ------------------------------------------------------------------- */
typedef enum doku_symbols {
    DOKU_SYMBOLS_AUTO = 0,     /* 1-9A-Z, or 0-9A-Z / A-Z when unambiguous */
    DOKU_SYMBOLS_1_9A_Z = 1,   /* 1..9 then A=10, B=11 ... */
    DOKU_SYMBOLS_0_9A_Z = 2,   /* 0=1, 1=2 ... 9=10, A=11 ... (hexadoku) */
    DOKU_SYMBOLS_A_Z = 3       /* A=1, B=2 ... */
} doku_symbols;

typedef struct doku_reader_opts {
    int n;                     /* expected side; 0 = infer from the input */
    doku_symbols symbols;
} doku_reader_opts;

typedef enum doku_record_kind {
    DOKU_RECORD_PUZZLE = 0,
    DOKU_RECORD_ERROR = 1
} doku_record_kind;

typedef struct doku_record {
    doku_record_kind kind;
    int n;                     /* side of the puzzle */
    const uint8_t *cells;      /* n*n values, 0 = empty */
    const char *comment;       /* text around the grid, "" if none */
    size_t line;               /* 1-based line where the record starts */
    size_t column;             /* 1-based column of an error, else 0 */
    doku_status status;        /* for errors: DOKU_ERR_PARSE or _SIZE */
    const char *message;       /* for errors: what is wrong */
    doku_symbols symbols;      /* for puzzles: the alphabet the text used
                                  (the one forced, or the one detected) */
} doku_record;

typedef struct doku_reader doku_reader;

doku_status doku_reader_create(const doku_reader_opts *opts, doku_reader **out);
void doku_reader_free(doku_reader *r);   /* NULL is ignored */

/* Feeds one line (without its newline; a trailing '\r' is ignored). Lines
 * are numbered in the order fed, from 1. @return DOKU_OK or DOKU_ERR_NOMEM. */
doku_status doku_reader_push_line(doku_reader *r, const char *line, size_t len);

/* Signals end of input (completes or reports a pending multi-line grid). */
doku_status doku_reader_finish(doku_reader *r);

/* Takes the next ready record. @return 1 and fills *rec (pointers valid
 * until the next call on r), or 0 if none is ready. */
int doku_reader_next(doku_reader *r, doku_record *rec);

/* ---------------------------------------------------------------------
 * Text output.
 * ------------------------------------------------------------------- */
typedef enum doku_format {
    DOKU_FORMAT_LINE = 0,   /* n*n symbols on one line, '.' empty */
    DOKU_FORMAT_GRID = 1,   /* framed, readable */
    DOKU_FORMAT_JSON = 2,   /* JSON array of rows */
    DOKU_FORMAT_CSV = 3     /* n lines of n comma-separated numbers */
} doku_format;

enum {
    DOKU_STYLE_COLOR = 1u << 0,   /* ANSI: givens bold, conflicts red */
    DOKU_STYLE_MARK_FILLED = 1u << 1 /* grid: filled digits distinguishable */
};

/* The symbol for value v (1..n) under symbols, '.' for 0. For n > 35 the
 * caller should use a token format. */
char doku_symbol(int n, doku_symbols symbols, int v);

/* Writes cells in format fmt to buf (always NUL-terminated if cap > 0).
 * givens (may be NULL) marks which cells were given, for grid styling;
 * conflicts (may be NULL) marks cells to show in red with DOKU_STYLE_COLOR.
 * @return the length the full text needs (snprintf-style); when it is
 * >= cap, the output was cut. */
size_t doku_format_cells(const doku_shape *s, const uint8_t *cells,
                         const uint8_t *givens, const uint8_t *conflicts,
                         doku_format fmt, doku_symbols symbols, unsigned style,
                         char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* DOKU_H */
