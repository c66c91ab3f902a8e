/*
 * doku_large.c — benchmark and cross-check driver for large grids and
 * variants, linking the library directly (no CLI, no parsing library).
 *
 *   doku_large bench [--limit N] [--budget NODES] [--generic] [--repeat K] [--each] FILE...
 *       one-line puzzles (N*N symbols 1-9A-Z, '.' empty, or N*N comma-separated
 *       numbers, 0 empty; side from the length, default boxes); per file: thread-CPU median/max per puzzle
 *       (each the minimum of K runs), solution counts, give-ups, nodes;
 *       --each adds a line per puzzle.
 *   doku_large empty [--limit N] [--budget NODES] [--seconds S] [MIN [MAX]]
 *       the empty grid of every shape with side MIN..MAX (default 4..64):
 *       every R x C box, with none, x, hyper, x+hyper where allowed; one
 *       line per shape (count, gave up, verified, nodes, thread CPU) and a
 *       summary. S (default 1) is a wall-clock budget per grid.
 *   doku_large count [--limit N] [--budget NODES] [--each] [--generic]
 *       reads stdin lines "GIVENS [box=RxC] [x] [hyper] [regions=IDS] [noboxes]"
 *       and prints "COUNT GAVEUP SOLUTION|-" per line (solution as symbols,
 *       or comma-separated numbers above 35); --each adds " ms T nodes K
 *       verified V" (thread CPU; V: 1 valid, 0 not, -1 no solution).
 *
 * The design idea: time only the engine (puzzles are parsed first, the
 * clock is the thread's CPU clock), so figures are comparable across runs
 * on a shared machine.
 */
#include "doku.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char SYMS[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int side_of(size_t len)
{
    int n = (int)(sqrt((double)len) + 0.5);
    return (size_t)n * (size_t)n == len && n >= 1 && n <= 35 ? n : -1;
}

/* A line of comma-separated numbers (sides above 35, see
 * make_sparse.py): its cell count, or 0 if it is not one. */
static size_t number_cells(const char *t)
{
    if (!strchr(t, ','))
        return 0;
    size_t k = 1;
    for (; *t && *t != '\n' && *t != '\r'; t++)
        k += *t == ',';
    return k;
}

static int parse_numbers(const char *t, int n, uint8_t *cells)
{
    for (int i = 0; i < n * n; i++) {
        char *end;
        long v = strtol(t, &end, 10);
        if (end == t || v < 0 || v > n || (i + 1 < n * n && *end != ','))
            return -1;
        cells[i] = (uint8_t)v;
        t = end + 1;
    }
    return 0;
}

static int parse_cells(const char *t, int n, uint8_t *cells)
{
    if (strchr(t, ','))
        return parse_numbers(t, n, cells);
    for (int i = 0; i < n * n; i++) {
        if (t[i] == '.' || t[i] == '0') {
            cells[i] = 0;
            continue;
        }
        const char *p = strchr(SYMS, t[i]);
        if (!p || !t[i] || p - SYMS >= n)
            return -1;
        cells[i] = (uint8_t)(p - SYMS + 1);
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int bench_file(const char *path, uint64_t limit, uint64_t budget, unsigned flags,
                      int box_r, int box_c, int repeat, int each)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "doku_large: cannot open %s\n", path);
        return 2;
    }
    size_t cap = 16, count = 0;
    uint8_t **puz = malloc(cap * sizeof *puz);
    static char line[1 << 16];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        size_t len = strcspn(line, "\r\n \t");
        if (len == 0 || line[0] == '#')
            continue;
        size_t numbers = number_cells(line);
        int m = numbers ? (int)(sqrt((double)numbers) + 0.5) : side_of(len);
        if (numbers && ((size_t)m * (size_t)m != numbers || m > 64))
            m = -1;
        if (m < 0 || (n && m != n)) {
            fprintf(stderr, "%s: bad line length %zu\n", path, len);
            fclose(f);
            return 2;
        }
        n = m;
        if (count == cap)
            puz = realloc(puz, (cap *= 2) * sizeof *puz);
        puz[count] = malloc((size_t)(n * n));
        if (parse_cells(line, n, puz[count]) != 0) {
            fprintf(stderr, "%s: bad symbol in puzzle %zu\n", path, count + 1);
            fclose(f);
            return 2;
        }
        count++;
    }
    fclose(f);
    if (!count)
        return 0;
    doku_shape *s;
    doku_solver *sv;
    doku_shape_spec spec = {0};
    spec.n = n;
    spec.box_rows = box_r; /* 0: the most nearly square box */
    spec.box_cols = box_c;
    if (doku_shape_create(&spec, &s) != DOKU_OK || doku_solver_create(s, &sv) != DOKU_OK) {
        fprintf(stderr, "%s: no %dx%d shape with %dx%d boxes\n", path, n, n, box_r, box_c);
        return 2;
    }
    double *t = malloc(count * sizeof *t);
    double *nodes = malloc(count * sizeof *nodes);
    double *guesses = malloc(count * sizeof *guesses);
    size_t counts[3] = {0}, gave_up = 0;
    uint8_t *sol = malloc((size_t)(n * n));
    double total = 0;
    for (size_t i = 0; i < count; i++) {
        doku_search_opts o = {0};
        o.limit = limit;
        o.node_budget = budget;
        o.flags = flags;
        doku_search_result r;
        doku_status st = DOKU_OK;
        t[i] = 1e30;
        /* The minimum of `repeat` runs: on a loaded machine the noise
         * only ever adds time. */
        for (int k = 0; k < repeat; k++) {
            double t0 = thread_seconds();
            st = doku_search(sv, puz[i], (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r);
            double dt = thread_seconds() - t0;
            if (dt < t[i])
                t[i] = dt;
        }
        total += t[i];
        if (each)
            printf("each %zu ms %.4f nodes %llu guesses %llu solutions %llu gave_up %d\n", i + 1,
                   1e3 * t[i], (unsigned long long)r.nodes, (unsigned long long)r.guesses,
                   (unsigned long long)r.solutions, st == DOKU_GAVE_UP);
        nodes[i] = (double)r.nodes;
        guesses[i] = (double)r.guesses;
        gave_up += st == DOKU_GAVE_UP;
        counts[r.solutions > 2 ? 2 : r.solutions]++;
        if (r.solutions && !doku_verify_solution(s, puz[i], sol, (size_t)doku_shape_cells(s)))
            fprintf(stderr, "%s: puzzle %zu: WRONG SOLUTION\n", path, i + 1);
        free(puz[i]);
    }
    qsort(t, count, sizeof *t, cmp_double);
    qsort(nodes, count, sizeof *nodes, cmp_double);
    qsort(guesses, count, sizeof *guesses, cmp_double);
    const char *base = strrchr(path, '/');
    printf("%-28s n=%-2d limit=%llu puzzles=%zu  0/1/2+: %zu/%zu/%zu gave_up=%zu  "
           "ms median %.3f max %.3f mean %.3f  nodes median %.0f max %.0f  guesses median %.0f\n",
           base ? base + 1 : path, n, (unsigned long long)limit, count, counts[0], counts[1],
           counts[2], gave_up, 1e3 * t[count / 2], 1e3 * t[count - 1], 1e3 * total / (double)count,
           nodes[count / 2], nodes[count - 1], guesses[count / 2]);
    free(t);
    free(nodes);
    free(guesses);
    free(puz);
    free(sol);
    doku_solver_free(sv);
    doku_shape_free(s);
    return 0;
}

