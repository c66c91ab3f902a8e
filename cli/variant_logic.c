/*
 * variant_logic.c — `doku hint`, `explain` and `grade` on variant puzzle
 * files (see variant_logic.h): the same records as for classic puzzles,
 * written by the library, from a logic context made for the puzzle's
 * constraints; its ratings are doku's own scale (the records say so).
 */
#include "variant_logic.h"
#include "variant_check.h"
#include "variant_cli.h"
#include "variant_record.h"
#include "logic_cli.h"
#include "clock.h"
#include "output.h"
#include "usage.h"
#include "variant_reduce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vlogic_args {
    const cli_opts *o;
    const doku_logic_opts *lo;
    doku_command cmd;
    int history;
    const uint8_t *cells;   /* hint --pencil: the filled cells and the */
    const uint64_t *cands;  /* marks, in place of the puzzle's givens */
} vlogic_args;

/* The seconds of the search for the wrong entry (news, not a rating). */
static double budget(const cli_opts *o)
{
    return o->timeout_given ? o->timeout : 60.0;
}

typedef struct vcollect {
    cli_buf *out;
    const doku_shape *shape;
    doku_format fmt;
    size_t count;
} vcollect;

static int on_step(void *user, const doku_step *st)
{
    vcollect *c = user;
    c->count++;
    if (c->fmt == DOKU_FORMAT_JSON && c->count > 1)
        cli_buf_puts(c->out, ",");
    cli_check_written(doku_format_step(c->out, c->shape, st, c->fmt, c->count));
    return 0;
}

/* Writes rec for the puzzle and @return the exit code it stands for. */
static int put(const vlogic_args *a, const doku_source *src, doku_logic_record *rec)
{
    doku_record_opts ro = cli_format_opts(a->o, a->o->format == CLI_FORMAT_AUTO
                                                    ? DOKU_FORMAT_LINE : a->o->format);
    if (ro.format != DOKU_FORMAT_JSON && ro.format != DOKU_FORMAT_CSV)
        ro.format = DOKU_FORMAT_LINE;
    if (ro.format == DOKU_FORMAT_CSV && a->cmd != DOKU_CMD_GRADE)
        ro.format = DOKU_FORMAT_LINE; /* explain and hint have no CSV form */
    ro.history = a->history;
    cli_buf out = {0};
    cli_check_written(doku_format_logic(&out, src, &ro, rec));
    if (out.len)
        fwrite(out.data, 1, out.len, stdout);
    cli_buf_free(&out);
    return CLI_EXIT_OK;
}

