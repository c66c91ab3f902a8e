/*
 * cmd_reduce.c — `doku reduce`: remove givens from complete grids or
 * unique puzzles read from input, keeping the solution unique.
 *
 * Each input is reduced with its own seed, derived from the master seed
 * and its position in the input, so output does not depend on --threads.
 * A puzzle that is not unique cannot be reduced and is reported, never
 * silently changed.
 */
#include "doku_records.h"
#include "isa_env.h"
#include "commands.h"
#include "gen_filter.h"
#include "output.h"
#include "reduce_variants.h"
#include "variant_cli.h"

#include <stdlib.h>
#include <string.h>

/* Search nodes per check when minimality must be proven: seconds at
 * worst on 16x16 (an unlimited check once ran past a 30 s budget). */
#define PROOF_BUDGET 200000
#define DEFAULT_TIMEOUT 60.0
/* Reductions tried per input for --rating/--require: each is a fresh
 * random order (its own derived seed), judged by the grader after. */
#define FILTER_ATTEMPTS 32

typedef struct reduce_ctx {
    cli_opts o;
    int target;                /* --clues N or MIN-MAX: aim at MIN ... */
    int target_max;            /* ... and fail above MAX (0: no target) */
    int prove;                 /* --minimal: no check budget */
    doku_symmetry symmetry;
    doku_qqwing_level level;   /* --qqwing-level */
    int rating_given;          /* --rating was on the command line */
    gen_filter_spec filter;    /* --difficulty, --rating, --require: as generate */
    uint64_t seed;
} reduce_ctx;

enum { OPT_CLUES = 1, OPT_SYMMETRY, OPT_DIFFICULTY, OPT_SEED, OPT_MINIMAL, OPT_RATING,
       OPT_REQUIRE, OPT_QQWING };

static const cli_option reduce_options[] = {
    {"--clues", 1, OPT_CLUES},         {"--givens", 1, OPT_CLUES},
    {"--symmetry", 1, OPT_SYMMETRY},   {"--difficulty", 1, OPT_DIFFICULTY},
    {"--seed", 1, OPT_SEED},           {"--minimal", 0, OPT_MINIMAL},
    {"--rating", 1, OPT_RATING},       {"--require", 1, OPT_REQUIRE},
    {"--qqwing-level", 1, OPT_QQWING}, {NULL, 0, 0}};

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: doku reduce [--clues N|MIN-MAX] [--symmetry SYM] [--difficulty NAME]\n"
            "                   [--rating MIN-MAX] [--qqwing-level L] [--require TECH]\n"
            "                   [--seed S]\n"
            "                   [options] [FILE...]\n\n"
            "Reads complete grids or unique puzzles and removes givens in random order,\n"
            "keeping each removal only if the solution stays unique: down to N givens,\n"
            "or (the default, --minimal) until no given can be removed.\n\n"
            "  --clues N          stop at N givens; MIN-MAX: aim at MIN, accept up to\n"
            "                     MAX (a symmetry whose groups do not fit N exactly\n"
            "                     needs a band). An input that stays above the target\n"
            "                     gets status above_target (the puzzle it reached, and\n"
            "                     a message saying why) and exit 1\n"
            "  --minimal          reduce until no given can be removed, with a far\n"
            "                     larger search budget per check than the default (which\n"
            "                     on big grids cuts long checks short); 'minimal' in json\n"
            "                     and csv output says whether it was proven\n"
            "  --symmetry SYM     remove symmetric groups of cells together: none, rot180,\n"
            "                     rot90, mirror, flip, diagonal, antidiagonal, random\n"
            "                     (rotate180, rotate90 as in qqwing).\n"
            "                     Givens of the input outside a complete group stay.\n"
            "  --difficulty NAME  the result must be graded NAME: easy, medium, hard,\n"
            "                     unfair or extreme (the ER ranges of generate)\n"
            "  --rating MIN-MAX   the result must rate in this band as `doku grade`\n"
            "                     rates (MIN+ too); for these two, up to %d\n"
            "                     reductions in other random orders are tried, then\n"
            "                     status outside_rating (the last result) and exit 1\n"
            "  --require TECH     the result's solution path must use TECH (tried the\n"
            "                     same way)\n"
            "  --qqwing-level L   keep only removals that leave the puzzle solvable at\n"
            "                     qqwing's level L: simple, easy or intermediate\n"
            "  --seed S           master seed (default 1); input K uses its own seed\n"
            "  (a uniqueness check of the input gives up after %g s unless --timeout\n"
            "  says otherwise)\n\n",
            FILTER_ATTEMPTS, DEFAULT_TIMEOUT);
    fprintf(f, "Variant puzzles (files in doku's variant text format, ISS strings, killer\n"
          "strings, f-puzzles/SudokuPad links...): givens go while one solution stays\n"
          "under the constraints; --difficulty, --rating and --require are judged on\n"
          "doku's own variant scale (`doku grade` on the result says the same),\n"
          "--qqwing-level is refused; each result is a comment line '# FILE:LINE:\n"
          "reduced: G givens (from B), ...' and the puzzle in doku's variant text\n"
          "format, or with --format json /api/reduce's record (reduced, givens,\n"
          "minimal, constraints; scale, rating, difficulty when rated). Their\n"
          "checks are bounded by counts of search nodes, so a seed gives the same\n"
          "puzzle on every machine: the input's by %u (--timeout S: by S\n"
          "seconds instead, which also stops the reduction, status gave_up), each\n"
          "removal's by %u (%u with --minimal).\n\n",
          VREDUCE_PRECHECK_NODES, VREDUCE_CHECK_NODES, VREDUCE_PRECHECK_NODES);
    fputs(cli_common_help, f);
    fputs("\n", f);
    fputs(cli_input_help, f);
    fputs("\nOutput per format: line: the reduced puzzle; grid: a header\n"
          "'FILE:LINE: N givens (shape)' and the grid; json: one object per input\n"
          "(status reduced|above_target|outside_rating|invalid|not_unique|unsolvable,\n"
          "reduced, givens, minimal);\n"
          "csv: a header row, then one row per input.\n\n"
          "Exit status: 0 every input reduced; 1 some input is invalid, has no\n"
          "solution or more than one, or stayed above --clues; 2 usage error or\n"
          "unreadable input.\n",
          f);
}

