/*
 * cmd_generate.c — `doku generate`: unique puzzles, or full grids, from a
 * seed, for any shape and variant.
 *
 * The one design idea: puzzle i is a pure function of (seed, i, options)
 * (doku_seed_derive gives each index its own seed), so workers take
 * indices in any order and the main thread prints them in index order:
 * the output is byte-identical whatever --threads says. Workers may run at
 * most a window ahead of printing, so memory stays bounded for any -n.
 */
#include "doku_records.h"
#include "isa_env.h"
#include "commands.h"
#include "clock.h"
#include "output.h"
#include "gen_filter.h"
#include "pool.h"
#include "backends.h"
#include "gen_drawn.h"
#include "gen_variant.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Search nodes per check when minimality must be proven: seconds at
 * worst on 16x16 (an unlimited check once ran past a 30 s budget). */
#define PROOF_BUDGET 200000
#define DEFAULT_TIMEOUT 30.0
#define DEFAULT_ATTEMPTS 100000

typedef struct gen_ctx {
    cli_opts o;
    uint64_t count;
    int size;                  /* --size n, 0 = from --box/--regions/9 */
    int min_givens, max_givens;
    int minimal, full, quiet, with_solution;
    doku_symmetry symmetry;
    doku_qqwing_level qqwing;  /* --qqwing-level */
    const char *clues;         /* --clues as given, checked again once n is known */
    int rating_given;          /* --rating was on the command line */
    gen_filter_spec filter;    /* --difficulty, --rating, --require */
    const char *pattern_file;
    uint8_t *pattern;
    uint64_t seed;
    int seed_given;
    uint64_t start;            /* --start K: index (0-based) of the first puzzle */
    uint64_t attempts;
    doku_shape *shape;
    int n, ncells;
    double timeout;
    document_file *doc;         /* --format xlsx|svg|png|pdf: records go here */
    int vset_given;            /* --killer or a set in --variant */
    doku_vgen_set vset;
    const char *cage_size;     /* --cage-size as given, checked once n is known */
    const char *to;            /* --to FORMAT for variant puzzles, as given */
    const char *effort;        /* --effort MIN-MAX, as given */
    const char *drawn;         /* --constraints FILE: givens for its constraints */
} gen_ctx;

enum {
    OPT_COUNT = 1, OPT_CLUES, OPT_MINIMAL, OPT_SYMMETRY, OPT_DIFFICULTY,
    OPT_RATING, OPT_REQUIRE, OPT_PATTERN, OPT_SEED, OPT_FULL, OPT_QUIET,
    OPT_SOLUTION, OPT_SIZE, OPT_ATTEMPTS, OPT_START, OPT_QQWING, OPT_KILLER, OPT_CAGE_SIZE,
    OPT_VARIANT_SET, OPT_TO, OPT_EFFORT, OPT_CONSTRAINTS
};

