/*
 * variant_book.c — see variant_book.h. The workbook is read twice when
 * it holds variant puzzles: once to tell (every file of a run takes one
 * path, classic or variant), once to run them; reading a sheet costs
 * little beside a search.
 */
#include "variant_book.h"
#include "backends.h"
#include "usage.h"

#include "doku_constraints.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where to look, as the classic path asks (runner.c read_workbook). */
static book_request request_of(const cli_opts *o)
{
    book_request req = {o->sheet, o->range, 0, o->symbols};
    if (o->regions)
        req.n = o->regions_n;
    else if (o->box_rows)
        req.n = o->box_rows * o->box_cols;
    return req;
}

static void note_constraints(void *ctx, const book_puzzle *p)
{
    /* a bad constraint statement is an error record, which the
     * classic path names with its cell as well */
    int *has = ctx;
    if (p->constraints)
        *has = 1;
}

int cli_book_has_constraints(const cli_opts *o, const char *path, book_kind kind)
{
    book_request req = request_of(o);
    int has = 0;
    char why[512];
    if (cli_workbook_read(path, kind, &req, note_constraints, &has, why, sizeof why) < 0)
        return 0;
    return has;
}

typedef struct book_run {
    const cli_opts *o;
    const char *path;
    cli_variant_fn fn;
    void *user;
    int worst;
} book_run;

static void print_notes(const book_run *b, const char *notes)
{
    for (const char *line = notes; *line;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(stderr, "doku %s: %s:%.*s\n", b->o->cmd, b->path, len, line);
        line += len + (end != NULL);
    }
}

static void run_puzzle(void *ctx, const book_puzzle *p)
{
    book_run *b = ctx;
    if (p->notes)
        print_notes(b, p->notes);
    char where[1200];
    snprintf(where, sizeof where, "%s:%s", b->path, p->where);
    if (!p->cells) {
        fprintf(stderr, "%s: %s\n", where, p->error ? p->error : "not a puzzle");
        b->worst = b->worst > CLI_EXIT_USAGE ? b->worst : CLI_EXIT_USAGE;
        return;
    }
    char *text = book_variant_text(p), msg[512];
    doku_variant_puzzle *vp = NULL;
    doku_status st = text ? doku_variant_puzzle_read(text, strlen(text), &vp, msg, sizeof msg)
                          : DOKU_ERR_NOMEM;
    free(text);
    if (st != DOKU_OK) {
        fprintf(stderr, "%s: %s\n", where, st == DOKU_ERR_NOMEM ? "out of memory" : msg);
        b->worst = b->worst > CLI_EXIT_USAGE ? b->worst : CLI_EXIT_USAGE;
        return;
    }
    /* fn takes vp over (a document keeps it until it is drawn); the
     * records name the puzzle's place, "FILE:Sheet!C3:K11", as the
     * classic ones do: a workbook holds several */
    int rc = b->fn(b->user, where, 0, where, vp);
    b->worst = rc > b->worst ? rc : b->worst;
}

int cli_book_variant_each(const cli_opts *o, const char *path, book_kind kind, cli_variant_fn fn,
                          void *user)
{
    book_request req = request_of(o);
    book_run b = {o, path, fn, user, CLI_EXIT_OK};
    char why[1024];
    long got = cli_workbook_read(path, kind, &req, run_puzzle, &b, why, sizeof why);
    if (got < 0) {
        fprintf(stderr, "doku: %s\n", why);
        return CLI_EXIT_USAGE;
    }
    return b.worst;
}
