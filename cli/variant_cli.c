/*
 * variant_cli.c — see variant_cli.h. An ISS file holds one puzzle per
 * line; a doku variant text file is one puzzle.
 */
#include "variant_cli.h"
#include "usage.h"

#include "doku_constraints.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_NONE, KIND_ISS, KIND_TEXT };

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        char *nb = cap < (64u << 20) ? realloc(buf, cap * 2 + 1) : NULL;
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    *len = n;
    return buf;
}

/* What the first statement of text says it is. */
static int kind_of(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i < len && text[i] == '#') {
            while (i < len && text[i] != '\n')
                i++;
            continue;
        }
        break;
    }
    if (i >= len)
        return KIND_NONE;
    size_t e = i;
    while (e < len && text[e] != '\n')
        e++;
    if (text[i] == '.')
        return memchr(text + i, '~', e - i) ? KIND_ISS : KIND_NONE;
    char word[40];
    size_t w = 0;
    while (i < e && w + 1 < sizeof word && !isspace((unsigned char)text[i]))
        word[w++] = text[i++];
    word[w] = 0;
    static const char *const statements[] = {"size", "variant", "givens", "regions", "keep-boxes",
                                             "solution"};
    for (size_t k = 0; k < sizeof statements / sizeof statements[0]; k++)
        if (strcmp(word, statements[k]) == 0)
            return KIND_TEXT;
    return doku_constraint_kind_from_key(word) != DOKU_CON_NONE ? KIND_TEXT : KIND_NONE;
}

int cli_variant_inputs(const cli_opts *o)
{
    if (o->nfiles == 0)
        return 0;
    for (int i = 0; i < o->nfiles; i++) {
        if (strcmp(o->files[i], "-") == 0)
            return 0;
        size_t len;
        char *text = slurp(o->files[i], &len);
        int k = text ? kind_of(text, len) : KIND_NONE;
        free(text);
        if (k == KIND_NONE)
            return 0;
    }
    return 1;
}

static void print_grid(const uint8_t *g, int n)
{
    for (int c = 0; c < n * n; c++)
        putchar(g[c] == 0 ? '.' : g[c] <= 9 ? '0' + g[c] : 'A' + g[c] - 10);
    putchar('\n');
}

/* One puzzle. @return its exit code. */
static int run_one(const char *where, doku_variant_puzzle *p, const cli_opts *o,
                   cli_variant_mode mode, uint64_t limit, double default_timeout)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *givens = doku_variant_puzzle_givens(p);
    int n = doku_shape_n(s), rc = CLI_EXIT_OK;
    if (mode == CLI_VARIANT_CHECK) {
        /* the givens first: a repeated digit, a broken constraint */
        size_t nc = (size_t)n * (size_t)n, k = 0, m = 0;
        doku_conflict cf[8];
        doku_find_conflicts(s, givens, nc, cf, 8, &k);
        for (size_t i = 0; i < k && i < 8; i++) {
            char a[16], b[16], u[32];
            doku_cell_name(s, cf[i].cell_a, a, sizeof a, NULL);
            doku_cell_name(s, cf[i].cell_b, b, sizeof b, NULL);
            doku_shape_unit_name(s, cf[i].unit, u, sizeof u, NULL);
            printf("%s: %s and %s both hold %d in %s\n", where, a, b, cf[i].digit, u);
        }
        doku_violation v[8];
        doku_constraints_check(cs, givens, nc, v, 8, &m);
        for (size_t i = 0; i < m && i < 8; i++) {
            char text[512];
            doku_violation_text(cs, givens, &v[i], text, sizeof text, NULL);
            printf("%s: %s\n", where, text);
        }
        if (k || m)
            return CLI_EXIT_FAIL;
    }
    doku_search_opts so = {0};
    so.limit = mode == CLI_VARIANT_COUNT ? limit : 2;
    so.time_budget = o->timeout_given ? o->timeout : default_timeout;
    doku_search_result r;
    uint8_t *sol = calloc((size_t)(n * n), 1);
    doku_status st = sol ? doku_constraints_search(cs, givens, (size_t)(n * n), &so, sol, NULL, NULL, &r)
                         : DOKU_ERR_NOMEM;
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        fprintf(stderr, "%s: %s\n", where, doku_status_string(st));
        free(sol);
        return CLI_EXIT_FAIL;
    }
    int gave_up = st == DOKU_GAVE_UP;
    const char *gave = gave_up ? " (gave up)" : "";
    if (mode == CLI_VARIANT_COUNT) {
        printf("%s%llu%s\n", r.solutions >= limit || gave_up ? ">=" : "",
               (unsigned long long)r.solutions, gave);
        rc = gave_up ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    } else if (r.solutions == 1 && !gave_up) {
        if (mode == CLI_VARIANT_SOLVE)
            print_grid(sol, n);
        else
            printf("%s: ok, one solution\n", where);
    } else {
        if (r.solutions == 0)
            fprintf(stderr, "%s: %s\n", where, gave_up ? "gave up" : "no solution");
        else
            fprintf(stderr, "%s: %s\n", where,
                    gave_up ? "gave up after one solution" : "several solutions");
        if (mode == CLI_VARIANT_SOLVE && r.solutions)
            print_grid(sol, n);
        rc = CLI_EXIT_FAIL;
    }
    free(sol);
    return rc;
}

int cli_variant_each(const cli_opts *o, cli_variant_fn fn, void *user)
{
    int worst = CLI_EXIT_OK;
    for (int i = 0; i < o->nfiles; i++) {
        const char *path = o->files[i];
        size_t len;
        char *text = slurp(path, &len);
        if (!text) {
            fprintf(stderr, "%s: cannot read\n", path);
            return CLI_EXIT_USAGE;
        }
        int kind = kind_of(text, len);
        size_t at = 0;
        int line = 0;
        while (at < len) {
            size_t end = kind == KIND_ISS ? at : len;
            while (kind == KIND_ISS && end < len && text[end] != '\n')
                end++;
            line++;
            size_t a = at;
            at = end + 1;
            while (a < end && isspace((unsigned char)text[a]))
                a++;
            if (a == end || (kind == KIND_ISS && text[a] == '#'))
                continue;
            char where[512];
            if (kind == KIND_ISS)
                snprintf(where, sizeof where, "%s:%d", path, line);
            else
                snprintf(where, sizeof where, "%s", path);
            doku_variant_puzzle *p;
            char msg[512];
            doku_status st = doku_variant_puzzle_read(text + a, end - a, &p, msg, sizeof msg);
            if (st != DOKU_OK) {
                fprintf(stderr, "%s: %s\n", where, msg);
                free(text);
                return CLI_EXIT_USAGE;
            }
            int rc = fn(user, path, kind == KIND_ISS ? (size_t)line : 1, where, p);
            worst = rc > worst ? rc : worst;
            doku_variant_puzzle_free(p);
        }
        free(text);
    }
    return worst;
}

typedef struct run_args {
    const cli_opts *o;
    cli_variant_mode mode;
    uint64_t limit;
    double default_timeout;
} run_args;

static int run_each(void *user, const char *file, size_t line, const char *where,
                    doku_variant_puzzle *p)
{
    const run_args *a = user;
    (void)file;
    (void)line;
    return run_one(where, p, a->o, a->mode, a->limit, a->default_timeout);
}

int cli_variant_run(const cli_opts *o, cli_variant_mode mode, uint64_t limit,
                    double default_timeout)
{
    run_args a = {o, mode, limit, default_timeout};
    return cli_variant_each(o, run_each, &a);
}
