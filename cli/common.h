/*
 * common.h — what every doku subcommand shares: exit codes, the common
 * options, growable output buffers, and the batch runner that turns input
 * files into puzzles, hands them to worker threads and prints results in
 * input order.
 *
 * The one design idea: a command is a function of one puzzle. It writes
 * its stdout and stderr text into the puzzle's own buffers and never
 * prints; the runner owns files, threads and ordering. So every command
 * gets streaming, many inputs, --threads and error positions for free.
 */
#ifndef DOKU_CLI_COMMON_H
#define DOKU_CLI_COMMON_H

#include "doku.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes of every command. */
enum {
    CLI_EXIT_OK = 0,      /* everything as hoped */
    CLI_EXIT_FAIL = 1,    /* some puzzle unsolvable / invalid / not unique */
    CLI_EXIT_USAGE = 2    /* bad command line or unreadable input */
};

/* ---- growable text buffers ------------------------------------------ */
/* The library's growable buffer: a command builds its records in it with
 * the library's record writers (doku_format_*) and these helpers. */
typedef doku_buf cli_buf;

void cli_buf_put(cli_buf *b, const char *s, size_t len);
void cli_buf_puts(cli_buf *b, const char *s);
void cli_buf_printf(cli_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Writes s as a JSON string literal, quotes included. */
void cli_buf_json_string(cli_buf *b, const char *s);
/* Writes s as one CSV field, quoted when it needs to be. */
void cli_buf_csv_field(cli_buf *b, const char *s);
void cli_buf_reset(cli_buf *b);
void cli_buf_free(cli_buf *b);

/* Aborts the program with a message: the CLI's only answer to ENOMEM. */
void *cli_xmalloc(size_t size);
void *cli_xrealloc(void *p, size_t size);

/* ---- options shared by every command -------------------------------- */
enum { CLI_FORMAT_AUTO = -1 };   /* line for line input, grid for grids */

typedef struct cli_opts {
    int box_rows, box_cols;      /* --box RxC; 0 = default */
    unsigned variants;           /* --variant */
    const char *regions_file;    /* --regions */
    uint8_t *regions;            /* the loaded map, regions_n^2 ids */
    int regions_n;
    int keep_boxes;              /* --keep-boxes: jigsaw regions plus boxes */
    doku_symbols symbols;        /* --symbols */
    int threads;                 /* --threads, >= 1 */
    double timeout;              /* --timeout seconds per puzzle, 0 = none */
    int timeout_given;           /* --timeout was on the command line */
    int format;                  /* doku_format or CLI_FORMAT_AUTO */
    int color;                   /* resolved: 1 = ANSI colour on stdout */
    int color_request;           /* -1 auto (TTY), 0 --no-color, 1 --color */
    char **files;                /* positional arguments ("-" = stdin) */
    int nfiles;
} cli_opts;

/* A command-specific option: name like "--limit"; takes_value 1 when it
 * needs an argument (given as "--limit 5" or "--limit=5"). */
typedef struct cli_option {
    const char *name;
    int takes_value;
    int id;
} cli_option;

/* Handles option id with value (NULL for flags). Returns 0, or -1 after
 * printing what is wrong (use cli_usage_error). */
typedef int (*cli_option_fn)(void *ctx, int id, const char *value);

enum { CLI_PARSE_OK = 0, CLI_PARSE_HELP = 1, CLI_PARSE_ERROR = 2 };

/* Parses argv[1..] (argv[0] is the command name): --help, the command's
 * own options (extra, terminated by a {NULL} entry; may be NULL), the
 * common options, and positional files. usage(stdout) on --help.
 * @return CLI_PARSE_OK, CLI_PARSE_HELP (help printed: exit 0) or
 * CLI_PARSE_ERROR (message printed: exit 2). On OK, call cli_opts_free. */
int cli_parse_args(cli_opts *o, int argc, char **argv, const cli_option *extra,
                   cli_option_fn on_option, void *ctx, void (*usage)(FILE *));

void cli_opts_free(cli_opts *o);

/* Prints "doku CMD: message" and a hint to stderr. @return -1. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Strict number parsing for option values. @return 0 or -1. */
int cli_parse_u64(const char *s, uint64_t *out);
int cli_parse_seconds(const char *s, double *out);

/* The help text for the common options, for each command's usage(). */
extern const char cli_common_help[];
extern const char cli_input_help[];

/* ---- shapes ----------------------------------------------------------- */
/* Builds the shape for side n under the options: --box, --variant,
 * --regions. On failure writes a reason to why and returns NULL. */
doku_shape *cli_make_shape(const cli_opts *o, int n, char *why, size_t cap);

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
    cli_buf out, err;        /* what to print on stdout / stderr */
    int exit_code;           /* worst outcome of this task */
} cli_task;