/* qqwing's expert is "no closure solves it": nothing a removal can keep. */
static int expert_refused(void)
{
    return cli_usage_error("reduce", "--qqwing-level wants simple, easy or intermediate "
                           "(expert is any puzzle: leave the option out)");
}

static int on_option(void *p, int id, const char *v)
{
    reduce_ctx *c = p;
    int lo, hi;
    doku_parse_error pe;
    doku_difficulty d;
    switch (id) {
    case OPT_CLUES:
        if (cli_parsed("reduce", "--clues", doku_parse_clues(v, 0, &lo, &hi, &pe), &pe) != 0)
            return -1;
        c->target = lo;
        c->target_max = hi;
        return 0;
    case OPT_MINIMAL:
        c->target = 0;
        c->target_max = 0;
        c->prove = 1;
        return 0;
    case OPT_SYMMETRY:
        return cli_parsed("reduce", "--symmetry", doku_parse_symmetry(v, &c->symmetry, &pe), &pe);
    case OPT_DIFFICULTY:
        if (cli_parsed("reduce", "--difficulty", doku_parse_difficulty(v, &d, &c->level, &pe), &pe))
            return -1;
        if (d != DOKU_DIFFICULTY_ANY)
            gen_filter_set_difficulty(&c->filter, d);
        return c->level == DOKU_QQWING_EXPERT ? expert_refused() : 0;
    case OPT_QQWING:
        if (cli_parsed("reduce", "--qqwing-level", doku_parse_qqwing_level(v, &c->level, &pe), &pe))
            return -1;
        return c->level == DOKU_QQWING_EXPERT ? expert_refused() : 0;
    case OPT_RATING:
        c->rating_given = 1;
        return gen_filter_parse_rating(&c->filter, "--rating", v, "reduce");
    case OPT_REQUIRE:
        c->filter.require = v;
        return 0;
    case OPT_SEED:
        if (cli_parse_u64(v, &c->seed) != 0)
            return cli_usage_error("reduce", "--seed wants a number from 0 to " CLI_U64_MAX_TEXT " (2^64-1); got '%s'", v);
        return 0;
    }
    return -1;
}

/* Reports a problem with one input in every format. */
static void fail(const reduce_ctx *c, cli_task *t, const char *status, const char *msg)
{
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, msg);
    t->exit_code = CLI_EXIT_FAIL;
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = status;
    rec.message = msg;
    doku_source src = cli_task_source(t, c->o.symbols);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_reduce(&t->out, &src, &ro, &rec));
}

