/*
 * options.h — the options every doku subcommand shares, the one parser
 * loop that also reads each command's own options from a table, and the
 * shape the options describe.
 */
#ifndef DOKU_CLI_OPTIONS_H
#define DOKU_CLI_OPTIONS_H

#include "doku.h"
#include "usage.h"

#include <stdint.h>
#include <stdio.h>

enum { CLI_FORMAT_AUTO = -1 };   /* line for line input, grid for grids */

typedef struct cli_opts {
    const char *cmd;             /* the command's name, for messages */
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
    int format;                  /* doku_format or CLI_FORMAT_AUTO; tokens, hex
                                    and lewis are stored as GRID ... */
    doku_format layout;          /* ... with the grids' layout here (else GRID) */
    int csv_text;                /* --format csv-excel: CSV whose grids and
                                    seeds spreadsheets keep as text */
    int document;                /* a DOC_FORMAT_* document (xlsx, svg, png,
                                    pdf): then format is JSON, the records the
                                    document is made from; 0 for text */
    const char *output;          /* -o/--output FILE: the document's path, or
                                    where text output goes instead of stdout */
    const struct document_booklet *booklet; /* set by doku print: the document
                                    is a booklet (document.h) */
    int color;                   /* resolved: 1 = ANSI colour on stdout */
    int color_request;           /* -1 auto (TTY), 0 --no-color, 1 --color */
    const char *sheet;           /* --sheet NAME: workbook input's sheet */
    const char *range;           /* --range C3:K11 or Sheet1!C3:K11 */
    char **files;                /* positional arguments ("-" = stdin) */
    int nfiles;
    char *stdin_text;            /* standard input, read whole when it holds
                                    variant puzzles (variant_cli.c) */
    size_t stdin_len;
    int convert_to;              /* doku convert of variant puzzles: the
                                    doku_variant_format to write */
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

/* The help text for the common options, for each command's usage(). */
extern const char cli_common_help[];
extern const char cli_input_help[];

/* ---- what `doku convert --to` writes ---------------------------------- */
/* The output formats of convert. A new one (another helper's xlsx, svg
 * ...) is a new value at the end and a row in cli_targets (options.c). */
typedef enum cli_target {
    CLI_TO_LINE, CLI_TO_GRID, CLI_TO_CANDIDATES, CLI_TO_PM, CLI_TO_CSV, CLI_TO_JSON,
    CLI_TO_SDK, CLI_TO_OPENSUDOKU, CLI_TO_SUDOKUWIKI, CLI_TO_FPUZZLES, CLI_TO_SUDOKUPAD,
    CLI_TO_CSV_GRID, CLI_TO_CSV_EXCEL,
    CLI_TO_FPUZZLES_JSON, CLI_TO_VARIANT_TEXT, CLI_TO_KILLER /* variant puzzles' forms */
} cli_target;

/* Reads a target name into *out. @return 0, or -1 after printing the
 * list of the supported ones (cli_usage_error). */
int cli_parse_target(const char *cmd, const char *name, int *out);
/* "line, grid, ..." : the supported names, for help texts. */
const char *cli_target_list(void);

/* ---- shapes ----------------------------------------------------------- */
/* Builds the shape for side n under the options: --box, --variant,
 * --regions. On failure writes a reason to why and returns NULL. */
doku_shape *cli_make_shape(const cli_opts *o, int n, char *why, size_t cap);

#endif
