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
 * means empty and 1..n are digits. A call that takes cell arrays (grids,
 * candidate masks, flags) takes their length too: `size_t ncells`, after
 * the arrays it measures, is the element count of every cell array of
 * that call and must be the shape's n*n (DOKU_ERR_ARG otherwise), so a
 * buffer made for another size is refused instead of read out of bounds.
 *
 * The conventions every comment below relies on:
 * - Returns: a call that can fail returns a doku_status and writes its
 *   results through out-parameters (on an error they hold the documented
 *   "none" value); predicates return bool; accessors return what they read.
 * - Ownership: the caller owns every object it creates (xxx_create,
 *   freed by xxx_free, which ignores NULL) and every array it passes; the
 *   library only reads an input array during the call and never keeps a
 *   pointer to it, except the shape a solver, logic context, generator or
 *   filter is made for, which must outlive it. Pointers the library
 *   returns (names, unit tables, steps, records) are owned by the object
 *   named in the comment and live as the comment says.
 * - NULL: a NULL object or a NULL required pointer is DOKU_ERR_ARG (or
 *   the "none" value of an accessor); optional pointers say "may be NULL".
 * - Threads: distinct objects never interfere. A shape and the static
 *   tables are read-only and may be shared; a solver, logic context,
 *   generator, rating filter or reader is used by one thread at a time;
 *   functions that only read their arguments (formatters, rules,
 *   accessors, names) are thread-safe.
 */
#ifndef DOKU_H
#define DOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* DOKU_API marks the exported functions. The library is built with
 * -fvisibility=hidden, so the shared object exports exactly the functions
 * declared with it here and nothing of its internals (tests/abi checks). */
#if defined(__GNUC__) || defined(__clang__)
#define DOKU_API __attribute__((visibility("default")))
#define DOKU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DOKU_API
#define DOKU_PRINTF(f, a)
#endif

/* The version of this header. CMakeLists.txt reads these lines, so they
 * are the one place the version is written. */
#define DOKU_VERSION_MAJOR 1
#define DOKU_VERSION_MINOR 0
#define DOKU_VERSION_PATCH 0
#define DOKU_VERSION_STRING "1.0.0"
/* One number that orders versions: MAJOR*10000 + MINOR*100 + PATCH. */
#define DOKU_VERSION_NUMBER \
    (DOKU_VERSION_MAJOR * 10000 + DOKU_VERSION_MINOR * 100 + DOKU_VERSION_PATCH)

/* @return the library's version string, e.g. "1.0.0" (static storage,
 * never NULL). Compare with DOKU_VERSION_STRING to detect a header and a
 * shared library from different releases. */
DOKU_API const char *doku_version(void);

/* @return the library's version as DOKU_VERSION_NUMBER computes it, e.g.
 * 10000 for 1.0.0: the running library's, where the macro is the header's. */
DOKU_API unsigned doku_version_number(void);

/* ABI rules (what a release may change without breaking callers built
 * against an older header of the same major version):
 * - Objects are opaque (create/free); their layout may change freely.
 * - Public structs never grow with internal lists (technique ids, unit
 *   kinds...): per-technique data is read through accessors such as
 *   doku_rating_count(), never through an array sized by DOKU_TECH_COUNT.
 * - Enums and status codes are append-only; their numbers never change.
 * - Options structs are zero-initialisable: 0 in a field means "default",
 *   so a caller that memsets them keeps working when fields are appended
 *   at the end (which only a new major version does).
 * - Every function that can fail returns a doku_status and hands its
 *   results back through out-parameters; predicates return bool and
 *   accessors the value they read (a documented "none" value for a NULL
 *   object or an index out of range). Every function validates its
 *   arguments; none reads out of bounds or crashes on NULL or
 *   out-of-range input.
 * - A budget (time, nodes, attempts) that runs out is always reported
 *   the same way: the call returns DOKU_GAVE_UP, with its outputs holding
 *   what was reached (documented per call). */

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
    DOKU_ERR_SIZE = 7,       /* puzzle size does not match the shape */
    /* Outcomes that are not faults of the call: the outputs are valid
     * as each function documents them. */
    DOKU_GAVE_UP = 8,        /* a budget (time, nodes, attempts) ran out
                                before the answer was known */
    DOKU_NO_SOLUTION = 9,    /* the grid has no solution (a contradiction) */
    DOKU_NOT_UNIQUE = 10,    /* more than one solution where one is needed */
    DOKU_DONE = 11           /* nothing (more) to return: no record ready,
                                no step found, past the last field */
} doku_status;

/* @return a short English description of status s (static storage, never
 * NULL; "unknown status" for a value not in the enum). */
DOKU_API const char *doku_status_string(doku_status s);

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
    DOKU_UNIT_REGION = 5,  /* jigsaw region */
    DOKU_UNIT_NONE = -1    /* doku_shape_unit_kind: NULL shape or no such unit */
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

/* Creates the shape described by spec and stores it in *out; the caller
 * owns it (doku_shape_free). spec and its regions are only read during the
 * call. @return DOKU_OK; DOKU_ERR_ARG if spec or out is NULL; DOKU_ERR_SHAPE
 * for a side outside 2..DOKU_MAX_N (a 1x1 grid, box 1x1, is refused) or a
 * box that does not tile it; DOKU_ERR_REGIONS for a region map that is not
 * n regions of n cells; DOKU_ERR_VARIANT for unknown variant bits or a
 * variant the shape has no room for; DOKU_ERR_NOMEM. On any error *out is
 * NULL (if out is not). */
DOKU_API doku_status doku_shape_create(const doku_shape_spec *spec, doku_shape **out);

/* doku_shape_create for a plain n x n with the default box (see
 * doku_default_box) and the given variants; same returns. */
DOKU_API doku_status doku_shape_create_simple(int n, unsigned variants, doku_shape **out);

/* Frees a shape and everything it owns; NULL is ignored. Every solver,
 * logic context, generator and band made for it must be freed first. */
DOKU_API void doku_shape_free(doku_shape *shape);

/* Picks the default box for side n: the most nearly square R <= C with
 * R*C = n, written to *box_rows and *box_cols (the caller's). Pure and
 * thread-safe. @return DOKU_OK; DOKU_ERR_SHAPE if n has no such
 * factorisation with R >= 2 (primes: then only a jigsaw shape fits);
 * DOKU_ERR_ARG for a NULL pointer. Nothing is written on an error. */
DOKU_API doku_status doku_default_box(int n, int *box_rows, int *box_cols);

/* Properties of a shape: plain reads of an immutable object, so any
 * thread may call them on a shared shape. Each returns 0 (false) for a
 * NULL shape. */
DOKU_API int doku_shape_n(const doku_shape *s);             /* side n */
DOKU_API int doku_shape_cells(const doku_shape *s);         /* n*n */
DOKU_API int doku_shape_box_rows(const doku_shape *s);      /* 0 if jigsaw replaces boxes */
DOKU_API int doku_shape_box_cols(const doku_shape *s);
DOKU_API unsigned doku_shape_variants(const doku_shape *s); /* DOKU_VARIANT_* */
DOKU_API bool doku_shape_has_regions(const doku_shape *s);  /* true: jigsaw */
/* true if this is exactly classic 9x9 (3x3 boxes, no extra units). */
DOKU_API bool doku_shape_is_classic9(const doku_shape *s);
/* Number of units: rows, columns, boxes, then extra units. */
DOKU_API int doku_shape_unit_count(const doku_shape *s);

/* The unit accessors take a unit index in 0..doku_shape_unit_count()-1
 * and the cell accessors a cell index in 0..doku_shape_cells()-1; a NULL
 * shape or an index out of range gives the "none" value each names. The
 * arrays returned are owned by the shape and live as long as it. */

/* @return the kind of unit, DOKU_UNIT_NONE if none. */
DOKU_API doku_unit_kind doku_shape_unit_kind(const doku_shape *s, int unit);
/* @return the unit's index among units of its kind, 0-based (row 0,
 * box 4...); -1 if none. */
DOKU_API int doku_shape_unit_ordinal(const doku_shape *s, int unit);
/* @return the n cells of the unit; NULL if none. */
DOKU_API const uint16_t *doku_shape_unit_cells(const doku_shape *s, int unit);
/* @return the units containing cell, their number in *count (count may
 * be NULL); NULL and *count = 0 if none. */
DOKU_API const uint16_t *doku_shape_cell_units(const doku_shape *s, int cell, int *count);
/* @return the distinct cells sharing a unit with cell, their number in
 * *count (count may be NULL); NULL and *count = 0 if none. */
DOKU_API const uint16_t *doku_shape_peers(const doku_shape *s, int cell, int *count);

