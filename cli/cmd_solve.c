/*
 * cmd_solve.c — `doku solve`: the solution of each puzzle, or why there is
 * none. By default it searches for two solutions, so a puzzle with several
 * is reported as such rather than silently given one answer; --limit and
 * --all print the solutions found instead.
 */
#include "commands.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

/* --all on a nearly empty grid would buffer solutions until memory ran
 * out; past this much text for one puzzle the search stops. */
#define MAX_PUZZLE_OUTPUT ((size_t)64 << 20)

typedef struct solve_ctx {
    cli_opts o;
    uint64_t limit;      /* search limit */
    int print_all;       /* --limit/--all: print every solution found */
    int stats;
} solve_ctx;

enum { OPT_LIMIT = 1, OPT_ALL, OPT_STATS };

static const cli_option solve_options[] = {
    {"--limit", 1, OPT_LIMIT}, {"--all", 0, OPT_ALL}, {"--stats", 0, OPT_STATS}, {NULL, 0, 0}};

static void usage(FILE *f)
{
    fputs("Usage: doku solve [--limit N | --all] [--stats] [options] [FILE...]\n\n"
          "Solves each puzzle. A puzzle with one solution prints it; otherwise a\n"
          "status says: no solution, several solutions, or gave up (--timeout).\n\n"
          "  --limit N   find and print up to N solutions (1: the first one found,\n"
          "              without proving it unique)\n"
          "  --all       find and print every solution (beware: may be many; a\n"
          "              puzzle stops at 64 MiB of output)\n"
          "  --stats     add search nodes, guesses and time per puzzle\n\n",
          f);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nOutput per format: line: the solution, or '# FILE:LINE: status';\n"
          "grid: a header 'FILE:LINE: status (shape)' and the grid (filled-in\n"
          "digits marked, givens bold in colour); json: one object per puzzle\n"
          "(status unique|solved|multiple|none|gave_up|invalid); csv: a header row,\n"
          "then one row per solution or status.\n\n"
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
            return cli_usage_error("solve", "--limit wants a positive number; got '%s'", v);
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

/* Collects printed solutions while the search runs. */
typedef struct collect {
    const solve_ctx *c;
    const cli_task *t;
    cli_buf text;
    uint64_t count;
    int cut;             /* stopped at MAX_PUZZLE_OUTPUT */
} collect;

static void put_solution(cli_buf *b, const solve_ctx *c, const cli_task *t,
                         const uint8_t *sol, uint64_t index)
{
    switch (t->format) {
    case DOKU_FORMAT_GRID:
        if (c->print_all)
            cli_buf_printf(b, "%ssolution %llu:\n", cli_grid_note(), (unsigned long long)index + 1);
        cli_put_cells(b, t->shape, sol, t->cells, NULL, DOKU_FORMAT_GRID, t->symbols,
                      cli_grid_style(&c->o));
        break;
    case DOKU_FORMAT_JSON:
        if (index)
            cli_buf_puts(b, ",");
        cli_put_json_cells(b, t->shape, sol);
        break;
    default:
        /* line, and CSV, whose rows the caller finishes with the status */
        cli_put_cells(b, t->shape, sol, NULL, NULL, DOKU_FORMAT_LINE, t->symbols, 0);
        cli_buf_put(b, "\n", 1);
    }
}

static int on_solution(void *p, const uint8_t *sol)
{
    collect *k = p;
    put_solution(&k->text, k->c, k->t, sol, k->count++);
    if (k->text.len > MAX_PUZZLE_OUTPUT) {
        k->cut = 1;
        return 1;
    }
    return 0;
}

typedef struct outcome {
    const char *key;        /* JSON/CSV status */
    char text[160];         /* human status */
    char count[32];         /* "1", ">=2" */
    int ok;
} outcome;

/* The common statuses are fixed strings: copying them keeps printf out of
 * the per-puzzle path of big batches. */
static void set_text(outcome *oc, const char *s)
{
    size_t len = strlen(s);
    memcpy(oc->text, s, len + 1);
}

static void set_count(outcome *oc, int at_least, unsigned long long k)
{
    char digits[24];
    int nd = 0;
    do {
        digits[nd++] = (char)('0' + k % 10);
        k /= 10;
    } while (k);
    char *p = oc->count;
    if (at_least) {
        *p++ = '>';
        *p++ = '=';
    }
    while (nd)
        *p++ = digits[--nd];
    *p = '\0';
}

static void judge(const solve_ctx *c, const doku_search_result *res, int cut, outcome *oc)
{
    unsigned long long k = (unsigned long long)res->solutions;
    int capped = res->gave_up || cut || res->solutions >= c->limit;
    set_count(oc, capped && c->limit > 1, k);
    oc->ok = 0;
    if (res->gave_up) {
        oc->key = "gave_up";
        if (c->o.timeout > 0)
            snprintf(oc->text, sizeof oc->text, "gave up after %g s (%llu solutions found)",
                     c->o.timeout, k);
        else
            snprintf(oc->text, sizeof oc->text, "gave up (%llu solutions found)", k);
    } else if (k == 0) {
        oc->key = "none";
        set_text(oc, "no solution");
    } else if (c->limit == 1) {
        oc->key = "solved";
        oc->ok = 1;
        set_text(oc, "solved, uniqueness not checked");
    } else if (k == 1) {
        oc->key = "unique";
        oc->ok = 1;
        set_text(oc, "unique solution");
    } else {
        oc->key = "multiple";
        if (cut)
            snprintf(oc->text, sizeof oc->text,
                     "several solutions (at least %llu; stopped at %zu MiB of output)", k,
                     MAX_PUZZLE_OUTPUT >> 20);
        else if (capped)
            snprintf(oc->text, sizeof oc->text, "several solutions (at least %llu)", k);
        else
            snprintf(oc->text, sizeof oc->text, "%llu solutions", k);
    }
}

static void solve_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const solve_ctx *c = p;
    int ncells = t->n * t->n;
    doku_solver *sv = cli_worker_solver(w, t->shape);
    if (!sv) {
        cli_buf_printf(&t->err, "%s:%zu: out of memory\n", t->file, t->line);
        t->exit_code = CLI_EXIT_FAIL;
        return;
    }
    doku_search_opts so = {0};
    so.limit = c->limit;
    so.time_budget = c->o.timeout;
    uint8_t *first = cli_xmalloc((size_t)ncells);
    collect k = {c, t, {0}, 0, 0};
    doku_search_result res;
    double t0 = c->stats ? cli_now() : 0;
    doku_status st = doku_search(sv, t->cells, &so, first, c->print_all ? on_solution : NULL,
                                 &k, &res);
    double ms = c->stats ? (cli_now() - t0) * 1e3 : 0;
    if (st != DOKU_OK) {
        cli_buf_printf(&t->err, "%s:%zu: %s\n", t->file, t->line, doku_status_string(st));
        t->exit_code = CLI_EXIT_FAIL;
        free(first);
        cli_buf_free(&k.text);
        return;
    }
    outcome oc;
    judge(c, &res, k.cut, &oc);
    t->exit_code = oc.ok ? CLI_EXIT_OK : CLI_EXIT_FAIL;

    /* Why no solution, when the givens already clash. */
    cli_buf why = {0};
    uint8_t *marks = NULL;
    if (res.solutions == 0 && !res.gave_up) {
        marks = calloc((size_t)ncells, 1);
        if (cli_describe_conflicts(&why, t->shape, t->cells, t->symbols, marks, 8) <= 0) {
            free(marks);
            marks = NULL;
        }
    }
    int have_one = res.solutions > 0 && (oc.ok || c->print_all);
    if (have_one && !c->print_all)
        put_solution(&k.text, c, t, first, 0);
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf *out = &t->out;

    switch (t->format) {
    case DOKU_FORMAT_GRID:
        cli_grid_header(out, t, oc.text);
        if (why.len)
            cli_buf_printf(out, "%s  %s\n", cli_grid_note(), why.data);
        if (k.text.len)
            cli_buf_put(out, k.text.data, k.text.len);
        else
            cli_put_puzzle_grid(out, t, &c->o, marks);
        if (c->stats)
            cli_buf_printf(out, "%snodes %llu, guesses %llu, %.3f ms\n", cli_grid_note(),
                           (unsigned long long)res.nodes, (unsigned long long)res.guesses, ms);
        cli_buf_puts(out, "\n");
        break;
    case DOKU_FORMAT_JSON:
        cli_json_open(out, t, t->symbols);
        cli_buf_printf(out, ",\"status\":\"%s\",\"solutions_found\":%llu,\"capped\":%s", oc.key,
                       (unsigned long long)res.solutions, oc.count[0] == '>' ? "true" : "false");
        if (have_one && !c->print_all) {
            cli_buf_puts(out, ",\"solution\":");
            cli_buf_put(out, k.text.data, k.text.len);
        } else if (c->print_all) {
            cli_buf_puts(out, ",\"solutions\":[");
            if (k.text.len)
                cli_buf_put(out, k.text.data, k.text.len);
            cli_buf_puts(out, "]");
        }
        if (why.len) {
            cli_buf_puts(out, ",\"reason\":");
            cli_buf_json_string(out, why.data);
        }
        if (c->stats)
            cli_buf_printf(out, ",\"stats\":{\"nodes\":%llu,\"guesses\":%llu,\"time_ms\":%.3f}",
                           (unsigned long long)res.nodes, (unsigned long long)res.guesses, ms);
        cli_buf_puts(out, "}\n");
        break;
    case DOKU_FORMAT_CSV: {
        /* one row per solution, or one row with the status alone */
        char *rows = k.text.data ? k.text.data : "";
        int any = 0;
        while (*rows || !any) {
            char *nl = strchr(rows, '\n');
            size_t len = nl ? (size_t)(nl - rows) : strlen(rows);
            cli_csv_prefix(out, t);
            cli_buf_printf(out, "%s,%s,", oc.key, oc.count);
            cli_buf_put(out, rows, len);
            if (c->stats)
                cli_buf_printf(out, ",%llu,%llu,%.3f", (unsigned long long)res.nodes,
                               (unsigned long long)res.guesses, ms);
            cli_buf_puts(out, ",");
            cli_buf_csv_field(out, why.len ? why.data : "");
            cli_buf_puts(out, "\n");
            any = 1;
            rows += len + (nl ? 1 : 0);
        }
        break;
    }
    default:
        if (k.text.len)
            cli_buf_put(out, k.text.data, k.text.len);
        if (!oc.ok || (c->print_all && res.solutions > 1))
            cli_buf_printf(out, "# %s: %s%s%s\n", where, oc.text, why.len ? ": " : "",
                           why.len ? why.data : "");
        if (c->stats)
            cli_buf_printf(out, "# nodes %llu, guesses %llu, %.3f ms\n",
                           (unsigned long long)res.nodes, (unsigned long long)res.guesses, ms);
    }
    free(marks);
    free(first);
    cli_buf_free(&why);
    cli_buf_free(&k.text);
}

static void solve_invalid(cli_worker *w, cli_task *t, void *p)
{
    (void)w;
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
    if (t->format == DOKU_FORMAT_JSON) {
        cli_json_invalid(&t->out, t);
    } else if (t->format == DOKU_FORMAT_CSV) {
        const solve_ctx *c = p;
        cli_csv_prefix(&t->out, t);
        cli_buf_printf(&t->out, "invalid,,%s,", c->stats ? ",,," : "");
        cli_buf_csv_field(&t->out, t->error);
        cli_buf_puts(&t->out, "\n");
    }
}

int cmd_solve(int argc, char **argv)
{
    solve_ctx c;
    memset(&c, 0, sizeof c);
    c.limit = 2;
    int rc = cli_parse_args(&c.o, argc, argv, solve_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (c.o.format == DOKU_FORMAT_CSV)
        printf("file,line,status,solutions,solution%s,message\n",
               c.stats ? ",nodes,guesses,time_ms" : "");
    cli_run_ops ops = {solve_puzzle, solve_invalid, &c};
    rc = cli_run(&c.o, &ops);
    cli_opts_free(&c.o);
    return rc;
}