typedef struct cli_worker cli_worker;

/* The worker's solver for shape (created on first use, one per worker and
 * side). NULL only when out of memory. */
doku_solver *cli_worker_solver(cli_worker *w, const doku_shape *shape);

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

/* ---- shared output helpers ------------------------------------------- */
/* "FILE:LINE" of the task, or "FILE:LINE:COL" when it has a column. */
void cli_task_where(const cli_task *t, char *buf, size_t cap);

/* Appends the cells formatted with doku_format_cells. */
void cli_put_cells(cli_buf *b, const doku_shape *s, const uint8_t *cells,
                   const uint8_t *givens, const uint8_t *conflicts,
                   doku_format fmt, doku_symbols symbols, unsigned style);

/* Appends the cells as a one-line JSON value (array of rows). */
void cli_put_json_cells(cli_buf *b, const doku_shape *s, const uint8_t *cells);

/* Appends "line" form of cells into a fresh string (caller frees). */
char *cli_line_string(const doku_shape *s, const uint8_t *cells, doku_symbols symbols);

/* Appends the givens of t as a grid: plain, or with colour (givens bold,
 * cells with marks[cell] red) when o asks for colour. marks may be NULL. */
void cli_put_puzzle_grid(cli_buf *b, const cli_task *t, const cli_opts *o,
                         const uint8_t *marks);

/* --format tokens|hex|lewis: commands write "grid" output, and grids come
 * out in that layout instead of framed, every other line of the grid
 * output as a '#' comment, so the whole output reads back. Set once while
 * parsing options, before any thread starts. */
void cli_set_grid_layout(doku_format layout);
/* "# " under such a layout, else "": the prefix of a grid output's notes. */
const char *cli_grid_note(void);

/* Style flags for grid output of t under o (colour, marked fills). */
unsigned cli_grid_style(const cli_opts *o);

/* Describes the duplicate givens of cells (up to max of them) as
 * "r1c1 and r1c5 both hold 5 in row 1; ..." into b. If marks is not NULL,
 * sets marks[cell] = 1 for every cell involved. @return the number of
 * conflicts (0: none), or -1 for a value outside 0..n. */
long cli_describe_conflicts(cli_buf *b, const doku_shape *s, const uint8_t *cells,
                            doku_symbols symbols, uint8_t *marks, int max);

/* Writes the symbol of value v (decimal for n > 35) into buf[8]. */
const char *cli_symbol(int n, doku_symbols symbols, int v, char *buf);

/* JSON output: opens the object of task t with "file", "line" and, for a
 * puzzle, "n", "shape", "puzzle" (line form) and "comment" if any; the
 * caller adds its fields and closes it with "}\n". */
void cli_json_open(cli_buf *b, const cli_task *t, doku_symbols symbols);
/* The whole JSON object for an error record: status "invalid", "error". */
void cli_json_invalid(cli_buf *b, const cli_task *t);
/* CSV output: "file,line," of t. */
void cli_csv_prefix(cli_buf *b, const cli_task *t);
/* Grid output: the header line "FILE:LINE: text (shape)". */
void cli_grid_header(cli_buf *b, const cli_task *t, const char *text);

/* The task as the library's record writers name it (symbols: the
 * alphabet of the puzzle's line form). */
doku_source cli_task_source(const cli_task *t, doku_symbols symbols);
/* How t's records are written under o (format, grid layout, style). */
doku_record_opts cli_record_opts(const cli_task *t, const cli_opts *o);
/* Checks a record writer's status: out of memory ends the program like
 * every other allocation failure of the CLI. */
void cli_check_written(doku_status st);

/* Prints the CSV header row of cmd's records to stdout. */
void cli_print_csv_header(doku_command cmd, int stats, int history, int extra);

/* Seconds on a monotonic clock, for per-puzzle timing. */
double cli_now(void);

#endif /* DOKU_CLI_COMMON_H */
