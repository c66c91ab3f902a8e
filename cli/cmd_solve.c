/*
 * cmd_solve.c — `doku solve`: the solution of each puzzle, or why there is
 * none. By default it searches for two solutions, so a puzzle with several
 * is reported as such rather than silently given one answer; --limit and
 * --all print the solutions found instead, as they are found: a listing
 * leaves in chunks (cli_task_spill), so memory does not grow with it or
 * with --threads.
 */
#include "doku_records.h"
#include "commands.h"
#include "variant_cli.h"
#include "clock.h"
#include "output.h"
#include "document.h"

#include <stdlib.h>
#include <string.h>

/* --all on a nearly empty grid has more solutions than anyone can read;
 * past this much text for one puzzle the search stops (the record says
 * so). A JSON record is one line: this also bounds a reader's line. */
#define MAX_PUZZLE_OUTPUT ((size_t)64 << 20)
/* A listing is handed to stdout whenever this much of it is waiting. */
#define SPILL_BYTES ((size_t)256 << 10)

typedef struct solve_ctx {
    cli_opts o;
    uint64_t limit;      /* search limit */
    int print_all;       /* --limit/--all: print every solution found */
    int stats;
} solve_ctx;

enum { OPT_LIMIT = 1, OPT_ALL, OPT_STATS };

static const cli_option solve_options[] = {
    {"--limit", 1, OPT_LIMIT}, {"-l", 1, OPT_LIMIT}, {"--all", 0, OPT_ALL},
    {"--stats", 0, OPT_STATS}, {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku solve [--limit N | --all] [--stats] [options] [FILE...]\n\n"
          "Solves each puzzle. A puzzle with one solution prints it; otherwise a\n"
          "status says: no solution, several solutions, or gave up (--timeout).\n\n"
          "  -l, --limit N   find and print up to N solutions (1: the first one\n"
          "                  found, without proving it unique)\n"
          "  --all           find and print every solution, as they are found (a\n"
          "                  puzzle stops at 64 MiB of output, and says so)\n"
          "  --stats         add search nodes, guesses and time per puzzle\n\n",
          f);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nOutput per format: line: the solution, or '# FILE:LINE: status';\n"
          "grid: a header 'FILE:LINE: status (shape)' and the grid (filled-in\n"
          "digits marked, givens bold in colour); json: one object per puzzle\n"
          "(status unique|solved|multiple|none|gave_up|invalid); csv: a header row,\n"
          "then one row per puzzle. With --limit N or --all the solutions come\n"
          "first, as they are found, and the status after them (csv: a row\n"
          "'solution,K' per solution, then the status row).\n\n"
          "Exit status: 0 every puzzle solved (uniquely, unless --limit 1);\n"
          "1 some puzzle has no solution, several solutions, timed out or is\n"
          "invalid; 2 usage error or unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    solve_ctx *c = p;
    switch (id) {
    case OPT_LIMIT:
        if (cli_parse_u64(v, &c->limit) != 0 || c->limit == 0)
            return cli_usage_error("solve", "--limit wants a number from 1 to " CLI_U64_MAX_TEXT "; got '%s'", v);
        c->print_all = c->limit > 1;
        return 0;
    case OPT_ALL:
        c->limit = UINT64_MAX;
        c->print_all = 1;
        return 0;
    case OPT_STATS:
        c->stats = 1;
        return 0;
    }
    return -1;
}

/* Writes each solution found into the task's output while the search
 * runs, and hands it on in chunks. */
typedef struct lister {
    cli_task *t;
    const doku_source *src;
    const doku_record_opts *ro;
    size_t count;        /* solutions written */
    int cut;             /* stopped at MAX_PUZZLE_OUTPUT */
    int failed;          /* the output failed: stop */
} lister;

static int on_solution(void *p, const uint8_t *sol)
{
    lister *k = p;
    cli_check_written(doku_format_solution(&k->t->out, k->src, k->ro, k->count, sol));
    k->count++;
    if (k->t->spilled + k->t->out.len > MAX_PUZZLE_OUTPUT) {
        k->cut = 1;
        return 1;
    }
    if (k->t->out.len >= SPILL_BYTES && cli_task_spill(k->t) != 0) {
        k->failed = 1;
        return 1;
    }
    return 0;
}