/* The three writers below fill buf (cap bytes, the caller's) like
 * snprintf: always NUL-terminated when cap > 0 (cut to fit), buf may be
 * NULL when cap is 0 (to measure); *len (len may be NULL) receives the
 * length of the full text, so *len >= cap means the text was cut. They
 * only read the shape: thread-safe on a shared one.
 * @return DOKU_OK; DOKU_ERR_ARG ("" in buf when cap > 0, *len = 0) for a
 * NULL shape, an index out of range, or a NULL buf with cap > 0. */

/* A unit's user-facing name, e.g. "row 3", "box 5", "window 2",
 * "diagonal 1", "region 7". */
DOKU_API doku_status doku_shape_unit_name(const doku_shape *s, int unit, char *buf, size_t cap,
                                          size_t *len);

/* "r{row}c{col}" (1-based) for cell. */
DOKU_API doku_status doku_cell_name(const doku_shape *s, int cell, char *buf, size_t cap,
                                    size_t *len);

/* A one-line description, e.g. "9x9, 3x3 boxes+x+hyper". */
DOKU_API doku_status doku_shape_describe(const doku_shape *s, char *buf, size_t cap,
                                         size_t *len);

/* ---------------------------------------------------------------------
 * Rules: conflicts between givens and full-grid verification.
 * ------------------------------------------------------------------- */
typedef struct doku_conflict {
    int cell_a, cell_b;    /* cell_a < cell_b, same digit */
    int unit;              /* a unit containing both */
    int digit;
} doku_conflict;

/* Finds pairs of filled cells with the same digit in one unit (each pair
 * once, reported for its first shared unit) in cells (ncells values, read
 * only; ncells must be the shape's n*n). Writes up to cap of them to out
 * (the caller's array; may be NULL when cap is 0) and their total number
 * (which may exceed cap) to *count (count may be NULL). Thread-safe on a
 * shared shape. @return DOKU_OK (also when there are conflicts: *count
 * says how many); DOKU_ERR_ARG (*count = 0) for a NULL s or cells, an
 * ncells other than n*n, a value above n, or a NULL out with cap > 0. */
DOKU_API doku_status doku_find_conflicts(const doku_shape *s, const uint8_t *cells,
                                         size_t ncells, doku_conflict *out, size_t cap,
                                         size_t *count);

/* @return true if solution (ncells values) is complete, obeys every unit,
 * and agrees with every given (givens: NULL for none, else ncells values
 * too); false otherwise, also for a NULL s or solution or an ncells other
 * than the shape's n*n. Independent of the solver; thread-safe. */
DOKU_API bool doku_verify_solution(const doku_shape *s, const uint8_t *givens,
                                   const uint8_t *solution, size_t ncells);

/* ---------------------------------------------------------------------
 * Search: one entry point for solve, uniqueness and counting.
 * ------------------------------------------------------------------- */
typedef struct doku_solver doku_solver;

/* Creates a reusable solver for one shape (scratch memory for one search at
 * a time; use one per thread) in *out, owned by the caller
 * (doku_solver_free). The shape must outlive the solver.
 * @return DOKU_OK; DOKU_ERR_ARG if shape or out is NULL (*out = NULL if
 * out is not); DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_solver_create(const doku_shape *shape, doku_solver **out);
/* Frees a solver; NULL is ignored. */
DOKU_API void doku_solver_free(doku_solver *solver);
/* @return the shape solver was created for (owned by the caller who
 * created it), NULL for a NULL solver. Thread-safe. */
DOKU_API const doku_shape *doku_solver_shape(const doku_solver *solver);

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
} doku_search_result;

/* Called for each solution found, in order; return nonzero to stop. */
typedef int (*doku_solution_fn)(void *user, const uint8_t *solution);

/* Searches for solutions of givens (n*n values, 0 = empty; read only).
 * solution: if not NULL, receives the first solution found (n*n values,
 *           the caller's); untouched when none is found.
 * on_solution/user: optional callback for every solution (may be NULL);
 *           the grid it sees is valid only during the call.
 * opts: may be NULL for limit 1, no budget.
 * res: required; the outcome: with DOKU_OK, solutions == 0 means no
 * solution and solutions == limit "at least limit".
 * Not thread-safe on one solver (it is the search's scratch); distinct
 * solvers of one shape run in parallel.
 * @return DOKU_OK (the count is exact up to limit); DOKU_GAVE_UP when
 * node_budget or time_budget ran out first (res filled: solutions is a
 * lower bound); DOKU_ERR_ARG (and nothing searched) for a NULL solver,
 * givens or res, a value above n, a negative or NaN time_budget, or flag
 * bits other than DOKU_SEARCH_*; DOKU_ERR_NOMEM when the generic engine,
 * built on its first use, cannot be allocated, or cannot grow its undo
 * trail mid-search (res is then filled as for DOKU_GAVE_UP). The solver
 * stays usable. */
DOKU_API doku_status doku_search(doku_solver *solver, const uint8_t *givens, size_t ncells,
                                 const doku_search_opts *opts, uint8_t *solution,
                                 doku_solution_fn on_solution, void *user,
                                 doku_search_result *res);

/* doku_search restricted by pencil marks: candidates holds n*n masks
 * (bit d-1 = digit d; the caller's, read only), and a solution puts in
 * each empty cell of givens one of that cell's candidates (masks of
 * filled cells are not read). A candidate the marks removed is thus
 * excluded, as a player who crossed it out meant; solutions == 0 then
 * may mean the marks exclude every solution the givens have. NULL
 * candidates: exactly doku_search. Runs the generic engine. @return as
 * doku_search. */
DOKU_API doku_status doku_search_candidates(doku_solver *solver, const uint8_t *givens,
                                            const uint64_t *candidates, size_t ncells,
                                            const doku_search_opts *opts, uint8_t *solution,
                                            doku_solution_fn on_solution, void *user,
                                            doku_search_result *res);

/* How the suspects of doku_find_wrong_entry mend the grid. */
typedef enum doku_wrong_kind {
    DOKU_WRONG_NONE = 0,    /* nothing named */
    DOKU_WRONG_DIGIT = 1,   /* with another digit there (or, for an entry,
                               none) the grid has exactly one solution */
    DOKU_WRONG_SOME = 2     /* no cell does that; without a suspect the
                               grid has solutions */
} doku_wrong_kind;

/* What doku_find_wrong_entry (or, under constraints,
 * doku_constraints_find_wrong_entry of doku_constraints.h) found. */
typedef struct doku_wrong_entry {
    size_t suspects;       /* filled cells marked as the likely wrong one;
                              0: none found (the grid has a solution, or
                              more than one cell is wrong) */
    doku_wrong_kind kind;  /* how each suspect mends the grid */
    uint8_t value;         /* DIGIT with one suspect: the digit there of
                              the one solution; else 0 */
} doku_wrong_entry;

/* For a grid with no solution, which filled cell is wrong? If one cell
 * is (a mistyped given of a unique puzzle, a player's wrong entry), it
 * is among the cells that with another digit, or empty, give the grid
 * exactly one solution: those are the suspects. Emptying alone does not
 * tell: without a given a minimal puzzle has several solutions. When no
 * cell does that, the suspects are the cells without which the rest has
 * solutions. cells: n*n values, read only. marks: the caller's n*n
 * flags, all written: 1 for each suspect, else 0. Runs searches of up
 * to two solutions (one per filled cell, and one per digit where
 * emptying it leaves several), all within time_budget seconds (0:
 * none). A grid with a solution names nothing. Not thread-safe on one
 * solver. @return DOKU_OK (see out); DOKU_GAVE_UP when time_budget ran
 * out (nothing marked, out zeroed); DOKU_ERR_ARG for a NULL argument, a
 * value above n, or a negative or NaN budget (out zeroed if not NULL);
 * DOKU_ERR_NOMEM (nothing marked). */
DOKU_API doku_status doku_find_wrong_entry(doku_solver *solver, const uint8_t *cells,
                                           size_t ncells, double time_budget, uint8_t *marks,
                                           doku_wrong_entry *out);

/* SIMD tiers of the fast paths (classic 9x9, board16). A solver picks the
 * best tier the CPU has; doku_solver_set_isa (and doku_generator_set_isa
 * for a generator's own solver) asks for another, e.g. for tests and
 * benchmarks. Every tier gives the same results. The library reads no
 * environment: doku's programs (the CLI, the server, the Python module)
 * read DOKU_ISA (portable, sse42, avx2, avx512) and apply it to the
 * solvers and generators they create. */
typedef enum doku_isa {
    DOKU_ISA_AUTO = 0,      /* the best the CPU supports */
    DOKU_ISA_PORTABLE = 1,  /* baseline x86-64 (SSE2) or plain C elsewhere */
    DOKU_ISA_AVX2 = 2,      /* AVX2, BMI1/2, POPCNT, LZCNT */
    DOKU_ISA_AVX512 = 3,    /* AVX-512F on top of AVX2 */
    DOKU_ISA_SSE42 = 4      /* x86-64-v2: SSE4.2 and POPCNT, the portable
                               design with their instructions (between
                               PORTABLE and AVX2 in speed; classic 9x9
                               only, board16 shapes run PORTABLE) */
} doku_isa;

