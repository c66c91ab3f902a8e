/*
 * variant_bench.c — times doku_constraints_search on variant puzzles, one
 * per line: NAME<TAB>puzzle text<TAB>solution (the lines
 * /work/shared/tools/iss-export.mjs prints; the solution may be empty).
 * Each puzzle is read first, then searched with limit 2 (solve and prove
 * unique) and timed in thread CPU time, best of --repeat runs, each under
 * --budget seconds (default none; a puzzle past it prints "gave-up" and
 * the solutions found so far; --nodes N: a node budget instead, the same
 * on every machine). Prints one
 * line per puzzle: name, solutions, nodes, guesses, microseconds, and
 * whether the solution found equals the published one (ok / DIFF / -).
 * Exit 1 when a puzzle is not unique or differs from its solution.
 */
#define _POSIX_C_SOURCE 200809L
#include "doku_constraints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ISS writes 9x9 solutions as digits, larger ones as letters A=1. */
static int solution_value(char ch, int n)
{
    if (n <= 9 && ch >= '1' && ch <= '9')
        return ch - '0';
    if (ch >= 'A' && ch <= 'Z')
        return ch - 'A' + 1;
    return -1;
}

int main(int argc, char **argv)
{
    int repeat = 3;
    double budget = 0;
    unsigned long long nodes = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget = atof(argv[++i]);
        else if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc)
            nodes = strtoull(argv[++i], NULL, 10);
        else
            path = argv[i];
    }
    FILE *f = path ? fopen(path, "r") : stdin;
    if (!f) {
        fprintf(stderr, "variant_bench: cannot open %s\n", path);
        return 2;
    }
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    int bad = 0;
    while ((len = getline(&buf, &cap, f)) > 0) {
        if (buf[len - 1] == '\n')
            buf[--len] = 0;
        char *tab = strchr(buf, '\t');
        if (!tab || buf[0] == '#')
            continue;
        *tab = 0;
        char *text = tab + 1, *sol = strchr(text, '\t');
        if (sol)
            *sol++ = 0;
        doku_variant_puzzle *p;
        char msg[256];
        if (doku_variant_puzzle_read(text, strlen(text), &p, msg, sizeof msg) != DOKU_OK) {
            printf("%s\tERROR\t%s\n", buf, msg);
            bad = 1;
            continue;
        }
        const doku_shape *s = doku_variant_puzzle_shape(p);
        int n = doku_shape_n(s), nc = n * n;
        uint8_t *got = calloc((size_t)nc, 1);
        doku_search_opts o = {.limit = 2, .node_budget = nodes, .time_budget = budget};
        doku_search_result r = {0};
        double best = 1e9;
        doku_status st = DOKU_OK;
        for (int k = 0; k < repeat; k++) {
            double t0 = thread_seconds();
            st = doku_constraints_search(doku_variant_puzzle_constraints(p),
                                         doku_variant_puzzle_givens(p), (size_t)nc, &o, got, NULL,
                                         NULL, &r);
            double t = thread_seconds() - t0;
            best = t < best ? t : best;
        }
        const char *verdict = st == DOKU_GAVE_UP ? "gave-up" : "-";
        if (st == DOKU_OK && sol && (int)strlen(sol) == nc) {
            verdict = "ok";
            for (int c = 0; c < nc; c++)
                if (solution_value(sol[c], n) != got[c])
                    verdict = "DIFF";
        }
        if (st != DOKU_OK || r.solutions != 1 || strcmp(verdict, "DIFF") == 0)
            bad = 1;
        printf("%s\t%llu\t%llu\t%llu\t%.1f\t%s\n", buf, (unsigned long long)r.solutions,
               (unsigned long long)r.nodes, (unsigned long long)r.guesses, best * 1e6, verdict);
        fflush(stdout);
        free(got);
        doku_variant_puzzle_free(p);
    }
    free(buf);
    if (f != stdin)
        fclose(f);
    return bad;
}