static const cli_option gen_options[] = {
    {"-n", 1, OPT_COUNT},           {"--count", 1, OPT_COUNT},
    {"--clues", 1, OPT_CLUES},      {"--givens", 1, OPT_CLUES},
    {"--minimal", 0, OPT_MINIMAL},  {"--symmetry", 1, OPT_SYMMETRY},
    {"--difficulty", 1, OPT_DIFFICULTY}, {"--rating", 1, OPT_RATING},
    {"--qqwing-level", 1, OPT_QQWING},
    {"--require", 1, OPT_REQUIRE},  {"--pattern", 1, OPT_PATTERN},
    {"--seed", 1, OPT_SEED},        {"--full", 0, OPT_FULL},
    {"--quiet", 0, OPT_QUIET},      {"-q", 0, OPT_QUIET},
    {"--solution", 0, OPT_SOLUTION}, {"--size", 1, OPT_SIZE},
    {"--attempts", 1, OPT_ATTEMPTS}, {"--start", 1, OPT_START},
    {"--killer", 0, OPT_KILLER},    {"--cage-size", 1, OPT_CAGE_SIZE},
    {"--variant", 1, OPT_VARIANT_SET}, {"--to", 1, OPT_TO},
    {"--effort", 1, OPT_EFFORT},    {"--constraints", 1, OPT_CONSTRAINTS},
    {NULL, 0, 0}};

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: doku generate [-n COUNT] [--clues N | --clues MIN-MAX] [--minimal]\n"
            "                     [--symmetry SYM] [--difficulty NAME | --rating MIN-MAX]\n"
            "                     [--qqwing-level LEVEL]\n"
            "                     [--require TECHNIQUE] [--pattern FILE] [--seed S]\n"
            "                     [--start K]\n"
            "                     [--full] [--solution] [--size N] [options]\n"
            "       doku generate --killer [--cage-size MIN-MAX] [--difficulty NAME] ...\n"
            "       doku generate --variant thermo|arrow|kropki|xv [--difficulty NAME] ...\n"
            "       doku generate --constraints FILE [--clues N] [--symmetry SYM] ...\n\n"
            "Generates puzzles with exactly one solution: a random full grid, then givens\n"
            "removed in random order while the puzzle stays unique. The same seed and\n"
            "options give the same puzzles, whatever --threads says.\n\n"
            "  -n, --count N      how many (default 1)\n"
            "  --clues N          exactly N givens; MIN-MAX: any count in the band\n"
            "                     (default: as few as removal reaches; minimal on 9x9,\n"
            "                     near-minimal on big grids, where long checks are cut)\n"
            "  --minimal          proven minimal puzzles: no given can be removed (with\n"
            "                     a symmetry: no symmetric group of givens); a grid whose\n"
            "                     proof takes too long is dropped for another\n"
            "  --symmetry SYM     none, rot180, rot90, mirror, flip, diagonal,\n"
            "                     antidiagonal, random (default none); qqwing's\n"
            "                     rotate180 and rotate90 too\n"
            "  --difficulty NAME  easy (ER 1.0-2.3), medium (2.4-3.4), hard (3.5-4.6),\n"
            "                     unfair (4.7-6.9), extreme (7.0+): `doku grade` names\n"
            "                     every puzzle made so with NAME; any (default)\n"
            "  --rating MIN-MAX   a band of ratings as `doku grade` gives them (e.g.\n"
            "                     7.0-9.0); MIN+ has no upper bound (7.0+)\n"
            "  --qqwing-level L   qqwing's levels: simple (naked singles suffice), easy\n"
            "                     (hidden singles needed), intermediate (pairs or\n"
            "                     pointing/claiming needed), expert (more than that)\n"
            "  --require TECH     the grader's solution path must use technique TECH\n"
            "  --pattern FILE     givens exactly where FILE has a mark: n*n cells, '.',\n"
            "                     '0' or '_' empty, any other symbol a given\n"
            "  --seed S           master seed (default: from the clock); always named on\n"
            "                     stderr ('doku generate: seed S'; with -q only when it\n"
            "                     came from the clock) and in json and csv records\n"
            "  --start K          begin at puzzle K of the seed's sequence (default 1):\n"
            "                     --seed S --start K -n 1 makes again the record with\n"
            "                     index K and master_seed S (same options)\n"
            "  --full             print complete random grids instead of puzzles\n"
            "  --solution         print each puzzle's solution too\n"
            "  --size N           side of the grid (default: from --box or --regions, else 9)\n"
            "  --attempts N       full grids tried per puzzle before giving up\n"
            "                     (default: until --timeout; %d with --timeout 0)\n"
            "  -q, --quiet        no progress, summary or seed line on stderr (the seed\n"
            "                     line stays when the seed came from the clock)\n"
            "  (each puzzle gives up after %g s unless --timeout says otherwise; a\n"
            "  request that cannot be met ends with a message saying what was reached)\n\n",
            DEFAULT_ATTEMPTS, DEFAULT_TIMEOUT);
    fputs(
            "Variant puzzles (written in doku's variant text format, docs/FORMATS.md):\n"
            "  --killer           a killer without givens: the grid cut into cages of\n"
            "                     distinct digits, cut again where a second solution\n"
            "                     differs until it is unique\n"
            "  --cage-size MIN-MAX  killer cage sizes (default 2-5; with --difficulty\n"
            "                     easy 2-3, hard 2-6, unfair 2-7, extreme 2-8)\n"
            "  --variant SET      thermo, arrow, kropki or xv: read off the grid and added\n"
            "                     where a second solution differs (kropki and xv: every\n"
            "                     dot or X/V, with the negative rule), givens only where\n"
            "                     they do not suffice, then what is not needed removed;\n"
            "                     also killer. Combines with x, hyper (--variant x,thermo)\n"
            "  --to FORMAT        how variant puzzles are written: text (default, doku's\n"
            "                     variant text format), fpuzzles or sudokupad (links),\n"
            "                     fpuzzles-json, sudokuwiki or killer (9x9 killers)\n"
            "  --difficulty NAME  for variant puzzles, doku's own variant rating (`doku\n"
            "                     grade` on the puzzle names NAME; not SE's scale)\n"
            "  --effort MIN-MAX   the engine's effort to prove the puzzle unique, in\n"
            "                     search guesses (MIN+: no upper bound); killers are\n"
            "                     made harder by merging cages while unique\n"
            "  --constraints FILE givens for the constraints of FILE (a variant puzzle\n"
            "                     without givens: cages, lines, dots a setter drew), one\n"
            "                     solution's digits added where two differ, then reduced\n"
            "                     as doku reduce reduces: --clues, --symmetry, --minimal,\n"
            "                     --full, --difficulty/--rating/--require (doku's own\n"
            "                     scale), --solution, --to; the page's Generate and\n"
            "                     /api/generate make the same puzzle for a seed\n"
            "\n", f);
    fputs(cli_common_help, f);
    fputs("\nOutput per format: line: one puzzle per line ('puzzle solution' with\n"
          "--solution); grid: a '# puzzle K: ...' header and the framed grid; json:\n"
          "one object per puzzle (index, seed and master_seed as strings, puzzle,\n"
          "solution, givens, symmetry, minimal, difficulty, qqwing_level); csv: a\n"
          "header row, then one\n"
          "row per puzzle.\n\n"
          "Exit status: 0 every puzzle generated; 1 a request could not be met within\n"
          "the budget (the puzzles before it are printed); 2 usage error.\n",
          f);
}


