/*
 * logic_cli.h — what `doku explain`, `doku hint` and `doku grade` share:
 * their common options (--techniques, --no-uniqueness, --no-trial,
 * --pencil) and the logic context per puzzle; steps and records are
 * written by the library (doku_format_step, doku_format_logic).
 *
 * The one design idea: the three commands are views of the same run of
 * the logic engine (all steps, the first step, the rating), so they share
 * one setup.
 */
#ifndef DOKU_LOGIC_CLI_H
#define DOKU_LOGIC_CLI_H

#include "doku_records.h"
#include "runner.h"

#include <stdio.h>

typedef struct logic_cli_opts {
    doku_logic_opts lo;   /* techniques mask, uniqueness, no_trial */
    int pencil;           /* --pencil: input is a pencil-mark grid */
} logic_cli_opts;

/* --timeout for the logic commands: checked between steps (a step itself
 * is not interrupted), so a run stops at the first step found after the
 * deadline. */
typedef struct logic_deadline {
    double end;     /* now_seconds() seconds, 0 = none */
    int hit;        /* set when the run was stopped by it */
} logic_deadline;

/* A deadline from the command's --timeout (none when not given or 0). */
logic_deadline logic_cli_deadline(const cli_opts *o);
/* 1 (and d->hit set) if d has passed. */
int logic_cli_past(logic_deadline *d);

enum {
    LOGIC_OPT_TECHNIQUES = 100,
    LOGIC_OPT_NO_UNIQUENESS,
    LOGIC_OPT_NO_TRIAL,
    LOGIC_OPT_PENCIL
};

/* Handles the shared options; cmd names the command for messages.
 * @return 0, -1 after an error message, or 1 if id is not one of them. */
int logic_cli_option(logic_cli_opts *lc, const char *cmd, int id, const char *value);

/* The rows of the shared options, first in each logic command's option
 * table (--pencil is hint's alone). */
#define LOGIC_CLI_OPTION_ROWS                          \
    {"--techniques", 1, LOGIC_OPT_TECHNIQUES},         \
    {"--no-uniqueness", 0, LOGIC_OPT_NO_UNIQUENESS},   \
    {"--no-trial", 0, LOGIC_OPT_NO_TRIAL}

/* The shared options' help text. */
extern const char logic_cli_help[];

/* Prints the help every logic command ends its option list with: the
 * shared logic options, the common options and the input formats. */
void logic_cli_print_help(FILE *f);

/* The per-puzzle budget of the logic commands' searches (the check for
 * one solution, the wrong entry): --timeout, else 60 s. */
#define LOGIC_DEFAULT_TIMEOUT 60.0
double logic_cli_budget(const cli_opts *o);
/* Bounds lg's run: --timeout, when given, in seconds of wall time (0:
 * none), as documented; else DOKU_LOGIC_WORK_DEFAULT work units, so a
 * default grade is the same on every machine and under any load.
 * @return what the library's setter returned (DOKU_ERR_ARG: NULL lg). */
doku_status logic_cli_limit(doku_logic *lg, const cli_opts *o);

/* Decides first, within the budget, whether t's puzzle has no, one or
 * several solutions; with exactly one, loads it into worker w's logic
 * context (owned by w: do not free it) and returns it. Otherwise writes
 * cmd's record saying why (status none, multiple, gave_up or invalid),
 * sets t->exit_code and returns NULL. */
doku_logic *logic_cli_load(const logic_cli_opts *lc, const cli_opts *o, doku_command cmd,
                           cli_worker *w, cli_task *t);

/* What doku_logic_run returned for t: DOKU_OK gives 0; anything else (an
 * allocation failure: the run stopped short, its rating is not the
 * puzzle's) writes "FILE:LINE: out of memory" (or the status) to t's
 * errors, sets t->exit_code and gives 1: the caller writes no record. */
int logic_cli_run_failed(cli_task *t, doku_status st);

/* The record of an input that is no puzzle, for cmd (and its message on
 * stderr). */
void logic_cli_invalid(cli_worker *w, cli_task *t, const cli_opts *o, doku_command cmd);

#endif
