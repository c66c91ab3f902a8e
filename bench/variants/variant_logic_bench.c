/*
 * variant_logic_bench.c — how far doku's logic (doku_logic_create_variant)
 * gets on variant puzzles, one per line: NAME<TAB>puzzle text<TAB>solution
 * (the lines /work/shared/tools/iss-export.mjs prints; an empty solution
 * is found by doku_constraints_search, limit 2). Each puzzle is graded
 * without the trial step (no_trial) under --seconds S of wall time
 * (default 60), every step judged against the solution. Prints one line
 * per puzzle: name, solved or stuck or timeout, rating, hardest technique,
 * steps, false steps, thread CPU seconds; then the totals.
 * Exit 1 when a step was false or a puzzle was not unique.
 */
#define _POSIX_C_SOURCE 200809L
#include "doku_constraints.h"

#include <math.h>
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

typedef struct judge {
    const uint8_t *sol;
    int bad;
} judge;

static int on_step(void *user, const doku_step *st)
{
    judge *j = user;
    for (size_t i = 0; i < st->neliminations; i++)
        if (j->sol[st->eliminations[i].cell] == st->eliminations[i].digit) {
            fprintf(stderr, "false elimination: %s\n", st->text);
            j->bad++;
        }
    for (size_t i = 0; i < st->nplacements; i++)
        if (j->sol[st->placements[i].cell] != st->placements[i].digit) {
            fprintf(stderr, "false placement: %s\n", st->text);
            j->bad++;
        }
    return 0;
}

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
    double seconds = 60;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            seconds = atof(argv[++i]);
        else
            path = argv[i];
    }
    FILE *f = path ? fopen(path, "r") : stdin;
    if (!f) {
        fprintf(stderr, "variant_logic_bench: cannot open %s\n", path);
        return 2;
    }
    char *buf = NULL;
    size_t cap = 0;
    ssize_t len;
    int bad = 0, total = 0, solved = 0, falses = 0;
    double tsum = 0, tlog = 0;
    while ((len = getline(&buf, &cap, f)) > 0) {
        if (buf[len - 1] == '\n')
            buf[--len] = 0;
        char *puz = strchr(buf, '\t');
        if (!puz || buf[0] == '#')
            continue;
        *puz++ = 0;
        char *solt = strchr(puz, '\t');
        if (solt)
            *solt++ = 0;
        doku_variant_puzzle *p;
        char msg[256];
        if (doku_variant_puzzle_read(puz, strlen(puz), &p, msg, sizeof msg) != DOKU_OK) {
            printf("%s\tunreadable: %s\n", buf, msg);
            bad = 1;
            continue;
        }
        const doku_constraints *cs = doku_variant_puzzle_constraints(p);
        const doku_shape *sh = doku_variant_puzzle_shape(p);
        int nc = doku_shape_cells(sh), n = doku_shape_n(sh);
        const uint8_t *givens = doku_variant_puzzle_givens(p);
        uint8_t *sol = malloc((size_t)nc);
        int have = solt && (int)strlen(solt) >= nc;
        for (int c = 0; have && c < nc; c++) {
            int v = solution_value(solt[c], n);
            have = v > 0;
            sol[c] = (uint8_t)v;
        }
        doku_search_opts so = {0};
        so.limit = 2;
        doku_search_result res;
        if (!have && (doku_constraints_search(cs, givens, (size_t)nc, &so, sol, NULL, NULL, &res) !=
                          DOKU_OK ||
                      res.solutions != 1)) {
            printf("%s\tnot unique\n", buf);
            bad = 1;
            free(sol);
            doku_variant_puzzle_free(p);
            continue;
        }
        doku_logic_opts lo;
        memset(&lo, 0, sizeof lo);
        lo.no_trial = 1;
        doku_logic *lg;
        judge j = {sol, 0};
        doku_rating r;
        memset(&r, 0, sizeof r);
        doku_status st = DOKU_ERR_ARG;
        double t0 = thread_seconds();
        if (doku_logic_create_variant(cs, &lo, &lg) == DOKU_OK) {
            if (doku_logic_load(lg, givens, (size_t)nc) == DOKU_OK &&
                doku_logic_set_time_limit(lg, seconds) == DOKU_OK)
                st = doku_logic_run(lg, on_step, &j, &r, NULL, 0);
            doku_logic_free(lg);
        }
        double t = thread_seconds() - t0;
        printf("%s\t%s\t%.1f\t%s\t%zu\t%d\t%.3f\n", buf,
               st == DOKU_GAVE_UP ? "timeout" : st != DOKU_OK ? "error"
               : r.solved         ? "solved"
                                  : "stuck",
               r.er, r.steps ? doku_technique_name(r.hardest) : "-", r.steps, j.bad, t);
        fflush(stdout);
        total++;
        solved += r.solved;
        falses += j.bad;
        tsum += t;
        tlog += log(t > 1e-6 ? t : 1e-6);
        bad |= j.bad != 0;
        free(sol);
        doku_variant_puzzle_free(p);
    }
    if (total)
        printf("solved %d of %d, %d false steps, %.2f s CPU in all, geomean %.3f s\n", solved,
               total, falses, tsum, exp(tlog / total));
    free(buf);
    if (f != stdin)
        fclose(f);
    return bad;
}