/* @return true if the running CPU can run tier isa (AUTO: true), else
 * false (also for a value outside the enum). Thread-safe. */
DOKU_API bool doku_isa_supported(doku_isa isa);
/* @return "auto", "portable", "avx2", "avx512" or "sse42" (static storage), NULL
 * for a value outside the enum. */
DOKU_API const char *doku_isa_name(doku_isa isa);
/* Reads the tier named name (as doku_isa_name spells it) into *out.
 * Thread-safe. @return DOKU_OK; DOKU_ERR_PARSE if name names no tier
 * (*out untouched); DOKU_ERR_ARG for a NULL name or out. */
DOKU_API doku_status doku_isa_from_name(const char *name, doku_isa *out);
/* Makes solver's fast paths run tier isa (AUTO: the best). @return DOKU_OK,
 * DOKU_ERR_ARG if solver is NULL, isa is outside the enum or the CPU
 * lacks it (the solver is then unchanged). */
DOKU_API doku_status doku_solver_set_isa(doku_solver *solver, doku_isa isa);
/* @return the tier solver's shape runs on: the fast path's build, or
 * DOKU_ISA_PORTABLE when the shape goes to the generic engine (plain C). */
DOKU_API doku_isa doku_solver_isa(const doku_solver *solver);

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

/* Creates a reader in *out, owned by the caller (doku_reader_free). opts
 * may be NULL (infer the size, symbols AUTO). @return DOKU_OK;
 * DOKU_ERR_ARG for a NULL out, opts->n other than 0 or 4..DOKU_MAX_N (the
 * reader reads sides from 4 up) or an unknown opts->symbols (*out = NULL then); DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_reader_create(const doku_reader_opts *opts, doku_reader **out);
/* Frees a reader and every record it holds; NULL is ignored. */
DOKU_API void doku_reader_free(doku_reader *r);

/* Feeds one line of len bytes (without its newline; a trailing '\r' is
 * ignored; copied, the caller keeps line). Lines are numbered in the order
 * fed, from 1. @return DOKU_OK; DOKU_ERR_ARG for a NULL r, or a NULL line
 * with len > 0; DOKU_ERR_NOMEM. Errors in the text are records, not
 * statuses. */
DOKU_API doku_status doku_reader_push_line(doku_reader *r, const char *line, size_t len);

/* Signals end of input (completes or reports a pending multi-line grid).
 * @return DOKU_OK, DOKU_ERR_ARG for a NULL r, or DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_reader_finish(doku_reader *r);

/* Takes the next ready record into *rec (its pointers are owned by r and
 * valid until the next call on r). A reader is one caller's: not
 * thread-safe. @return DOKU_OK and fills *rec (an error in the text is a
 * record of kind DOKU_RECORD_ERROR, still DOKU_OK); DOKU_DONE if none is
 * ready (feed more lines, or all were taken after doku_reader_finish);
 * DOKU_ERR_ARG for a NULL r or rec. */
DOKU_API doku_status doku_reader_next(doku_reader *r, doku_record *rec);
/* The i-th (0-based) metadata field of the puzzle record doku_reader_next
 * last returned: what its text said about it beside the cells — SadMan
 * .sdk headers (#A author, #D description, #C comment, #B date, #L level,
 * #S source, #U url), an OpenSudoku collection's and game's fields (name,
 * author, description, comment, date, source, level, url, note), an
 * f-puzzles link's title (name), author and ruleset (rules), and what the
 * shape must be: "variant" = "x" (both diagonals) and "regions" = n*n
 * region symbols 1-9A-Z (jigsaw). See docs/FORMATS.md. *key and *value are
 * owned by r and valid until the next call on r. @return DOKU_OK and sets
 * them; DOKU_DONE past the last field, for an error record or with none
 * returned yet; DOKU_ERR_ARG for a NULL argument. */
DOKU_API doku_status doku_reader_meta(const doku_reader *r, size_t i, const char **key,
                                      const char **value);
/* The pencil marks of the record doku_reader_next last returned, when
 * its text carried them (a candidate line or a pencil-mark grid; see
 * docs/FORMATS.md): n*n masks, bit d-1 = digit d still possible, owned by
 * r and valid until the next call on r; the record's cells hold the cells
 * left with one candidate. @return NULL for a record without pencil
 * marks, an error record, none returned yet, or a NULL r. */
DOKU_API const uint64_t *doku_reader_candidates(const doku_reader *r);

/* ---------------------------------------------------------------------
 * Text output.
 * ------------------------------------------------------------------- */
typedef enum doku_format {
    DOKU_FORMAT_LINE = 0,   /* n*n symbols on one line, '.' empty */
    DOKU_FORMAT_GRID = 1,   /* framed, readable */
    DOKU_FORMAT_JSON = 2,   /* JSON array of rows */
    DOKU_FORMAT_CSV = 3,    /* n lines of n comma-separated numbers */
    /* The large-grid interchange layouts (docs/FORMATS.md "Writing"): */
    DOKU_FORMAT_TOKENS = 4, /* "1-16": n lines of n decimal numbers, '.' empty */
    DOKU_FORMAT_HEX = 5,    /* hexadoku: 0-9A-Z symbols (1-9 up to 9x9), '*'
                               empty, groups of a box's width, blank line
                               between box bands (sides above 36: as TOKENS) */
    DOKU_FORMAT_LEWIS = 6,  /* Lewis: box order line, "1", then n lines of n
                               tab-separated numbers, -1 empty */
    DOKU_FORMAT_CSV_GRID = 7 /* csv-grid: n lines of n comma-separated
                               numbers, an empty field for an empty cell
                               (as CSV); as a record format, GRID records in
                               this layout: a spreadsheet opens each grid as
                               a block of cells, and doku reads them back */
} doku_format;

enum {
    DOKU_STYLE_COLOR = 1u << 0,   /* ANSI: givens bold, conflicts red */
    DOKU_STYLE_MARK_FILLED = 1u << 1, /* grid: filled digits distinguishable */
    DOKU_STYLE_CSV_TEXT = 1u << 2   /* CSV records: grids in line form and
                                       seeds written ="..." so Excel and
                                       LibreOffice keep them as text (an
                                       81-digit solution is not a number);
                                       doku's reader reads such fields back */
};

/* @return the symbol for value v (1..n) under symbols; '.' for 0 and for
 * any v that is not a digit of side n (v < 0, v > n, n outside
 * 1..DOKU_MAX_N) or that the alphabet has no symbol for (above its 26, 35
 * or 36 symbols), and for an unknown symbols. For n > 35 use a token
 * format. */
DOKU_API char doku_symbol(int n, doku_symbols symbols, int v);

/* Writes cells (n*n values) in format fmt to buf (the caller's, cap
 * bytes; always NUL-terminated if cap > 0; NULL with cap 0 measures).
 * givens (may be NULL) marks which cells were given, for grid styling;
 * conflicts (may be NULL) marks cells to show in red with DOKU_STYLE_COLOR.
 * *len (len may be NULL) receives the length the full text needs
 * (snprintf-style): when it is >= cap, the output was cut. Reads only;
 * thread-safe. @return DOKU_OK; DOKU_ERR_ARG (*len 0, "" in buf if cap >
 * 0) for a NULL s or cells, a wrong ncells, a NULL buf with cap > 0, an
 * unknown fmt or symbols, or a value above n. */
DOKU_API doku_status doku_format_cells(const doku_shape *s, const uint8_t *cells, size_t ncells,
                                       const uint8_t *givens, const uint8_t *conflicts,
                                       doku_format fmt, doku_symbols symbols, unsigned style,
                                       char *buf, size_t cap, size_t *len);


/* ---------------------------------------------------------------------
 * Generator: random numbers, full grids, clue removal, difficulty levels.
 * (section owned by the generator; see docs/ARCHITECTURE.md "Generator")
 * ------------------------------------------------------------------- */

/* A seedable random number generator (xoshiro256**). A plain value: the
 * caller owns it; copy it to fork a stream. Same seed, same numbers, on
 * every platform. Treat the fields as private. */
typedef struct doku_rng {
    uint64_t s[4];
} doku_rng;

/* Seeds r from any 64-bit value (0 is fine). NULL r is ignored. */
DOKU_API void doku_rng_seed(doku_rng *r, uint64_t seed);
/* @return the next 64 random bits; 0 for a NULL r. */
DOKU_API uint64_t doku_rng_next(doku_rng *r);
/* @return a uniform value in [0, bound); 0 when bound <= 1 or r is NULL. */
DOKU_API uint32_t doku_rng_below(doku_rng *r, uint32_t bound);
/* @return the seed of item `index` of a run seeded with `master`: how
 * batch generation stays identical whatever the number of threads. */
