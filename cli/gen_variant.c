/*
 * gen_variant.c — see gen_variant.h. Each worker keeps one generator;
 * the results wait in a ring of slots until printed in order.
 */
#include "gen_variant.h"
#include "clock.h"
#include "isa_env.h"
#include "pool.h"
#include "buf.h"
#include "usage.h"

#include "doku_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vslot {
    doku_constraints *cs;     /* made with the puzzle; NULL with r->keep */
    uint8_t *givens, *solution;
    doku_vgen_result res;
    doku_reduce_result rr;    /* with r->keep: the givens' reduction */
    vrating v;                /* with r->keep and a rating asked */
    doku_status status;
} vslot;

/* The constraints of puzzle sl: its own, or the setter's. */
static const doku_constraints *cs_of(const gen_variant_req *r, const vslot *sl)
{
    return r->keep ? r->keep : sl->cs;
}

/* What a puzzle is called in messages: "killer 3", "puzzle 3". */
static const char *kind_of(const gen_variant_req *r)
{
    return r->keep ? "puzzle" : doku_vgen_set_name(r->vo.set);
}

/* Puzzle index for the setter's constraints (variant_givens.h). */
static void keep_item(const gen_variant_req *r, uint64_t index, vslot *sl)
{
    double end = r->timeout > 0 ? now_seconds() + r->timeout : 0;
    memset(&sl->res, 0, sizeof sl->res);
    memset(&sl->v, 0, sizeof sl->v);
    sl->status = vgivens_make(r->keep, doku_seed_derive(r->seed, r->start + index),
                              &r->keep_opts, end, sl->givens, sl->solution, &sl->rr, &sl->v);
    sl->res.attempts = 1;
    sl->res.givens = sl->rr.givens;
}

typedef struct vrun {
    const gen_variant_req *r;
    vslot *slots;
    uint64_t window;
    doku_generator **gens;
    int *made;
} vrun;

static void item(void *ctx, int worker, uint64_t index)
{
    vrun *v = ctx;
    const gen_variant_req *r = v->r;
    vslot *sl = &v->slots[index % v->window];
    if (r->keep) {
        keep_item(r, index, sl);
        return;
    }
    if (!v->made[worker]) {
        v->made[worker] = 1;
        if (doku_generator_create(r->shape, &v->gens[worker]) != DOKU_OK)
            v->gens[worker] = NULL;
        isa_env_generator(v->gens[worker]);
    }
    size_t nc = (size_t)doku_shape_cells(r->shape);
    doku_vgen_opts vo = r->vo;
    if (r->difficulty != DOKU_DIFFICULTY_ANY) {
        /* doku's variant rating names the difficulty asked (variant_rate.h) */
        vo.filter = vrate_filter;
        vo.filter_user = (void *)&r->want;
    }
    sl->status = v->gens[worker]
                     ? doku_variant_generate(v->gens[worker],
                                             doku_seed_derive(r->seed, r->start + index), &vo,
                                             &sl->cs, sl->givens, sl->solution, nc, &sl->res)
                     : DOKU_ERR_NOMEM;
}

/* Hands puzzle i to the document: the record `doku generate` writes for
 * a classic puzzle, with the set and the constraints the pages draw.
 * @return 0, or -1 after the message. */
static int document_one(const gen_variant_req *r, uint64_t i, const vslot *sl)
{
    uint64_t index = r->start + i;
    doku_generate_result res;
    memset(&res, 0, sizeof res);
    res.found = 1;
    res.attempts = sl->res.attempts;
    res.givens = sl->res.givens;
    res.qqwing_level = DOKU_QQWING_ANY;
    res.symmetry = r->keep ? sl->rr.symmetry : DOKU_SYM_NONE;
    res.minimal = r->keep && sl->rr.minimal;
    doku_generate_record rec;
    memset(&rec, 0, sizeof rec);
    rec.index = index;
    rec.seed = doku_seed_derive(r->seed, index);
    rec.master_seed = r->seed;
    rec.puzzle = sl->givens;
    rec.solution = sl->solution;
    rec.result = &res;
    rec.with_solution = r->with_solution;   /* as for a classic puzzle */
    rec.difficulty = r->difficulty;
    doku_record_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.format = DOKU_FORMAT_JSON;
    cli_buf b = {0};
    cli_check_written(doku_format_generate(&b, r->shape, DOKU_SYMBOLS_1_9A_Z, &ro, &rec));
    /* the record's closing brace gives way to the set and constraints */
    while (b.len && b.data[b.len - 1] != '}')
        b.len--;
    if (b.len)
        b.len--;
    if (!r->keep)
        cli_buf_printf(&b, ",\"set\":\"%s\"", doku_vgen_set_name(r->vo.set));
    cli_buf_puts(&b, ",\"constraints\":");
    cli_check_written(doku_constraints_write_json(&b, cs_of(r, sl)));
    cli_buf_puts(&b, "}\n");
    char why[512];
    int rc = document_add(r->doc, r->shape, b.data, b.len, why, sizeof why);
    if (rc != 0)
        fprintf(stderr, "doku generate: %s %llu: %s\n", kind_of(r), (unsigned long long)index + 1,
                why);
    cli_buf_free(&b);
    return rc ? -1 : 0;
}