static int on_option(void *p, int id, const char *v)
{
    gen_ctx *c = p;
    uint64_t a;
    doku_parse_error pe;
    int lo, hi;
    doku_difficulty d;
    switch (id) {
    case OPT_COUNT:
        if (cli_parse_u64(v, &c->count) != 0)
            return cli_usage_error("generate", "-n wants a count from 0 to " CLI_U64_MAX_TEXT "; got '%s'", v);
        return 0;
    case OPT_CLUES:
        if (cli_parsed("generate", "--clues", doku_parse_clues(v, 0, &lo, &hi, &pe), &pe) != 0)
            return -1;
        c->clues = v;
        c->min_givens = lo;
        c->max_givens = hi;
        return 0;
    case OPT_MINIMAL:
        c->minimal = 1;
        return 0;
    case OPT_SYMMETRY:
        return cli_parsed("generate", "--symmetry", doku_parse_symmetry(v, &c->symmetry, &pe), &pe);
    case OPT_DIFFICULTY:
        if (cli_parsed("generate", "--difficulty", doku_parse_difficulty(v, &d, &c->qqwing, &pe),
                       &pe) != 0)
            return -1;
        if (d != DOKU_DIFFICULTY_ANY)
            gen_filter_set_difficulty(&c->filter, d);
        return 0;
    case OPT_QQWING:
        return cli_parsed("generate", "--qqwing-level", doku_parse_qqwing_level(v, &c->qqwing, &pe),
                          &pe);
    case OPT_RATING:
        c->rating_given = 1;
        return gen_filter_parse_rating(&c->filter, "--rating", v, "generate");
    case OPT_REQUIRE:
        c->filter.require = v;
        return 0;
    case OPT_PATTERN:
        c->pattern_file = v;
        return 0;
    case OPT_SEED:
        if (cli_parse_u64(v, &c->seed) != 0)
            return cli_usage_error("generate", "--seed wants a number from 0 to " CLI_U64_MAX_TEXT " (2^64-1); got '%s'", v);
        c->seed_given = 1;
        return 0;
    case OPT_FULL:
        c->full = 1;
        return 0;
    case OPT_QUIET:
        c->quiet = 1;
        return 0;
    case OPT_SOLUTION:
        c->with_solution = 1;
        return 0;
    case OPT_SIZE:
        if (cli_parse_u64(v, &a) != 0 || a < 1 || a > DOKU_MAX_N)
            return cli_usage_error("generate", "--size wants a side from 1 to %d; got '%s'", DOKU_MAX_N, v);
        c->size = (int)a;
        return 0;
    case OPT_START:
        if (cli_parse_u64(v, &c->start) != 0 || c->start == 0)
            return cli_usage_error("generate", "--start wants a puzzle number from 1 to " CLI_U64_MAX_TEXT "; got '%s'", v);
        c->start--;
        return 0;
    case OPT_KILLER:
        if (c->vset_given && c->vset != DOKU_VGEN_KILLER)
            return cli_usage_error("generate", "--killer and --variant %s: one constraint set at "
                                   "a time", doku_vgen_set_name(c->vset));
        c->vset_given = 1;
        c->vset = DOKU_VGEN_KILLER;
        return 0;
    case OPT_CAGE_SIZE:
        if (cli_parsed("generate", "--cage-size", doku_parse_cage_size(v, 0, &lo, &hi, &pe), &pe) != 0)
            return -1;
        c->cage_size = v;
        return 0;
    case OPT_VARIANT_SET: {
        /* the common --variant (x, hyper) with the constraint sets */
        unsigned flags;
        doku_vgen_set set;
        int named;
        if (cli_parsed("generate", "--variant",
                       doku_parse_vgen_variants(v, &flags, &set, &named, &pe), &pe) != 0)
            return -1;
        c->o.variants |= flags;
        if (named && c->vset_given && c->vset != set)
            return cli_usage_error("generate", "--variant %s and %s%s: one constraint set at a "
                                   "time", doku_vgen_set_name(set),
                                   c->vset == DOKU_VGEN_KILLER ? "--" : "--variant ",
                                   doku_vgen_set_name(c->vset));
        if (named) {
            c->vset_given = 1;
            c->vset = set;
        }
        return 0;
    }
    case OPT_TO:
        c->to = v;
        return 0;
    case OPT_EFFORT:
        c->effort = v;
        return 0;
    case OPT_CONSTRAINTS:
        c->drawn = v;
        return 0;
    case OPT_ATTEMPTS:
        if (cli_parse_u64(v, &c->attempts) != 0 || c->attempts == 0)
            return cli_usage_error("generate", "--attempts wants a number from 1 to " CLI_U64_MAX_TEXT "; got '%s'", v);
        return 0;
    }
    return -1;
}

