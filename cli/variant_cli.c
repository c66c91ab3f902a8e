/*
 * variant_cli.c — see variant_cli.h. An ISS file holds one puzzle per
 * line; a doku variant text file is one puzzle.
 */
#include "variant_cli.h"
#include "backends.h"
#include "document.h"
#include "stdin_peek.h"
#include "usage.h"
#include "variant_book.h"
#include "variant_check.h"
#include "variant_record.h"

#include "doku_constraints.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_NONE, KIND_LINES, KIND_DOC }; /* one puzzle a line / a file */

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
    switch (doku_variant_format_guess(text, len)) {
    case DOKU_VARIANT_FORMAT_NONE:
        return KIND_NONE;
    case DOKU_VARIANT_FORMAT_TEXT:
    case DOKU_VARIANT_FORMAT_JSON:
        return KIND_DOC;
    default:
        return KIND_LINES;
    }
}

int cli_variant_inputs(cli_opts *o)
{
    if (o->nfiles == 0 || (o->nfiles == 1 && strcmp(o->files[0], "-") == 0))
        return cli_stdin_peek(o) != 0;
    for (int i = 0; i < o->nfiles; i++) {
        if (strcmp(o->files[i], "-") == 0)
            return 0;
        book_kind kind = book_kind_of(o->files[i]);
        if (kind != BOOK_NONE) {
            /* a workbook: variant when a grid lists its constraints */
            if (!cli_book_has_constraints(o, o->files[i], kind))
                return 0;
            continue;
        }
        size_t len;
        char *text = slurp(o->files[i], &len);
        int variant = text && cli_is_variant_text(text, len);
        free(text);
        if (!variant)
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

/* Where the records go with --format svg|png|pdf|xlsx or doku print:
 * the document, and the place each record names. */
typedef struct variant_doc {
    document_file *doc;
    const char *file;
    int line;
    int failed;        /* a record the document refused: exit 2 */
    /* the puzzles handed over: a document draws when it is closed, with
     * their shapes, so they live until then */
    doku_variant_puzzle **kept;
    size_t nkept, cap;
} variant_doc;

/* Hands p's record (status, solution or NULL) to the document. */
static void to_document(variant_doc *vd, const cli_opts *o, doku_variant_puzzle *p,
                        const char *status, const uint8_t *solution, const char *extra)
{
    cli_buf b = {0};
    char why[512];
    cli_variant_record(&b, vd->file, vd->line, p, status, solution, extra);
    if (document_add(vd->doc, doku_variant_puzzle_shape(p), b.data, b.len, why, sizeof why) != 0) {
        fprintf(stderr, "doku %s: %s\n", o->cmd, why);
        vd->failed = 1;
    }
    cli_buf_free(&b);
}

/* The check of cells (p's givens, or what (not NULL) names: a solution
 * the puzzle carries, which must also hold every given): unit
 * duplicates and broken constraints, written as check's invalid record
 * (to the document when there is one). @return 1 when something is
 * broken (written), 0 when nothing is. */
static int check_cells(variant_doc *vd, const cli_opts *o, doku_variant_puzzle *p,
                       const uint8_t *cells, const char *what, int json)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *givens = doku_variant_puzzle_givens(p);
    size_t nc = (size_t)doku_shape_cells(s), k = 0, m = 0;
    doku_conflict cf[8];
    doku_find_conflicts(s, cells, nc, cf, 8, &k);
    doku_violation v[8];
    doku_constraints_check(cs, cells, nc, v, 8, &m);
    cli_buf conflicts = {0}, first = {0};
    /* a carried solution that overwrites a given: the first one named */
    for (size_t c = 0; what && c < nc && !first.len; c++)
        if (givens[c] && givens[c] != cells[c]) {
            char a[16];
            doku_cell_name(s, (int)c, a, sizeof a, NULL);
            cli_buf_printf(&first, "%s holds %d at %s, where the givens have %d", what, cells[c],
                           a, givens[c]);
            cli_buf_printf(&conflicts, "{\"cells\":[\"%s\"]}", a);
        }
    int moved = first.len > 0;
    for (size_t i = 0; i < k && i < 8; i++) {
        char a[16], b[16];
        doku_cell_name(s, cf[i].cell_a, a, sizeof a, NULL);
        doku_cell_name(s, cf[i].cell_b, b, sizeof b, NULL);
        cli_buf_printf(&conflicts, "%s{\"cells\":[\"%s\",\"%s\"]}", conflicts.len ? "," : "", a,
                       b);
    }
    for (size_t i = 0; i < m && i < 8; i++) {
        char text[512];
        doku_violation_text(cs, cells, &v[i], text, sizeof text, NULL);
        if (!first.len)
            cli_buf_printf(&first, "%s%s%s", what ? what : "", what ? ": " : "", text);
        /* the cells that break it: a pair, or the whole constraint */
        doku_constraint c;
        cli_buf_printf(&conflicts, "%s{\"cells\":[", conflicts.len ? "," : "");
        if (v[i].cell_a >= 0 && v[i].cell_b >= 0) {
            char a[16], b[16];
            doku_cell_name(s, v[i].cell_a, a, sizeof a, NULL);
            doku_cell_name(s, v[i].cell_b, b, sizeof b, NULL);
            cli_buf_printf(&conflicts, "\"%s\",\"%s\"", a, b);
        } else if (doku_constraints_get(cs, v[i].constraint, &c) == DOKU_OK) {
            for (size_t j = 0; j < c.ncells; j++) {
                char a[16];
                doku_cell_name(s, c.cells[j], a, sizeof a, NULL);
                cli_buf_printf(&conflicts, "%s\"%s\"", j ? "," : "", a);
            }
        }
        cli_buf_puts(&conflicts, "]}");
    }
    int broken = k || m || moved;
    if (broken && vd->doc) {
        /* the broken rules drawn as a check's conflicts, red */
        cli_buf extra = {0};
        char unit[32], a[16], b[16];
        if (k && !moved) {
            doku_cell_name(s, cf[0].cell_a, a, sizeof a, NULL);
            doku_cell_name(s, cf[0].cell_b, b, sizeof b, NULL);
            doku_shape_unit_name(s, cf[0].unit, unit, sizeof unit, NULL);
            cli_buf_reset(&first);
            cli_buf_printf(&first, "%s%s%s and %s both hold %d in %s", what ? what : "",
                           what ? ": " : "", a, b, cf[0].digit, unit);
        }
        cli_buf_printf(&extra, "\"conflicts\":[%s],\"message\":",
                       conflicts.data ? conflicts.data : "");
        cli_buf_json_string(&extra, first.data ? first.data : "");
        to_document(vd, o, p, "invalid", NULL, extra.data);
        cli_buf_free(&extra);
    }
    if (broken && !vd->doc)
        cli_variant_check_conflicts(vd->file, vd->line, p, cells, what, moved ? first.data : NULL,
                                    cf, k, v, m, json);
    cli_buf_free(&conflicts);
    cli_buf_free(&first);
    return broken;
}
/* One puzzle. @return its exit code. */
static int run_one(const char *where, doku_variant_puzzle *p, const cli_opts *o,
                   cli_variant_mode mode, uint64_t limit, double default_timeout,
                   variant_doc *vd)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *givens = doku_variant_puzzle_givens(p);
    int n = doku_shape_n(s), rc = CLI_EXIT_OK;
    int json = o->format == DOKU_FORMAT_JSON && !vd->doc;
    if (mode == CLI_VARIANT_CONVERT && o->convert_to == DOKU_VARIANT_FORMAT_RECORD) {
        /* convert --to json: the record solve writes, without a verdict */
        cli_buf b = {0};
        cli_variant_record(&b, vd->file, vd->line, p, NULL, doku_variant_puzzle_solution(p), NULL);
        cli_buf_puts(&b, "\n");
        fwrite(b.data, 1, b.len, stdout);
        cli_buf_free(&b);
        return rc;
    }
    if (mode == CLI_VARIANT_CONVERT) {
        doku_buf out = {0};
        char msg[512];
        /* the title and author go where the format has a place for them */
        doku_status st = doku_variant_write_titled(
            &out, cs, givens, doku_variant_puzzle_solution(p), doku_variant_puzzle_title(p),
            doku_variant_puzzle_author(p), (doku_variant_format)o->convert_to, msg, sizeof msg);
        if (st == DOKU_OK) {
            fwrite(out.data, 1, out.len, stdout);
            if (!out.len || out.data[out.len - 1] != '\n')
                putchar('\n');
        } else {
            fprintf(stderr, "%s: %s\n", where, st == DOKU_ERR_NOMEM ? "out of memory" : msg);
            rc = CLI_EXIT_FAIL;
        }
        doku_buf_free(&out);
        return rc;
    }
    if (mode == CLI_VARIANT_CHECK) {
        /* the givens first: a repeated digit, a broken constraint; then
         * a solution the puzzle carries (a workbook's full killer grid):
         * it must keep every rule and every given */
        if (check_cells(vd, o, p, givens, NULL, json))
            return CLI_EXIT_FAIL;
        const uint8_t *carried = doku_variant_puzzle_solution(p);
        if (carried && check_cells(vd, o, p, carried, "the solution given", json))
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
    if (mode == CLI_VARIANT_CHECK && !vd->doc) {
        /* the classic check's records, the likely wrong entry named */
        free(sol);
        return cli_variant_check_verdict(vd->file, vd->line, p, o, st, &r);
    }
    int gave_up = st == DOKU_GAVE_UP;
    const char *gave = gave_up ? " (gave up)" : "";
    if (json) {
        doku_search_record rec = {0};
        rec.command = mode == CLI_VARIANT_COUNT ? DOKU_CMD_COUNT : DOKU_CMD_SOLVE;
        rec.result = &r;
        rec.status = st;
        rec.limit = so.limit;
        rec.solutions = r.solutions ? sol : NULL;
        rec.nsolutions = r.solutions ? 1 : 0;
        rec.verdict = gave_up ? DOKU_CHECK_GAVE_UP
                    : r.solutions == 0 ? DOKU_CHECK_NONE
                    : r.solutions == 1 ? DOKU_CHECK_UNIQUE : DOKU_CHECK_MULTIPLE;
        cli_variant_search_json(vd->file, vd->line, p, &rec);
        free(sol);
        if (mode == CLI_VARIANT_COUNT)
            return gave_up ? CLI_EXIT_FAIL : CLI_EXIT_OK;
        return r.solutions == 1 && !gave_up ? CLI_EXIT_OK : CLI_EXIT_FAIL;
    }
    if (vd->doc) {
        /* the record goes to the document instead of the line (the status
         * as the classic records name it) */
        const char *status = r.solutions == 0 ? (gave_up ? "gave_up" : "none")
                           : r.solutions == 1 && !gave_up ? "unique" : "multiple";
        to_document(vd, o, p, status, r.solutions ? sol : NULL, NULL);
        if (r.solutions != 1 || gave_up)
            fprintf(stderr, "%s: %s\n", where,
                    r.solutions == 0 ? (gave_up ? "gave up" : "no solution")
                                     : gave_up ? "gave up after one solution" : "several solutions");
        free(sol);
        return r.solutions == 1 && !gave_up ? CLI_EXIT_OK : CLI_EXIT_FAIL;
    }
    if (mode == CLI_VARIANT_COUNT) {
        printf("%s%llu%s\n", r.solutions >= limit || gave_up ? ">=" : "",
               (unsigned long long)r.solutions, gave);
        rc = gave_up ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    } else if (r.solutions == 1 && !gave_up) {
        print_grid(sol, n); /* solve: check has written its record */
    } else {
        if (r.solutions == 0)
            fprintf(stderr, "%s: %s\n", where, gave_up ? "gave up" : "no solution");
        else
            fprintf(stderr, "%s: %s\n", where,
                    gave_up ? "gave up after one solution" : "several solutions");
        if (r.solutions)
            print_grid(sol, n);
        rc = CLI_EXIT_FAIL;
    }
    free(sol);
    return rc;
}

/* Every puzzle of one input (text, len bytes, named name), handed to fn.
 * @return the worst exit code. */
static int run_text(const char *name, const char *text, size_t len, cli_variant_fn fn,
                    void *user)
{
    int kind = kind_of(text, len), worst = CLI_EXIT_OK, line = 0;
    size_t at = 0;
    while (at < len) {
        size_t end = kind == KIND_LINES ? at : len;
        while (kind == KIND_LINES && end < len && text[end] != '\n')
            end++;
        line++;
        size_t a = at;
        at = end + 1;
        while (a < end && isspace((unsigned char)text[a]))
            a++;
        if (a == end || (kind == KIND_LINES && text[a] == '#'))
            continue;
        char where[512];
        if (kind == KIND_LINES)
            snprintf(where, sizeof where, "%s:%d", name, line);
        else
            snprintf(where, sizeof where, "%s", name);
        doku_variant_puzzle *p;
        char msg[512];
        doku_status st = doku_variant_puzzle_read(text + a, end - a, &p, msg, sizeof msg);
        if (st != DOKU_OK) {
            /* one bad record does not stop the others */
            fprintf(stderr, "%s: %s\n", where, st == DOKU_ERR_NOMEM ? "out of memory" : msg);
            worst = CLI_EXIT_USAGE;
            continue;
        }
        int rc = fn(user, name, kind == KIND_LINES ? (size_t)line : 0, where, p);
        worst = rc > worst ? rc : worst;
    }
    return worst;
}

int cli_variant_each(const cli_opts *o, cli_variant_fn fn, void *user)
{
    if (o->nfiles == 0 || (o->nfiles == 1 && strcmp(o->files[0], "-") == 0)) {
        if (!o->stdin_text) {
            fprintf(stderr, "<stdin>: cannot read\n");
            return CLI_EXIT_USAGE;
        }
        return run_text("<stdin>", o->stdin_text, o->stdin_len, fn, user);
    }
    int worst = CLI_EXIT_OK;
    for (int i = 0; i < o->nfiles; i++) {
        book_kind bk = book_kind_of(o->files[i]);
        if (bk != BOOK_NONE) {
            int rc = cli_book_variant_each(o, o->files[i], bk, fn, user);
            worst = rc > worst ? rc : worst;
            continue;
        }
        size_t len;
        char *text = slurp(o->files[i], &len);
        if (!text) {
            fprintf(stderr, "%s: cannot read\n", o->files[i]);
            return CLI_EXIT_USAGE;
        }
        int rc = run_text(o->files[i], text, len, fn, user);
        worst = rc > worst ? rc : worst;
        free(text);
    }
    return worst;
}

typedef struct run_args {
    const cli_opts *o;
    cli_variant_mode mode;
    uint64_t limit;
    double default_timeout;
    variant_doc *vd;
} run_args;

/* One puzzle of cli_variant_run: run, then kept for a document or freed. */
static int run_each(void *user, const char *file, size_t line, const char *where,
                    doku_variant_puzzle *p)
{
    const run_args *a = user;
    variant_doc *vd = a->vd;
    vd->file = file;
    vd->line = (int)line;
    int rc = run_one(where, p, a->o, a->mode, a->limit, a->default_timeout, vd);
    if (vd->doc) {
        if (vd->nkept == vd->cap) {
            vd->cap = vd->cap ? vd->cap * 2 : 16;
            vd->kept = cli_xrealloc(vd->kept, vd->cap * sizeof *vd->kept);
        }
        vd->kept[vd->nkept++] = p;
    } else {
        doku_variant_puzzle_free(p);
    }
    return rc;
}

int cli_variant_run(const cli_opts *o, cli_variant_mode mode, uint64_t limit,
                    double default_timeout)
{
    variant_doc vd = {NULL, NULL, 0, 0, NULL, 0, 0};
    char why[512];
    if (o->document && mode != CLI_VARIANT_CONVERT) {
        /* pictures, booklets and workbooks of variant puzzles: the same
         * records as classic puzzles, with their constraints */
        document_spec spec = {o->cmd, o->output, o->document, o->symbols, o->booklet};
        vd.doc = cli_document_open(&spec, why, sizeof why);
        if (!vd.doc) {
            fprintf(stderr, "doku %s: %s\n", o->cmd, why);
            return CLI_EXIT_USAGE;
        }
    }
    run_args a = {o, mode, limit, default_timeout, &vd};
    int worst = cli_variant_each(o, run_each, &a);
    if (vd.doc && document_close(vd.doc, why, sizeof why) != 0) {
        fprintf(stderr, "doku %s: %s\n", o->cmd, why);
        vd.failed = 1;
    }
    for (size_t i = 0; i < vd.nkept; i++)
        doku_variant_puzzle_free(vd.kept[i]);
    free(vd.kept);
    return vd.failed ? CLI_EXIT_USAGE : worst;
}
