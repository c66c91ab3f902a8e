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
    struct runner *owner;    /* the run it belongs to (cli_task_spill) */
    size_t spilled;          /* bytes of out already written by cli_task_spill */
    int spill_open;          /* the last spilled byte left a line open */
    int cut_short;           /* the task stopped early for SIGINT/SIGTERM */
    int skipped;             /* not run: the signal came first */
    int first_record;        /* the first puzzle or error record of the run
                                (notices about unreadable input before it
                                do not count): where a header belongs */
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

/* For a record that can grow large (solve --all): writes what t->out holds
 * to stdout now and empties it, in input order: it first waits until
 * every earlier record has been printed, so a worker holds at most one
 * unwritten chunk of it. Called by t's worker, in a run started with
 * cli_run_streaming. @return 0, or -1 when the output cannot be written or
 * a SIGINT/SIGTERM came (the task should stop early; it sets cut_short
 * for the signal, and what it has in out is written). */
int cli_task_spill(cli_task *t);

/* Reads every input of o (files, or stdin when none), runs ops on each
 * record with o->threads workers and prints the results in input order.
 * @return the worst exit code of all tasks and inputs. */
int cli_run(const cli_opts *o, const cli_run_ops *ops);
/* cli_run for commands whose tasks call cli_task_spill: workers take one
 * task at a time (a task waits for the ones before it to be printed, so
 * none of those may sit unstarted in its own worker's claim). */
int cli_run_streaming(const cli_opts *o, const cli_run_ops *ops);

#endif
