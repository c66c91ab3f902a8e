/*
 * logic_bench.c — rating agreement, soundness and speed of the logic
 * engine on a file of puzzles.
 *
 * Input lines: either "<id> <81 digits> <rating>" (the SE-rated set) or a
 * bare puzzle ('.' or '0' for empty) optionally followed by text. For each
 * puzzle it runs the full logical solve, checks every step against the
 * solution found by search (each elimination keeps the true digit, each
 * placement equals it), and, when a reference rating is present, compares
 * ER. Times are thread CPU time of the rating alone (parsing and the
 * reference search are outside the timed region).
 *
 * usage: logic_bench FILE [--limit N] [--skip N] [--every K] [--mismatch]
 *                         [--n SIDE] [--variants x,hyper] [--no-unique]
 *                         [--techniques LIST] [--count]
 * --techniques: the allowed set (e.g. "extended"); --count: print how
 * many steps each technique made; --each: one line per puzzle (reference,
 * ours, CPU time). A bare puzzle followed by a number (the published-list
 * format "<puzzle> <ER> [EP ED] name") takes that number as its reference.
 */
#include "doku.h"
#include "doku_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct check_ctx {
    const uint8_t *sol;
    long bad;
    int n;
    int trace;
} check_ctx;

static int check_step(void *user, const doku_step *st)
{
    check_ctx *cx = user;
    if (cx->trace)
        printf("  %.1f %s\n", st->rating, st->text);
    for (size_t i = 0; i < st->nplacements; i++)
        if (cx->sol[st->placements[i].cell] != st->placements[i].digit) {
            if (cx->bad < 5)
                fprintf(stderr, "UNSOUND placement: %s\n", st->text);
            cx->bad++;
        }
    for (size_t i = 0; i < st->neliminations; i++)
        if (cx->sol[st->eliminations[i].cell] == st->eliminations[i].digit) {
            if (cx->bad < 5)
                fprintf(stderr, "UNSOUND elimination r%dc%d<>%d: %s\n",
                        st->eliminations[i].cell / cx->n + 1, st->eliminations[i].cell % cx->n + 1,
                        st->eliminations[i].digit, st->text);
            cx->bad++;
        }
    return 0;
}

static int parse_cells(const char *s, int nc, uint8_t *cells, const char **end)
{
    int k = 0;
    while (*s && k < nc) {
        char ch = *s++;
        if (ch == '.' || ch == '0')
            cells[k++] = 0;
        else if (ch >= '1' && ch <= '9')
            cells[k++] = (uint8_t)(ch - '0');
        else if (ch >= 'A' && ch <= 'Z')
            cells[k++] = (uint8_t)(ch - 'A' + 10);
        else if (ch >= 'a' && ch <= 'z')
            cells[k++] = (uint8_t)(ch - 'a' + 10);
        else if (ch == ' ' || ch == '\t')
            continue;
        else
            return -1;
    }
    if (end)
        *end = s;
    return k == nc ? 0 : -1;
}

#define NB 12
static const double BAND_HI[NB] = {2.5, 3.9, 4.9, 5.9, 6.4, 6.9, 7.4, 7.9, 8.4, 8.9, 9.4, 99};
static const char *const BAND_NAME[NB] = {"<=2.5", "2.6-3.9", "4.0-4.9", "5.0-5.9", "6.0-6.4",
                                          "6.5-6.9", "7.0-7.4", "7.5-7.9", "8.0-8.4", "8.5-8.9",
                                          "9.0-9.4", ">=9.5"};