/* Reads the --pattern file: n*n marks. @return 0, or -1 after a message. */
static int load_pattern(gen_ctx *c)
{
    FILE *f = fopen(c->pattern_file, "r");
    if (!f) {
        fprintf(stderr, "doku generate: cannot read pattern %s: %s\n", c->pattern_file,
                strerror(errno));
        return -1;
    }
    c->pattern = cli_xmalloc((size_t)c->ncells);
    int k = 0, ch, line = 1, col = 0;
    while ((ch = fgetc(f)) != EOF) {
        col++;
        if (ch == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '|' || ch == '-' || ch == '+')
            continue;
        if (k == c->ncells) {
            fprintf(stderr, "%s:%d:%d: pattern has more than %d cells (a %dx%d grid)\n",
                    c->pattern_file, line, col, c->ncells, c->n, c->n);
            fclose(f);
            return -1;
        }
        c->pattern[k++] = !(ch == '.' || ch == '0' || ch == '_');
    }
    fclose(f);
    if (k != c->ncells) {
        fprintf(stderr, "%s: pattern has %d cells; a %dx%d grid needs %d\n", c->pattern_file, k,
                c->n, c->n, c->ncells);
        return -1;
    }
    return 0;
}

/* ---- the ordered worker pool ------------------------------------------ */
typedef struct slot {
    uint8_t *puzzle, *solution;
    doku_generate_result res;
    doku_status status;
} slot;

/* What the pool's items need: the request, the result ring, and each
 * worker's generator and grading state (made on its first item). */
typedef struct gen_run {
    const gen_ctx *c;
    slot *slots;
    uint64_t window;
    doku_generator **gens;
    doku_rating_filter **bands;
    int *made;
} gen_run;

static void generate_one(const gen_ctx *c, doku_generator *g, doku_rating_filter *fs,
                         uint64_t index, slot *sl)
{
    uint64_t seed = doku_seed_derive(c->seed, c->start + index);
    memset(&sl->res, 0, sizeof sl->res);
    if (c->full) {
        doku_rng rng;
        doku_rng_seed(&rng, seed);
        sl->status = doku_generate_grid_timed(g, &rng, c->timeout, sl->solution, (size_t)c->ncells);
        memcpy(sl->puzzle, sl->solution, (size_t)c->ncells);
        if (sl->status == DOKU_GAVE_UP)
            sl->res.attempts = 1; /* reported as a time-budget give-up */
        sl->res.found = sl->status == DOKU_OK;
        sl->res.givens = c->ncells;
        return;
    }
    doku_generate_opts go;
    memset(&go, 0, sizeof go);
    go.min_givens = c->min_givens;
    go.max_givens = c->max_givens;
    go.minimal = c->minimal;
    go.symmetry = c->symmetry;
    go.qqwing_level = c->qqwing;
    /* the class every accepted puzzle has: screened by the generator,
     * unless the band's own start already does it (not reported: only
     * an asked-for qqwing level is) */
    if (go.qqwing_level == DOKU_QQWING_ANY && gen_filter_active(&c->filter) &&
        !gen_filter_band_screens(&c->filter))
        go.qqwing_level = gen_filter_class(&c->filter);
    go.pattern = c->pattern;
    if (c->minimal)
        go.check_budget = PROOF_BUDGET; /* a grid whose proof runs longer is dropped */
    if (fs) {
        go.filter = doku_rating_filter_accept;
        go.filter_user = fs;
    }
    go.max_attempts = c->attempts ? c->attempts : UINT64_MAX;
    go.time_budget = c->timeout;
    sl->status = doku_generate(g, seed, &go, sl->puzzle, sl->solution, (size_t)c->ncells, &sl->res);
    if (c->qqwing == DOKU_QQWING_ANY)
        sl->res.qqwing_level = DOKU_QQWING_ANY;
}

/* The per-thread objects: a generator, and a grading state when the
 * request needs one. @return 0, or -1 out of memory (nothing to free). */
static int thread_objects(const gen_ctx *c, doku_generator **g, doku_rating_filter **fs)
{
    *g = NULL;
    *fs = NULL;
    if (doku_generator_create(c->shape, g) != DOKU_OK)
        return -1;
    isa_env_generator(*g);
    if (!c->full && gen_filter_active(&c->filter) &&
        !(*fs = gen_filter_band(&c->filter, c->shape))) {
        doku_generator_free(*g);
        *g = NULL;
        return -1;
    }
    return 0;
}

static void gen_item(void *ctx, int worker, uint64_t index)
{
    gen_run *g = ctx;
    slot *sl = &g->slots[index % g->window];
    if (!g->made[worker]) {
        g->made[worker] = 1;
        thread_objects(g->c, &g->gens[worker], &g->bands[worker]);
    }
    if (g->gens[worker])
        generate_one(g->c, g->gens[worker], g->bands[worker], index, sl);
    else
        sl->status = DOKU_ERR_NOMEM;
}

/* ---- output ------------------------------------------------------------- */
static void print_csv_header(const gen_ctx *c)
{
    cli_print_csv_header(DOKU_CMD_GENERATE, 0, 0, c->with_solution || c->full);
}

