/*
 * crosscheck.c — checks the classic 9x9 fast path against the generic
 * engine over whole puzzle files (`make check-data` runs it on every shared
 * 9x9 set). For each puzzle both engines count solutions up to --limit and
 * collect them; the counts and give-up flags must agree, and so must the
 * sorted solution sets when the search was exhaustive (fewer than --limit), and every solution must pass doku_verify_solution (which
 * shares no code with either engine). Uses only the public API.
 */
#include "doku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sol_buf {
    uint8_t *v;
    size_t n, cap;
    int oom;
} sol_buf;

static int collect(void *user, const uint8_t *sol)
{
    sol_buf *b = user;
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        uint8_t *nv = realloc(b->v, cap * 81);
        if (!nv) {
            b->oom = 1;
            return 1;
        }
        b->v = nv;
        b->cap = cap;
    }
    memcpy(b->v + b->n * 81, sol, 81);
    b->n++;
    return 0;
}

static int cmp81(const void *a, const void *b) { return memcmp(a, b, 81); }

/* @return 0 if the line holds a puzzle (written to cells), 1 to skip it. */
static int parse(const char *line, uint8_t *cells)
{
    if (line[0] == '#' || strlen(line) < 81)
        return 1;
    for (int i = 0; i < 81; i++) {
        char ch = line[i];
        if (ch == '.' || ch == '0')
            cells[i] = 0;
        else if (ch >= '1' && ch <= '9')
            cells[i] = (uint8_t)(ch - '0');
        else
            return 1;
    }
    return 0;
}

static int check_file(const char *path, doku_solver *sv, const doku_shape *s, uint64_t limit)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "crosscheck: cannot open %s\n", path);
        return 2;
    }
    char line[1024];
    size_t lineno = 0, puzzles = 0, bad = 0;
    uint64_t total = 0;
    sol_buf fb = {0}, gb = {0};
    while (fgets(line, sizeof line, f)) {
        lineno++;
        uint8_t cells[81];
        if (parse(line, cells))
            continue;
        puzzles++;
        doku_search_opts o = {0};
        o.limit = limit;
        doku_search_result fr, gr;
        fb.n = gb.n = 0;
        o.flags = 0;
        doku_status fst = doku_search(sv, cells, 81, &o, NULL, collect, &fb, &fr);
        o.flags = DOKU_SEARCH_GENERIC;
        doku_status gst = doku_search(sv, cells, 81, &o, NULL, collect, &gb, &gr);
        int ok = !fb.oom && !gb.oom && fr.solutions == gr.solutions &&
                 fst == gst && fb.n == fr.solutions && gb.n == gr.solutions;
        if (ok && fr.solutions < limit) {
            /* Exhaustive: the same solutions, as sets. (Below an exhaustive
             * search, which solutions come first depends on the engine.) */
            qsort(fb.v, fb.n, 81, cmp81);
            qsort(gb.v, gb.n, 81, cmp81);
            ok = fb.n == 0 || memcmp(fb.v, gb.v, fb.n * 81) == 0;
        }
        if (ok) {
            for (size_t k = 0; ok && k < fb.n; k++)
                ok = doku_verify_solution(s, cells, fb.v + k * 81, 81);
        }
        total += fr.solutions;
        if (!ok && bad++ < 10)
            fprintf(stderr, "%s:%zu: MISMATCH fast %llu solutions, generic %llu\n", path, lineno,
                    (unsigned long long)fr.solutions, (unsigned long long)gr.solutions);
    }
    fclose(f);
    free(fb.v);
    free(gb.v);
    printf("%-40s %8zu puzzles %10llu solutions (limit %llu): %s\n", path, puzzles,
           (unsigned long long)total, (unsigned long long)limit,
           bad ? "MISMATCH" : "identical");
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    uint64_t limit = 1000000;
    int first = 1, isa = DOKU_ISA_AUTO;
    const char *isa_name = "auto";
    for (;;) {
        if (first + 1 < argc && strcmp(argv[first], "--limit") == 0) {
            limit = strtoull(argv[first + 1], NULL, 10);
            first += 2;
        } else if (first + 1 < argc && strcmp(argv[first], "--isa") == 0) {
            isa_name = argv[first + 1];
            doku_isa named;
            isa = doku_isa_from_name(isa_name, &named) == DOKU_OK ? (int)named : -1;
            first += 2;
        } else {
            break;
        }
    }
    if (first >= argc || limit == 0 || isa < 0) {
        fprintf(stderr, "usage: crosscheck [--limit N] [--isa portable|sse42|avx2|avx512] FILE...\n");
        return 2;
    }
    /* A tier the CPU cannot run is skipped by name, not failed: the same
     * check runs on every machine. */
    if (!doku_isa_supported((doku_isa)isa)) {
        printf("tier %s: skipped (this CPU lacks it)\n", isa_name);
        return 0;
    }
    doku_shape *s;
    doku_solver *sv;
    if (doku_shape_create_simple(9, 0, &s) != DOKU_OK || doku_solver_create(s, &sv) != DOKU_OK ||
        doku_solver_set_isa(sv, (doku_isa)isa) != DOKU_OK)
        return 2;
    printf("tier %s (fast path runs %s)\n", isa_name, doku_isa_name(doku_solver_isa(sv)));
    int rc = 0;
    for (int i = first; i < argc; i++) {
        int r = check_file(argv[i], sv, s, limit);
        if (r > rc)
            rc = r;
    }
    doku_solver_free(sv);
    doku_shape_free(s);
    return rc;
}
