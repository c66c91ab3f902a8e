/*
 * runner.h — the batch runner: turns input files into puzzles, hands them
 * to worker threads and prints the results in input order.
 *
 * The one design idea: a command is a function of one puzzle. It writes
 * its stdout and stderr text into the puzzle's own buffers and never
 * prints; the runner owns files, threads and ordering. So every command
 * gets streaming, many inputs, --threads and error positions for free.
 */
#ifndef DOKU_CLI_RUNNER_H
#define DOKU_CLI_RUNNER_H

#include "buf.h"
#include "options.h"

/* ---- the batch runner ------------------------------------------------- */
typedef struct cli_task {
    const char *file;        /* display name ("<stdin>" for -) */
    size_t line, column;     /* where the record starts / the error is */
    size_t index;            /* 0-based record number over all input */
    int n;                   /* side (0 for some errors) */
    uint8_t *cells;          /* n*n givens; NULL for an error record */
    char *comment;           /* text kept around the grid, "" if none */
    int multiline;           /* the puzzle was written over several lines */
    const doku_shape *shape; /* NULL for an error record */
    char *error;             /* error record: what is wrong (runner-owned) */
    int format;              /* doku_format to write this result in */
    doku_symbols symbols;    /* alphabet to write it in: --symbols, or the input's */
    uint8_t *cells_buf;      /* runner-owned storage behind cells, kept across reuse */
    size_t cells_cap;
    char *comment_buf;       /* runner-owned storage behind comment */
    size_t comment_cap;
    const uint64_t *cands;   /* pencil marks read with the puzzle (n*n masks,
                                bit d-1 = digit d), or NULL */
    uint64_t *cands_buf;     /* runner-owned storage behind cands */
    size_t cands_cap;
    char *meta;              /* metadata read with the puzzle, packed
                                "key\0value\0" (doku_reader_meta's keys) */
    size_t meta_len, meta_cap;
    cli_buf out, err;        /* what to print on stdout / stderr */
    int exit_code;           /* worst outcome of this task */
} cli_task;

typedef struct cli_worker cli_worker;

/* The worker's solver for shape (created on first use, one per worker and
 * side). NULL only when out of memory. */
doku_solver *cli_worker_solver(cli_worker *w, const doku_shape *shape);

/* The worker's logic context for shape, created with lo on first use (one
 * per worker and side; lo must be the same for the whole run) and reused
 * for every puzzle: the caller loads each puzzle and must not free it.
 * NULL only when out of memory. */
doku_logic *cli_worker_logic(cli_worker *w, const doku_shape *shape, const doku_logic_opts *lo);

typedef void (*cli_task_fn)(cli_worker *w, cli_task *t, void *ctx);

typedef struct cli_run_ops {
    cli_task_fn puzzle;    /* each puzzle, on some worker thread */
    cli_task_fn invalid;   /* each error record; NULL: the runner writes
                              "FILE:LINE:COL: message" to stderr */
    void *ctx;             /* passed to both; shared by all threads */
} cli_run_ops;

/* Reads every input of o (files, or stdin when none), runs ops on each
 * record with o->threads workers and prints the results in input order.
 * @return the worst exit code of all tasks and inputs. */
int cli_run(const cli_opts *o, const cli_run_ops *ops);

#endif
