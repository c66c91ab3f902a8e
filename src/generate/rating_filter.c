/*
 * rating_filter.c — the rating filter for generated puzzles: is the
 * logic grader's rating (doku_logic_run, default options) inside the ER
 * range [min, max], and does its path use a required technique?
 *
 * The one design idea: the rating is the hardest step of one fixed path,
 * so the verdict is often known long before the path ends, and the cheap
 * parts of the path can be skipped without changing it:
 *  - a step above max rejects; with an open range the first step at or
 *    above min accepts;
 *  - once singles alone finish the grid (checked after each harder step),
 *    every later step is a single or an earlier-ordered family rated at
 *    most 2.3, so nothing later can change the verdict;
 *  - the engine starts from the closure of the generator's INTERMEDIATE
 *    logic (singles, naked/hidden pairs, pointing/claiming: level.c)
 *    instead of the bare givens: those deductions are all the engine's
 *    own families ordered up to the hidden pair (rated at most 3.4),
 *    which only remove candidates that stay removable, so the engine's
 *    closure under them — the state where it first needs anything
 *    harder — is the same from both starts, and from there the paths are
 *    identical. The steps skipped are all rated at most 3.4, and a
 *    puzzle that closure solves is rated at most 3.4.
 * The last two are used only when they cannot matter: no required
 * technique among those skipped, and min above 3.4 for the start (or a
 * requirement with a bottom every step reaches; for the tail: min above
 * 2.3 or already reached).
 * tests/unit/test_rating_filter.c compares every verdict with a full
 * grading.
 */
#include "gen_internal.h"
#include "util/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EPS 1e-9

/* Techniques the engine tries up to and including the hidden pair, and
 * up to and including the naked single (ids are in engine order). */
#define UPTO_HIDDEN_PAIR ((((uint64_t)1) << (DOKU_TECH_HIDDEN_PAIR + 1)) - 1)
#define UPTO_NAKED_SINGLE ((((uint64_t)1) << (DOKU_TECH_NAKED_SINGLE + 1)) - 1)
#define HIDDEN_PAIR_RATING 3.4
#define NAKED_SINGLE_RATING 2.3

struct doku_rating_filter {
    double deadline;       /* monotonic seconds of the judgement under way,
                              from its call's seconds_left; 0 = none */
    const doku_shape *s;
    doku_logic *lg;
    double min, max;
    int open;
    uint64_t require;
    int skip_start;        /* start from the pairs closure */
    doku_generator *g;     /* its scratch and unit-pair tables */
    int skip_tail;         /* stop once singles finish */
    cands_grid grid;       /* singles-closure scratch */
    uint64_t judged, accepted, steps;
};

doku_status doku_rating_filter_create(const doku_shape *shape,
                                      const doku_rating_filter_opts *opts,
                                      doku_rating_filter **out)
{
    if (!out)
        return DOKU_ERR_ARG;
    *out = NULL;
    /* NaN passes every comparison, and an infinite min rejects all */
    if (!shape || !opts || !isfinite(opts->min) || isnan(opts->max) || opts->min < 0 ||
        (opts->max >= 0 && opts->max < opts->min) ||
        (opts->require & ~((1ull << DOKU_TECH_COUNT) - 1)))
        return DOKU_ERR_ARG;
    doku_rating_filter *b = calloc(1, sizeof *b);
    if (!b)
        return DOKU_ERR_NOMEM;
    b->s = shape;
    b->min = opts->min;
    b->open = opts->max < 0;
    b->max = b->open ? 1e300 : opts->max;
    b->require = opts->require;
    /* the start may skip steps rated <= 3.4: harmless above 3.4, and for
     * a technique requirement with a bottom any step reaches (a puzzle
     * the pairs closure solves never uses a technique tried after the
     * hidden pair) */
    b->skip_start = !(b->require & UPTO_HIDDEN_PAIR) &&
                    (b->min > HIDDEN_PAIR_RATING + EPS || (b->require && b->min <= 1.0 + EPS));
    b->skip_tail = !(b->require & UPTO_NAKED_SINGLE);
    if (cands_init(&b->grid, shape, NULL) != DOKU_OK ||
        doku_logic_create(shape, NULL, &b->lg) != DOKU_OK ||
        doku_generator_create(shape, &b->g) != DOKU_OK) {
        doku_rating_filter_free(b);
        return DOKU_ERR_NOMEM;
    }
    *out = b;
    return DOKU_OK;
}

void doku_rating_filter_free(doku_rating_filter *b)
{
    if (!b)
        return;
    doku_logic_free(b->lg);
    doku_generator_free(b->g);
    cands_free(&b->grid);
    free(b);
}

void doku_rating_filter_stats(const doku_rating_filter *b, uint64_t *judged,
                              uint64_t *accepted, uint64_t *steps)
{
    if (judged)
        *judged = b ? b->judged : 0;
    if (accepted)
        *accepted = b ? b->accepted : 0;
    if (steps)
        *steps = b ? b->steps : 0;
}

/* ---- judging --------------------------------------------------------- */

