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

/* SIMD tiers of the fast paths (classic 9x9, board16). A solver picks the
 * best tier the CPU has; DOKU_ISA in the environment (portable, avx2,
 * avx512), read when a solver is created, caps it for every solver, e.g.
 * for tests and benchmarks (a tier the CPU lacks there, or an unknown
 * name, is ignored: callers wanting an error check doku_isa_supported). */
typedef enum doku_isa {
    DOKU_ISA_AUTO = 0,      /* the best the CPU supports */
    DOKU_ISA_PORTABLE = 1,  /* baseline x86-64 (SSE2) or plain C elsewhere */
    DOKU_ISA_AVX2 = 2,      /* AVX2, BMI1/2, POPCNT, LZCNT */
    DOKU_ISA_AVX512 = 3     /* AVX-512F on top of AVX2 */
} doku_isa;

/* @return 1 if the running CPU can run tier isa (AUTO: 1), else 0. */
int doku_isa_supported(doku_isa isa);
/* @return "auto", "portable", "avx2" or "avx512" (static storage), NULL
 * for a value outside the enum. */
const char *doku_isa_name(doku_isa isa);
/* @return the tier named name (as doku_isa_name spells it), or -1 if
 * name is NULL or names none. */
int doku_isa_from_name(const char *name);
/* Makes solver's fast paths run tier isa (AUTO: the best). @return DOKU_OK,
 * DOKU_ERR_ARG if solver is NULL, isa is outside the enum or the CPU
 * lacks it (the solver is then unchanged). */
doku_status doku_solver_set_isa(doku_solver *solver, doku_isa isa);
/* @return the tier solver's shape runs on: the fast path's build, or
 * DOKU_ISA_PORTABLE when the shape goes to the generic engine (plain C). */
doku_isa doku_solver_isa(const doku_solver *solver);

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
    DOKU_FORMAT_CSV = 3,    /* n lines of n comma-separated numbers */
    /* The large-grid interchange layouts (docs/FORMATS.md "Writing"): */
    DOKU_FORMAT_TOKENS = 4, /* "1-16": n lines of n decimal numbers, '.' empty */
    DOKU_FORMAT_HEX = 5,    /* hexadoku: 0-9A-Z symbols (1-9 up to 9x9), '*'
                               empty, groups of a box's width, blank line
                               between box bands (sides above 36: as TOKENS) */
    DOKU_FORMAT_LEWIS = 6   /* Lewis: box order line, "1", then n lines of n
                               tab-separated numbers, -1 empty */
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

/* doku_generate_grid with a time budget in seconds (0 = none): past it the
 * fill stops and returns DOKU_ERR_SHAPE with *timed_out = 1 (timed_out may
 * be NULL; it is set to 0 otherwise). The budget only decides whether a
 * grid comes back, never which one: a grid returned is the one
 * doku_generate_grid gives for the same rng state. */
doku_status doku_generate_grid_timed(doku_generator *g, doku_rng *rng,
                                     double time_budget, uint8_t *grid,
                                     int *timed_out);

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
    DOKU_TECH_COUNT
} doku_technique;

/* @return the technique's display name ("Hidden Single"), static storage;
 * "?" for an unknown id. */
const char *doku_technique_name(doku_technique t);

/* @return a short lowercase keyword for t ("hidden-single"), static. */
const char *doku_technique_key(doku_technique t);

/* Parses a comma-separated list of technique keywords and group names
 * (see docs/TECHNIQUES.md: "singles", "subsets", "fish", "wings",
 * "uniqueness", "chains", "forcing", "all", ...) into a mask of
 * (1ull << doku_technique). Singles are always included. "all" is SE's
 * set; the extended techniques come with their own keywords, the groups
 * "finned-fish", "colouring", "als", "grouped-chains", "extra" (all of
 * them) and "extended" (SE's set plus all of them).
 * @return DOKU_OK, or DOKU_ERR_PARSE and *bad_word (may be NULL) points at
 * the offending word inside list. */
doku_status doku_technique_mask(const char *list, uint64_t *mask,
                                const char **bad_word);

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
} doku_logic_opts;

typedef struct doku_logic doku_logic;

/* Creates a logic context for shape. opts may be NULL (SE's techniques).
 * @return DOKU_OK, DOKU_ERR_ARG or DOKU_ERR_NOMEM. The caller owns *out. */
doku_status doku_logic_create(const doku_shape *shape,
                              const doku_logic_opts *opts, doku_logic **out);
void doku_logic_free(doku_logic *lg);   /* NULL is ignored */

/* Loads a puzzle or a partly filled grid (n*n values, 0 = empty): every
 * empty cell gets the candidates the filled cells allow. The puzzle is
 * checked by search: uniqueness techniques are enabled only if it has
 * exactly one solution. @return DOKU_OK, DOKU_ERR_ARG (bad value or
 * conflicting givens). */
doku_status doku_logic_load(doku_logic *lg, const uint8_t *cells);

/* Loads a pencil-mark grid: cells (0 = empty) plus one candidate mask per
 * cell (bit d-1 = digit d; ignored for filled cells). Candidates that a
 * filled peer excludes are dropped. Uniqueness techniques stay off unless
 * unique_known is 1. @return DOKU_OK or DOKU_ERR_ARG. */
