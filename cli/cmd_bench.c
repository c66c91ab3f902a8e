/*
 * cmd_bench.c — `doku bench FILE...`: solver throughput on puzzle files.
 *
 * Every file is read and parsed into memory before any clock starts, so the
 * figures are the engine's, not the I/O's. Each (limit, threads) pair is run
 * --repeat times and the median time is reported. With --clock cpu the time
 * is the threads' own CPU time (CLOCK_THREAD_CPUTIME_ID, summed and divided
 * by the thread count), which holds on a machine other work is sharing.
 */
#include "commands.h"
#include "clock.h"
#include "isa_env.h"
#include "options.h"
#include "buf.h"
#include "pool.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_MAX_LIST 8

typedef struct bench_opts {
    uint64_t limits[BENCH_MAX_LIST];
    int nlimits;
    int threads[BENCH_MAX_LIST];
    int nthreads;
    int repeat;
    int cpu_clock;
    unsigned flags;
    int isa;                   /* doku_isa to force (--isa), or -1 */
    long max_puzzles;
    cli_opts shape_opts;       /* --box, --variant, --regions, --symbols, --timeout */
    const doku_shape *shape;   /* of the file being run (read-only, shared) */
} bench_opts;

typedef struct puzzle_set {
    int n, ncells;
    size_t count, cap;
    uint8_t *cells;        /* count * ncells */
} puzzle_set;

typedef struct bench_totals {
    uint64_t solutions, guesses, no_guess, gave_up, errors;
} bench_totals;

typedef struct worker {
    const puzzle_set *set;
    const bench_opts *opts;
    uint64_t limit;
    size_t begin, end;     /* this thread's slice of the puzzles */
    bench_totals tot;
    double cpu_seconds;
    int failed;
} worker;

static void usage(FILE *f)
{
    fputs("usage: doku bench [options] FILE...\n"
          "Measures solver throughput. FILE ('-' for stdin) holds puzzles in any\n"
          "layout doku reads (see docs/FORMATS.md), all of one size; classic 9x9\n"
          "uses its fast path, other grids up to 16x16 with only rows, columns and\n"
          "boxes the board16 path (on CPUs with AVX2), the rest the generic\n"
          "engine. Puzzles are loaded into memory before timing.\n"
          "  -l, --limit L[,L...]    solution limits to run: 1 solve, 2 uniqueness,\n"
          "                          N count (default 1,2)\n"
          "  -t, --threads T[,T...]  thread counts to run (default 1)\n"
          "  -r, --repeat R          runs per figure, median reported (default 3)\n"
          "      --clock wall|cpu    wall clock (default) or the threads' CPU time\n"
          "      --generic           force the generic engine (no fast path)\n"
          "      --isa TIER          run the fast paths' portable, sse42, avx2 or avx512\n"
          "                          build (refused if the CPU lacks it; default:\n"
          "                          the best it has, or DOKU_ISA); the tier that\n"
          "                          ran is printed per file\n"
          "  -n, --max N             use at most N puzzles per file\n"
          "      --timeout SECONDS   give up on a puzzle after this long (counted\n"
          "                          in the 'gave up' note; default: none)\n"
          "  -h, --help              this text\n"
          "Shape options, as for solve: --box RxC, --variant x,hyper,\n"
          "--regions FILE [--keep-boxes], --symbols SET.\n"
          "Columns: puzzles/s and us/puzzle from the median run; noguess% = puzzles\n"
          "solved without a guess; guesses/puzzle; solutions = total found (at most\n"
          "limit per puzzle); spread = (max-min)/median over the repeats.\n"
          "Exit status: 0 ok; 1 some puzzle gave up (--timeout); 2 usage error,\n"
          "unreadable input, or a puzzle the solver rejects.\n",
          f);
}


/* Parses "a,b,c" of positive integers. @return count, or -1 if malformed. */
static int parse_list(const char *s, uint64_t *out, int cap)
{
    int k = 0;
    while (*s) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s || errno || v == 0 || k == cap || (*end && *end != ','))
            return -1;
        out[k++] = v;
        s = *end ? end + 1 : end;
    }
    return k;
}