static void solve_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const solve_ctx *c = p;
    size_t ncells = (size_t)t->n * (size_t)t->n;
    doku_solver *sv = cli_worker_solver(w, t->shape);
    if (!sv) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return;
    }
    doku_search_opts so = {0};
    so.limit = c->limit;
    so.time_budget = c->o.timeout;
    uint8_t *first = cli_xmalloc(ncells);
    doku_source src = cli_task_source(t, t->symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    ro.stats = c->stats;
    lister k = {t, &src, &ro, 0, 0, 0};
    doku_search_result res;
    double t0 = c->stats ? now_seconds() : 0;
    /* pencil marks read with the puzzle restrict it: a crossed-out
     * candidate is excluded (t->cands NULL: the givens alone) */
    doku_status st = doku_search_candidates(sv, t->cells, t->cands, ncells, &so, first,
                                            c->print_all ? on_solution : NULL, &k, &res);
    double ms = c->stats ? (now_seconds() - t0) * 1e3 : 0;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line, doku_status_string(st));
        t->exit_code = CLI_EXIT_FAIL;
        free(first);
        return;
    }
    if (k.failed) {
        /* the output failed (main says so), or a signal came: the
         * solutions written so far stay, the record ends there */
        t->exit_code = t->cut_short ? CLI_EXIT_FAIL : CLI_EXIT_USAGE;
        free(first);
        return;
    }
    if (k.cut)
        cli_buf_printf(&t->err, "%s:%zu: the listing stopped at %zu MiB of output (%zu solutions "
                       "written; there are more)\n", t->file, t->line, MAX_PUZZLE_OUTPUT >> 20,
                       k.count);
    int ok = st == DOKU_OK && !k.cut && res.solutions > 0 && (c->limit == 1 || res.solutions == 1);
    t->exit_code = ok ? CLI_EXIT_OK : CLI_EXIT_FAIL;

    /* Why no solution, when the givens already clash. */
    cli_buf why = {0};
    uint8_t *marks = NULL;
    if (res.solutions == 0 && st == DOKU_OK) {
        marks = calloc(ncells, 1);
        size_t conflicts = 0;
        if (doku_format_conflicts(&why, t->shape, t->cells, ncells, t->symbols, 8, marks,
                                  &conflicts) != DOKU_OK ||
            conflicts == 0) {
            free(marks);
            marks = NULL;
            cli_marks_exclude(sv, t, c->o.timeout, &why);
        }
    }
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_SOLVE;
    rec.result = &res;
    rec.status = st;
    rec.limit = c->limit;
    rec.list = c->print_all;
    rec.solutions = c->print_all ? NULL : first;
    /* a listing went out solution by solution (doku_format_solution) */
    rec.nsolutions = c->print_all ? k.count : res.solutions > 0 ? 1 : 0;
    char cut[64];
    snprintf(cut, sizeof cut, "stopped at %zu MiB of output", MAX_PUZZLE_OUTPUT >> 20);
    rec.cut = k.cut ? cut : NULL;
    rec.reason = why.data;
    rec.marks = marks;
    rec.time_ms = ms;
    cli_check_written(doku_format_search(&t->out, &src, &ro, &rec));
    free(marks);
    free(first);
    cli_buf_free(&why);
}

static void solve_invalid(cli_worker *w, cli_task *t, void *p)
{
    const solve_ctx *c = p;
    (void)w;
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
    doku_source src = cli_task_source(t, DOKU_SYMBOLS_AUTO);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    ro.stats = c->stats;
    cli_check_written(doku_format_invalid(&t->out, DOKU_CMD_SOLVE, &src, &ro, t->error));
}

int cmd_solve(int argc, char **argv) { return cmd_solve_booklet(argc, argv, NULL); }

int cmd_solve_booklet(int argc, char **argv, const document_booklet *booklet)
{
    solve_ctx c;
    memset(&c, 0, sizeof c);
    c.limit = 2;
    int rc = cli_parse_args(&c.o, argc, argv, solve_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    c.o.booklet = booklet;
    if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_run(&c.o, CLI_VARIANT_SOLVE, 2, 0);
        cli_opts_free(&c.o);
        return rc;
    }
    if (c.o.format == DOKU_FORMAT_CSV)
        cli_print_csv_header(DOKU_CMD_SOLVE, c.stats, 0, 0);
    cli_run_ops ops = {solve_puzzle, solve_invalid, &c};
    rc = c.print_all ? cli_run_streaming(&c.o, &ops) : cli_run(&c.o, &ops);
    cli_opts_free(&c.o);
    return rc;
}