typedef struct verdict {
    doku_rating_filter *b;
    int over;       /* a step above max */
    int reached;    /* a step at or above min */
    int used;       /* a required technique was used */
    int done;       /* the rest of the path cannot change anything */
    int check;      /* the last step was harder than a single */
    int late;       /* stopped by the deadline: no verdict */
    uint64_t steps;
} verdict;

/* Singles finish from the engine's current grid? */
static int singles_finish(doku_rating_filter *b)
{
    cands_load_state(&b->grid, doku_logic_cells(b->lg), doku_logic_candidates(b->lg));
    return cands_singles_closure(&b->grid) == 1;
}

static int on_step(void *user, const doku_step *st)
{
    verdict *v = user;
    doku_rating_filter *b = v->b;
    if (b->deadline > 0 && clock_monotonic_seconds() > b->deadline) {
        v->late = 1;
        return 1;
    }
    if (v->check && b->skip_tail && singles_finish(b)) {
        v->check = -1; /* singles finish: never check again */
        if (v->reached || b->min > NAKED_SINGLE_RATING + EPS) {
            v->done = 1; /* only steps rated <= 2.3 remain, none required */
            return 1;
        }
    }
    v->steps++;
    if (st->rating > b->max + EPS) {
        v->over = 1;
        return 1;
    }
    if (st->rating >= b->min - EPS)
        v->reached = 1;
    if ((b->require >> st->technique) & 1)
        v->used = 1;
    if (v->check >= 0)
        v->check = st->technique != DOKU_TECH_FULL_HOUSE &&
                   st->technique != DOKU_TECH_HIDDEN_SINGLE &&
                   st->technique != DOKU_TECH_NAKED_SINGLE;
    return (b->open && v->reached) && (!b->require || v->used);
}

/* 1 for DOKU_OK, -2 for DOKU_ERR_NOMEM, else -1 (load's answers). */
static int loaded(doku_status st)
{
    return st == DOKU_OK ? 1 : st == DOKU_ERR_NOMEM ? -2 : -1;
}

/* Loads the puzzle, from its pairs closure (the generator's INTERMEDIATE
 * class logic) when allowed. @return 1 loaded, 0 that closure solves it
 * (rating <= 3.4, no technique after the hidden pair), -1 invalid, -2 an
 * allocation failed. */
static int load(doku_rating_filter *b, const uint8_t *puzzle)
{
    if (!b->skip_start)
        return loaded(doku_logic_load(b->lg, puzzle, (size_t)b->s->ncells));
    const doku_shape *s = b->s;
    for (int c = 0; c < s->ncells; c++)
        if (puzzle[c] > s->n)
            return -1;
    doku_qqwing_level lv = gen_level(b->g, puzzle, DOKU_QQWING_INTERMEDIATE);
    if (lv == DOKU_QQWING_ANY)
        return -1;
    if (lv != DOKU_QQWING_EXPERT)
        return 0;
    /* the stalled closure is left in the generator's scratch */
    return loaded(doku_logic_load_candidates(b->lg, b->g->lgrid.val, b->g->lgrid.cand, (size_t)doku_shape_cells(s), 1));
}

doku_status doku_rating_filter_accept(void *user, const doku_filter_call *call, bool *accept)
{
    doku_rating_filter *b = user;
    if (accept)
        *accept = false;
    if (!b || !call || !accept || !call->puzzle || !(call->seconds_left >= 0) ||
        call->ncells != (size_t)b->s->ncells ||
        (call->shape && call->shape != b->s && doku_shape_cells(call->shape) != b->s->ncells))
        return DOKU_ERR_ARG;
    b->judged++;
    b->deadline = call->seconds_left > 0 ? clock_monotonic_seconds() + call->seconds_left : 0;
    int r = load(b, call->puzzle);
    if (r == -2)
        return DOKU_ERR_NOMEM;
    if (r <= 0)
        return DOKU_OK; /* invalid, or pairs solve it: rated <= 3.4, none required */
    if (b->deadline > 0) {
        /* the deadline also ends one long step (forcing chains on a big
         * grid), not only the run between steps (a load clears it) */
        double left = b->deadline - clock_monotonic_seconds();
        doku_logic_set_time_limit(b->lg, left > 1e-6 ? left : 1e-6);
    }
    verdict v;
    memset(&v, 0, sizeof v);
    v.b = b;
    doku_rating rt;
    doku_status st = doku_logic_run(b->lg, on_step, &v, &rt, NULL, 0);
    if (st != DOKU_OK && st != DOKU_GAVE_UP)
        return st; /* lg and on_step are set: only an allocation */
    b->steps += v.steps;
    if (v.late || st == DOKU_GAVE_UP)
        return DOKU_GAVE_UP; /* no verdict within the time left */
    if (v.over || !v.reached || (b->require && !v.used))
        return DOKU_OK;
    /* a closed range needs the whole path: finished by the engine, or
     * left to singles */
    if (!b->open && !v.done && !rt.solved)
        return DOKU_OK;
    b->accepted++;
    *accept = true;
    return DOKU_OK;
}
