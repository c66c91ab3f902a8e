/*
 * doku_records.h — the records the doku programs print, as a library.
 *
 * Every command's output (solve, count, check, explain, hint, grade,
 * generate, reduce) is a sequence of records, one per puzzle. The writers
 * here produce them byte for byte as `doku` prints them in each format
 * (line, grid, JSON, CSV), so the CLI, the server and a binding write the
 * same text. They append to a caller-owned doku_buf (doku.h) and never
 * print; they only read their arguments and are thread-safe for distinct
 * buffers. Installed beside doku.h; the engine itself needs only doku.h.
 */
#ifndef DOKU_RECORDS_H
#define DOKU_RECORDS_H

#include "doku.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------
 * Records: results as the text, JSON and CSV that `doku` prints.
 *
 * Every command's output is a sequence of records, one per input puzzle
 * (or per generated puzzle). The writers below produce those records byte
 * for byte as the CLI prints them, so a server or a binding that calls
 * them writes the same JSON as `doku <command> --format json`. They
 * append to a caller-owned growable buffer and never print. The record
 * schema is in docs/FORMATS.md ("Records") and docs/schema/.
 * ------------------------------------------------------------------- */

/* The commands whose records the writers know. Their CSV columns differ;
 * their JSON records share the head below. */
typedef enum doku_command {
    DOKU_CMD_SOLVE = 0,
    DOKU_CMD_COUNT = 1,
    DOKU_CMD_CHECK = 2,
    DOKU_CMD_EXPLAIN = 3,
    DOKU_CMD_HINT = 4,
    DOKU_CMD_GRADE = 5,
    DOKU_CMD_GENERATE = 6,
    DOKU_CMD_REDUCE = 7
} doku_command;

/* Where a record's puzzle came from, and the puzzle itself. */
typedef struct doku_source {
    const char *file;         /* display name ("<stdin>"); NULL: "" */
    size_t line;              /* 1-based line where the puzzle starts */
    size_t column;            /* 1-based column of a read error, else 0 */
    const doku_shape *shape;  /* NULL for an input that is no puzzle */
    const uint8_t *cells;     /* the puzzle as read, n*n values; NULL
                                 exactly when shape is NULL */
    const char *comment;      /* text kept around the grid; NULL or "": none */
    doku_symbols symbols;     /* alphabet of the puzzle's line form */
} doku_source;

/* How records are written. Every record writer below answers
 * DOKU_ERR_ARG (and writes nothing) for a src->symbols (or symbols) or
 * opts->format outside its enum. */
typedef struct doku_record_opts {
    doku_format format;       /* LINE, GRID, JSON or CSV; TOKENS, HEX and
                                 LEWIS write GRID records whose grids take
                                 that layout and whose other lines are '#'
                                 comments, so the output reads back */
    unsigned style;           /* grids: DOKU_STYLE_* (COLOR, MARK_FILLED) */
    int stats;                /* solve/count: add search statistics */
    int history;              /* grade: add the step history and time */
    double timeout;           /* solve: the budget, named in "gave up after" */
} doku_record_opts;

/* Appends the CSV header row of cmd's records (with the optional columns
 * opts asks for: stats, history; for generate: solution when extra is
 * 1). Commands without a CSV form append nothing.
 * @return as doku_buf_append; DOKU_ERR_ARG for NULL b or opts. */
DOKU_API doku_status doku_format_csv_header(doku_buf *b, doku_command cmd,
                                   const doku_record_opts *opts, int extra);

/* Appends the record of an input that is not a usable puzzle: status
 * "invalid" and the reason (src->shape may be NULL). Line and grid
 * formats write nothing (the reason belongs on stderr there) except
 * where the command's verdict is its output (check).
 * @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument. */
DOKU_API doku_status doku_format_invalid(doku_buf *b, doku_command cmd, const doku_source *src,
                                const doku_record_opts *opts, const char *reason);

/* ---- search records: solve, count, check ---- */
typedef enum doku_check_verdict {
    DOKU_CHECK_UNIQUE = 0,
    DOKU_CHECK_NONE = 1,       /* no solution */
    DOKU_CHECK_MULTIPLE = 2,   /* several solutions */
    DOKU_CHECK_GAVE_UP = 3,    /* budget ran out */
    DOKU_CHECK_CONFLICT = 4    /* duplicate givens (status "invalid") */
} doku_check_verdict;

typedef struct doku_search_record {
    doku_command command;      /* DOKU_CMD_SOLVE, _COUNT or _CHECK */
    const doku_search_result *result; /* the search's outcome (unused for
                                   check's DOKU_CHECK_CONFLICT) */
    doku_status status;        /* what doku_search returned for it: DOKU_OK,
                                  or DOKU_GAVE_UP (result->solutions is then
                                  a lower bound) */
    uint64_t limit;            /* the search limit it ran with */
    int list;                  /* solve: 1 writes every solution found
                                  (--limit N, --all), 0 the unique one */
    const uint8_t *solutions;  /* solve: nsolutions grids of n*n values,
                                  in the order found; may be NULL if 0.
                                  With list: NULL when all nsolutions were
                                  written already by doku_format_solution */
    size_t nsolutions;
    const char *cut;           /* solve with list: why the listing stopped
                                  before the search did, e.g. "stopped at
                                  64 MiB of output" (the caller's limit);
                                  NULL: it did not */
    const char *reason;        /* why there is no solution (duplicate
                                  givens) or check's message; may be NULL */
    const uint8_t *marks;      /* n*n flags of the cells reason names, for
                                  colour grids; may be NULL. check's JSON
                                  lists them as "conflicts" (duplicates)
                                  or, for DOKU_CHECK_NONE, "suspects" (a
                                  likely wrong entry) */
    doku_check_verdict verdict; /* check only */
    double time_ms;            /* with opts->stats */
} doku_search_record;