static void reduce_puzzle(cli_worker *w, cli_task *t, void *p)
{
    const reduce_ctx *c = p;
    const doku_shape *s = t->shape;
    int nc = doku_shape_cells(s);
    uint8_t *sol = cli_xmalloc((size_t)nc), *out = cli_xmalloc((size_t)nc);
    doku_generator *g = NULL;
    doku_rating_filter *judge = NULL;
    char msg[256];
    int givens = 0;
    for (int i = 0; i < nc; i++)
        givens += t->cells[i] != 0;
    if (givens == nc) {
        if (!doku_verify_solution(s, NULL, t->cells, (size_t)nc)) {
            cli_buf b = {0};
            doku_format_conflicts(&b, s, t->cells, (size_t)nc, c->o.symbols, 3, NULL, NULL);
            snprintf(msg, sizeof msg, "not a valid grid: %s", b.data ? b.data : "");
            cli_buf_free(&b);
            fail(c, t, "invalid", msg);
            goto out;
        }
        memcpy(sol, t->cells, (size_t)nc);
    } else {
        doku_solver *sv = cli_worker_solver(w, s);
        doku_search_opts so = {2, 0, c->o.timeout_given ? c->o.timeout : DEFAULT_TIMEOUT, 0};
        doku_search_result r;
        doku_status st = sv ? doku_search(sv, t->cells, (size_t)nc, &so, sol, NULL, NULL, &r) : DOKU_ERR_NOMEM;
        if (st != DOKU_OK && st != DOKU_GAVE_UP) {
            fail(c, t, "invalid", "cannot check this puzzle (out of memory or bad value)");
            goto out;
        }
        if (st == DOKU_GAVE_UP) {
            fail(c, t, "gave_up", "gave up checking uniqueness within the time budget");
            goto out;
        }
        if (r.solutions == 0) {
            cli_buf b = {0};
            size_t k = 0;
            doku_format_conflicts(&b, s, t->cells, (size_t)nc, c->o.symbols, 3, NULL, &k);
            snprintf(msg, sizeof msg, "no solution%s%s", k > 0 ? ": " : "", k > 0 ? b.data : "");
            cli_buf_free(&b);
            fail(c, t, "unsolvable", msg);
            goto out;
        }
        if (r.solutions > 1) {
            fail(c, t, "not_unique", "more than one solution: only a unique puzzle can be reduced");
            goto out;
        }
    }
    if (doku_generator_create(s, &g) != DOKU_OK) {
        fail(c, t, "invalid", "out of memory");
        goto out;
    }
    isa_env_generator(g);
    doku_qqwing_level have = DOKU_QQWING_ANY; /* stays ANY for a grid it cannot class */
    if (c->level != DOKU_QQWING_ANY)
        doku_generator_qqwing_level(g, t->cells, (size_t)nc, &have);
    if (have > c->level) {
        snprintf(msg, sizeof msg, "the input already needs more than qqwing level %s",
                 doku_qqwing_level_name(c->level));
        fail(c, t, "too_hard", msg);
        goto out;
    }
    doku_reduce_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.target_givens = c->target;
    ro.symmetry = c->symmetry;
    ro.qqwing_level = c->level;
    if (c->prove)
        ro.check_budget = PROOF_BUDGET;
    if (gen_filter_active(&c->filter) && !(judge = gen_filter_band(&c->filter, s))) {
        fail(c, t, "invalid", "out of memory");
        goto out;
    }
    doku_reduce_result rr;
    int accepted = 0;
    doku_status st = doku_reduce_rated(g, judge, doku_seed_derive(c->seed, t->index),
                                       FILTER_ATTEMPTS, sol, t->cells, (size_t)nc, &ro, out, &rr, &accepted);
    if (st != DOKU_OK) {
        fail(c, t, "invalid", st == DOKU_ERR_NOMEM ? "out of memory" : "cannot reduce this input");
        goto out;
    }
    doku_reduce_record rec;
    memset(&rec, 0, sizeof rec);
    rec.status = "reduced";
    if (!accepted) {
        char want[160] = "";
        gen_filter_describe(&c->filter, want, sizeof want);
        rec.status = "outside_rating";
        snprintf(msg, sizeof msg, "none of %d reductions was%s (the last one is given)",
                 FILTER_ATTEMPTS, want + 1);
        rec.message = msg;
        char where[512];
        cli_task_where(t, where, sizeof where);
        cli_buf_printf(&t->err, "%s: %s\n", where, msg);
        t->exit_code = CLI_EXIT_FAIL;
    }
    if (accepted && c->target_max && rr.givens > c->target_max) {
        /* said like generate's unreachable request: what was reached, why */
        rec.status = "above_target";
        char band[48];
        if (c->target == c->target_max)
            snprintf(band, sizeof band, "%d", c->target);
        else
            snprintf(band, sizeof band, "%d-%d", c->target, c->target_max);
        snprintf(msg, sizeof msg, "reduced to %d givens, not the %s asked: %s", rr.givens, band,
                 rr.minimal ? "no given can be removed while the solution stays unique"
                 : c->level != DOKU_QQWING_ANY ? "no further removal kept it unique and solvable at that qqwing level"
                 : c->symmetry != DOKU_SYM_NONE ? "no further group of symmetric cells could go without "
                                                  "leaving several solutions or too few givens (a wider "
                                                  "band may fit)"
                 : "no further removal stayed unique within the check budget (--minimal checks longer)");
        rec.message = msg;
        char where[512];
        cli_task_where(t, where, sizeof where);
        cli_buf_printf(&t->err, "%s: %s\n", where, msg);
        t->exit_code = CLI_EXIT_FAIL;
    }
    rec.reduced = out;
    rec.givens_before = givens;
    rec.result = &rr;
    doku_source src = cli_task_source(t, c->o.symbols);
    doku_record_opts fo = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_reduce(&t->out, &src, &fo, &rec));
