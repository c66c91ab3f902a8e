/*
 * cmd_count.c — `doku count`: how many solutions each puzzle has, up to a
 * limit. The count is exact below the limit; at the limit, or when the
 * time budget runs out, it is a lower bound and says so (">=N").
 */
#include "doku_records.h"
#include "commands.h"
#include "variant_cli.h"
#include "clock.h"
#include "output.h"

#include <string.h>

enum { DEFAULT_LIMIT = 1000000 };
#define DEFAULT_TIMEOUT 60.0

typedef struct count_ctx {
    cli_opts o;
    uint64_t limit;
    int stats;
} count_ctx;

enum { OPT_LIMIT = 1, OPT_STATS };

static const cli_option count_options[] = {
    {"--limit", 1, OPT_LIMIT}, {"-l", 1, OPT_LIMIT}, {"--stats", 0, OPT_STATS}, {NULL, 0, 0}};

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: doku count [--limit N] [--stats] [options] [FILE...]\n\n"
            "Counts the solutions of each puzzle: the exact number, or '>=N' when the\n"
            "count reached the limit or the time budget ran out first.\n\n"
            "  -l, --limit N   stop counting at N solutions (default %d)\n"
            "  --stats         add search nodes, guesses and time per puzzle\n"
            "  (count gives up after %g s per puzzle unless --timeout says otherwise;\n"
            "  --timeout 0 means no budget)\n\n",
            DEFAULT_LIMIT, DEFAULT_TIMEOUT);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nOutput per format: line: the count ('>=N' when capped, '(gave up)'\n"
          "added when the budget ran out); grid: a header 'FILE:LINE: N solutions\n"
          "(shape)' and the puzzle; json: one object per puzzle (status\n"
          "counted|capped|gave_up|invalid, count, capped); csv: a header row, then\n"
          "one row per puzzle.\n\n"
          "Exit status: 0 every puzzle counted (capped counts included, zero is a\n"
          "count); 1 some puzzle is invalid or its count gave up; 2 usage error or\n"
          "unreadable input.\n",
          f);
}

static int on_option(void *p, int id, const char *v)
{
    count_ctx *c = p;
    switch (id) {
    case OPT_LIMIT:
        if (cli_parse_u64(v, &c->limit) != 0 || c->limit == 0)
            return cli_usage_error("count", "--limit wants a number from 1 to " CLI_U64_MAX_TEXT "; got '%s'", v);
        return 0;
    case OPT_STATS:
        c->stats = 1;
        return 0;
    }
    return -1;
}

static void count_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const count_ctx *c = p;
    doku_solver *sv = cli_worker_solver(w, t->shape);
    doku_search_opts so = {0};
    so.limit = c->limit;
    so.time_budget = c->o.timeout_given ? c->o.timeout : DEFAULT_TIMEOUT;
    doku_search_result res;
    double t0 = now_seconds();
    doku_status st = sv ? doku_search_candidates(sv, t->cells, t->cands, (size_t)doku_shape_cells(t->shape), &so, NULL, NULL, NULL, &res)
                         : DOKU_ERR_NOMEM;
    double ms = (now_seconds() - t0) * 1e3;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line, doku_status_string(st));
        t->exit_code = CLI_EXIT_FAIL;
        return;
    }
    t->exit_code = st == DOKU_GAVE_UP ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    doku_search_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = DOKU_CMD_COUNT;
    rec.result = &res;
    rec.status = st;
    rec.limit = c->limit;
    rec.time_ms = ms;
    doku_source src = cli_task_source(t, t->symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    ro.stats = c->stats;
    cli_check_written(doku_format_search(&t->out, &src, &ro, &rec));
}

static void count_invalid(cli_worker *w, cli_task *t, void *p)
{
    const count_ctx *c = p;
    (void)w;
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
    doku_source src = cli_task_source(t, DOKU_SYMBOLS_AUTO);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    ro.stats = c->stats;
    cli_check_written(doku_format_invalid(&t->out, DOKU_CMD_COUNT, &src, &ro, t->error));
}

int cmd_count(int argc, char **argv)
{
    count_ctx c;
    memset(&c, 0, sizeof c);
    c.limit = DEFAULT_LIMIT;
    int rc = cli_parse_args(&c.o, argc, argv, count_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (cli_variant_inputs(&c.o)) {
        rc = cli_variant_run(&c.o, CLI_VARIANT_COUNT, c.limit, DEFAULT_TIMEOUT);
        cli_opts_free(&c.o);
        return rc;
    }
    if (c.o.format == DOKU_FORMAT_CSV)
        cli_print_csv_header(DOKU_CMD_COUNT, c.stats, 0, 0);
    cli_run_ops ops = {count_puzzle, count_invalid, &c};
    rc = cli_run(&c.o, &ops);
    cli_opts_free(&c.o);
    return rc;
}