static void print_result(const gen_ctx *c, uint64_t index, const slot *sl)
{
    cli_buf b = {0};
    doku_generate_record rec;
    memset(&rec, 0, sizeof rec);
    rec.index = c->start + index;
    rec.seed = doku_seed_derive(c->seed, c->start + index);
    rec.master_seed = c->seed;
    rec.puzzle = sl->puzzle;
    rec.solution = sl->solution;
    rec.result = &sl->res;
    rec.full = c->full;
    rec.with_solution = c->with_solution;
    rec.difficulty = c->filter.difficulty;
    doku_record_opts ro = cli_format_opts(&c->o, c->o.format);
    cli_check_written(doku_format_generate(&b, c->shape, c->o.symbols, &ro, &rec));
    char why[512];
    if (!c->doc)
        fwrite(b.data, 1, b.len, stdout);
    else if (document_add(c->doc, c->shape, b.data, b.len, why, sizeof why) != 0)
        fprintf(stderr, "doku generate: puzzle %llu: %s\n", (unsigned long long)index + 1, why);
    cli_buf_free(&b);
}

/* What the request was, for the failure message. */
static void describe_request(const gen_ctx *c, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%dx%d", c->n, c->n);
    if (c->qqwing != DOKU_QQWING_ANY)
        k += snprintf(buf + k, cap - (size_t)k, " qqwing-%s", doku_qqwing_level_name(c->qqwing));
    k += snprintf(buf + k, cap - (size_t)k, " puzzle");
    if (c->min_givens == c->max_givens && c->min_givens)
        k += snprintf(buf + k, cap - (size_t)k, " with %d givens", c->min_givens);
    else if (c->max_givens)
        k += snprintf(buf + k, cap - (size_t)k, " with %d-%d givens", c->min_givens, c->max_givens);
    if (c->minimal)
        k += snprintf(buf + k, cap - (size_t)k, ", minimal");
    if (c->symmetry != DOKU_SYM_NONE)
        k += snprintf(buf + k, cap - (size_t)k, ", %s symmetry", doku_symmetry_name(c->symmetry));
    if (c->pattern)
        k += snprintf(buf + k, cap - (size_t)k, ", givens as in %s", c->pattern_file);
    if (gen_filter_active(&c->filter))
        gen_filter_describe(&c->filter, buf + k, cap - (size_t)k);
}

static void report_failure(const gen_ctx *c, uint64_t i, const slot *sl)
{
    uint64_t index = c->start + i;
    char req[512];
    describe_request(c, req, sizeof req);
    if (sl->status != DOKU_OK && sl->status != DOKU_GAVE_UP) {
        fprintf(stderr, "doku generate: puzzle %llu: %s\n", (unsigned long long)index + 1,
                sl->status == DOKU_ERR_SHAPE
                    ? "no complete grid found for this shape (its fill search gave up;"
                      " the shape may admit none)"
                                             : doku_status_string(sl->status));
        return;
    }
    const doku_generate_result *r = &sl->res;
    if (c->full) {
        fprintf(stderr, "doku generate: grid %llu: no complete %dx%d grid found within the time "
                "budget (raise --timeout)\n", (unsigned long long)index + 1, c->n, c->n);
        return;
    }
    fprintf(stderr, "doku generate: puzzle %llu: no %s found: gave up after %llu full grids%s",
            (unsigned long long)index + 1, req, (unsigned long long)r->attempts,
            !c->attempts || r->attempts < c->attempts ? " (time budget; raise --timeout)"
                                                      : " (raise --attempts)");
    if (c->pattern)
        fprintf(stderr, "; none of them left the pattern's givens with a unique solution.\n");
    else if (r->best_givens && (c->max_givens || c->min_givens))
        fprintf(stderr, "; the fewest givens reached was %d.\n", r->best_givens);
    else if (c->qqwing != DOKU_QQWING_ANY && r->best_qqwing_level)
        fprintf(stderr, "; the last candidate was qqwing-%s.\n",
                doku_qqwing_level_name(r->best_qqwing_level));
    else
        fprintf(stderr, ".\n");
}

static int is_tty_stderr(void) { return isatty(STDERR_FILENO); }

static void progress(const gen_ctx *c, uint64_t done, double t0)
{
    double el = now_seconds() - t0;
    double rate = el > 0 ? (double)done / el : 0;
    double eta = rate > 0 ? (double)(c->count - done) / rate : 0;
    fprintf(stderr, "\r\033[K%llu/%llu %s, %.1f/s, ETA %.0f s", (unsigned long long)done,
            (unsigned long long)c->count, c->full ? "grids" : "puzzles", rate, eta);
    fflush(stderr);
}

/* Prints puzzle i or reports why it is missing. @return the exit code. */
static int consume(const gen_ctx *c, uint64_t i, const slot *sl, int show)
{
    if (sl->status == DOKU_OK && sl->res.found) {
        print_result(c, i, sl);
        return CLI_EXIT_OK;
    }
    if (show)
        fprintf(stderr, "\r\033[K");
    fflush(stdout);
    report_failure(c, i, sl);
    return CLI_EXIT_FAIL;
}

static void summary(const gen_ctx *c, uint64_t done, double t0)
{
    double el = now_seconds() - t0;
    fprintf(stderr, "\r\033[K%llu %s in %.2f s (%.1f/s), seed %llu\n", (unsigned long long)done,
            c->full ? "grids" : "puzzles", el, el > 0 ? (double)done / el : 0.0,
            (unsigned long long)c->seed);
}