static int run(const vlogic_args *a, const char *file, size_t line, const char *where,
               const doku_variant_puzzle *p)
{
    const doku_shape *s = doku_variant_puzzle_shape(p);
    const doku_constraints *cs = doku_variant_puzzle_constraints(p);
    const uint8_t *givens = a->cells ? a->cells : doku_variant_puzzle_givens(p);
    size_t nc = (size_t)doku_shape_cells(s);
    doku_source src = cli_variant_source(file, line ? (int)line : 1, p);
    src.cells = givens;
    src.comment = NULL;
    src.symbols = a->o->symbols;
    doku_logic_record rec;
    memset(&rec, 0, sizeof rec);
    rec.command = a->cmd;

    /* first, within the budget: no, one or several solutions; counted
     * unless --timeout asks for the clock, so a grade is the same on
     * every machine, check and run alike (logic_cli_limit) */
    doku_search_opts so = {0};
    so.limit = 2;
    so.node_budget = a->o->timeout_given ? 0 : VREDUCE_PRECHECK_NODES;
    so.time_budget = a->o->timeout_given ? a->o->timeout : 0;
    doku_search_result res;
    doku_status st = doku_constraints_search(cs, givens, nc, &so, NULL, NULL, NULL, &res);
    if (st != DOKU_OK && st != DOKU_GAVE_UP) {
        fprintf(stderr, "%s: %s\n", where, doku_status_string(st));
        return CLI_EXIT_FAIL;
    }
    if (st == DOKU_GAVE_UP || res.solutions != 1) {
        rec.verdict = st == DOKU_GAVE_UP ? DOKU_CHECK_GAVE_UP
                      : res.solutions    ? DOKU_CHECK_MULTIPLE
                                         : DOKU_CHECK_NONE;
        char counted[120];
        snprintf(counted, sizeof counted, "gave up after %u search nodes (--timeout S checks "
                 "by the clock instead)", VREDUCE_PRECHECK_NODES);
        rec.message = st == DOKU_GAVE_UP ? (a->o->timeout_given ? "raise --timeout" : counted)
                      : res.solutions    ? "logic and ratings need a unique solution"
                      : a->cells         ? "the filled cells and constraints allow no solution"
                                         : "the givens and constraints allow no solution";
        /* as the classic hint: a step would be false, the wrong entry is
         * news (of the puzzle's givens: pencil grids are left as said) */
        cli_buf wrong = {0};
        if (rec.verdict == DOKU_CHECK_NONE && a->cmd == DOKU_CMD_HINT && !a->cells &&
            cli_variant_wrong_entry(p, budget(a->o), &wrong, NULL))
            rec.message = wrong.data;
        put(a, &src, &rec);
        cli_buf_free(&wrong);
        return CLI_EXIT_FAIL;
    }
    doku_logic *lg = NULL;
    st = doku_logic_create_variant(cs, a->lo, &lg);
    if (st != DOKU_OK) {
        fprintf(stderr, "%s: %s\n", where, doku_status_string(st));
        return CLI_EXIT_FAIL;
    }
    st = a->cands ? doku_logic_load_candidates(lg, givens, a->cands, nc, 0)
                  : doku_logic_load(lg, givens, nc);
    if (st != DOKU_OK) {
        rec.verdict = DOKU_CHECK_CONFLICT;
        rec.message = "invalid puzzle";
        put(a, &src, &rec);
        doku_logic_free(lg);
        return CLI_EXIT_FAIL;
    }
    logic_cli_limit(lg, a->o);
    rec.logic = lg;
    int rc = CLI_EXIT_OK;
    doku_rating r;
    cli_buf steps = {0};
    if (a->cmd == DOKU_CMD_HINT) {
        doku_step step;
        rec.status = doku_logic_next(lg, &step);
        rec.step = rec.status == DOKU_OK ? &step : NULL;
        rec.solved = doku_logic_solved(lg);
        rc = rec.status == DOKU_OK || rec.solved ? CLI_EXIT_OK : CLI_EXIT_FAIL;
        put(a, &src, &rec);
    } else {
        vcollect col = {&steps, s, a->o->format == DOKU_FORMAT_JSON ? DOKU_FORMAT_JSON : DOKU_FORMAT_LINE, 0};
        size_t cap = nc * 4 + 16;
        char *hist = a->cmd == DOKU_CMD_GRADE ? malloc(cap) : NULL;
        double t0 = now_seconds();
        st = doku_logic_run(lg, a->cmd == DOKU_CMD_EXPLAIN ? on_step : NULL, &col, &r, hist,
                            hist ? cap : 0);
        if (st != DOKU_OK && st != DOKU_GAVE_UP) {
            fprintf(stderr, "%s: %s\n", where, doku_status_string(st));
            rc = CLI_EXIT_FAIL;
        } else {
            rec.rating = &r;
            rec.status = st;
            rec.steps = steps.data;
            rec.steps_len = steps.len;
            rec.history = hist;
            rec.time_ms = (now_seconds() - t0) * 1e3;
            put(a, &src, &rec);
            rc = r.solved ? CLI_EXIT_OK : CLI_EXIT_FAIL;
        }
        free(hist);
    }
    cli_buf_free(&steps);
    doku_logic_free(lg);
    return rc;
}

/* One puzzle of cli_variant_each, which hands it over. */
static int one(void *user, const char *file, size_t line, const char *where,
               doku_variant_puzzle *p)
{
    int rc = run(user, file, line, where, p);
    doku_variant_puzzle_free(p);
    return rc;
}

int cli_variant_logic(const cli_opts *o, const doku_logic_opts *lo, doku_command cmd,
                      int history)
{
    vlogic_args a = {o, lo, cmd, history, NULL, NULL};
    return cli_variant_each(o, one, &a);
}

int cli_variant_hint_pencil(const cli_opts *o, const doku_logic_opts *lo,
                            const doku_variant_puzzle *p, const char *file, const uint8_t *cells,
                            const uint64_t *cands)
{
    vlogic_args a = {o, lo, DOKU_CMD_HINT, 0, cells, cands};
    return run(&a, file, 0, file, p);
}
