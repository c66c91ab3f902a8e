/*
 * cmd_grade.c — `doku grade`: the Sudoku Explainer rating of each puzzle
 * (ER, EP, ED), its difficulty name, and how often each technique was used; with
 * --history, one character per step (see docs/TECHNIQUES.md) and the time.
 */
#include "doku_records.h"
#include "commands.h"
#include "clock.h"
#include "output.h"
#include "logic_cli.h"
#include "variant_cli.h"
#include "variant_logic.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_HISTORY = 1 };

typedef struct grade_ctx {
    cli_opts o;
    logic_cli_opts lc;
    int history;
} grade_ctx;

static const cli_option grade_options[] = {
    LOGIC_CLI_OPTION_ROWS,
    {"--history", 0, OPT_HISTORY},
    {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku grade [--history] [--techniques LIST] [options] [FILE...]\n\n"
          "Rates each puzzle on Sudoku Explainer's scale: ER (the hardest step), EP\n"
          "(the hardest step up to the first placement) and ED (the first step), the\n"
          "difficulty (easy <= 2.3, medium <= 3.4, hard <= 4.6, unfair <= 6.9,\n"
          "extreme from 7.0: the names `doku generate --difficulty` takes), and the\n"
          "techniques used.\n\n"
          "  --history   add one character per step (f full house, i hidden single,\n"
          "              n naked single, ^ intersection, ! subset, # fish, s single-\n"
          "              digit pattern, w wing, u uniqueness, a aligned exclusion,\n"
          "              c chain, F forcing chains, D dynamic chains, ? trial) and\n"
          "              the time\n\n",
          f);
    logic_cli_print_help(f);
    fputs("\nOutput: line: 'ER/EP/ED difficulty technique:count ...' (and the\n"
          "history); json: {\"puzzle\",\"solved\",\"er\",\"ep\",\"ed\",\"difficulty\",\"hardest\",\n"
          "\"techniques\":{...}} (and \"history\", \"time_ms\"); csv: a header row,\n"
          "then puzzle,solved,er,ep,ed,difficulty,hardest.\n\n"
          "Exit status: 0 every puzzle rated; 1 some puzzle invalid or not solved by\n"
          "the allowed techniques; 2 usage error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    grade_ctx *c = p;
    if (id == OPT_HISTORY) {
        c->history = 1;
        return 0;
    }
    int r = logic_cli_option(&c->lc, "grade", id, v);
    return r > 0 ? -1 : r;
}

static int grade_step(void *user, const doku_step *st)
{
    (void)st;
    return logic_cli_past(user);
}

static void grade_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const grade_ctx *c = p;
    doku_logic *lg = logic_cli_load(&c->lc, &c->o, DOKU_CMD_GRADE, w, t);
    if (!lg)
        return;
    size_t cap = (size_t)doku_shape_cells(t->shape) * 4 + 16;
    char *hist = cli_xmalloc(cap);
    doku_rating r;
    double t0 = now_seconds();
    logic_deadline dl = logic_cli_deadline(&c->o);
    doku_status st = doku_logic_run(lg, dl.end > 0 ? grade_step : NULL, &dl, &r, hist, cap);
    double ms = (now_seconds() - t0) * 1e3;
    if (logic_cli_run_failed(t, st)) {
        free(hist);
        return;
    }
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_GRADE;
    rec.rating = &r;
    rec.logic = lg;
    rec.status = dl.hit ? DOKU_GAVE_UP : st;
    rec.history = hist;
    rec.time_ms = ms;
    doku_source src = cli_task_source(t, c->o.symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    ro.history = c->history;
    cli_check_written(doku_format_logic(&t->out, &src, &ro, &rec));
    if (!r.solved)
        t->exit_code = CLI_EXIT_FAIL;
    free(hist);
}

static void grade_invalid(cli_worker *w, cli_task *t, void *p)
{
    const grade_ctx *c = p;
    logic_cli_invalid(w, t, &c->o, DOKU_CMD_GRADE);
}

int cmd_grade(int argc, char **argv)
{
    grade_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&c.o, argc, argv, grade_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (c.o.format == DOKU_FORMAT_CSV)
        cli_print_csv_header(DOKU_CMD_GRADE, 0, c.history, 0);
    if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_logic(&c.o, &c.lc.lo, DOKU_CMD_GRADE, c.history);
    } else {
        cli_run_ops ops = {grade_puzzle, grade_invalid, &c};
        rc = cli_run(&c.o, &ops);
    }
    cli_opts_free(&c.o);
    return rc;
}
