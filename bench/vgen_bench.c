/*
 * vgen_bench.c — times doku_variant_generate (include/doku_variant_gen.h)
 * over many seeds: seeds 1..N, one puzzle each, in thread CPU time. Each
 * puzzle is then checked outside the timing: unique by a limit-2
 * doku_constraints_search and solved to the solution returned. Prints
 * median, p90, mean and max milliseconds, the mean checks, repairs and
 * proof guesses per puzzle. Exit 1 when a puzzle is missing or wrong.
 *
 *   vgen_bench [--set killer|thermo|arrow|kropki|xv] [--cage-size MIN-MAX]
 *              [--effort MIN-MAX] [--seeds N] [--size N]
 */
#define _POSIX_C_SOURCE 200809L
#include "doku_variant_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double thread_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int usage(void)
{
    fprintf(stderr, "usage: vgen_bench [--set SET] [--cage-size MIN-MAX] [--effort MIN-MAX] "
                    "[--seeds N] [--size N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    doku_vgen_opts o;
    memset(&o, 0, sizeof o);
    int seeds = 1000, n = 9;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        doku_parse_error e;
        if (!strcmp(a, "--set")) {
            unsigned var;
            int named;
            if (doku_parse_vgen_variants(v, &var, &o.set, &named, &e) != DOKU_OK || !named)
                return usage();
        } else if (!strcmp(a, "--cage-size")) {
            if (doku_parse_cage_size(v, 0, &o.min_cage, &o.max_cage, &e) != DOKU_OK)
                return usage();
        } else if (!strcmp(a, "--effort")) {
            unsigned long long lo, hi;
            if (sscanf(v, "%llu-%llu", &lo, &hi) != 2 || hi < lo)
                return usage();
            o.band = 1;
            o.min_guesses = lo;
            o.max_guesses = hi;
        } else if (!strcmp(a, "--seeds")) {
            seeds = atoi(v);
        } else if (!strcmp(a, "--size")) {
            n = atoi(v);
        } else {
            return usage();
        }
    }
    if ((argc - 1) % 2 || seeds < 1)
        return usage();
    doku_shape *s;
    doku_generator *g;
    if (doku_shape_create_simple(n, 0, &s) != DOKU_OK || doku_generator_create(s, &g) != DOKU_OK)
        return 2;
    size_t nc = (size_t)n * (size_t)n;
    double *ms = malloc(sizeof *ms * (size_t)seeds);
    uint8_t *giv = malloc(nc), *sol = malloc(nc), *again = malloc(nc);
    if (!ms || !giv || !sol || !again)
        return 2;
    double checks = 0, repairs = 0, guesses = 0, total = 0;
    int bad = 0;
    for (int i = 0; i < seeds; i++) {
        doku_constraints *cs;
        doku_vgen_result r;
        double t0 = thread_ms();
        doku_status st = doku_variant_generate(g, (uint64_t)i + 1, &o, &cs, giv, sol, nc, &r);
        ms[i] = thread_ms() - t0;
        total += ms[i];
        if (st != DOKU_OK) {
            fprintf(stderr, "seed %d: %s\n", i + 1, doku_status_string(st));
            bad++;
            continue;
        }
        checks += (double)r.checks;
        repairs += (double)r.repairs;
        guesses += (double)r.guesses;
        doku_search_opts so = {2, 0, 0, 0};
        doku_search_result sr;
        if (doku_constraints_search(cs, giv, nc, &so, again, NULL, NULL, &sr) != DOKU_OK ||
            sr.solutions != 1 || memcmp(again, sol, nc) != 0) {
            fprintf(stderr, "seed %d: not unique or another solution\n", i + 1);
            bad++;
        }
        doku_constraints_free(cs);
    }
    qsort(ms, (size_t)seeds, sizeof *ms, cmp);
    printf("%s %dx%d, %d seeds: median %.2f ms, p90 %.2f ms, mean %.2f ms, max %.1f ms "
           "(thread CPU); per puzzle %.1f checks, %.1f repairs, proof %.1f guesses; %d bad\n",
           doku_vgen_set_name(o.set), n, n, seeds, ms[seeds / 2], ms[seeds * 9 / 10],
           total / seeds, ms[seeds - 1], checks / seeds, repairs / seeds, guesses / seeds, bad);
    free(ms);
    free(giv);
    free(sol);
    free(again);
    doku_generator_free(g);
    doku_shape_free(s);
    return bad ? 1 : 0;
}
