/*
 * band_bench.c — rating-band generation in the library, one thread: how
 * many candidates a band needs, where the time goes (candidates, judging
 * the accepted ones, judging the rejected ones), and, with --check, every
 * verdict compared with a full grading (also timed: the A/B of judging by
 * doku_rating_filter against grading every candidate to the end).
 *
 * Usage: band_bench [--check] N MIN [MAX]   (MAX omitted or <0: open band)
 * Candidates are EXPERT-class minimal 9x9 puzzles when MIN > 3.4 (what
 * `doku generate --rating` grades), else any minimal puzzle; candidate i
 * comes from seed doku_seed_derive(1, i). Times are thread CPU time.
 */
#include "doku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int check = 0, a = 1;
    if (a < argc && strcmp(argv[a], "--check") == 0) {
        check = 1;
        a++;
    }
    if (argc - a < 2) {
        fprintf(stderr, "usage: band_bench [--check] N MIN [MAX]\n");
        return 2;
    }
    int n = atoi(argv[a]);
    double min = atof(argv[a + 1]);
    double max = argc - a > 2 ? atof(argv[a + 2]) : -1;
    if (n <= 0)
        return 2;
    doku_shape *s = NULL;
    doku_generator *g = NULL;
    doku_rating_filter *b = NULL;
    doku_logic *lg = NULL;
    doku_rating_filter_opts bo = {min, max, 0};
    if (doku_shape_create_simple(9, 0, &s) != DOKU_OK || doku_generator_create(s, &g) != DOKU_OK ||
        doku_rating_filter_create(s, &bo, &b) != DOKU_OK || doku_logic_create(s, NULL, &lg) != DOKU_OK) {
        fprintf(stderr, "band_bench: setup failed\n");
        return 1;
    }
    uint8_t *pz = malloc((size_t)n * 81);
    int *verdict = malloc(sizeof(int) * (size_t)n);
    if (!pz || !verdict)
        return 1;
    doku_generate_opts go;
    memset(&go, 0, sizeof go);
    go.qqwing_level = min > 3.4 ? DOKU_QQWING_EXPERT : DOKU_QQWING_ANY;
    uint64_t grids = 0;
    double t0 = cpu_now();
    for (int i = 0; i < n; i++) {
        doku_generate_result r;
        doku_generate(g, doku_seed_derive(1, (uint64_t)i), &go, pz + 81 * i, NULL, (size_t)doku_shape_cells(s), &r);
        grids += r.attempts;
    }
    double tgen = cpu_now() - t0, tacc = 0, trej = 0;
    int nacc = 0;
    for (int i = 0; i < n; i++) {
        double t = cpu_now();
        doku_filter_call call = {s, pz + 81 * i, NULL, 81, 0};
        bool ok = false;
        verdict[i] = doku_rating_filter_accept(b, &call, &ok) == DOKU_OK && ok;
        t = cpu_now() - t;
        if (verdict[i]) {
            nacc++;
            tacc += t;
        } else {
            trej += t;
        }
    }
    uint64_t steps = 0;
    doku_rating_filter_stats(b, NULL, NULL, &steps);
    double total = tgen + tacc + trej;
    printf("band %.1f%s%s: %d candidates from %llu grids (%.3f s), %d accepted (%.1f%%)\n", min,
           max < 0 ? "+" : "-", max < 0 ? "" : argv[a + 2], n, (unsigned long long)grids, tgen,
           nacc, 100.0 * nacc / n);
    printf("  judging: accepted %.3f s (%.3f ms each), rejected %.3f s (%.3f ms each), %llu steps\n",
           tacc, nacc ? 1e3 * tacc / nacc : 0.0, trej, n > nacc ? 1e3 * trej / (n - nacc) : 0.0,
           (unsigned long long)steps);
    printf("  per accepted puzzle: %.3f ms => %.1f puzzles/s\n", nacc ? 1e3 * total / nacc : 0.0,
           total > 0 ? nacc / total : 0.0);
    int bad = 0;
    if (check) {
        double tf = cpu_now();
        for (int i = 0; i < n; i++) {
            doku_rating r;
            doku_logic_load(lg, pz + 81 * i, (size_t)doku_shape_cells(s));
            doku_logic_run(lg, NULL, NULL, &r, NULL, 0);
            int want = r.solved && r.er >= min - 1e-9 && (max < 0 || r.er <= max + 1e-9);
            if (want != verdict[i]) {
                bad++;
                fprintf(stderr, "MISMATCH candidate %d: er %.1f, band said %d\n", i, r.er, verdict[i]);
            }
        }
        tf = cpu_now() - tf;
        printf("  check: full grading %.3f s (%.3f ms each) vs band %.3f s: %.2fx; %d mismatches\n",
               tf, 1e3 * tf / n, tacc + trej, tf / (tacc + trej), bad);
        printf("  per accepted puzzle with full grading: %.3f ms => %.1f puzzles/s\n",
               nacc ? 1e3 * (tgen + tf) / nacc : 0.0, (tgen + tf) > 0 ? nacc / (tgen + tf) : 0.0);
    }
    free(pz);
    free(verdict);
    doku_logic_free(lg);
    doku_rating_filter_free(b);
    doku_generator_free(g);
    doku_shape_free(s);
    return bad ? 1 : 0;
}