out:
    doku_rating_filter_free(judge);
    doku_generator_free(g);
    free(sol);
    free(out);
}

static void reduce_invalid(cli_worker *w, cli_task *t, void *p)
{
    (void)w;
    const reduce_ctx *c = p;
    char where[512];
    cli_task_where(t, where, sizeof where);
    cli_buf_printf(&t->err, "%s: %s\n", where, t->error);
    doku_source src = cli_task_source(t, DOKU_SYMBOLS_AUTO);
    doku_record_opts ro = cli_record_opts(t, &c->o);
    cli_check_written(doku_format_invalid(&t->out, DOKU_CMD_REDUCE, &src, &ro, t->error));
}

/* Variant puzzle files (variant_reduce.h): the same options, the rating
 * on doku's own scale; qqwing's levels and the classic output formats
 * are refused by name. @return the exit code. */
static int reduce_variants(const reduce_ctx *c)
{
    if (c->level != DOKU_QQWING_ANY) {
        cli_usage_error("reduce", "--qqwing-level has no meaning for variant puzzles (qqwing's "
                                  "solver knows no constraint): use --difficulty or --rating, "
                                  "on doku's own scale");
        return CLI_EXIT_USAGE;
    }
    if (c->o.format != CLI_FORMAT_AUTO && c->o.format != DOKU_FORMAT_LINE &&
        c->o.format != DOKU_FORMAT_JSON) {
        cli_usage_error("reduce", "variant puzzles are written in doku's variant text format "
                                  "(--format line, the default) or as JSON records "
                                  "(--format json)");
        return CLI_EXIT_USAGE;
    }
    /* --minimal: checks as long as the check of the input may run */
    vreduce_opts a = {c->target, c->symmetry, c->seed, c->prove ? VREDUCE_PRECHECK_NODES : 0,
                      DOKU_DIFFICULTY_ANY};
    return cli_variant_reduce(&c->o, &a, &c->filter);
}

int cmd_reduce(int argc, char **argv)
{
    reduce_ctx c;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    int rc = cli_parse_args(&c.o, argc, argv, reduce_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (c.filter.difficulty && c.rating_given) {
        cli_usage_error("reduce", "use --difficulty or --rating, not both");
        cli_opts_free(&c.o);
        return CLI_EXIT_USAGE;
    }
    if (c.level != DOKU_QQWING_ANY && c.filter.have_rating) {
        cli_usage_error("reduce", "use --qqwing-level or --difficulty/--rating, not both");
        cli_opts_free(&c.o);
        return CLI_EXIT_USAGE;
    }
    if (gen_filter_active(&c.filter) && gen_filter_check(&c.filter, "reduce") != 0) {
        cli_opts_free(&c.o);
        return CLI_EXIT_USAGE;
    }
    if (cli_variant_inputs(&c.o)) {
        rc = reduce_variants(&c);
        cli_opts_free(&c.o);
        return rc;
    }
    if (c.o.format == DOKU_FORMAT_CSV)
        cli_print_csv_header(DOKU_CMD_REDUCE, 0, 0, 0);
    cli_run_ops ops = {reduce_puzzle, reduce_invalid, &c};
    rc = cli_run(&c.o, &ops);
    cli_opts_free(&c.o);
    return rc;
}