/* Prints puzzle i: the text format opens with a comment naming it and its
 * effort; a link or string is one line. @return 0, or -1 when the format
 * cannot carry the puzzle (the message on stderr). */
static int print_one(const gen_variant_req *r, uint64_t i, const vslot *sl)
{
    cli_buf b = {0};
    uint64_t index = r->start + i;
    int text = r->format == DOKU_VARIANT_FORMAT_TEXT || r->format == DOKU_VARIANT_FORMAT_JSON;
    if (r->format == DOKU_VARIANT_FORMAT_TEXT && r->keep) {
        cli_buf_printf(&b, "# doku generate: givens for %s, puzzle %llu, seed %llu (master "
                       "%llu): %d givens, symmetry %s%s", r->keep_name,
                       (unsigned long long)index + 1,
                       (unsigned long long)doku_seed_derive(r->seed, index),
                       (unsigned long long)r->seed, sl->rr.givens,
                       doku_symmetry_name(sl->rr.symmetry), sl->rr.minimal ? ", minimal" : "");
        if (r->keep_opts.want && !r->keep_opts.full && sl->v.r.solved)
            cli_buf_printf(&b, ", doku rating %.1f, %s", sl->v.r.er,
                           doku_difficulty_name(sl->v.r.difficulty));
        else if (r->keep_opts.want && !r->keep_opts.full)
            cli_buf_puts(&b, ", doku rating: logic does not finish it");
        cli_buf_puts(&b, "\n");
    } else if (r->format == DOKU_VARIANT_FORMAT_TEXT) {
        cli_buf_printf(&b, "# doku generate: %s %llu, seed %llu (master %llu), proof %llu "
                       "guesses\n", doku_vgen_set_name(r->vo.set), (unsigned long long)index + 1,
                       (unsigned long long)doku_seed_derive(r->seed, index),
                       (unsigned long long)r->seed, (unsigned long long)sl->res.guesses);
    }
    char msg[256];
    doku_status st = doku_variant_write(&b, cs_of(r, sl), sl->givens,
                                        r->with_solution ? sl->solution : NULL, r->format, msg,
                                        sizeof msg);
    if (st != DOKU_OK) {
        if (st == DOKU_ERR_NOMEM)
            cli_check_written(st); /* ends the program, as every CLI allocation */
        fprintf(stderr, "doku generate: %s %llu: %s\n", kind_of(r), (unsigned long long)index + 1,
                msg);
        cli_buf_free(&b);
        return -1;
    }
    if (b.len && b.data[b.len - 1] != '\n')
        cli_buf_puts(&b, "\n");
    if (text && i + 1 < r->count)
        cli_buf_puts(&b, "\n");
    fwrite(b.data, 1, b.len, stdout);
    cli_buf_free(&b);
    return 0;
}

static void report_failure(const gen_variant_req *r, uint64_t i, const vslot *sl)
{
    unsigned long long k = (unsigned long long)(r->start + i) + 1;
    if (r->keep) {
        /* the setter's constraints: none, one or no puzzle in time */
        if (sl->status == DOKU_ERR_VARIANT)
            fprintf(stderr, "doku generate: %s: the constraints have no solution: no givens can "
                    "make them a puzzle\n", r->keep_name);
        else if (sl->status == DOKU_GAVE_UP)
            fprintf(stderr, "doku generate: puzzle %llu: none found for the constraints of %s%s "
                    "(raise --timeout)\n", k, r->keep_name,
                    r->keep_opts.want ? " with the rating asked (doku's own scale)" : "");
        else
            fprintf(stderr, "doku generate: puzzle %llu: %s\n", k, doku_status_string(sl->status));
        return;
    }
    if (sl->status != DOKU_GAVE_UP) {
        fprintf(stderr, "doku generate: %s %llu: %s\n", doku_vgen_set_name(r->vo.set), k,
                doku_status_string(sl->status));
        return;
    }
    char want[160] = "";
    size_t w = 0;
    if (r->difficulty != DOKU_DIFFICULTY_ANY)
        w += (size_t)snprintf(want, sizeof want, " rated %s (doku rating)",
                              doku_difficulty_name(r->difficulty));
    if (r->vo.band && r->vo.max_guesses == UINT64_MAX)
        snprintf(want + w, sizeof want - w, " with an effort of %llu+ guesses",
                 (unsigned long long)r->vo.min_guesses);
    else if (r->vo.band)
        snprintf(want + w, sizeof want - w, " with an effort of %llu-%llu guesses",
                 (unsigned long long)r->vo.min_guesses, (unsigned long long)r->vo.max_guesses);
    fprintf(stderr, "doku generate: %s %llu: none found%s: gave up after %llu full grids and "
            "%llu uniqueness checks", doku_vgen_set_name(r->vo.set), k, want,
            (unsigned long long)sl->res.attempts, (unsigned long long)sl->res.checks);
    if (sl->res.attempts >= r->vo.max_attempts)
        fprintf(stderr, " (raise --attempts)");
    else
        fprintf(stderr, " (time budget; raise --timeout)");
    if (want[0] && sl->res.candidates)
        fprintf(stderr, "; %llu unique candidates were refused, the last took %llu guesses",
                (unsigned long long)sl->res.candidates, (unsigned long long)sl->res.best_guesses);
    else if (!sl->res.candidates)
        fprintf(stderr, "; none of them %s",
                r->vo.set == DOKU_VGEN_KILLER ? "was cut into a unique killer with cages of these sizes"
                                              : "gave a unique puzzle");
    fprintf(stderr, ".\n");
}