/* One cross-check query: givens plus variant words. */
static int count_line(char *line, uint64_t limit, uint64_t budget, int timed, unsigned flags)
{
    char *tok = strtok(line, " \t\r\n");
    if (!tok)
        return 0;
    size_t numbers = number_cells(tok);
    int n = numbers ? (int)(sqrt((double)numbers) + 0.5) : side_of(strlen(tok));
    if (numbers && ((size_t)n * (size_t)n != numbers || n > 64))
        n = -1;
    static uint8_t cells[64 * 64], regions[64 * 64], sol[64 * 64];
    if (n < 0 || parse_cells(tok, n, cells) != 0) {
        printf("error bad-givens\n");
        return 1;
    }
    doku_shape_spec spec = {0};
    spec.n = n;
    int have_regions = 0, noboxes = 0;
    while ((tok = strtok(NULL, " \t\r\n"))) {
        if (strcmp(tok, "x") == 0)
            spec.variants |= DOKU_VARIANT_X;
        else if (strcmp(tok, "hyper") == 0)
            spec.variants |= DOKU_VARIANT_HYPER;
        else if (strcmp(tok, "noboxes") == 0)
            noboxes = 1;
        else if (strncmp(tok, "regions=", 8) == 0 && strlen(tok + 8) == (size_t)(n * n)) {
            for (int i = 0; i < n * n; i++) {
                const char *p = strchr(SYMS, tok[8 + i]);
                regions[i] = (uint8_t)(p ? p - SYMS : 255);
            }
            have_regions = 1;
        } else if (strncmp(tok, "box=", 4) == 0) {
            sscanf(tok + 4, "%dx%d", &spec.box_rows, &spec.box_cols);
        }
    }
    if (have_regions) {
        spec.regions = regions;
        spec.keep_boxes = !noboxes;
    }
    doku_shape *s;
    doku_solver *sv;
    doku_status st = doku_shape_create(&spec, &s);
    if (st != DOKU_OK) {
        printf("error %s\n", doku_status_string(st));
        return 1;
    }
    if (doku_solver_create(s, &sv) != DOKU_OK)
        return 2;
    doku_search_opts o = {0};
    o.limit = limit;
    o.node_budget = budget;
    o.flags = flags;
    doku_search_result r;
    double t0 = thread_seconds();
    st = doku_search(sv, cells, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r);
    double t = thread_seconds() - t0;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        printf("error %s\n", doku_status_string(st));
    } else {
        printf("%llu %d ", (unsigned long long)r.solutions, st == DOKU_GAVE_UP);
        if (r.solutions)
            for (int i = 0; i < n * n; i++) {
                if (n > 35)
                    printf(i ? ",%d" : "%d", sol[i]);
                else
                    putchar(SYMS[sol[i] - 1]);
            }
        else
            putchar('-');
        if (timed)
            printf(" ms %.3f nodes %llu verified %d", t * 1e3, (unsigned long long)r.nodes,
                   r.solutions ? doku_verify_solution(s, cells, sol, (size_t)n * (size_t)n) : -1);
        putchar('\n');
    }
    fflush(stdout);
    doku_solver_free(sv);
    doku_shape_free(s);
    return 0;
}