/* Appends one record to set. @return 0, or -1 after printing an error. */
static int add_record(const char *path, const doku_record *rec, puzzle_set *set)
{
    if (rec->kind == DOKU_RECORD_ERROR) {
        fprintf(stderr, "doku bench: %s:%zu:%zu: %s\n", path, rec->line,
                rec->column ? rec->column : 1, rec->message);
        return -1;
    }
    if (set->n == 0) {
        set->n = rec->n;
        set->ncells = rec->n * rec->n;
    } else if (set->n != rec->n) {
        fprintf(stderr, "doku bench: %s:%zu: %dx%d grid in a file of %dx%d grids\n", path,
                rec->line, rec->n, rec->n, set->n, set->n);
        return -1;
    }
    if (set->count == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 1024;
        uint8_t *nc = realloc(set->cells, cap * (size_t)set->ncells);
        if (!nc) {
            fprintf(stderr, "doku bench: out of memory reading %s\n", path);
            return -1;
        }
        set->cells = nc;
        set->cap = cap;
    }
    memcpy(set->cells + set->count * (size_t)set->ncells, rec->cells, (size_t)set->ncells);
    set->count++;
    return 0;
}

/* Reads every puzzle of path (any layout the library's reader accepts)
 * into set. @return 0, or -1 after a message. */