DOKU_API uint64_t doku_seed_derive(uint64_t master, uint64_t index);

/* Symmetry of the givens' positions. Removal works on orbits: the cells a
 * symmetry maps onto each other are given or empty together. */
typedef enum doku_symmetry {
    DOKU_SYM_NONE = 0,
    DOKU_SYM_ROT180 = 1,       /* r,c <-> n-1-r, n-1-c */
    DOKU_SYM_ROT90 = 2,        /* quarter turns */
    DOKU_SYM_MIRROR = 3,       /* left-right: c <-> n-1-c */
    DOKU_SYM_FLIP = 4,         /* top-bottom: r <-> n-1-r */
    DOKU_SYM_DIAGONAL = 5,     /* transpose: r,c <-> c,r */
    DOKU_SYM_ANTIDIAGONAL = 6, /* r,c <-> n-1-c, n-1-r */
    DOKU_SYM_RANDOM = 7        /* one of the above chosen per puzzle */
} doku_symmetry;
#define DOKU_SYM_COUNT 8

/* @return the symmetry's lower-case name ("rot180"...), "?" if unknown. */
DOKU_API const char *doku_symmetry_name(doku_symmetry sym);
/* (Parsing a symmetry name: doku_parse_symmetry in doku_parse.h.) */
/* @return true if the givens of puzzle (ncells values, the shape's n*n)
 * are symmetric under sym (RANDOM: under any), false otherwise, also for
 * a NULL s or puzzle, a wrong ncells or an unknown sym. Thread-safe. */
DOKU_API bool doku_symmetry_holds(const doku_shape *s, doku_symmetry sym,
                                  const uint8_t *puzzle, size_t ncells);

/* qqwing's four generator levels, kept under qqwing's name (they are
 * technique sets, not doku's difficulty vocabulary, doku_difficulty):
 * SIMPLE = naked singles suffice; EASY = hidden singles needed;
 * INTERMEDIATE = naked or hidden pairs or pointing/claiming needed;
 * EXPERT = more than that (qqwing: a guess). Every variant's extra units
 * take part like rows and columns do. */
typedef enum doku_qqwing_level {
    DOKU_QQWING_ANY = 0,
    DOKU_QQWING_SIMPLE = 1,
    DOKU_QQWING_EASY = 2,
    DOKU_QQWING_INTERMEDIATE = 3,
    DOKU_QQWING_EXPERT = 4
} doku_qqwing_level;

/* @return the level's name ("simple"...; "any" for ANY), "?" if unknown;
 * static storage, thread-safe. (Parsing: doku_parse_qqwing_level.) */
DOKU_API const char *doku_qqwing_level_name(doku_qqwing_level level);

/* The generator object: per shape, reusable, one per thread (it owns a
 * solver and scratch). The shape must outlive it. */
typedef struct doku_generator doku_generator;

/* Creates a generator in *out, owned by the caller (doku_generator_free).
 * @return DOKU_OK; DOKU_ERR_ARG for a NULL shape or out (*out = NULL if
 * out is not); DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_generator_create(const doku_shape *shape, doku_generator **out);
/* Frees a generator; NULL is ignored. */
DOKU_API void doku_generator_free(doku_generator *g);
/* Makes the searches of g (its uniqueness checks and fills) run SIMD tier
 * isa, as doku_solver_set_isa does for a solver; the puzzles made are the
 * same on every tier. @return DOKU_OK; DOKU_ERR_ARG if g is NULL, isa is
 * outside the enum or the CPU lacks it (g is then unchanged). */
DOKU_API doku_status doku_generator_set_isa(doku_generator *g, doku_isa isa);

/* Classifies puzzle (ncells values) by the levels above into *level (no
 * uniqueness check: a puzzle the logic cannot finish is EXPERT whether
 * or not it is unique). Not thread-safe on one generator. @return
 * DOKU_OK and SIMPLE..EXPERT in *level; DOKU_NO_SOLUTION if the givens
 * contradict each other; DOKU_ERR_ARG for a NULL g, puzzle or level, a
 * wrong ncells or a value above n. *level is DOKU_QQWING_ANY on an error. */
DOKU_API doku_status doku_generator_qqwing_level(doku_generator *g, const uint8_t *puzzle,
                                                 size_t ncells, doku_qqwing_level *level);

/* Fills grid (n*n values, the caller's) with a random complete solution
 * of the shape, drawn by a randomised search from rng (advanced; random
 * cell tie-breaks and digit order, restarting on a node budget).
 * @return DOKU_OK; DOKU_ERR_ARG if g, rng or grid is NULL; DOKU_ERR_NOMEM;
 * DOKU_ERR_SHAPE if the shape has no solution at all (e.g. a jigsaw map
 * that admits none) after bounded effort. */
DOKU_API doku_status doku_generate_grid(doku_generator *g, doku_rng *rng, uint8_t *grid,
                                        size_t ncells);

/* doku_generate_grid with a time budget in seconds (0 = none): past it the
 * fill stops and returns DOKU_GAVE_UP (grid unspecified). The budget only
 * decides whether a grid comes back, never which one: a grid returned is
 * the one doku_generate_grid gives for the same rng state. @return as
 * doku_generate_grid; DOKU_GAVE_UP; DOKU_ERR_ARG also for a negative or
 * NaN budget. */
DOKU_API doku_status doku_generate_grid_timed(doku_generator *g, doku_rng *rng,
                                              double time_budget, uint8_t *grid, size_t ncells);

typedef struct doku_reduce_opts {
    int target_givens;      /* stop once this many givens remain; 0 = go to
                               a minimal puzzle (no orbit removable) */
    doku_symmetry symmetry; /* RANDOM picks one from rng */
    doku_qqwing_level qqwing_level; /* ANY: keep every removal that leaves a unique
                               puzzle. SIMPLE..INTERMEDIATE: keep only those
                               that leave the puzzle solvable with that
                               level's techniques (unique by construction).
                               EXPERT: the same as ANY */
    const uint8_t *keep;    /* NULL, or n*n flags: nonzero = never remove */
    uint64_t check_budget;  /* search nodes per uniqueness check; a check
                               that runs out keeps the given. 0 = default
                               (ample up to 16x16; 20 beyond: fast, near-
                               minimal); UINT64_MAX = no limit */
} doku_reduce_opts;

typedef struct doku_reduce_result {
    int givens;             /* givens in the result */
    int minimal;            /* 1: every remaining orbit was proven needed */
    uint64_t checks;        /* uniqueness searches run */
    uint64_t unresolved;    /* checks that ran out of budget */
    doku_symmetry symmetry; /* the symmetry used (RANDOM resolved) */
} doku_reduce_result;

/* Removes givens in random order from start (a puzzle or full grid whose
 * unique solution is `solution`), keeping each removal only if the puzzle
 * stays unique (or, with a level, solvable at that level).
 * start: NULL means the full solution. Cells of start that break the
 * symmetry stay as they are (their orbits are never removed).
 * puzzle receives n*n values (the caller's); it may alias start. opts
 * NULL: minimal, no symmetry, any level. res may be NULL.
 * @return DOKU_OK; DOKU_ERR_ARG for a NULL g, rng, solution or puzzle, a
 * solution value outside 1..n, a start that disagrees with solution, an
 * unknown symmetry or level, or target_givens outside 0..n*n.
 * Uniqueness of start itself is the caller's promise (doku_search with
 * limit 2 checks it). */
DOKU_API doku_status doku_reduce(doku_generator *g, doku_rng *rng,
                                 const uint8_t *solution, const uint8_t *start, size_t ncells,
                                 const doku_reduce_opts *opts, uint8_t *puzzle,
                                 doku_reduce_result *res);

/* What doku_generate asks a doku_puzzle_filter about: one candidate
 * puzzle, valid only during the call. */
typedef struct doku_filter_call {
    const doku_shape *shape;   /* the generator's shape */
    const uint8_t *puzzle;     /* ncells values, unique */
    const uint8_t *solution;   /* its solution, ncells values */
    size_t ncells;             /* the shape's n*n */
    double seconds_left;       /* what is left of doku_generate's
                                  time_budget (0: no budget): a judgement
                                  that may run longer stops there and
                                  answers DOKU_GAVE_UP */
} doku_filter_call;

/* Extra acceptance test for generated puzzles (a rating range, a
 * required technique...). Sets *accept (true: keep the puzzle) and
 * returns DOKU_OK; DOKU_GAVE_UP when call->seconds_left ran out before a
 * verdict (doku_generate then stops with DOKU_GAVE_UP); any other status
 * ends doku_generate with that status (DOKU_ERR_NOMEM...). Called from
 * the generating thread; must be reentrant if several generators run at
 * once. */
