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
void doku_rng_seed(doku_rng *r, uint64_t seed);
/* @return the next 64 random bits. r must not be NULL. */
uint64_t doku_rng_next(doku_rng *r);
/* @return a uniform value in [0, bound); 0 when bound <= 1. */
uint32_t doku_rng_below(doku_rng *r, uint32_t bound);
/* @return the seed of item `index` of a run seeded with `master`: how
 * batch generation stays identical whatever the number of threads. */
uint64_t doku_seed_derive(uint64_t master, uint64_t index);

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
const char *doku_symmetry_name(doku_symmetry sym);
/* Parses a name as printed by doku_symmetry_name (also "rotational" for
 * rot180, "none"). @return 0 and *out, or -1 if unknown. */
int doku_symmetry_parse(const char *name, doku_symmetry *out);
/* @return 1 if the givens of puzzle are symmetric under sym (RANDOM: under
 * any), 0 otherwise. */
int doku_symmetry_holds(const doku_shape *s, doku_symmetry sym,
                        const uint8_t *puzzle);

/* Generator difficulty classes with qqwing's definitions: SIMPLE = naked
 * singles suffice; EASY = hidden singles needed; INTERMEDIATE = naked or
 * hidden pairs or pointing/claiming needed; EXPERT = more than that
 * (qqwing: a guess). Every variant's extra units take part like rows and
 * columns do. (Distinct from the logic engine's SE-based levels.) */
typedef enum doku_difficulty {
    DOKU_DIFF_ANY = 0,
    DOKU_DIFF_SIMPLE = 1,
    DOKU_DIFF_EASY = 2,
    DOKU_DIFF_INTERMEDIATE = 3,
    DOKU_DIFF_EXPERT = 4
} doku_difficulty;

/* @return the level's name ("simple"...; "any" for ANY), "?" if unknown. */
const char *doku_difficulty_name(doku_difficulty level);
/* Parses a level name. @return 0 and *out, or -1 if unknown. */
int doku_difficulty_parse(const char *name, doku_difficulty *out);

/* The generator object: per shape, reusable, one per thread (it owns a
 * solver and scratch). The shape must outlive it. */
typedef struct doku_generator doku_generator;

doku_status doku_generator_create(const doku_shape *shape, doku_generator **out);
void doku_generator_free(doku_generator *g);   /* NULL is ignored */

/* Classifies puzzle by the levels above (no uniqueness check: a puzzle the
 * logic cannot finish is EXPERT whether or not it is unique).
 * @return the level (SIMPLE..EXPERT), or DOKU_DIFF_ANY if the givens
 * contradict each other. */
doku_difficulty doku_generator_difficulty(doku_generator *g, const uint8_t *puzzle);

/* Fills grid (n*n values) with a random complete solution of the shape,
 * drawn by a randomised search (random cell tie-breaks and digit order,
 * restarting on a node budget). @return DOKU_OK, DOKU_ERR_ARG for NULLs,
 * DOKU_ERR_NOMEM; DOKU_ERR_SHAPE if the shape has no solution at all
 * (e.g. a jigsaw map that admits none) after bounded effort. */
doku_status doku_generate_grid(doku_generator *g, doku_rng *rng, uint8_t *grid);

typedef struct doku_reduce_opts {
    int target_givens;      /* stop once this many givens remain; 0 = go to
                               a minimal puzzle (no orbit removable) */
    doku_symmetry symmetry; /* RANDOM picks one from rng */
    doku_difficulty level;  /* ANY: keep every removal that leaves a unique
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
 * puzzle receives n*n values; it may alias start. opts NULL: minimal, no
 * symmetry, any level. @return DOKU_OK; DOKU_ERR_ARG for NULLs or a start
 * that disagrees with solution. Uniqueness of start itself is the
 * caller's promise (doku_search with limit 2 checks it). */
doku_status doku_reduce(doku_generator *g, doku_rng *rng,
                        const uint8_t *solution, const uint8_t *start,
                        const doku_reduce_opts *opts, uint8_t *puzzle,
                        doku_reduce_result *res);

/* Extra acceptance test for generated puzzles (a rating band, a required
 * technique...): return nonzero to accept. Called from the generating
 * thread; must be reentrant if several generators run at once. */
typedef int (*doku_puzzle_filter)(void *user, const doku_shape *s,
                                  const uint8_t *puzzle,
                                  const uint8_t *solution);

typedef struct doku_generate_opts {
    int min_givens, max_givens; /* accepted band of givens; 0,0 = any.
                                   Reduction aims at min_givens (0 = minimal) */
    int minimal;            /* 1: reduce to a minimal puzzle, proven: a
                               grid whose checks ran out of budget is
                               dropped (raise check_budget on big grids) */
    doku_symmetry symmetry;
    doku_difficulty level;  /* ANY or the exact level wanted */
    const uint8_t *pattern; /* NULL, or n*n flags: givens exactly there */
    doku_puzzle_filter filter;
    void *filter_user;
    uint64_t max_attempts;  /* full grids tried before giving up; 0 = 1000 */
    double time_budget;     /* seconds before giving up; 0 = none. (The
                               only non-deterministic knob: it decides
                               when to stop, never what is produced: a
                               removal sweep it cuts short is dropped.) */
    uint64_t check_budget;  /* as in doku_reduce_opts */
} doku_generate_opts;

typedef struct doku_generate_result {
    int found;              /* 1: puzzle/solution hold an accepted puzzle */
    uint64_t attempts;      /* full grids tried */
    int givens;             /* givens of the accepted puzzle */
    doku_difficulty level;  /* its level (DOKU_DIFF_ANY if not asked for) */
    doku_symmetry symmetry; /* the symmetry used */
    int minimal;            /* 1 if proven minimal */
    int best_givens;        /* when not found: fewest givens reached */
    doku_difficulty best_level; /* when not found: last level seen */
    int timed_out;          /* 1: stopped by time_budget */
} doku_generate_result;

/* Generates one unique puzzle from seed (the same seed and options give
 * the same puzzle). puzzle and solution receive n*n values (solution may
 * be NULL). When no accepted puzzle is found within max_attempts or
 * time_budget, res->found is 0 and best_* say what was reached.
 * @return DOKU_OK (also when not found), DOKU_ERR_ARG for NULLs or
 * impossible options, DOKU_ERR_NOMEM. */
doku_status doku_generate(doku_generator *g, uint64_t seed,
                          const doku_generate_opts *opts, uint8_t *puzzle,
                          uint8_t *solution, doku_generate_result *res);

#ifdef __cplusplus
}
#endif
#endif /* DOKU_H */