static int load_file(const char *path, puzzle_set *set, long max_puzzles,
                     const cli_opts *so)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "doku bench: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    doku_reader_opts ro = {0};
    ro.symbols = so->symbols;
    ro.n = so->regions ? so->regions_n : so->box_rows * so->box_cols;
    doku_reader *rd = NULL;
    if (doku_reader_create(&ro, &rd) != DOKU_OK) {
        fprintf(stderr, "doku bench: out of memory\n");
        if (f != stdin)
            fclose(f);
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int rc = 0, done = 0;
    doku_record rec;
    while (!done && (got = getline(&line, &cap, f)) >= 0) {
        size_t len = (size_t)got;
        if (len && line[len - 1] == '\n')
            len--;
        if (doku_reader_push_line(rd, line, len) != DOKU_OK) {
            fprintf(stderr, "doku bench: out of memory reading %s\n", path);
            rc = -1;
            break;
        }
        while (!done && doku_reader_next(rd, &rec) == DOKU_OK) {
            if (add_record(path, &rec, set) < 0)
                rc = -1, done = 1;
            else if (max_puzzles > 0 && set->count >= (size_t)max_puzzles)
                done = 1;
        }
    }
    if (rc == 0 && !done && ferror(f)) {
        fprintf(stderr, "doku bench: error reading %s: %s\n", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && !done && doku_reader_finish(rd) == DOKU_OK)
        while (rc == 0 && doku_reader_next(rd, &rec) == DOKU_OK)
            rc = add_record(path, &rec, set);
    doku_reader_free(rd);
    free(line);
    if (f != stdin)
        fclose(f);
    if (rc == 0 && set->count == 0) {
        fprintf(stderr, "doku bench: %s: no puzzles\n", path);
        rc = -1;
    }
    return rc;
}

/* One pool item: one thread's slice of the puzzles (the static split keeps
 * runs comparable), timed by the CPU clock of the thread that runs it. */
static void bench_item(void *ctx, int worker_no, uint64_t index)
{
    (void)worker_no;
    worker *w = (worker *)ctx + index;
    const puzzle_set *set = w->set;
    doku_solver *solver = NULL;
    if (doku_solver_create(w->opts->shape, &solver) != DOKU_OK) {
        w->failed = 1;
        return;
    }
    if (w->opts->isa >= 0)
        doku_solver_set_isa(solver, (doku_isa)w->opts->isa); /* checked by cmd_bench */
    else
        isa_env_solver(solver);
    doku_search_opts so = {0};
    so.limit = w->limit;
    so.time_budget = w->opts->shape_opts.timeout;
    so.flags = w->opts->flags;
    memset(&w->tot, 0, sizeof w->tot);
    double t0 = thread_cpu_seconds();
    for (size_t i = w->begin; i < w->end; i++) {
        doku_search_result r;
        doku_status st = doku_search(solver, set->cells + i * (size_t)set->ncells, (size_t)set->ncells, &so, NULL,
                                     NULL, NULL, &r);
        if (st != DOKU_OK && st != DOKU_GAVE_UP) {
            w->tot.errors++;
            continue;
        }
        w->tot.solutions += r.solutions;
        w->tot.guesses += r.guesses;
        w->tot.no_guess += r.guesses == 0;
        w->tot.gave_up += st == DOKU_GAVE_UP;
    }
    w->cpu_seconds = thread_cpu_seconds() - t0;
    doku_solver_free(solver);
}

/* One timed pass over set. @return seconds (per the clock), or -1. */
static double run_once(const puzzle_set *set, const bench_opts *o, uint64_t limit,
                       int threads, bench_totals *tot)
{
    worker ws[64];
    if (threads > 64)
        threads = 64;
    size_t per = set->count / (size_t)threads, extra = set->count % (size_t)threads, at = 0;
    for (int t = 0; t < threads; t++) {
        memset(&ws[t], 0, sizeof ws[t]);
        ws[t].set = set;
        ws[t].opts = o;
        ws[t].limit = limit;
        ws[t].begin = at;
        at += per + ((size_t)t < extra);
        ws[t].end = at;
    }
    double w0 = now_seconds();
    cli_pool pool;
    if (cli_pool_start(&pool, threads, (uint64_t)threads, 1, bench_item, ws) != 0)
        return -1;
    cli_pool_open(&pool, (uint64_t)threads);
    for (int t = 0; t < threads; t++)
        cli_pool_wait(&pool, (uint64_t)t, 0);
    cli_pool_stop(&pool);
    double wall = now_seconds() - w0, cpu = 0;
    memset(tot, 0, sizeof *tot);
    for (int t = 0; t < threads; t++) {
        if (ws[t].failed)
            return -1;
        cpu += ws[t].cpu_seconds;
        tot->solutions += ws[t].tot.solutions;
        tot->guesses += ws[t].tot.guesses;
        tot->no_guess += ws[t].tot.no_guess;
        tot->gave_up += ws[t].tot.gave_up;
        tot->errors += ws[t].tot.errors;
    }
    return o->cpu_clock ? cpu / threads : wall;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int bench_file(const char *path, bench_opts *o)
{
    puzzle_set set = {0};
    if (load_file(path, &set, o->max_puzzles, &o->shape_opts) < 0) {
        free(set.cells);
        return CLI_EXIT_USAGE;
    }
    char why[256];
    doku_shape *shape = cli_make_shape(&o->shape_opts, set.n, why, sizeof why);
    if (!shape) {
        fprintf(stderr, "doku bench: %s: %s\n", path, why);
        free(set.cells);
        return CLI_EXIT_USAGE;
    }
    o->shape = shape;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    /* Which build of the fast path runs (the generic engine is plain C). */
    doku_solver *probe = NULL;
    if (doku_solver_create(shape, &probe) == DOKU_OK) {
        if (o->isa >= 0)
            doku_solver_set_isa(probe, (doku_isa)o->isa);
        else
            isa_env_solver(probe);
        printf("# %s: SIMD tier %s%s\n", base, doku_isa_name(doku_solver_isa(probe)),
               (o->flags & DOKU_SEARCH_GENERIC) ? " (unused: --generic)" : "");
        doku_solver_free(probe);
    }
    int rc = CLI_EXIT_OK;
    for (int li = 0; li < o->nlimits; li++)
        for (int ti = 0; ti < o->nthreads; ti++) {
            double times[64];
            bench_totals tot = {0};
            int reps = o->repeat > 64 ? 64 : o->repeat;
            for (int k = 0; k < reps; k++) {
                times[k] = run_once(&set, o, o->limits[li], o->threads[ti], &tot);
                if (times[k] < 0) {
                    fprintf(stderr, "doku bench: cannot run %d threads on %s\n",
                            o->threads[ti], path);
                    free(set.cells);
                    doku_shape_free(shape);
                    return CLI_EXIT_USAGE;
                }
            }
            qsort(times, (size_t)reps, sizeof times[0], cmp_double);
            double med = times[reps / 2], spread = med > 0 ? (times[reps - 1] - times[0]) / med : 0;
            double np = (double)set.count;
            double rate = med > 0 ? np / med : 0.0;
            char note[64] = "";
            if (tot.gave_up)
                snprintf(note, sizeof note, " (%llu gave up)", (unsigned long long)tot.gave_up);
            else if (tot.errors)
                snprintf(note, sizeof note, " (errors)");
            printf("%-36s %6llu %3d %8zu %11.*f %9.2f %8.1f %9.2f %11llu %6.1f%% %s%s\n", base,
                   (unsigned long long)o->limits[li], o->threads[ti], set.count,
                   rate < 100 ? 2 : 0, rate, med * 1e6 / np, 100.0 * (double)tot.no_guess / np,
                   (double)tot.guesses / np, (unsigned long long)tot.solutions, 100.0 * spread,
                   o->cpu_clock ? "cpu" : "wall", note);
            fflush(stdout);
            if (tot.errors)
                rc = CLI_EXIT_USAGE;
            else if (tot.gave_up && rc == CLI_EXIT_OK)
                rc = CLI_EXIT_FAIL;
        }
    free(set.cells);
    doku_shape_free(shape);
    o->shape = NULL;
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    bench_opts o;
    memset(&o, 0, sizeof o);
    o.limits[0] = 1;
    o.limits[1] = 2;
    o.nlimits = 2;
    o.threads[0] = 1;
    o.nthreads = 1;
    o.repeat = 3;
    o.isa = -1;
    const char *files[256];
    int nfiles = 0;
    /* The shape options and --timeout go to the common parser, as "bench"
     * plus the options: one meaning of --box, --regions ... everywhere. */
    char **shape_argv = cli_xmalloc(sizeof(char *) * (size_t)(argc + 1));
    int shape_argc = 0;
    shape_argv[shape_argc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            free(shape_argv);
            return CLI_EXIT_OK;
        }
        if (strcmp(a, "--isa") == 0 || strncmp(a, "--isa=", 6) == 0) {
            const char *name = a[5] == '=' ? a + 6 : (i + 1 < argc ? argv[++i] : NULL);
            doku_isa isa;
            if (!name || doku_isa_from_name(name, &isa) != DOKU_OK) {
                fprintf(stderr, "doku bench: --isa wants portable, sse42, avx2, avx512 or auto; got '%s'\n",
                        name ? name : "");
                free(shape_argv);
                return CLI_EXIT_USAGE;
            }
            if (!doku_isa_supported((doku_isa)isa)) {
                fprintf(stderr, "doku bench: --isa %s: this CPU lacks it\n", name);
                free(shape_argv);
                return CLI_EXIT_USAGE;
            }
            o.isa = isa;
            continue;
        }
        if (strcmp(a, "--generic") == 0) {
            o.flags |= DOKU_SEARCH_GENERIC;
            continue;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0) {
            if (nfiles == 256) {
                fprintf(stderr, "doku bench: too many files (256 at most)\n");
                free(shape_argv);
                return CLI_EXIT_USAGE;
            }
            files[nfiles++] = a;
            continue;
        }
        const char *eq = strchr(a, '=');
        size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
        static const char *const shape_flags[] = {"--box", "--variant", "--regions",
                                                  "--symbols", "--timeout", "--keep-boxes"};
        int shape_flag = -1;
        for (int k = 0; k < 6; k++)
            if (nlen == strlen(shape_flags[k]) && strncmp(a, shape_flags[k], nlen) == 0)
                shape_flag = k;
        if (shape_flag >= 0) {
            shape_argv[shape_argc++] = argv[i];
            if (shape_flag < 5 && !eq && i + 1 < argc)
                shape_argv[shape_argc++] = argv[++i];
            continue;
        }
        if (eq)
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[i + 1];
#define OPT(s, l) ((nlen == strlen(s) && strncmp(a, s, nlen) == 0) || \
                   (nlen == strlen(l) && strncmp(a, l, nlen) == 0))
        if (!OPT("-l", "--limit") && !OPT("-t", "--threads") && !OPT("-r", "--repeat") &&
            !OPT("--clock", "--clock") && !OPT("-n", "--max")) {
            fprintf(stderr, "doku bench: unknown option '%s'\n", a);
            usage(stderr);
            free(shape_argv);
            return CLI_EXIT_USAGE;
        }
        if (!val) {
            fprintf(stderr, "doku bench: option '%s' needs a value\n", a);
            free(shape_argv);
            return CLI_EXIT_USAGE;
        }
        if (!eq)
            i++;
        uint64_t tmp[BENCH_MAX_LIST];
        int k;
        const char *want = "";  /* the range, named when a value is refused */
        char max_want[48];
        if (OPT("-l", "--limit")) {
            want = "numbers from 1 to " CLI_U64_MAX_TEXT ", comma-separated";
            k = parse_list(val, o.limits, BENCH_MAX_LIST);
            if (k < 0)
                goto bad_value;
            o.nlimits = k;
        } else if (OPT("-t", "--threads")) {
            want = "numbers from 1 to 64, comma-separated";
            k = parse_list(val, tmp, BENCH_MAX_LIST);
            if (k < 0)
                goto bad_value;
            for (int j = 0; j < k; j++) {
                if (tmp[j] > 64)
                    goto bad_value;
                o.threads[j] = (int)tmp[j];
            }
            o.nthreads = k;
        } else if (OPT("-r", "--repeat")) {
            want = "a number from 1 to 64";
            if (parse_list(val, tmp, 1) != 1 || tmp[0] > 64)
                goto bad_value;
            o.repeat = (int)tmp[0];
        } else if (OPT("-n", "--max")) {
            snprintf(max_want, sizeof max_want, "a number from 1 to %ld", LONG_MAX);
            want = max_want;
            /* above LONG_MAX the cast would turn negative: no limit */
            if (parse_list(val, tmp, 1) != 1 || tmp[0] > (uint64_t)LONG_MAX)
                goto bad_value;
            o.max_puzzles = (long)tmp[0];
        } else {
            want = "cpu or wall";
            if (strcmp(val, "cpu") == 0)
                o.cpu_clock = 1;
            else if (strcmp(val, "wall") != 0)
                goto bad_value;
        }
        continue;
#undef OPT
    bad_value:
        fprintf(stderr, "doku bench: %.*s wants %s; got '%s'\n", (int)nlen, a, want, val);
        free(shape_argv);
        return CLI_EXIT_USAGE;
    }
    int prc = cli_parse_args(&o.shape_opts, shape_argc, shape_argv, NULL, NULL, NULL, usage);
    free(shape_argv);
    if (prc != CLI_PARSE_OK)
        return prc == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    if (nfiles == 0) {
        usage(stderr);
        cli_opts_free(&o.shape_opts);
        return CLI_EXIT_USAGE;
    }
    printf("%-36s %6s %3s %8s %11s %9s %8s %9s %11s %7s %s\n", "file", "limit", "thr", "puzzles",
           "puzzles/s", "us/puzzle", "noguess%", "guesses/p", "solutions", "spread", "clock");
    int rc = CLI_EXIT_OK;
    for (int f = 0; f < nfiles; f++) {
        int r = bench_file(files[f], &o);
        if (r > rc)
            rc = r;
    }
    cli_opts_free(&o.shape_opts);
    return rc;
}