typedef doku_status (*doku_puzzle_filter)(void *user, const doku_filter_call *call,
                                          bool *accept);

typedef struct doku_generate_opts {
    int min_givens, max_givens; /* accepted band of givens; 0,0 = any.
                                   Reduction aims at min_givens (0 = minimal) */
    int minimal;            /* 1: reduce to a minimal puzzle, proven: a
                               grid whose checks ran out of budget is
                               dropped (raise check_budget on big grids) */
    doku_symmetry symmetry;
    doku_qqwing_level qqwing_level; /* ANY or the exact level wanted (a
                               named difficulty is a rating filter) */
    const uint8_t *pattern; /* NULL, or n*n flags: givens exactly there
                               (with minimal: a grid is accepted only if
                               every one of them is proven needed) */
    doku_puzzle_filter filter; /* NULL: none */
    void *filter_user;      /* passed to filter as user */
    uint64_t max_attempts;  /* full grids tried before giving up; 0 = 1000 */
    double time_budget;     /* seconds before giving up; 0 = none. (The
                               only non-deterministic knob: it decides
                               when to stop, never what is produced: a
                               removal sweep it cuts short is dropped.
                               The filter is told what is left of it.) */
    uint64_t check_budget;  /* as in doku_reduce_opts */
} doku_generate_opts;

typedef struct doku_generate_result {
    int found;              /* 1: puzzle/solution hold an accepted puzzle
                               (exactly when DOKU_OK is returned) */
    uint64_t attempts;      /* full grids tried */
    int givens;             /* givens of the accepted puzzle */
    doku_qqwing_level qqwing_level; /* its level (ANY if not asked for) */
    doku_symmetry symmetry; /* the symmetry used */
    int minimal;            /* 1 if proven minimal */
    int best_givens;        /* when not found: fewest givens reached */
    doku_qqwing_level best_qqwing_level; /* when not found: last level seen */
} doku_generate_result;

/* Generates one unique puzzle from seed (the same seed and options give
 * the same puzzle). puzzle and solution receive n*n values (the caller's;
 * solution may be NULL). opts may be NULL (any puzzle); res may be NULL.
 * Not thread-safe on one generator; one generator per thread.
 * @return DOKU_OK: res->found is 1 and puzzle holds the puzzle;
 * DOKU_GAVE_UP when no accepted puzzle was found within max_attempts or
 * time_budget (res->found 0, best_* say what was reached; res->attempts
 * below max_attempts tells that the time ran out); DOKU_ERR_SHAPE for a
 * shape with no full grid at all; DOKU_ERR_ARG for a NULL g or
 * puzzle, an unknown symmetry or level, givens bounds outside 0..n*n or
 * crossed, or a negative or NaN time_budget; DOKU_ERR_NOMEM; a status
 * the filter returned other than DOKU_OK and DOKU_GAVE_UP (the run stops
 * there, nothing found). */
DOKU_API doku_status doku_generate(doku_generator *g, uint64_t seed,
                                   const doku_generate_opts *opts, uint8_t *puzzle,
                                   uint8_t *solution, size_t ncells, doku_generate_result *res);

/* ---------------------------------------------------------------------
 * Logic: solving like a human (issue 6).
 *
 * A doku_logic context holds a candidate grid for one shape and finds
 * steps on it: the simplest technique that makes progress, in the order
 * and with the ratings of Sudoku Explainer (SE), so a full run gives an
 * SE-scale rating. Techniques loop over the shape's unit table, so they
 * work for every size and variant (fish use rows and columns only).
 * One context per thread; the shape must outlive it.
 * ------------------------------------------------------------------- */

/* Technique ids, in the order the engine tries them. Stable numbers:
 * append only (DOKU_TECH_COUNT moves). */
typedef enum doku_technique {
    DOKU_TECH_FULL_HOUSE = 0,
    DOKU_TECH_HIDDEN_SINGLE,        /* 1.2 in a box, 1.5 in a line */
    DOKU_TECH_DIRECT_POINTING,      /* 1.7 */
    DOKU_TECH_DIRECT_CLAIMING,      /* 1.9 */
    DOKU_TECH_DIRECT_HIDDEN_PAIR,   /* 2.0 */
    DOKU_TECH_NAKED_SINGLE,         /* 2.3 */
    DOKU_TECH_DIRECT_HIDDEN_TRIPLE, /* 2.5 */
    DOKU_TECH_POINTING,             /* 2.6 */
    DOKU_TECH_CLAIMING,             /* 2.8 */
    DOKU_TECH_NAKED_PAIR,           /* 3.0 */
    DOKU_TECH_X_WING,               /* 3.2 */
    DOKU_TECH_HIDDEN_PAIR,          /* 3.4 */
    DOKU_TECH_NAKED_TRIPLE,         /* 3.6 */
    DOKU_TECH_SWORDFISH,            /* 3.8 */
    DOKU_TECH_HIDDEN_TRIPLE,        /* 4.0 */
    DOKU_TECH_SKYSCRAPER,           /* 4.0 */
    DOKU_TECH_TWO_STRING_KITE,      /* 4.1 */
    DOKU_TECH_TURBOT_FISH,          /* 4.2 */
    DOKU_TECH_EMPTY_RECTANGLE,      /* 4.3 */
    DOKU_TECH_XY_WING,              /* 4.2 */
    DOKU_TECH_XYZ_WING,             /* 4.4 */
    DOKU_TECH_UNIQUE_RECTANGLE,     /* 4.5+ (types 1-4, loops) */
    DOKU_TECH_NAKED_QUAD,           /* 5.0 */
    DOKU_TECH_JELLYFISH,            /* 5.2 */
    DOKU_TECH_HIDDEN_QUAD,          /* 5.4 */
    DOKU_TECH_THREE_LINKS,          /* 5.4-5.6 three strong links */
    DOKU_TECH_WXYZ_WING,            /* 5.5-5.6 */
    DOKU_TECH_BUG,                  /* 5.6+ */
    DOKU_TECH_VWXYZ_WING,           /* 6.2-6.4 */
    DOKU_TECH_ALIGNED_PAIR,         /* 6.2 */
    DOKU_TECH_X_CYCLE,              /* 6.5+ nice loop on one digit */
    DOKU_TECH_X_CHAIN,              /* 6.6+ */
    DOKU_TECH_Y_CYCLE,              /* 6.5+ */
    DOKU_TECH_XY_CYCLE,             /* 7.0+ */
    DOKU_TECH_AIC,                  /* 7.0+ forcing chain / AIC */
    DOKU_TECH_ALIGNED_TRIPLE,       /* 7.5 */
    DOKU_TECH_NISHIO,               /* 7.5+ */
    DOKU_TECH_CELL_FORCING,         /* 8.0+ */
    DOKU_TECH_REGION_FORCING,       /* 8.0+ */
    DOKU_TECH_DYNAMIC_FORCING,      /* 8.5+ */
    DOKU_TECH_DYNAMIC_PLUS,         /* 9.0+ */
    DOKU_TECH_TRIAL,                /* last resort, clearly labelled */
    /* --- extended techniques (issue 6, not in SE's order): off unless
     * listed in doku_logic_opts.techniques ("extended" enables them all);
     * they never change the default SE ratings. --- */
    DOKU_TECH_FINNED_X_WING,        /* 3.4 finned, 3.5 sashimi */
    DOKU_TECH_FINNED_SWORDFISH,     /* 4.0 finned, 4.1 sashimi */
    DOKU_TECH_FINNED_JELLYFISH,     /* 5.4 finned, 5.5 sashimi */
    DOKU_TECH_W_WING,               /* 4.4 */
    DOKU_TECH_REMOTE_PAIR,          /* 4.5 */
    DOKU_TECH_SIMPLE_COLOURING,     /* 4.5 colour trap / colour wrap */
    DOKU_TECH_MULTI_COLOURING,      /* 4.8 */
    DOKU_TECH_UNIQUE_RECTANGLE_6,   /* 4.6 */
    DOKU_TECH_HIDDEN_RECTANGLE,     /* 4.7 */
    DOKU_TECH_SUE_DE_COQ,           /* 5.0+ */
    DOKU_TECH_ALS_XZ,               /* 5.5+ */
    DOKU_TECH_ALS_XY_WING,          /* 6.0+ */
    DOKU_TECH_GROUPED_X_CHAIN,      /* 6.7+ */
    DOKU_TECH_GROUPED_AIC,          /* 7.1+ */
    DOKU_TECH_NESTED_FORCING,       /* 9.5+ SE's nested forcing chains */
    /* --- variant techniques (issue 27): only on a context made by
     * doku_logic_create_variant (doku_constraints.h); doku's own ratings,
     * SE has none for variants. On by default. --- */
    DOKU_TECH_CONSTRAINT,           /* 1.2-2.2 a constraint's own eliminations
                                       (thermometer, arrow, kropki, ...) */
    DOKU_TECH_CAGE_COMBINATION,     /* 2.0 digits no sum combination allows;
                                       2.6 a digit every combination needs */
    DOKU_TECH_INNIES_OUTIES,        /* 2.8+ the 45 rule on units and their unions */
    DOKU_TECH_COUNT
} doku_technique;