/* The empty grid of every shape of side nmin..nmax. @return 1 if some
 * grid gave up or a solution failed verification. */
static int empty_shapes(int nmin, int nmax, uint64_t limit, uint64_t budget, double seconds)
{
    int shapes = 0, gave_up = 0, bad = 0, slow = 0;
    double total = 0;
    for (int n = nmin; n <= nmax; n++)
        for (int br = 1; br <= n; br++) {
            if (n % br)
                continue;
            for (unsigned v = 0; v < 4; v++) {
                doku_shape_spec spec = {0};
                spec.n = n;
                spec.box_rows = br;
                spec.box_cols = n / br;
                spec.variants = v;
                doku_shape *s;
                doku_solver *sv;
                if (doku_shape_create(&spec, &s) != DOKU_OK)
                    continue;
                uint8_t *g = calloc((size_t)n * (size_t)n, 1), *sol = calloc((size_t)n * (size_t)n, 1);
                if (!g || !sol || doku_solver_create(s, &sv) != DOKU_OK) {
                    fprintf(stderr, "doku_large: out of memory\n");
                    exit(2);
                }
                doku_search_opts o = {0};
                o.limit = limit;
                o.node_budget = budget;
                o.time_budget = seconds;
                doku_search_result r;
                double t0 = thread_seconds();
                doku_status st = doku_search(sv, g, (size_t)doku_shape_cells(s), &o, sol, NULL, NULL, &r);
                double t = thread_seconds() - t0;
                int gave = st == DOKU_GAVE_UP;
                int ok = r.solutions ? doku_verify_solution(s, g, sol, (size_t)n * (size_t)n) : -1;
                printf("%2d %2dx%-2d %-7s solutions %llu gave_up %d verified %2d nodes %8llu %9.3f ms\n",
                       n, br, n / br, v == 0 ? "none" : v == 1 ? "x" : v == 2 ? "hyper" : "x+hyper",
                       (unsigned long long)r.solutions, gave, ok,
                       (unsigned long long)r.nodes, t * 1e3);
                shapes++;
                gave_up += gave;
                bad += ok == 0;
                slow += t > 0.05;
                total += t;
                free(g);
                free(sol);
                doku_solver_free(sv);
                doku_shape_free(s);
            }
        }
    printf("shapes %d gave_up %d over_50ms %d wrong %d total %.2f s\n", shapes, gave_up, slow, bad, total);
    return gave_up || bad;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0) {
        printf("usage: doku_large bench [--limit N] [--budget NODES] [--generic] [--box RxC] [--repeat K] [--each] FILE...\n"
               "       doku_large empty [--limit N] [--budget NODES] [--seconds S] [MIN [MAX]]\n"
               "       doku_large count [--limit N] [--budget NODES] [--each] [--generic] < queries\n");
        return argc < 2 ? 2 : 0;
    }
    uint64_t limit = 2, budget = 0;
    double seconds = 1.0;
    unsigned flags = 0;
    int box_r = 0, box_c = 0, repeat = 1, each = 0;
    int i = 2;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--limit") == 0 && i + 1 < argc)
            limit = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else if (strcmp(argv[i], "--each") == 0)
            each = 1;
        else if (strcmp(argv[i], "--generic") == 0)
            flags |= DOKU_SEARCH_GENERIC;
        else if (strcmp(argv[i], "--box") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &box_r, &box_c) != 2 || box_r < 1 || box_c < 1) {
                fprintf(stderr, "doku_large: --box wants RxC, e.g. 4x3\n");
                return 2;
            }
        }
        else {
            fprintf(stderr, "doku_large: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    int rc = 0;
    if (strcmp(argv[1], "bench") == 0) {
        for (; i < argc; i++)
            rc |= bench_file(argv[i], limit, budget, flags, box_r, box_c, repeat, each);
    } else if (strcmp(argv[1], "empty") == 0) {
        int nmin = i < argc ? atoi(argv[i]) : 4;
        int nmax = i + 1 < argc ? atoi(argv[i + 1]) : i < argc ? nmin : 64;
        rc = empty_shapes(nmin < 1 ? 1 : nmin, nmax > 64 ? 64 : nmax, limit, budget, seconds);
    } else if (strcmp(argv[1], "count") == 0) {
        static char line[1 << 16];
        while (fgets(line, sizeof line, stdin))
            rc |= count_line(line, limit, budget, each, flags);
    } else {
        fprintf(stderr, "doku_large: unknown mode %s\n", argv[1]);
        return 2;
    }
    return rc;
}