static int run(gen_ctx *c)
{
    int nthreads = c->o.threads > 0 ? c->o.threads : 1;
    if ((uint64_t)nthreads > c->count)
        nthreads = (int)(c->count ? c->count : 1);
    int show = !c->quiet && is_tty_stderr() && c->count > 1;
    if (c->o.format == DOKU_FORMAT_CSV)
        print_csv_header(c);
    gen_run g;
    memset(&g, 0, sizeof g);
    g.c = c;
    g.window = (uint64_t)nthreads * 16;
    g.slots = cli_xmalloc(sizeof(slot) * g.window);
    for (uint64_t i = 0; i < g.window; i++) {
        g.slots[i].puzzle = cli_xmalloc((size_t)c->ncells);
        g.slots[i].solution = cli_xmalloc((size_t)c->ncells);
    }
    g.gens = calloc((size_t)nthreads, sizeof *g.gens);
    g.bands = calloc((size_t)nthreads, sizeof *g.bands);
    g.made = calloc((size_t)nthreads, sizeof *g.made);
    if (!g.gens || !g.bands || !g.made) {
        fputs("doku: out of memory\n", stderr);
        exit(CLI_EXIT_USAGE);
    }
    cli_pool pool;
    if (cli_pool_start(&pool, nthreads, g.window, 1, gen_item, &g) != 0)
        fprintf(stderr, "doku generate: cannot start a thread; generating on one\n");
    double t0 = now_seconds(), last = t0;
    int rc = CLI_EXIT_OK;
    uint64_t done = 0;
    for (uint64_t i = 0; i < c->count && rc == CLI_EXIT_OK; i++) {
        uint64_t upto = i + g.window < c->count ? i + g.window : c->count;
        if (pool.nthreads)
            cli_pool_open(&pool, upto);
        else
            cli_pool_open(&pool, i + 1);   /* one thread: one at a time, printed at once */
        while (!cli_pool_wait(&pool, i, show ? 0.2 : 0)) {
            double now = now_seconds();
            if (now - last >= 0.2) {
                last = now;
                progress(c, i, t0);
            }
        }
        rc = consume(c, i, &g.slots[i % g.window], show);
        if (ferror(stdout))
            rc = CLI_EXIT_USAGE;   /* main says the output cannot be written */
        cli_pool_consume(&pool, i);
        done += rc == CLI_EXIT_OK;
        if (show && now_seconds() - last >= 0.2) {
            last = now_seconds();
            progress(c, i + 1, t0);
        }
    }
    cli_pool_stop(&pool);
    fflush(stdout);
    if (show)
        summary(c, done, t0);
    for (int k = 0; k < nthreads; k++) {
        doku_rating_filter_free(g.bands[k]);
        doku_generator_free(g.gens[k]);
    }
    for (uint64_t i = 0; i < g.window; i++) {
        free(g.slots[i].puzzle);
        free(g.slots[i].solution);
    }
    free(g.slots);
    free(g.gens);
    free(g.bands);
    free(g.made);
    return rc;
}

static uint64_t clock_seed(void);

/* --effort: "MIN-MAX" or "MIN+" guesses. @return 0, or -1 after the
 * message. */
static int parse_effort(const char *v, doku_vgen_opts *vo)
{
    char lo[32];
    const char *dash = strchr(v, '-');
    size_t len = dash ? (size_t)(dash - v) : strlen(v);
    int open = !dash && len && v[len - 1] == '+';
    if (open)
        len--;
    uint64_t a = 0, b = UINT64_MAX;
    int ok = len > 0 && len < sizeof lo && (dash || open);
    if (ok) {
        memcpy(lo, v, len);
        lo[len] = 0;
        ok = cli_parse_u64(lo, &a) == 0 && (!dash || cli_parse_u64(dash + 1, &b) == 0);
    }
    if (!ok || b < a)
        return cli_usage_error("generate", "--effort wants MIN-MAX or MIN+ search guesses "
                               "(e.g. 10-100, 1000+); got '%s'", v);
    vo->band = 1;
    vo->min_guesses = a;
    vo->max_guesses = b;
    return 0;
}

/* Variant puzzles are written as --to says, or drawn in a document;
 * @return 1 after the usage error for a classic format or both. */
static int variant_output_refused(const gen_ctx *c)
{
    if (c->o.format != CLI_FORMAT_AUTO && !c->o.document) {
        cli_usage_error("generate", "variant puzzles take --to FORMAT (text, fpuzzles, "
                        "sudokupad, fpuzzles-json, sudokuwiki, killer), or --format "
                        "pdf|svg|png|xlsx with -o FILE; not a line, grid or JSON format");
        return 1;
    }
    if (c->o.document && c->to) {
        cli_usage_error("generate", "--to writes text; a document (--format pdf|svg|png|xlsx) "
                        "is one or the other");
        return 1;
    }
    return 0;
}