/* @return the technique's display name ("Hidden Single"), static storage;
 * "?" for an unknown id. */
DOKU_API const char *doku_technique_name(doku_technique t);

/* @return a short lowercase keyword for t ("hidden-single"), static
 * storage; "?" for an unknown id. */
DOKU_API const char *doku_technique_key(doku_technique t);

/* (Parsing a list of technique names: doku_parse_techniques in
 * doku_parse.h.) */

typedef struct doku_cand {
    int cell;              /* 0-based cell index */
    int digit;             /* 1..n */
} doku_cand;

/* One step. All pointers are owned by the logic context and stay valid
 * until the next call that changes or searches it. */
typedef struct doku_step {
    doku_technique technique;
    const char *name;      /* display name, may be more specific than the id's
                              ("Unique Rectangle type 2") */
    double rating;         /* SE scale, e.g. 2.6 */
    size_t nplacements;
    const doku_cand *placements;
    size_t neliminations;
    const doku_cand *eliminations;
    size_t nproof;
    const doku_cand *proof; /* the candidates (or cells, digit 0) that prove it */
    const char *text;      /* one sentence, e.g. "Hidden Single: in box 5, 7 can
                              only go in r4c6" */
} doku_step;

typedef struct doku_logic_opts {
    uint64_t techniques;   /* mask of allowed techniques; 0 = SE's set (all
                              but the extended ones, see doku_technique) */
    int uniqueness;        /* 0 (default): use uniqueness techniques when the
                              loaded puzzle is known to be unique; -1: never */
    int no_trial;          /* 1: never use the trial-and-error last resort */
    uint64_t search_nodes; /* node budget of the reference search that
                              doku_logic_load runs (solution, uniqueness);
                              0 = DOKU_LOGIC_SEARCH_NODES. A count, not a
                              clock: a rating never depends on the
                              machine's speed. */
} doku_logic_opts;

/* The default node budget of doku_logic_load's reference search: about
 * 10 s of the generic engine on a hard 16x16, far above what any puzzle
 * of the test sets needs (the hardest 16x16 there: 123,061 nodes). */
#define DOKU_LOGIC_SEARCH_NODES 5000000u

typedef struct doku_logic doku_logic;

/* Creates a logic context for shape in *out, owned by the caller
 * (doku_logic_free). opts may be NULL (SE's techniques). @return DOKU_OK;
 * DOKU_ERR_ARG for a NULL shape or out (*out = NULL if out is not), or a
 * techniques bit at or above DOKU_TECH_COUNT;
 * DOKU_ERR_NOMEM. */
DOKU_API doku_status doku_logic_create(const doku_shape *shape,
                              const doku_logic_opts *opts, doku_logic **out);
/* Frees a logic context; NULL is ignored. */
DOKU_API void doku_logic_free(doku_logic *lg);

/* Loads a puzzle or a partly filled grid (n*n values, 0 = empty): every
 * empty cell gets the candidates the filled cells allow. The puzzle is
 * checked by search within the node budget opts.search_nodes: uniqueness
 * techniques are enabled only if it has exactly one solution (a search
 * that runs out of budget proves nothing: no uniqueness techniques, and
 * no trial without a solution). The context keeps nothing of the
 * previous puzzle: one context serves any number of puzzles of its shape.
 * cells is copied. @return DOKU_OK; DOKU_ERR_ARG for a NULL lg or cells, a
 * value above n, or conflicting givens. */
DOKU_API doku_status doku_logic_load(doku_logic *lg, const uint8_t *cells, size_t ncells);

/* Loads a pencil-mark grid: cells (0 = empty) plus one candidate mask per
 * cell (bit d-1 = digit d; ignored for filled cells). Candidates that a
 * filled peer excludes are dropped. Uniqueness techniques stay off unless
 * unique_known is 1. Both arrays are copied. @return DOKU_OK;
 * DOKU_ERR_ARG for a NULL argument, a value above n, or conflicting
 * filled cells. */
DOKU_API doku_status doku_logic_load_candidates(doku_logic *lg, const uint8_t *cells,
                                                const uint64_t *cands, size_t ncells,
                                                int unique_known);

/* Finds the next step without applying it. The step's pointers are owned
 * by lg (see doku_step). A context is one thread's: not thread-safe.
 * @return DOKU_OK and fills *step; DOKU_DONE when solved or when no
 * allowed technique makes progress (doku_logic_solved tells which);
 * DOKU_NO_SOLUTION if the grid is broken (a cell without candidates or a
 * digit without a place); DOKU_GAVE_UP if the time or work limit
 * (doku_logic_set_time_limit, _set_work_limit) ran out before a step
 * was found;
 * DOKU_ERR_NOMEM if an allocation failed during the search (no step; lg
 * stays usable and a later call may succeed); DOKU_ERR_ARG for a NULL lg
 * or step. *step is written only with DOKU_OK. */
DOKU_API doku_status doku_logic_next(doku_logic *lg, doku_step *step);

/* Bounds the time of the steps that follow on lg: once `seconds` of
 * wall-clock time have passed from this call, the search for a step stops
 * inside the techniques' loops (so one long step is interrupted too), and
 * doku_logic_next and doku_logic_run return DOKU_GAVE_UP. 0 removes the
 * limit; loading a puzzle removes it as well (a limit belongs to the
 * puzzle it was set for). A rating never depends on the limit unless it
 * ran out. @return DOKU_OK; DOKU_ERR_ARG for a NULL lg or a negative or
 * NaN seconds. */
DOKU_API doku_status doku_logic_set_time_limit(doku_logic *lg, double seconds);
/* Bounds the work of the steps that follow on lg, as the time limit does
 * but counted, not timed: a work unit is one check of the techniques'
 * search loops (a cell, a chain source, a node of a nested chain), so
 * the same puzzle, options and limit stop at the same point on every
 * machine and under any load, and a rating cut short is reproducible.
 * Once `units` have been spent from this call (a variant constraint's own
 * search counts its nodes when it ends, so the count may pass `units` by
 * what that search spent), the search for a step
 * stops and doku_logic_next and doku_logic_run return DOKU_GAVE_UP
 * (doku_logic_gave_up_at tells the rating reached). With a time limit
 * too, the first to run out stops. 0 removes the limit; loading a puzzle
 * removes it as well. DOKU_LOGIC_WORK_DEFAULT is what doku's programs
 * give a grade by default. @return DOKU_OK; DOKU_ERR_ARG for a NULL lg. */
DOKU_API doku_status doku_logic_set_work_limit(doku_logic *lg, uint64_t units);
/* The work limit doku's programs give a grade, hint or explanation when
 * no time is asked for: about 60 s of the chain searches on the
 * reference machine (they spend 3-12 million units a second there; the
 * constraints' own rules of variant puzzles 2-40 million). */
#define DOKU_LOGIC_WORK_DEFAULT 600000000u
/* @return the work units (see doku_logic_set_work_limit) spent on lg since
 * its puzzle was loaded or its work limit last set; 0 for a NULL lg. */
DOKU_API uint64_t doku_logic_work(const doku_logic *lg);
/* @return when the time limit of lg interrupted a step, the rating that
 * step was known to reach at least (the base rating of the chain search
 * in progress, e.g. 10.5 inside SE's level-4 nested forcing chains), so
 * the puzzle's ER is at least the larger of it and the hardest step
 * applied; 0.0 if unknown, if the limit did not run out, or for a NULL
 * lg. */
DOKU_API double doku_logic_gave_up_at(const doku_logic *lg);

/* Applies the step last returned by doku_logic_next. @return DOKU_OK, or
 * DOKU_ERR_ARG if there is none or lg is NULL. */
DOKU_API doku_status doku_logic_apply(doku_logic *lg);

/* @return true if every cell is filled; false otherwise or for a NULL lg. */
DOKU_API bool doku_logic_solved(const doku_logic *lg);
/* Current cells (n*n, 0 = empty) and candidate masks (n*n, bit d-1 =
 * digit d), owned by lg and changed by its next load or apply; NULL for a
 * NULL lg. */
DOKU_API const uint8_t *doku_logic_cells(const doku_logic *lg);
DOKU_API const uint64_t *doku_logic_candidates(const doku_logic *lg);

