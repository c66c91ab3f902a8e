/*
 * cmd_check.c — `doku check`: is each puzzle a proper Sudoku? In order of
 * the checks: readable (symbols, length: the reader's error records), no
 * duplicate givens (naming both cells and the unit), then exactly one
 * solution. The verdict goes to stdout: it is this command's output.
 */
#include "doku_records.h"
#include "commands.h"
#include "variant_cli.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_CONFLICTS_SHOWN = 16 };

typedef struct check_ctx {
    cli_opts o;
    int quiet;           /* --quiet: only the records of problem puzzles */
} check_ctx;

enum { OPT_QUIET = 1 };

static const cli_option check_options[] = {
    {"--quiet", 0, OPT_QUIET}, {"-q", 0, OPT_QUIET}, {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku check [-q] [options] [FILE...]\n\n"
          "Validates each puzzle: its symbols and size, duplicate givens (naming\n"
          "both cells rNcM, the digit and the unit), then whether it has no\n"
          "solution, several solutions, or exactly one (a proper puzzle).\n\n"
          "  -q, --quiet   print only the problems: no record for a puzzle with\n"
          "                exactly one solution (the exit status is the same)\n\n",
          f);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nOutput per format: line: 'FILE:LINE: verdict' (unique, no solution,\n"
          "several solutions, gave up, invalid: why); grid: the verdict and the\n"
          "puzzle, conflicting givens in red with colour; json: one object per\n"
          "puzzle (status unique|none|multiple|gave_up|invalid, conflicts,\n"
          "suspects, error). A grid with no solution and no duplicate names the\n"
          "cells that, with another digit, give it one solution (the likely\n"
          "mistyped given), looked for within --timeout or 2 s; a variant\n"
          "puzzle's (killer cages, lines, dots...) under its constraints.\n"
          "csv: a header row, then file,line,status,message per puzzle.\n\n"
          "Exit status: 0 every puzzle is valid with a unique solution; 1 some\n"
          "puzzle is invalid, has no solution or several, or timed out; 2 usage\n"
          "error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    check_ctx *c = p;
    (void)v;
    if (id != OPT_QUIET)
        return -1;
    c->quiet = 1;
    return 0;
}

static void put_verdict(cli_task *t, const check_ctx *c, doku_check_verdict v,
                        const char *detail, const uint8_t *marks)
{
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_CHECK;
    rec.verdict = v;
    rec.reason = detail;
    rec.marks = marks;
    doku_source src = cli_task_source(t, t->symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_search(&t->out, &src, &ro, &rec));
}

static void check_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const check_ctx *c = p;
    int ncells = t->n * t->n;
    uint8_t *marks = calloc((size_t)ncells, 1);
    cli_buf why = {0};
    size_t conflicts = 0;
    doku_status cst = doku_format_conflicts(&why, t->shape, t->cells, (size_t)ncells, t->symbols,
                                            (size_t)MAX_CONFLICTS_SHOWN, marks, &conflicts);
    if (cst == DOKU_ERR_NOMEM)
        cli_check_written(DOKU_ERR_NOMEM); /* out of memory: the CLI's one answer */
    if (cst != DOKU_OK || conflicts != 0) {
        t->exit_code = CLI_EXIT_FAIL;
        put_verdict(t, c, DOKU_CHECK_CONFLICT, cst == DOKU_OK ? why.data : "bad value", marks);
        free(marks);
        cli_buf_free(&why);
        return;
    }
    free(marks);
    cli_buf_free(&why);

    doku_solver *sv = cli_worker_solver(w, t->shape);
    doku_search_opts so = {0};
    so.limit = 2;
    so.time_budget = c->o.timeout;
    doku_search_result res;
    doku_status st = sv ? doku_search_candidates(sv, t->cells, t->cands, ncells, &so, NULL, NULL, NULL, &res)
                         : DOKU_ERR_NOMEM;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        t->exit_code = CLI_EXIT_FAIL;
        put_verdict(t, c, DOKU_CHECK_CONFLICT, doku_status_string(st), NULL);
        return;
    }
    if (st == DOKU_GAVE_UP) {
        t->exit_code = CLI_EXIT_FAIL;
        put_verdict(t, c, DOKU_CHECK_GAVE_UP, res.solutions ? "at least 1 solution" : "", NULL);
    } else if (res.solutions == 0) {
        t->exit_code = CLI_EXIT_FAIL;
        /* why: the pencil marks cross out the givens' solutions, or
         * one filled cell is likely wrong (marked in colour grids) */
        cli_buf why_none = {0};
        uint8_t *suspects = cli_xmalloc((size_t)ncells);
        double budget = c->o.timeout > 0 ? c->o.timeout : CLI_WRONG_ENTRY_SECONDS;
        int marked = !cli_marks_exclude(sv, t, c->o.timeout, &why_none) &&
                     cli_wrong_entry(sv, t, budget, &why_none, suspects);
        put_verdict(t, c, DOKU_CHECK_NONE, why_none.data ? why_none.data : "",
                    marked ? suspects : NULL);
        free(suspects);
        cli_buf_free(&why_none);
    } else if (res.solutions > 1) {
        t->exit_code = CLI_EXIT_FAIL;
        put_verdict(t, c, DOKU_CHECK_MULTIPLE, "", NULL);
    } else {
        t->exit_code = CLI_EXIT_OK;
        if (!c->quiet)
            put_verdict(t, c, DOKU_CHECK_UNIQUE, "", NULL);
    }
}

static void check_invalid(cli_worker *w, cli_task *t, void *p)
{
    const check_ctx *c = p;
    (void)w;
    doku_source src = cli_task_source(t, DOKU_SYMBOLS_AUTO);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_invalid(&t->out, DOKU_CMD_CHECK, &src, &ro, t->error));
}

int cmd_check(int argc, char **argv)
{
    check_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&c.o, argc, argv, check_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_run(&c.o, CLI_VARIANT_CHECK, 2, 0);
        cli_opts_free(&c.o);
        return rc;
    }
    /* A report, not a picture: one verdict line unless a format is asked. */
    if (c.o.format == CLI_FORMAT_AUTO)
        c.o.format = DOKU_FORMAT_LINE;
    if (c.o.format == DOKU_FORMAT_CSV)
        cli_print_csv_header(DOKU_CMD_CHECK, 0, 0, 0);
    cli_run_ops ops = {check_puzzle, check_invalid, &c};
    rc = cli_run(&c.o, &ops);
    cli_opts_free(&c.o);
    return rc;
}
