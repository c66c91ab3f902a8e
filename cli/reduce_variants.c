/*
 * reduce_variants.c — see reduce_variants.h. The checks before the
 * reduction are /api/reduce's (server/reduce_variant.c): givens that
 * break a constraint, no solution, several, or a check out of time.
 */
#include "reduce_variants.h"
#include "clock.h"
#include "variant_cli.h"
#include "variant_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vred_args {
    const cli_opts *o;
    const vreduce_opts *a;
    const gen_filter_spec *f;
    /* the puzzle at hand, for --format json */
    const char *file;
    size_t line;
    const doku_variant_puzzle *p;
} vred_args;

/* With --format json: p's reduce record as /api/reduce writes it (the
 * library's, then the rating on doku's own scale when v is not NULL, and
 * the constraints), one line. */
static void put_json(const vred_args *x, const doku_reduce_record *rec, const vrating *v)
{
    doku_source src = cli_variant_source(x->file, x->line ? (int)x->line : 1, x->p);
    doku_record_opts ro = {0};
    ro.format = DOKU_FORMAT_JSON;
    cli_buf b = {0}, extra = {0};
    cli_check_written(doku_format_reduce(&b, &src, &ro, rec));
    if (v && v->r.solved)
        cli_buf_printf(&extra, "\"scale\":\"doku\",\"rating\":%.1f,\"difficulty\":\"%s\"", v->r.er,
                       doku_difficulty_name(v->r.difficulty));
    else if (v)
        cli_buf_printf(&extra, "\"scale\":\"doku\",\"rating\":null,\"difficulty\":\"%s\"",
                       doku_difficulty_name(DOKU_DIFFICULTY_UNSOLVED));
    cli_variant_json_close(&b, x->p, extra.data);
    fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
    cli_buf_free(&extra);
}

/* A puzzle not reduced: one comment line, or with --format json its
 * record. @return CLI_EXIT_FAIL. */
static int not_reduced(const vred_args *x, const char *where, const char *status, const char *why)
{
    if (x->o->format == DOKU_FORMAT_JSON) {
        doku_reduce_record rec = {0};
        rec.status = status;
        rec.message = why;
        put_json(x, &rec, NULL);
        return CLI_EXIT_FAIL;
    }
    printf("# %s: %s: %s\n", where, status, why);
    return CLI_EXIT_FAIL;
}