/* doku's one difficulty vocabulary: five names, each one ER range of the
 * grader's scale (what doku_logic_run rates with default options), in
 * the spirit of HoDoKu's levels. `generate --difficulty NAME` accepts a
 * puzzle exactly when `grade` would name it NAME; grade, JSON records,
 * the server and the page all use these names (docs/TECHNIQUES.md).
 *   EASY     ER 1.0-2.3  singles
 *   MEDIUM   2.4-3.4     intersections and pairs
 *   HARD     3.5-4.6     up to basic fish, triples, XY/XYZ-wings
 *   UNFAIR   4.7-6.9     up to the 6.x patterns and short chains
 *   EXTREME  7.0 and up  forcing chains, AICs and harder
 * A rating below 1.0 (a grid with nothing to do) counts as EASY. */
typedef enum doku_difficulty {
    DOKU_DIFFICULTY_ANY = 0,       /* none asked for / not known */
    DOKU_DIFFICULTY_EASY = 1,
    DOKU_DIFFICULTY_MEDIUM = 2,
    DOKU_DIFFICULTY_HARD = 3,
    DOKU_DIFFICULTY_UNFAIR = 4,
    DOKU_DIFFICULTY_EXTREME = 5,
    DOKU_DIFFICULTY_UNSOLVED = 6   /* the logic gave up: no rating */
} doku_difficulty;

/* @return "easy" ... "extreme", "any" for ANY, "unsolved" for UNSOLVED
 * (lower case, static storage); "?" for a value not in the enum.
 * Thread-safe. (Parsing a name: doku_parse_difficulty in doku_parse.h.) */
DOKU_API const char *doku_difficulty_name(doku_difficulty d);
/* Writes the ER range of d (EASY ... EXTREME) to *min and *max, both
 * inclusive on the one-decimal scale; *max = -1 for EXTREME (no upper
 * bound), as doku_rating_filter_opts takes it. Thread-safe.
 * @return DOKU_OK; DOKU_ERR_ARG (nothing written) for ANY, UNSOLVED, a
 * value not in the enum, or a NULL pointer. */
DOKU_API doku_status doku_difficulty_range(doku_difficulty d, double *min, double *max);
/* @return the difficulty whose range holds rating er; UNSOLVED if
 * !solved or er is NaN. Pure and thread-safe. */
DOKU_API doku_difficulty doku_difficulty_of(double er, int solved);

typedef struct doku_rating {
    double er, ep, ed;     /* SE: hardest step; hardest up to the first
                              placement; first step */
    int solved;            /* 1 if the run finished the grid */
    doku_difficulty difficulty; /* doku_difficulty_of(er, solved) */
    doku_technique hardest;
    size_t steps;          /* steps applied; per technique:
                              doku_logic_technique_count() */
} doku_rating;

/* Runs the whole logical solve from the current grid, applying steps.
 * on_step (may be NULL) sees each step before it is applied; returning
 * nonzero stops the run. rating (may be NULL) receives the summary.
 * history (may be NULL, cap bytes, the caller's) receives one character
 * per step (see doku_technique_symbol), NUL-terminated, cut at cap-1.
 * The steps per technique are read with doku_logic_technique_count.
 * @return DOKU_OK when the run ended solved, stuck (no allowed technique
 * progresses, or the grid proved broken) or stopped by on_step (rating
 * says which); DOKU_GAVE_UP when the time or work limit
 * (doku_logic_set_time_limit, _set_work_limit) stopped it; DOKU_ERR_NOMEM if an allocation failed while looking for a
 * step. With either of those two the run stopped there and rating and
 * history hold the steps applied before. DOKU_ERR_ARG for a NULL lg. */
typedef int (*doku_step_fn)(void *user, const doku_step *step);
DOKU_API doku_status doku_logic_run(doku_logic *lg, doku_step_fn on_step, void *user,
                           doku_rating *rating, char *history, size_t cap);

/* @return one character per technique for compact histories: 'f' full
 * house, 'i' hidden single, 'n' naked single, 'p'/'h' SE's direct forms,
 * '^' intersections, '!' subsets, '#' fish, 's' single-digit patterns,
 * 'w' wings, 'u' uniqueness, 'a' aligned exclusion, 'c' chains, 'F' Nishio
 * and forcing chains, 'D' dynamic chains, '?' trial (docs/TECHNIQUES.md). */
DOKU_API char doku_technique_symbol(doku_technique t);

/* @return how many steps of technique t the last doku_logic_run on lg
 * applied (0 before any run); 0 for a NULL lg or an unknown t. The
 * accessor keeps doku_rating's size independent of the technique list. */
DOKU_API unsigned doku_logic_technique_count(const doku_logic *lg, doku_technique t);

/* ---------------------------------------------------------------------
 * Generator: rating filters (ER ranges, issue 5).
 *
 * A doku_rating_filter judges candidate puzzles by the logic grader's
 * rating, as doku_logic_run gives it with default options (what `doku
 * grade` prints): ER, the hardest step of the engine's simplest-first
 * path, with trial and error (10.0) as the last resort. The verdict is
 * exact; the filter only stops grading once it is known (a step above the
 * range, the first step at or above an open range's bottom, or a state
 * that singles alone finish). One filter per thread; the shape must
 * outlive it. (Renamed from doku_band: "band" is a row of boxes.)
 * ------------------------------------------------------------------- */

typedef struct doku_rating_filter_opts {
    double min, max;       /* accepted ER range, inclusive; max < 0: no
                              upper bound */
    uint64_t require;      /* 0, or a mask of (1ull << doku_technique): the
                              path must use at least one of them */
} doku_rating_filter_opts;

typedef struct doku_rating_filter doku_rating_filter;

/* Creates a rating filter for shape. @return DOKU_OK, DOKU_ERR_ARG
 * (NULLs, min > max >= 0, negative, infinite or NaN min, NaN max, a
 * require bit at or above DOKU_TECH_COUNT) or
 * DOKU_ERR_NOMEM. The caller owns *out. */
DOKU_API doku_status doku_rating_filter_create(const doku_shape *shape,
                                      const doku_rating_filter_opts *opts,
                                      doku_rating_filter **out);
DOKU_API void doku_rating_filter_free(doku_rating_filter *f);   /* NULL is ignored */

/* A doku_puzzle_filter: user is a doku_rating_filter (one caller at a
 * time: it holds a logic context). Judges call->puzzle (unique,
 * call->ncells values of the filter's shape; solution is not read) and
 * sets *accept to true if it is rated inside the range and uses a
 * required technique (false also for a puzzle the engine rejects as
 * invalid). The judgement stops at call->seconds_left (0: none).
 * @return DOKU_OK (the verdict is in *accept); DOKU_GAVE_UP when the time
 * left ran out first (*accept false: no verdict); DOKU_ERR_NOMEM (no
 * verdict; the filter stays usable); DOKU_ERR_ARG for a NULL user, call,
 * accept or puzzle, an ncells or shape other than the filter's, or a
 * negative or NaN seconds_left. */
DOKU_API doku_status doku_rating_filter_accept(void *user, const doku_filter_call *call,
                                               bool *accept);

/* Counters since creation, for benchmarks: puzzles judged, accepted, and
 * logic steps the engine took. Any pointer may be NULL (f NULL: zeros). */
DOKU_API void doku_rating_filter_stats(const doku_rating_filter *f, uint64_t *judged,
                              uint64_t *accepted, uint64_t *steps);

/* Reduces start (as doku_reduce: solution, start, ncells, opts, puzzle, res) until
 * the result rates inside f's range and uses its required technique:
 * attempt 0 draws its removal order from seed, attempt k from
 * doku_seed_derive(seed, k), up to `attempts` (0 = 32) reductions. f NULL:
 * one plain reduction, accepted. *accepted (the caller's) receives 1 and
 * puzzle the first accepted result, or 0 and puzzle the last one.
 * Thread-safe for distinct g and f. @return DOKU_OK; DOKU_ERR_NOMEM when
 * a judgement could not allocate (*accepted 0: no verdict); DOKU_ERR_ARG
 * for a NULL accepted, a negative attempts, or as doku_reduce. */
DOKU_API doku_status doku_reduce_rated(doku_generator *g, doku_rating_filter *f, uint64_t seed,
                                       int attempts, const uint8_t *solution,
                                       const uint8_t *start, size_t ncells,
                                       const doku_reduce_opts *opts, uint8_t *puzzle,
                                       doku_reduce_result *res, int *accepted);

/* (The named ranges are the difficulty names: doku_difficulty_range;
 * parsing "MIN-MAX": doku_parse_rating_range in doku_parse.h.) */

/* ---------------------------------------------------------------------
 * Text of results: a growable buffer and the sentences, steps, candidate
 * grids, pencil marks and exchange formats written into it. The command
 * records (`doku solve --format json` ...) are in doku_records.h.
 * ------------------------------------------------------------------- */

/* A growable text buffer. Start from {0} (or {NULL, 0, 0, 0}); the
 * writers grow data with realloc. data is NUL-terminated once anything
 * was written. After an allocation fails, failed is 1, the text so far is
 * kept and later appends are dropped: check failed once at the end. */