/* `generate` for a killer or a constraint set. @return the exit code. */
static int run_variant(gen_ctx *c)
{
    if (c->full || c->clues || c->minimal || c->symmetry || c->pattern_file ||
        c->qqwing != DOKU_QQWING_ANY || c->rating_given || c->filter.require) {
        cli_usage_error("generate", "a %s takes no --full, --clues, --minimal, --symmetry, "
                        "--pattern, --qqwing-level, --rating or --require",
                        doku_vgen_set_name(c->vset));
        return CLI_EXIT_USAGE;
    }
    if (variant_output_refused(c))
        return CLI_EXIT_USAGE;
    if (c->n > DOKU_CONSTRAINTS_MAX_N) {
        cli_usage_error("generate", "variant puzzles go up to %dx%d; this grid is %dx%d",
                        DOKU_CONSTRAINTS_MAX_N, DOKU_CONSTRAINTS_MAX_N, c->n, c->n);
        return CLI_EXIT_USAGE;
    }
    gen_variant_req r;
    memset(&r, 0, sizeof r);
    r.vo.set = c->vset;
    r.format = DOKU_VARIANT_FORMAT_TEXT;
    if (c->to && gen_variant_format(c->to, &r.format) != 0)
        return CLI_EXIT_USAGE;
    if (c->cage_size) {
        doku_parse_error pe;
        if (c->vset != DOKU_VGEN_KILLER) {
            cli_usage_error("generate", "--cage-size is for --killer");
            return CLI_EXIT_USAGE;
        }
        if (cli_parsed("generate", "--cage-size",
                       doku_parse_cage_size(c->cage_size, c->n, &r.vo.min_cage, &r.vo.max_cage, &pe),
                       &pe) != 0)
            return CLI_EXIT_USAGE;
    }
    if (c->effort && parse_effort(c->effort, &r.vo) != 0)
        return CLI_EXIT_USAGE;
    r.difficulty = c->filter.difficulty;
    r.want.max = -1;
    if (r.difficulty != DOKU_DIFFICULTY_ANY)
        doku_difficulty_range(r.difficulty, &r.want.min, &r.want.max);
    vrate_killer_cages(r.difficulty, &r.vo);
    if (r.vo.max_cage > c->n)
        r.vo.max_cage = c->n;
    if (!c->seed_given)
        c->seed = clock_seed();
    c->timeout = c->o.timeout_given ? c->o.timeout : DEFAULT_TIMEOUT;
    if (c->timeout <= 0 && !c->attempts)
        c->attempts = DEFAULT_ATTEMPTS;
    if (!c->quiet || !c->seed_given) {
        fprintf(stderr, "doku generate: seed %llu\n", (unsigned long long)c->seed);
        fflush(stderr);
    }
    r.vo.max_attempts = c->attempts ? c->attempts : UINT64_MAX; /* else until --timeout */
    r.vo.time_budget = c->timeout;
    r.o = &c->o;
    r.shape = c->shape;
    r.seed = c->seed;
    r.start = c->start;
    r.count = c->count;
    r.with_solution = c->with_solution;
    if (!c->o.document)
        return gen_variant_run(&r);
    /* a picture, workbook or booklet (doku print --generate --killer) */
    char why[512];
    document_spec spec = {c->o.cmd, c->o.output, c->o.document, c->o.symbols, c->o.booklet};
    r.doc = cli_document_open(&spec, why, sizeof why);
    if (!r.doc) {
        fprintf(stderr, "doku generate: %s\n", why);
        return CLI_EXIT_USAGE;
    }
    int rc = gen_variant_run(&r);
    if (document_close(r.doc, why, sizeof why) != 0) {
        fprintf(stderr, "doku generate: %s\n", why);
        rc = CLI_EXIT_USAGE;
    }
    return rc;
}

static uint64_t clock_seed(void);

/* `generate --constraints FILE` (gen_drawn.h): what the file's shape and
 * constraints leave to ask. @return the exit code. */
static int run_drawn(gen_ctx *c)
{
    if (c->vset_given || c->pattern_file || c->qqwing != DOKU_QQWING_ANY || c->effort ||
        c->cage_size || c->size || c->attempts || c->o.box_rows || c->o.regions || c->o.variants) {
        cli_usage_error("generate", "--constraints FILE takes the shape and constraints from "
                        "FILE: no --killer, --variant, --size, --boxes, --regions, --pattern, "
                        "--qqwing-level, --effort, --cage-size or --attempts");
        return CLI_EXIT_USAGE;
    }
    if (c->full && (c->clues || c->minimal || c->symmetry || gen_filter_active(&c->filter))) {
        cli_usage_error("generate", "--full prints the solution; it takes no --clues, --minimal, "
                        "--symmetry, --difficulty, --rating or --require");
        return CLI_EXIT_USAGE;
    }
    if (variant_output_refused(c))
        return CLI_EXIT_USAGE;
    if (c->filter.difficulty && c->rating_given) {
        cli_usage_error("generate", "use --difficulty or --rating, not both");
        return CLI_EXIT_USAGE;
    }
    if (gen_filter_active(&c->filter) && gen_filter_check(&c->filter, "generate") != 0)
        return CLI_EXIT_USAGE;
    if (c->count == 0)
        return CLI_EXIT_OK;
    if (!c->seed_given)
        c->seed = clock_seed();
    if (!c->quiet || !c->seed_given) {
        fprintf(stderr, "doku generate: seed %llu\n", (unsigned long long)c->seed);
        fflush(stderr);
    }
    gen_drawn_args a = {&c->o, c->drawn, c->clues, c->symmetry, c->minimal, c->full,
                        c->with_solution, &c->filter, c->seed, c->start, c->count,
                        c->o.timeout_given ? c->o.timeout : DEFAULT_TIMEOUT, c->to};
    return gen_drawn_run(&a);
}

