/*
 * logic_cli.c — shared pieces of the logic commands (explain, hint,
 * grade): options, loading a puzzle into a logic context, and the
 * per-puzzle deadline. Steps and records are written by the library's
 * doku_format_step / doku_format_logic.
 */
#include "doku_records.h"
#include "logic_cli.h"
#include "clock.h"
#include "output.h"

#include <stdlib.h>
#include <string.h>

const char logic_cli_help[] =
    "Logic options:\n"
    "  --techniques LIST   allow only these techniques (comma-separated keywords or\n"
    "                      groups: singles, intersections, pairs, triples, quads,\n"
    "                      subsets, fish, single-digit, wings, uniqueness, aligned,\n"
    "                      chains, forcing, trial, all; see docs/TECHNIQUES.md);\n"
    "                      singles are always allowed. The default (and 'all') is\n"
    "                      Sudoku Explainer's set, which gives SE ratings.\n"
    "                      Extended techniques, off unless listed: finned-x-wing,\n"
    "                      finned-swordfish, finned-jellyfish, w-wing, remote-pair,\n"
    "                      simple-colouring, multi-colouring, unique-rectangle-6,\n"
    "                      hidden-rectangle, sue-de-coq, als-xz, als-xy-wing,\n"
    "                      grouped-x-chain, grouped-aic; groups finned-fish,\n"
    "                      colouring, als, grouped-chains, extra (all of them);\n"
    "                      'extended' = SE's set plus all of them (HoDoKu-like),\n"
    "                      each placed at its own rating in the order.\n"
    "                      On variant puzzles (files of killer cages, lines,\n"
    "                      dots...) also constraint, cage-combination and\n"
    "                      innies-outies (group 'variant'), rated on doku's\n"
    "                      own scale, not SE's\n"
    "  --no-uniqueness     never use techniques that assume a unique solution\n"
    "  --no-trial          never use the trial-and-error last resort\n"
    "  (--timeout S, 0 = none, bounds the check that the puzzle has one\n"
    "  solution, default 60 s (on variant puzzles 10,000,000 search nodes),\n"
    "  then the run, checked inside every step; the run's default is a fixed\n"
    "  amount of work, about 60 s here, the same on every machine, so a rating\n"
    "  never depends on speed or load: a search that runs past either stops\n"
    "  there, and the output says so)\n";

void logic_cli_print_help(FILE *f)
{
    fputs(logic_cli_help, f);
    fputs("\n", f);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
}

int logic_cli_option(logic_cli_opts *lc, const char *cmd, int id, const char *value)
{
    switch (id) {
    case LOGIC_OPT_TECHNIQUES: {
        doku_parse_error pe;
        uint64_t mask = 0;
        if (cli_parsed(cmd, "--techniques", doku_parse_techniques(value, &mask, &pe), &pe) != 0)
            return -1;
        lc->lo.techniques = mask;
        return 0;
    }
    case LOGIC_OPT_NO_UNIQUENESS:
        lc->lo.uniqueness = -1;
        return 0;
    case LOGIC_OPT_NO_TRIAL:
        lc->lo.no_trial = 1;
        return 0;
    case LOGIC_OPT_PENCIL:
        lc->pencil = 1;
        return 0;
    }
    return 1;
}

/* Writes the record of a puzzle the engine is not run on. */
static void put_verdict(const cli_opts *o, doku_command cmd, cli_task *t,
                        doku_check_verdict v, const char *msg)
{
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = cmd;
    rec.verdict = v;
    rec.message = msg;
    doku_source src = cli_task_source(t, o->symbols);
    doku_record_opts ro = cli_record_opts(t, o);
    cli_check_written(doku_format_logic(&t->out, &src, &ro, &rec));
    t->exit_code = CLI_EXIT_FAIL;
}

