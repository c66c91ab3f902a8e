/*
 * cmd_explain.c — `doku explain`: the full logical solving path of each
 * puzzle, one step per line (or JSON), with its Sudoku Explainer rating.
 * A puzzle beyond the allowed techniques ends with "gave up" and the
 * remaining candidates.
 */
#include "doku_records.h"
#include "commands.h"
#include "output.h"
#include "logic_cli.h"
#include "variant_cli.h"
#include "variant_logic.h"

#include <stdlib.h>
#include <string.h>

typedef struct explain_ctx {
    cli_opts o;
    logic_cli_opts lc;
} explain_ctx;

static const cli_option explain_options[] = {
    LOGIC_CLI_OPTION_ROWS,
    {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku explain [--techniques LIST] [--no-uniqueness] [--no-trial]\n"
          "                    [options] [FILE...]\n\n"
          "Solves each puzzle the way a person would, printing every step: the\n"
          "technique, its Sudoku Explainer rating and a sentence saying why, with\n"
          "cells named r{row}c{col}. The simplest technique that makes progress is\n"
          "used each time; the puzzle's rating is its hardest step.\n\n",
          f);
    logic_cli_print_help(f);
    fputs("\nOutput: text: the puzzle, numbered steps, then 'solved: ER x (Level)' or\n"
          "'gave up' with the remaining candidates; json: one object per puzzle\n"
          "{\"puzzle\",\"solved\",\"rating\",\"difficulty\",\"steps\":[{\"technique\",\"rating\",\n"
          "\"placements\":[{\"cell\",\"digit\"}],\"eliminations\":[...],\"text\"}]}.\n\n"
          "Exit status: 0 every puzzle solved; 1 some puzzle invalid or not solved by\n"
          "the allowed techniques; 2 usage error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    explain_ctx *c = p;
    int r = logic_cli_option(&c->lc, "explain", id, v);
    return r > 0 ? -1 : r;
}

typedef struct collect {
    cli_buf *out;
    const doku_shape *shape;
    doku_format fmt;
    size_t count;
    logic_deadline dl;
} collect;

static int on_step(void *user, const doku_step *st)
{
    collect *c = user;
    if (logic_cli_past(&c->dl))
        return 1;
    c->count++;
    if (c->fmt == DOKU_FORMAT_JSON && c->count > 1)
        cli_buf_puts(c->out, ",");
    cli_check_written(doku_format_step(c->out, c->shape, st, c->fmt, c->count));
    return 0;
}

static void explain_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const explain_ctx *c = p;
    doku_logic *lg = logic_cli_load(&c->lc, &c->o, DOKU_CMD_EXPLAIN, w, t);
    if (!lg)
        return;
    cli_buf steps = {0};
    doku_format fmt = t->format == DOKU_FORMAT_JSON ? DOKU_FORMAT_JSON : DOKU_FORMAT_LINE;
    collect col = {&steps, t->shape, fmt, 0, logic_cli_deadline(&c->o)};
    doku_rating r;
    doku_status st = doku_logic_run(lg, on_step, &col, &r, NULL, 0);
    if (logic_cli_run_failed(t, st)) {
        cli_buf_free(&steps);
        return;
    }
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_EXPLAIN;
    rec.rating = &r;
    rec.status = col.dl.hit ? DOKU_GAVE_UP : st;
    rec.steps = steps.data;
    rec.steps_len = steps.len;
    rec.logic = lg;
    doku_source src = cli_task_source(t, c->o.symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_logic(&t->out, &src, &ro, &rec));
    if (!r.solved)
        t->exit_code = CLI_EXIT_FAIL;
    cli_buf_free(&steps);
}

static void explain_invalid(cli_worker *w, cli_task *t, void *p)
{
    const explain_ctx *c = p;
    logic_cli_invalid(w, t, &c->o, DOKU_CMD_EXPLAIN);
}

int cmd_explain(int argc, char **argv)
{
    explain_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&c.o, argc, argv, explain_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_logic(&c.o, &c.lc.lo, DOKU_CMD_EXPLAIN, 0);
    } else {
        cli_run_ops ops = {explain_puzzle, explain_invalid, &c};
        rc = cli_run(&c.o, &ops);
    }
    cli_opts_free(&c.o);
    return rc;
}