typedef struct doku_buf {
    char *data;
    size_t len, cap;
    int failed;
} doku_buf;

/* Appends len bytes of s. @return DOKU_OK, DOKU_ERR_NOMEM (b->failed set)
 * or DOKU_ERR_ARG for a NULL b, or a NULL s with len > 0. */
DOKU_API doku_status doku_buf_append(doku_buf *b, const char *s, size_t len);
/* Appends s (NUL-terminated) as a JSON string literal, quotes included:
 * control bytes escaped, bytes that are not UTF-8 written as \u00XX (the
 * Latin-1 character). NULL s writes "". @return as doku_buf_append. */
DOKU_API doku_status doku_buf_append_json_string(doku_buf *b, const char *s);
/* Appends s as one CSV field (RFC 4180), quoted when it holds a comma,
 * quote or line break. NULL s writes nothing. @return as doku_buf_append. */
DOKU_API doku_status doku_buf_append_csv_field(doku_buf *b, const char *s);
/* Appends the text printf would write for fmt and its arguments (any
 * length). @return as doku_buf_append; DOKU_ERR_ARG for a NULL b or fmt,
 * or a format that printf itself rejects (nothing is appended then). */
DOKU_API doku_status doku_buf_printf(doku_buf *b, const char *fmt, ...) DOKU_PRINTF(2, 3);
/* Empties b, keeping its memory (and clearing failed). NULL is ignored. */
DOKU_API void doku_buf_reset(doku_buf *b);
/* Frees b's memory and zeroes it; NULL is ignored. */
DOKU_API void doku_buf_free(doku_buf *b);

/* Appends to b the sentence naming the duplicate givens of cells (ncells
 * values, the shape's n*n; read only), as `doku check` words it: "r1c1 and r1c5 both hold
 * 5 in row 1; ..." — the first max conflicts (at most 64; max 0 writes
 * none of them), then "; and K more" when there are more. Digits are
 * written in symbols, or as numbers when n > 35. Nothing is written when
 * there is no conflict. If marks (the caller's, ncells) is not NULL, sets
 * marks[cell] = 1 for every cell of every conflict, described or not, and
 * leaves other entries alone. *count (count may be NULL) receives the
 * number of conflicts (0: none). Thread-safe for distinct buffers.
 * @return DOKU_OK; DOKU_ERR_ARG for a NULL b, s or cells, a wrong
 * ncells, an unknown symbols or a value above n (nothing written, *count
 * 0); DOKU_ERR_NOMEM for an allocation failure (b->failed set, or marks
 * left incomplete). */
DOKU_API doku_status doku_format_conflicts(doku_buf *b, const doku_shape *s,
                                           const uint8_t *cells, size_t ncells,
                                           doku_symbols symbols, size_t max, uint8_t *marks,
                                           size_t *count);

/* Appends to b the sentence naming what doku_find_wrong_entry found in
 * cells (n*n values) with its marks (n*n), by w->kind: "r3c4 holds 5,
 * which no solution has; with 7 there the grid has one solution"
 * (DIGIT; "another digit" without w->value), "...; without it the grid
 * has solutions" (SOME); with several suspects "a filled cell is wrong:
 * with another digit in any one of r1c2, r4c4 or r9c9 the grid has one
 * solution" (the first four, then "(or more)"). Digits as
 * doku_format_conflicts writes them. Nothing is written when w names no
 * suspect. @return DOKU_OK; DOKU_ERR_ARG for a NULL argument, an unknown
 * symbols or kind, or a value above n (nothing written); DOKU_ERR_NOMEM
 * (b->failed set). */
DOKU_API doku_status doku_format_wrong_entry(doku_buf *b, const doku_shape *s,
                                             const uint8_t *cells, size_t ncells,
                                             doku_symbols symbols, const uint8_t *marks,
                                             const doku_wrong_entry *w);

/* Appends one step. Text: "(2.6) Pointing: ..." when index is 0 (a
 * hint), "  12. (2.6) Pointing: ..." for step index of a path; each ends
 * in a newline. JSON: {"technique": display name, "key": stable keyword
 * (doku_technique_key), "rating", "placements", "eliminations", "proof"
 * (cells and digits that prove it, digit 0 for a whole cell), "text"}
 * with cells named "r4c7". Other formats write the text form.
 * @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument. */
DOKU_API doku_status doku_format_step(doku_buf *b, const doku_shape *s, const doku_step *step,
                             doku_format fmt, size_t index);

/* Appends the candidate grid of lg: one row a line, each empty cell as
 * its candidate symbols, filled cells as their digit, columns padded to
 * the widest entry, " |" between boxes, a blank line between box bands.
 * @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument. */
DOKU_API doku_status doku_format_candidates(doku_buf *b, const doku_shape *s, const doku_logic *lg);

/* Parses a pencil-mark grid: n*n tokens separated by blanks (frame
 * characters | + - = : * are ignored), one per cell, each the cell's
 * candidates written in symbols (DOKU_SYMBOLS_AUTO: 1-9A-Z, '.' or '0'
 * adds nothing); a one-candidate token is a filled cell. cells receives
 * n*n values, cands n*n masks (bit d-1 = digit d).
 * @return DOKU_OK, DOKU_ERR_ARG for a NULL argument, n out of range or an
 * unknown symbols, or DOKU_ERR_PARSE with a message in why (cap bytes, may
 * be NULL) that starts "LINE:COL: " (1-based, in text) when the fault is
 * at a place. */
DOKU_API doku_status doku_parse_pencil(const char *text, int n, doku_symbols symbols,
                                       uint8_t *cells, uint64_t *cands, size_t ncells,
                                       char *why, size_t cap);

/* Appends a pencil-mark state of shape s: cells (n*n values, 0 = empty)
 * and cands (n*n masks, bit d-1 = digit d, read for empty cells only;
 * NULL: each empty cell gets the digits no filled peer holds). grid 1:
 * the candidate grid doku_format_candidates writes, which the reader
 * reads back (an empty cell with one candidate is written as that digit,
 * so it reads back filled with it); grid 0: the n*n*n-character candidate line of Sudoku
 * Explainer and tdoku (character (r*n + c)*n + d-1 is digit d in 1-9A-Z
 * while it is a candidate, else '.'), then a newline. All arrays are the
 * caller's, read only. @return as doku_buf_append; DOKU_ERR_ARG for a
 * NULL b, s or cells, a value above n, or grid 0 with n > 35. */
DOKU_API doku_status doku_format_pencil(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                        const uint64_t *cands, size_t ncells, int grid);

/* Exchange formats: one puzzle as other programs share it. */
typedef enum doku_exchange {
    DOKU_EXCHANGE_SDK = 0,              /* SadMan .sdk: '#A author' ... header
                                           lines, then n rows ('.' empty) */
    DOKU_EXCHANGE_SUDOKUWIKI = 1,       /* https://www.sudokuwiki.org/sudoku.htm?bd=
                                           81 digits, 0 empty (classic 9x9) */
    DOKU_EXCHANGE_FPUZZLES = 2,         /* https://www.f-puzzles.com/?load=... */
    DOKU_EXCHANGE_SUDOKUPAD = 3,        /* https://sudokupad.app/fpuzzles... */
    DOKU_EXCHANGE_OPENSUDOKU = 4,       /* one <game data=.../> line (9x9) */
    DOKU_EXCHANGE_OPENSUDOKU_HEAD = 5,  /* <?xml ...><opensudoku> and the
                                           collection's fields from meta */
    DOKU_EXCHANGE_OPENSUDOKU_TAIL = 6   /* </opensudoku> */
} doku_exchange;

/* Appends cells (n*n values of shape s, 0 = empty) in exchange format fmt,
 * each puzzle or part ending in a newline. meta is NULL or an array of
 * key, value strings ended by a NULL key, with doku_reader_meta's keys
 * (author, name, description, comment, date, source, level, url, rules,
 * note); each format writes those it can hold. f-puzzles/SudokuPad links
 * carry jigsaw regions and the X diagonals, as lz-string base64 of
 * f-puzzles' JSON. s and cells may be NULL for the OpenSudoku head and
 * tail. All arguments are the caller's, read only. @return as
 * doku_buf_append; DOKU_ERR_ARG for a NULL b (or s, cells where needed),
 * a value above n or an unknown fmt; DOKU_ERR_SHAPE (nothing written)
 * when the format cannot hold the shape: SudokuWiki and OpenSudoku are
 * classic 9x9; f-puzzles has no hyper windows, no jigsaw with boxes and
 * no side above 16; .sdk no side above 35. */
DOKU_API doku_status doku_format_exchange(doku_buf *b, const doku_shape *s, const uint8_t *cells,
                                          size_t ncells, const char *const *meta,
                                          doku_exchange fmt);


#ifdef __cplusplus
}
#endif
#endif /* DOKU_H */