doku_logic *logic_cli_load(const logic_cli_opts *lc, const cli_opts *o, doku_command cmd,
                           cli_worker *w, cli_task *t)
{
    /* First how many solutions there are, within the budget: a rating or
     * a step of a puzzle with none or several would state something
     * false ("only 4 leads to a solution"). */
    cli_buf why = {0};
    size_t conflicts = 0;
    doku_status cst = doku_format_conflicts(&why, t->shape, t->cells, (size_t)t->n * (size_t)t->n,
                                            t->symbols, 3, NULL, &conflicts);
    if (cst == DOKU_ERR_NOMEM)
        cli_check_written(DOKU_ERR_NOMEM); /* out of memory: the CLI's one answer */
    if (cst != DOKU_OK || conflicts != 0) {
        const char *why_text = cst == DOKU_OK ? why.data : "bad value";
        put_verdict(o, cmd, t, DOKU_CHECK_CONFLICT, why_text);
        cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line, why_text);
        cli_buf_free(&why);
        return NULL;
    }
    cli_buf_free(&why);
    doku_solver *sv = cli_worker_solver(w, t->shape);
    doku_search_opts so = {2, 0, logic_cli_budget(o), 0};
    doku_search_result res;
    doku_status st = sv ? doku_search(sv, t->cells, (size_t)doku_shape_cells(t->shape), &so, NULL, NULL, NULL, &res) : DOKU_ERR_NOMEM;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return NULL;
    }
    if (st == DOKU_GAVE_UP) {
        put_verdict(o, cmd, t, DOKU_CHECK_GAVE_UP,
                    res.solutions ? "at least 1 solution; raise --timeout" : "raise --timeout");
        return NULL;
    }
    cli_buf wrong = {0};
    if (res.solutions == 0 && cmd == DOKU_CMD_HINT &&
        cli_wrong_entry(sv, t, logic_cli_budget(o), &wrong, NULL)) {
        put_verdict(o, cmd, t, DOKU_CHECK_NONE, wrong.data);
        cli_buf_free(&wrong);
        return NULL;
    }
    if (res.solutions != 1) {
        put_verdict(o, cmd, t, res.solutions ? DOKU_CHECK_MULTIPLE : DOKU_CHECK_NONE,
                    res.solutions ? "logic and ratings need a unique solution"
                                  : "the givens contradict every solution");
        return NULL;
    }
    if (t->cands) {
        /* the marks must keep the givens' one solution */
        so.limit = 1;
        st = doku_search_candidates(sv, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), &so, NULL, NULL, NULL, &res);
        if ((st != DOKU_OK && st != DOKU_GAVE_UP) || (st == DOKU_OK && res.solutions == 0)) {
            cli_buf_reset(&why);
            cli_marks_exclude(sv, t, logic_cli_budget(o), &why);
            put_verdict(o, cmd, t, DOKU_CHECK_NONE,
                        why.data && why.len ? why.data : "no solution under these pencil marks");
            cli_buf_free(&why);
            return NULL;
        }
    }
    doku_logic *lg = cli_worker_logic(w, t->shape, &lc->lo);
    if (!lg) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return NULL;
    }
    /* Pencil marks read with the puzzle: the engine goes on from them.
     * The filled cells alone have one solution (above), and candidates
     * only narrow it, so the uniqueness techniques stay sound. */
    if (t->cands ? doku_logic_load_candidates(lg, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), 1) != DOKU_OK
                 : doku_logic_load(lg, t->cells, (size_t)doku_shape_cells(t->shape)) != DOKU_OK) {
        put_verdict(o, cmd, t, DOKU_CHECK_CONFLICT, "invalid puzzle");
        return NULL;
    }
    /* the run gets its own limit, checked inside every step */
    logic_cli_limit(lg, o);
    return lg;
}

void logic_cli_invalid(cli_worker *w, cli_task *t, const cli_opts *o, doku_command cmd)
{
    (void)w;
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
    doku_source src = cli_task_source(t, DOKU_SYMBOLS_AUTO);
    doku_record_opts ro = cli_record_opts(t, o);
    cli_check_written(doku_format_invalid(&t->out, cmd, &src, &ro, t->error));
}

double logic_cli_budget(const cli_opts *o)
{
    return o->timeout_given ? o->timeout : LOGIC_DEFAULT_TIMEOUT;
}

doku_status logic_cli_limit(doku_logic *lg, const cli_opts *o)
{
    if (o->timeout_given)
        return doku_logic_set_time_limit(lg, o->timeout);
    return doku_logic_set_work_limit(lg, DOKU_LOGIC_WORK_DEFAULT);
}

logic_deadline logic_cli_deadline(const cli_opts *o)
{
    logic_deadline d = {0, 0};
    if (o->timeout_given && o->timeout > 0)
        d.end = now_seconds() + o->timeout;
    return d;
}

int logic_cli_past(logic_deadline *d)
{
    if (d->end > 0 && now_seconds() > d->end)
        d->hit = 1;
    return d->hit;
}

int logic_cli_run_failed(cli_task *t, doku_status st)
{
    if (st == DOKU_OK || st == DOKU_GAVE_UP)
        return 0; /* a run the time limit stopped is still a record */
    cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line,
                   st == DOKU_ERR_NOMEM ? "out of memory" : doku_status_string(st));
    t->exit_code = CLI_EXIT_FAIL;
    return 1;
}