static int reduce_one(const vred_args *x, const char *where, const doku_variant_puzzle *p)
{
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *givens = doku_variant_puzzle_givens(p);
    int n = doku_shape_n(doku_variant_puzzle_shape(p)), nc = n * n, before = 0;
    for (int i = 0; i < nc; i++)
        before += givens[i] != 0;
    size_t broken = 0;
    if (doku_constraints_check(cs, givens, (size_t)nc, NULL, 0, &broken) != DOKU_OK || broken)
        return not_reduced(x, where, "invalid", "the givens break a constraint (doku check names it)");
    /* counts decide unless --timeout asks for the clock */
    const cli_opts *o = x->o;
    double end = o->timeout_given && o->timeout > 0 ? now_seconds() + o->timeout : 0;
    uint64_t nodes = o->timeout_given ? 0 : VREDUCE_PRECHECK_NODES;
    doku_search_result r;
    doku_status st = vreduce_count_two(cs, givens, (size_t)nc, nodes, end, NULL, &r);
    if (st == DOKU_ERR_NOMEM)
        return not_reduced(x, where, "invalid", "out of memory");
    if (st != DOKU_OK) {
        char why[160];
        if (o->timeout_given)
            snprintf(why, sizeof why, "gave up checking uniqueness within --timeout %g s", o->timeout);
        else
            snprintf(why, sizeof why, "gave up checking uniqueness after %u search nodes "
                     "(--timeout S checks by the clock instead)", VREDUCE_PRECHECK_NODES);
        return not_reduced(x, where, "gave_up", why);
    }
    if (r.solutions != 1)
        return not_reduced(x, where, r.solutions ? "not_unique" : "unsolvable",
                           r.solutions ? "more than one solution: only a unique puzzle can be reduced"
                                       : "no solution under the constraints");
    uint8_t *puzzle = malloc((size_t)nc);
    if (!puzzle)
        return not_reduced(x, where, "invalid", "out of memory");
    doku_reduce_result rr;
    vrating v;
    int tries = 0, rated = x->f->have_rating || x->f->require_mask, got;
    if (rated) {
        vrate_want w = {x->f->rating_min, x->f->rating_open ? -1 : x->f->rating_max,
                        x->f->require_mask};
        if (!x->f->have_rating) {
            w.min = 0;
            w.max = -1;
        }
        got = vreduce_rated(cs, n, givens, x->a, &w, end, puzzle, &rr, &v, &tries);
    } else {
        memcpy(puzzle, givens, (size_t)nc);
        got = vreduce_cells(cs, puzzle, n, x->a, end, &rr);
    }
    if (got < 0) {
        free(puzzle);
        return not_reduced(x, where, "invalid", "out of memory");
    }
    /* --timeout stopped it (vreduce_cells 1, vreduce_rated 2): said, exit 1 */
    int late = got == (rated ? 2 : 1);
    int rc = late || (rated && got == 0) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    if (o->format == DOKU_FORMAT_JSON) {
        /* /api/reduce's record, the same words as the comment line's */
        char said[160] = "";
        if (late)
            snprintf(said, sizeof said, "stopped by --timeout %g s (the puzzle reached is given)",
                     o->timeout);
        else if (rc)
            snprintf(said, sizeof said, "none of %d reductions was as asked (the last one is "
                     "given)", tries);
        doku_reduce_record rec = {0};
        rec.status = late ? "gave_up" : rc ? "outside_rating" : "reduced";
        rec.message = said[0] ? said : NULL;
        rec.reduced = puzzle;
        rec.givens_before = before;
        rec.result = &rr;
        put_json(x, &rec, rated && !late ? &v : NULL);
        free(puzzle);
        return rc;
    }
    printf("# %s: %s: %d givens (from %d), symmetry %s%s", where,
           late ? "gave_up" : rc ? "outside_rating" : "reduced", rr.givens, before,
           doku_symmetry_name(rr.symmetry), rr.minimal ? ", minimal" : "");
    if (late)
        printf(", stopped by --timeout %g s (the puzzle reached is given)", o->timeout);
    else if (rated && v.r.solved)
        printf(", doku rating %.1f, %s", v.r.er, doku_difficulty_name(v.r.difficulty));
    else if (rated)
        printf(", doku rating: logic does not finish it");
    if (rc && !late)
        printf(" (none of %d reductions was as asked; the last one is given)", tries);
    putchar('\n');
    doku_buf out = {0};
    char msg[512];
    st = doku_variant_write_titled(&out, cs, puzzle, NULL, doku_variant_puzzle_title(p),
                                   doku_variant_puzzle_author(p), DOKU_VARIANT_FORMAT_TEXT, msg,
                                   sizeof msg);
    if (st == DOKU_OK)
        fwrite(out.data, 1, out.len, stdout);
    else
        rc = not_reduced(x, where, "invalid", st == DOKU_ERR_NOMEM ? "out of memory" : msg);
    doku_buf_free(&out);
    free(puzzle);
    return rc;
}

/* One puzzle of cli_variant_each, which hands it over. */
static int one(void *user, const char *file, size_t line, const char *where,
               doku_variant_puzzle *p)
{
    vred_args x = *(const vred_args *)user;
    x.file = file;
    x.line = line;
    x.p = p;
    int rc = reduce_one(&x, where, p);
    doku_variant_puzzle_free(p);
    return rc;
}

int cli_variant_reduce(const cli_opts *o, const vreduce_opts *a, const gen_filter_spec *f)
{
    vred_args x = {o, a, f, NULL, 0, NULL};
    return cli_variant_each(o, one, &x);
}