static uint64_t clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return doku_seed_derive((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec,
                            (uint64_t)getpid());
}

int cmd_generate(int argc, char **argv) { return cmd_generate_booklet(argc, argv, NULL); }

int cmd_generate_booklet(int argc, char **argv, const document_booklet *booklet)
{
    gen_ctx c;
    memset(&c, 0, sizeof c);
    c.count = 1;
    int rc = cli_parse_args(&c.o, argc, argv, gen_options, on_option, &c, usage);
    if (rc != CLI_PARSE_OK)
        return rc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    c.o.booklet = booklet;
    rc = CLI_EXIT_USAGE;
    if (c.o.nfiles) {
        cli_usage_error("generate", "takes no input files (got '%s'); to reduce given puzzles use 'doku reduce'",
                        c.o.files[0]);
        goto out;
    }
    if (c.drawn) {
        rc = run_drawn(&c);
        goto out;
    }
    if (c.vset_given) {
        c.n = c.size ? c.size
                     : c.o.regions ? c.o.regions_n : c.o.box_rows ? c.o.box_rows * c.o.box_cols : 9;
        c.ncells = c.n * c.n;
        char why[256];
        if (c.n <= DOKU_CONSTRAINTS_MAX_N && !(c.shape = cli_make_shape(&c.o, c.n, why, sizeof why))) {
            cli_usage_error("generate", "%s", why);
            goto out;
        }
        rc = c.count ? run_variant(&c) : CLI_EXIT_OK;
        goto out;
    }
    if (c.to || c.effort) {
        cli_usage_error("generate", "%s is for variant puzzles (--killer, --variant SET)%s",
                        c.to ? "--to" : "--effort", c.to ? "; classic puzzles take --format" : "");
        goto out;
    }
    if (c.full && (c.min_givens || c.minimal || c.qqwing || c.pattern_file ||
                   gen_filter_active(&c.filter) || c.symmetry)) {
        cli_usage_error("generate", "--full prints complete grids; it takes no --clues, --minimal, "
                        "--symmetry, --difficulty, --qqwing-level, --rating, --require or "
                        "--pattern");
        goto out;
    }
    if (c.pattern_file && (c.min_givens || c.minimal || c.symmetry)) {
        cli_usage_error("generate", "--pattern fixes where the givens are; it takes no --clues, "
                        "--minimal or --symmetry");
        goto out;
    }
    if (c.filter.difficulty && c.rating_given) {
        cli_usage_error("generate", "use --difficulty or --rating, not both");
        goto out;
    }
    if (c.qqwing != DOKU_QQWING_ANY && c.filter.have_rating) {
        cli_usage_error("generate", "use --qqwing-level or --difficulty/--rating, not both");
        goto out;
    }
    if (gen_filter_active(&c.filter) && gen_filter_check(&c.filter, "generate") != 0)
        goto out;
    c.n = c.size;
    if (!c.n)
        c.n = c.o.regions ? c.o.regions_n : c.o.box_rows ? c.o.box_rows * c.o.box_cols : 9;
    c.ncells = c.n * c.n;
    char why[256];
    c.shape = cli_make_shape(&c.o, c.n, why, sizeof why);
    if (!c.shape) {
        cli_usage_error("generate", "%s", why);
        goto out;
    }
    if (c.clues) {
        doku_parse_error pe;
        if (cli_parsed("generate", "--clues",
                       doku_parse_clues(c.clues, c.ncells, &c.min_givens, &c.max_givens, &pe),
                       &pe) != 0)
            goto out;
    }
    if (c.pattern_file && load_pattern(&c) != 0)
        goto out;
    if (c.o.format == CLI_FORMAT_AUTO)
        c.o.format = DOKU_FORMAT_LINE;
    if (!c.seed_given)
        c.seed = clock_seed();
    c.timeout = c.o.timeout_given ? c.o.timeout : DEFAULT_TIMEOUT;
    if (c.timeout <= 0 && !c.attempts)
        c.attempts = DEFAULT_ATTEMPTS; /* --timeout 0 must not mean "forever" */
    if (c.count == 0) {
        rc = CLI_EXIT_OK;
        goto out;
    }
    /* The seed is named even when stderr is no terminal: a run from the
     * clock could not be made again otherwise. */
    if (!c.quiet || !c.seed_given) {
        fprintf(stderr, "doku generate: seed %llu\n", (unsigned long long)c.seed);
        fflush(stderr);
    }
    if (c.o.document) {
        document_spec spec = {c.o.cmd, c.o.output, c.o.document, c.o.symbols, c.o.booklet};
        c.doc = cli_document_open(&spec, why, sizeof why);
        if (!c.doc) {
            fprintf(stderr, "doku generate: %s\n", why);
            goto out;
        }
    }
    rc = run(&c);
    if (c.doc && document_close(c.doc, why, sizeof why) != 0) {
        fprintf(stderr, "doku generate: %s\n", why);
        rc = CLI_EXIT_USAGE;
    }
    c.doc = NULL;
out:
    free(c.pattern);
    doku_shape_free(c.shape);
    cli_opts_free(&c.o);
    return rc;
}