/* Appends the record of one searched puzzle (src->shape not NULL).
 * @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument or a
 * missing result. */
DOKU_API doku_status doku_format_search(doku_buf *b, const doku_source *src,
                               const doku_record_opts *opts,
                               const doku_search_record *rec);

/* Appends solution number index (0-based) of a listed solve record (list
 * set: --limit N, --all), so a long listing can leave while the search
 * runs; index 0 also writes the record's start. The record is ended by
 * doku_format_search with rec->solutions NULL and rec->nsolutions the
 * number written this way.
 * A listed record puts its solutions first and its status, count and
 * reason after them, in every format. @return as doku_buf_append;
 * DOKU_ERR_ARG for a NULL argument. */
DOKU_API doku_status doku_format_solution(doku_buf *b, const doku_source *src,
                                          const doku_record_opts *opts, size_t index,
                                          const uint8_t *solution);

/* ---- logic records: explain, hint, grade ---- */

typedef struct doku_logic_record {
    doku_command command;      /* DOKU_CMD_EXPLAIN, _HINT or _GRADE */
    doku_check_verdict verdict; /* what a search found first: UNIQUE (the
                                  engine ran; the fields below say how) or
                                  why it did not run: NONE, MULTIPLE,
                                  GAVE_UP (budget), CONFLICT */
    const char *message;       /* with a verdict other than UNIQUE: the
                                  reason (may be NULL) */
    const doku_rating *rating; /* explain, grade: the run's rating */
    doku_status status;        /* explain, grade: how the run ended (as
                                  doku_logic_run returns: DOKU_GAVE_UP when
                                  a time limit stopped it, else DOKU_OK);
                                  hint: doku_logic_next's return */
    const char *steps;         /* explain: the steps as doku_format_step
                                  wrote them (JSON: comma-separated) */
    size_t steps_len;
    const doku_logic *logic;   /* explain (unsolved): the context whose
                                  candidates the text shows; grade: the
                                  context that ran (technique counts) */
    const doku_step *step;     /* hint: the step found, or NULL */
    int solved;                /* hint: the grid was already full */
    const char *history;       /* grade with opts->history */
    double time_ms;            /* grade with opts->history */
} doku_logic_record;

/* Appends the record of one puzzle run through the logic engine.
 * @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument or a
 * missing rating / logic context the record needs. */
DOKU_API doku_status doku_format_logic(doku_buf *b, const doku_source *src,
                              const doku_record_opts *opts,
                              const doku_logic_record *rec);

/* ---- generator records: generate, reduce ---- */
typedef struct doku_generate_record {
    uint64_t index;            /* 0-based number of the puzzle in the run */
    uint64_t seed;             /* its own seed (doku_seed_derive of the
                                  run's master seed and index) */
    const uint8_t *puzzle;     /* n*n values */
    const uint8_t *solution;   /* n*n values */
    const doku_generate_result *result; /* its result (givens, symmetry...) */
    int full;                  /* 1: a full grid (--full): no symmetry,
                                  level or minimality */
    int with_solution;         /* line and grid: add the solution */
    uint64_t master_seed;      /* the run's master seed (json and csv) */
    doku_difficulty difficulty; /* the difficulty asked for by name (its
                                  rating filter accepted the puzzle), or
                                  ANY */
} doku_generate_record;

/* Appends the record of one generated puzzle of shape s, its line forms
 * in symbols. Seeds are written as strings of digits in JSON (a reader
 * keeps all 64 bits) and as digits in CSV. @return as doku_buf_append; DOKU_ERR_ARG for a NULL
 * argument. */
DOKU_API doku_status doku_format_generate(doku_buf *b, const doku_shape *s, doku_symbols symbols,
                                 const doku_record_opts *opts,
                                 const doku_generate_record *rec);

typedef struct doku_reduce_record {
    const char *status;        /* "reduced", or why not: "invalid",
                                  "gave_up", "unsolvable", "not_unique",
                                  "too_hard" ... ; with `reduced` set,
                                  "above_target": reduced, but not down
                                  to the givens asked */
    const char *message;       /* the reason when not reduced, or why the
                                  target was not reached (NULL: none) */
    const uint8_t *reduced;    /* when reduced: n*n values */
    int givens_before;         /* givens of the input */
    const doku_reduce_result *result; /* when reduced */
} doku_reduce_record;

/* Appends the record of one reduced input (src->shape not NULL); a
 * failure is "# FILE:LINE: status: message" in line form. @return as doku_buf_append; DOKU_ERR_ARG for a NULL argument
 * or a missing part. */
DOKU_API doku_status doku_format_reduce(doku_buf *b, const doku_source *src,
                               const doku_record_opts *opts, const doku_reduce_record *rec);

#ifdef __cplusplus
}
#endif
#endif /* DOKU_RECORDS_H */