doku_status doku_logic_load_candidates(doku_logic *lg, const uint8_t *cells,
                                       const uint64_t *cands, int unique_known);

/* Finds the next step without applying it.
 * @return 1 and fills *step; 0 when solved or when no allowed technique
 * makes progress; -1 if the grid is broken (a cell without candidates or a
 * digit without a place). */
int doku_logic_next(doku_logic *lg, doku_step *step);

/* Applies the step last returned by doku_logic_next. @return DOKU_OK or
 * DOKU_ERR_ARG if there is none. */
doku_status doku_logic_apply(doku_logic *lg);

/* @return 1 if every cell is filled. */
int doku_logic_solved(const doku_logic *lg);
/* Current cells (n*n, 0 = empty) and candidate masks, owned by lg. */
const uint8_t *doku_logic_cells(const doku_logic *lg);
const uint64_t *doku_logic_candidates(const doku_logic *lg);

/* SE levels by ER (doku_level_of). */
typedef enum doku_level {
    DOKU_LEVEL_EASY = 0,       /* ER <= 1.2 */
    DOKU_LEVEL_MEDIUM,         /* <= 1.5 */
    DOKU_LEVEL_HARD,           /* <= 2.5 */
    DOKU_LEVEL_FIENDISH,       /* <= 6.0 */
    DOKU_LEVEL_DIABOLICAL,     /* < 8.5 */
    DOKU_LEVEL_NIGHTMARE,      /* >= 8.5: forcing nets (dynamic chains) */
    DOKU_LEVEL_UNSOLVED        /* logic gave up */
} doku_level;

/* @return "Easy", "Medium", ... (static); "?" for an unknown level. */
const char *doku_level_name(doku_level level);
/* @return the level of rating er; DOKU_LEVEL_UNSOLVED if !solved. */
doku_level doku_level_of(double er, int solved);

typedef struct doku_rating {
    double er, ep, ed;     /* SE: hardest step; hardest up to the first
                              placement; first step */
    int solved;            /* 1 if the run finished the grid */
    doku_level level;
    doku_technique hardest;
    size_t steps;
    unsigned counts[DOKU_TECH_COUNT]; /* steps per technique */
} doku_rating;

/* Runs the whole logical solve from the current grid, applying steps.
 * on_step (may be NULL) sees each step before it is applied; returning
 * nonzero stops the run. history (may be NULL, cap bytes) receives one
 * character per step (see doku_technique_symbol), NUL-terminated, cut at
 * cap-1. @return DOKU_OK or DOKU_ERR_ARG. */
typedef int (*doku_step_fn)(void *user, const doku_step *step);
doku_status doku_logic_run(doku_logic *lg, doku_step_fn on_step, void *user,
                           doku_rating *rating, char *history, size_t cap);

/* @return one character per technique for compact histories: 'f' full
 * house, 'i' hidden single, 'n' naked single, 'p'/'h' SE's direct forms,
 * '^' intersections, '!' subsets, '#' fish, 's' single-digit patterns,
 * 'w' wings, 'u' uniqueness, 'a' aligned exclusion, 'c' chains, 'F' Nishio
 * and forcing chains, 'D' dynamic chains, '?' trial (docs/TECHNIQUES.md). */
char doku_technique_symbol(doku_technique t);

/* ---------------------------------------------------------------------
 * Generator: rating bands (issue 5).
 *
 * A doku_band judges candidate puzzles by the logic grader's rating, as
 * doku_logic_run gives it with default options (what `doku grade`
 * prints): ER, the hardest step of the engine's simplest-first path, with
 * trial and error (10.0) as the last resort. The verdict is exact; the
 * band only stops grading once it is known (a step above the band, the
 * first step at or above an open band's bottom, or a state that singles
 * alone finish). One band per thread; the shape must outlive it.
 * ------------------------------------------------------------------- */

typedef struct doku_band_opts {
    double min, max;       /* accepted ER band, inclusive; max < 0: no
                              upper bound */
    uint64_t require;      /* 0, or a mask of (1ull << doku_technique): the
                              path must use at least one of them */
} doku_band_opts;

typedef struct doku_band doku_band;

/* Creates a band judge for shape. @return DOKU_OK, DOKU_ERR_ARG (NULLs,
 * min > max >= 0, negative, infinite or NaN min, NaN max) or
 * DOKU_ERR_NOMEM. The caller owns *out. */
doku_status doku_band_create(const doku_shape *shape, const doku_band_opts *opts,
                             doku_band **out);
void doku_band_free(doku_band *b);   /* NULL is ignored */

/* A doku_puzzle_filter: user is a doku_band. @return 1 if puzzle (unique,
 * n*n values of b's shape) is rated inside the band and uses a required
 * technique, else 0 (also for a puzzle the engine rejects as invalid). */
int doku_band_accept(void *user, const doku_shape *s, const uint8_t *puzzle,
                     const uint8_t *solution);

/* Counters since creation, for benchmarks: puzzles judged, accepted, and
 * logic steps the engine took. Any pointer may be NULL. */
void doku_band_stats(const doku_band *b, uint64_t *judged, uint64_t *accepted,
                     uint64_t *steps);

#ifdef __cplusplus
}
#endif
#endif /* DOKU_H */