static int band_of(double r)
{
    for (int i = 0; i < NB; i++)
        if (r <= BAND_HI[i] + 1e-9)
            return i;
    return NB - 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: logic_bench FILE [--limit N] [--skip N] [--every K] [--mismatch] "
                        "[--n SIDE] [--variants x,hyper] [--no-unique]\n");
        return 2;
    }
    long limit = -1, skip = 0, every = 1;
    int show_mismatch = 0, n = 9, no_unique = 0, trace = 0;
    unsigned variants = 0;
    const char *techs = NULL;
    int count = 0, each = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--limit") && i + 1 < argc)
            limit = atol(argv[++i]);
        else if (!strcmp(argv[i], "--skip") && i + 1 < argc)
            skip = atol(argv[++i]);
        else if (!strcmp(argv[i], "--every") && i + 1 < argc)
            every = atol(argv[++i]);
        else if (!strcmp(argv[i], "--mismatch"))
            show_mismatch = 1;
        else if (!strcmp(argv[i], "--trace"))
            trace = 1;
        else if (!strcmp(argv[i], "--techniques") && i + 1 < argc)
            techs = argv[++i];
        else if (!strcmp(argv[i], "--each"))
            each = 1;
        else if (!strcmp(argv[i], "--count"))
            count = 1;
        else if (!strcmp(argv[i], "--no-unique"))
            no_unique = 1;
        else if (!strcmp(argv[i], "--n") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--variants") && i + 1 < argc) {
            const char *v = argv[++i];
            if (strstr(v, "x"))
                variants |= DOKU_VARIANT_X;
            if (strstr(v, "hyper"))
                variants |= DOKU_VARIANT_HYPER;
        }
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    doku_shape *shape;
    if (doku_shape_create_simple(n, variants, &shape) != DOKU_OK)
        return 2;
    int nc = n * n;
    doku_logic_opts lo = {0};
    if (no_unique)
        lo.uniqueness = -1;
    if (techs && doku_parse_techniques(techs, &lo.techniques, NULL) != DOKU_OK) {
        fprintf(stderr, "bad --techniques list: %s\n", techs);
        return 2;
    }
    unsigned long tcount[DOKU_TECH_COUNT];
    memset(tcount, 0, sizeof tcount);
    doku_logic *lg;
    doku_solver *sv;
    if (doku_logic_create(shape, &lo, &lg) != DOKU_OK || doku_solver_create(shape, &sv) != DOKU_OK)
        return 2;
    char line[8192];
    long total = 0, rated = 0, exact = 0, within = 0, within2 = 0, unsound = 0, unsolved = 0, lineno = 0;
    long conf[NB][NB];
    double tband[NB];
    long cband[NB];
    memset(conf, 0, sizeof conf);
    memset(tband, 0, sizeof tband);
    memset(cband, 0, sizeof cband);
    double ttotal = 0, tmax = 0;
    uint8_t *cells = malloc((size_t)nc), *sol = malloc((size_t)nc);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (lineno <= skip || (lineno - skip - 1) % every)
            continue;
        if (limit >= 0 && total >= limit)
            break;
        const char *p = line, *end = NULL;
        double ref = -1;
        /* rated-set format: id, digits, rating */
        const char *sp = strchr(line, ' ');
        if (sp && sp - line == 12 && parse_cells(sp + 1, nc, cells, &end) == 0) {
            ref = atof(end);
        } else if (parse_cells(p, nc, cells, &end) != 0) {
            continue;
        } else {
            char *num_end;
            double v = strtod(end, &num_end);
            if (num_end != end && v > 0 && v <= 20)
                ref = v;
            sp = NULL;
        }
        doku_search_opts so = {0};
        doku_search_result sr;
        so.limit = 2;
        if (doku_search(sv, cells, (size_t)nc, &so, sol, NULL, NULL, &sr) != DOKU_OK || sr.solutions == 0)
            continue;
        total++;
        check_ctx cx = {sol, 0, n, trace};
        doku_rating r;
        double t0 = cpu_now();
        doku_logic_load(lg, cells, (size_t)nc);
        doku_logic_run(lg, check_step, &cx, &r, NULL, 0);
        double dt = cpu_now() - t0;
        ttotal += dt;
        if (dt > tmax)
            tmax = dt;
        for (int k = 0; k < DOKU_TECH_COUNT; k++)
            tcount[k] += doku_logic_technique_count(lg, (doku_technique)k);
        if (cx.bad) {
            unsound++;
            fprintf(stderr, "unsound: line %ld\n", lineno);
        }
        if (!r.solved)
            unsolved++;
        int b = band_of(ref >= 0 ? ref : r.er);
        tband[b] += dt;
        cband[b]++;
        if (ref >= 0) {
            rated++;
            int diff = (int)((r.er - ref) * 10 + (r.er >= ref ? 0.5 : -0.5));
            if (diff == 0)
                exact++;
            if (diff >= -5 && diff <= 5)
                within++;
            if (diff >= -2 && diff <= 2)
                within2++;
            conf[band_of(ref)][band_of(r.er)]++;
            if (show_mismatch && diff != 0)
                printf("MISMATCH line %ld ref %.1f got %.1f (%s) %.81s\n", lineno, ref, r.er,
                       doku_technique_name(r.hardest), sp ? sp + 1 : line);
        }
        if (each)
            printf("line %ld ref %.1f got %.1f/%.1f/%.1f %s time %.3f s\n", lineno, ref, r.er, r.ep, r.ed,
                   r.solved ? "solved" : "unsolved", dt);
    }
    fclose(f);
    printf("puzzles %ld, unsound %ld, unsolved %ld\n", total, unsound, unsolved);
    if (rated) {
        printf("rated %ld: exact %.2f%%, within 0.2 %.2f%%, within 0.5 %.2f%%\n", rated, 100.0 * exact / rated,
               100.0 * within2 / rated, 100.0 * within / rated);
        printf("confusion (rows: reference band, cols: ours)\n%9s", "");
        for (int j = 0; j < NB; j++)
            printf(" %7s", BAND_NAME[j]);
        printf("\n");
        for (int i = 0; i < NB; i++) {
            long rowsum = 0;
            for (int j = 0; j < NB; j++)
                rowsum += conf[i][j];
            if (!rowsum)
                continue;
            printf("%9s", BAND_NAME[i]);
            for (int j = 0; j < NB; j++)
                printf(" %7ld", conf[i][j]);
            printf("\n");
        }
    }
    printf("time (thread CPU): total %.3f s, mean %.3f ms, max %.1f ms\n", ttotal,
           total ? 1000 * ttotal / total : 0, 1000 * tmax);
    for (int i = 0; i < NB; i++)
        if (cband[i])
            printf("  band %-8s %6ld puzzles  mean %.3f ms\n", BAND_NAME[i], cband[i],
                   1000 * tband[i] / cband[i]);
    if (count)
        for (int k = 0; k < DOKU_TECH_COUNT; k++)
            if (tcount[k])
                printf("  steps %-22s %lu\n", doku_technique_key((doku_technique)k), tcount[k]);
    free(cells);
    free(sol);
    doku_logic_free(lg);
    doku_solver_free(sv);
    doku_shape_free(shape);
    return unsound ? 1 : 0;
}
