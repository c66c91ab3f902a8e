/*
 * gen_drawn.c — see gen_drawn.h. The puzzles are made and printed by
 * gen_variant.c's runner (threads, order, documents), told to keep the
 * file's constraints instead of making a set.
 */
#include "gen_drawn.h"
#include "backends.h"
#include "gen_variant.h"
#include "usage.h"
#include "variant_cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct first_puzzle {
    doku_variant_puzzle *p;   /* the file's puzzle, kept */
    int count;                /* puzzles the file holds */
} first_puzzle;

static int take(void *user, const char *file, size_t line, const char *where,
                doku_variant_puzzle *p)
{
    (void)file;
    (void)line;
    (void)where;
    first_puzzle *f = user;
    if (f->count++ == 0)
        f->p = p;
    else
        doku_variant_puzzle_free(p);
    return CLI_EXIT_OK;
}

/* The file's one puzzle, or NULL after the message. */
static doku_variant_puzzle *read_file(const gen_drawn_args *a)
{
    cli_opts fo = *a->o;
    char *files[1] = {(char *)a->file};
    fo.files = files;
    fo.nfiles = 1;
    fo.stdin_text = NULL;
    fo.stdin_len = 0;
    first_puzzle f = {NULL, 0};
    int rc = cli_variant_each(&fo, take, &f);
    if (rc != CLI_EXIT_OK || !f.p) {
        if (rc == CLI_EXIT_OK)
            fprintf(stderr, "doku generate: %s: no puzzle to take the constraints of\n", a->file);
        doku_variant_puzzle_free(f.p);
        return NULL;
    }
    if (f.count > 1) {
        fprintf(stderr, "doku generate: %s: holds %d puzzles; --constraints takes the "
                "constraints of one\n", a->file, f.count);
        doku_variant_puzzle_free(f.p);
        return NULL;
    }
    const doku_shape *s = doku_variant_puzzle_shape(f.p);
    const uint8_t *g = doku_variant_puzzle_givens(f.p);
    int nc = doku_shape_cells(s), k = 0;
    for (int i = 0; i < nc; i++)
        k += g[i] != 0;
    if (k) {
        fprintf(stderr, "doku generate: %s: has %d given%s; --constraints chooses the givens "
                "for the constraints alone (doku reduce reduces a puzzle's)\n", a->file, k,
                k == 1 ? "" : "s");
        doku_variant_puzzle_free(f.p);
        return NULL;
    }
    return f.p;
}

int gen_drawn_run(const gen_drawn_args *a)
{
    doku_variant_puzzle *p = read_file(a);
    if (!p)
        return CLI_EXIT_USAGE;
    const doku_shape *s = doku_variant_puzzle_shape(p);
    int rc = CLI_EXIT_USAGE;
    gen_variant_req r;
    memset(&r, 0, sizeof r);
    r.format = DOKU_VARIANT_FORMAT_TEXT;
    int lo = 0, hi = 0;
    doku_parse_error pe;
    if (a->clues && cli_parsed("generate", "--clues",
                               doku_parse_clues(a->clues, doku_shape_cells(s), &lo, &hi, &pe),
                               &pe) != 0)
        goto out;
    if (a->to && gen_variant_format(a->to, &r.format) != 0)
        goto out;
    /* a rating on doku's own scale, as doku reduce asks one */
    const gen_filter_spec *f = a->filter;
    vrate_want want = {f->rating_min, f->rating_open ? -1 : f->rating_max, f->require_mask};
    if (!f->have_rating) {
        want.min = 0;
        want.max = -1;
    }
    int rated = f->have_rating || f->require_mask;
    r.keep = doku_variant_puzzle_constraints(p);
    r.keep_opts = (vgivens_opts){lo, a->sym, a->minimal, a->full, rated ? &want : NULL};
    r.keep_name = a->file;
    r.timeout = a->timeout;
    r.difficulty = f->difficulty;
    r.o = a->o;
    r.shape = s;
    r.seed = a->seed;
    r.start = a->start;
    r.count = a->count;
    r.with_solution = a->with_solution;
    if (!a->o->document) {
        rc = gen_variant_run(&r);
        goto out;
    }
    char why[512];
    document_spec spec = {a->o->cmd, a->o->output, a->o->document, a->o->symbols,
                          a->o->booklet};
    r.doc = cli_document_open(&spec, why, sizeof why);
    if (!r.doc) {
        fprintf(stderr, "doku generate: %s\n", why);
        goto out;
    }
    rc = gen_variant_run(&r);
    if (document_close(r.doc, why, sizeof why) != 0) {
        fprintf(stderr, "doku generate: %s\n", why);
        rc = CLI_EXIT_USAGE;
    }
out:
    doku_variant_puzzle_free(p);
    return rc;
}
