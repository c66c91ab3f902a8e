/*
 * variant_rate.h — doku's own rating of a variant puzzle (SE has no
 * scale for constraints), judged against what a request asks: the one
 * judge of `doku generate --killer|--variant SET --difficulty` (cli/) and
 * of /api/generate, /api/reduce and /api/print with a difficulty, rating
 * or required technique beside variant constraints or a set (server/).
 */
#ifndef DOKU_COMMON_VARIANT_RATE_H
#define DOKU_COMMON_VARIANT_RATE_H

#include "doku.h"
#include "doku_constraints.h"
#include "doku_variant_gen.h"

/* How one rating came out. */
typedef struct vrating {
    doku_rating r;      /* what the logic reached (r.solved 0: stuck or out of time) */
    int timed_out;      /* the logic ran out of its work units or seconds */
    double reached;     /* rating reached when out (doku_logic_gave_up_at) */
    uint64_t used;      /* the techniques of the steps (1ull << doku_technique) */
} vrating;

/* What a request asks of the rating. */
typedef struct vrate_want {
    double min, max;    /* the range, inclusive; max < 0: no upper bound */
    uint64_t require;   /* 0, or techniques of which the path must use one */
} vrate_want;

/* The verdict of a rating against a vrate_want. */
typedef enum vrate_verdict {
    VRATE_EASIER = -1,  /* solved, below min (or without a required technique) */
    VRATE_IN = 0,       /* as asked */
    VRATE_HARDER = 1    /* above max, or not solved by logic */
} vrate_verdict;

/* The work one rating takes at most in the generators' filters
 * (doku_logic_set_work_limit: counted, not timed, so the same seed makes
 * the same puzzle on every machine and under any load): about 1-2 s on
 * the reference machine (killers' rules spend 3-8 million units a
 * second, chains 3-12 million). A puzzle whose logic needs more is
 * judged by what it reached (only an open range, "extreme", can take
 * it). */
#define VRATE_WORK 10000000u

/* Rates givens (n*n values, one solution under cs) with a logic context
 * for cs, within `work` units (0: none) and, when seconds > 0, that many
 * seconds of wall time: the caller's own deadline, which stops a run the
 * same way (and makes that run depend on the clock). @return DOKU_OK
 * (out filled, a run cut short included), DOKU_ERR_NOMEM, or
 * DOKU_ERR_ARG for givens that break cs. */
doku_status vrate_run(const doku_constraints *cs, const uint8_t *givens, uint64_t work,
                      double seconds, vrating *out);

/* Where v falls against w: a run out of time counts as harder, and as
 * inside an open range (max < 0, no require) once it reached min; a solve
 * in range that uses none of w->require counts as easier (fewer givens
 * call for more). */
vrate_verdict vrate_judge(const vrating *v, const vrate_want *w);

/* The generators' filter (doku_vgen_filter): user is a vrate_want; a
 * puzzle is accepted when vrate_run within VRATE_WORK judges it
 * VRATE_IN. A context a call, so threads share nothing. */
doku_status vrate_filter(void *user, const doku_constraints *cs, const uint8_t *givens,
                         const uint8_t *solution, size_t ncells, bool *accept);

/* The killer cage sizes that reach difficulty d most often (small cages
 * rate easy, big ones leave the logic more to do), into vo when it has
 * none yet (min_cage 0); ANY and UNSOLVED leave vo alone. */
void vrate_killer_cages(doku_difficulty d, doku_vgen_opts *vo);

#endif