int gen_variant_format(const char *to, doku_variant_format *f)
{
    static const struct {
        const char *name;
        doku_variant_format f;
    } forms[] = {{"text", DOKU_VARIANT_FORMAT_TEXT},
                 {"fpuzzles", DOKU_VARIANT_FORMAT_FPUZZLES},
                 {"sudokupad", DOKU_VARIANT_FORMAT_SUDOKUPAD},
                 {"fpuzzles-json", DOKU_VARIANT_FORMAT_JSON},
                 {"sudokuwiki", DOKU_VARIANT_FORMAT_SUDOKUWIKI},
                 {"killer", DOKU_VARIANT_FORMAT_KILLER}};
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++)
        if (strcmp(to, forms[k].name) == 0) {
            *f = forms[k].f;
            return 0;
        }
    cli_usage_error("generate", "--to: '%s' is not a variant puzzle format; supported: "
                    "text, fpuzzles, sudokupad, fpuzzles-json, sudokuwiki, killer", to);
    return -1;
}

int gen_variant_run(const gen_variant_req *r)
{
    int nthreads = r->o->threads > 0 ? r->o->threads : 1;
    if ((uint64_t)nthreads > r->count)
        nthreads = (int)(r->count ? r->count : 1);
    size_t nc = (size_t)doku_shape_cells(r->shape);
    vrun v;
    memset(&v, 0, sizeof v);
    v.r = r;
    v.window = (uint64_t)nthreads * 4;
    v.slots = cli_xmalloc(sizeof *v.slots * v.window);
    for (uint64_t i = 0; i < v.window; i++) {
        memset(&v.slots[i], 0, sizeof v.slots[i]);
        v.slots[i].givens = cli_xmalloc(nc);
        v.slots[i].solution = cli_xmalloc(nc);
    }
    v.gens = cli_xmalloc(sizeof *v.gens * (size_t)nthreads);
    v.made = cli_xmalloc(sizeof *v.made * (size_t)nthreads);
    memset(v.gens, 0, sizeof *v.gens * (size_t)nthreads);
    memset(v.made, 0, sizeof *v.made * (size_t)nthreads);
    cli_pool pool;
    if (cli_pool_start(&pool, nthreads, v.window, 1, item, &v) != 0)
        fprintf(stderr, "doku generate: cannot start a thread; generating on one\n");
    int rc = CLI_EXIT_OK;
    for (uint64_t i = 0; i < r->count && rc == CLI_EXIT_OK; i++) {
        uint64_t upto = i + v.window < r->count ? i + v.window : r->count;
        cli_pool_open(&pool, pool.nthreads ? upto : i + 1);
        cli_pool_wait(&pool, i, 0);
        vslot *sl = &v.slots[i % v.window];
        if (sl->status == DOKU_OK) {
            if ((r->doc ? document_one(r, i, sl) : print_one(r, i, sl)) != 0)
                rc = CLI_EXIT_USAGE;
        } else {
            fflush(stdout);
            report_failure(r, i, sl);
            rc = CLI_EXIT_FAIL;
        }
        doku_constraints_free(sl->cs);
        sl->cs = NULL;
        if (ferror(stdout))
            rc = CLI_EXIT_USAGE;
        cli_pool_consume(&pool, i);
    }
    cli_pool_stop(&pool);
    fflush(stdout);
    for (uint64_t i = 0; i < v.window; i++) {
        doku_constraints_free(v.slots[i].cs);
        free(v.slots[i].givens);
        free(v.slots[i].solution);
    }
    for (int k = 0; k < nthreads; k++)
        doku_generator_free(v.gens[k]);
    free(v.slots);
    free(v.gens);
    free(v.made);
    return rc;
}
